/* Stand-ins that log in order, for tests of a batch's ordering and of
 * the bytes a queued set*Bytes message points at. */
#include "log.h"

unsigned long mtld3d_log[MTLD3D_LOG_LEN];
long mtld3d_log_n;

static void put(unsigned long v) {
	if (mtld3d_log_n < MTLD3D_LOG_LEN)
		mtld3d_log[mtld3d_log_n++] = v;
}

void mtld3d_log_Q(unsigned long self, unsigned long sel, unsigned long a0) {
	(void)self;
	(void)sel;
	put(a0);
}

void mtld3d_log_pQQ(unsigned long self, unsigned long sel, const void *p, unsigned long len, unsigned long index) {
	unsigned long first = 0;
	(void)self;
	(void)sel;
	__builtin_memcpy(&first, p, len < sizeof first ? len : sizeof first);
	put(first);
	put(len);
	put(index);
}
