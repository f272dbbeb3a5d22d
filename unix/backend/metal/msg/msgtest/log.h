#ifndef MTLD3D_MSGTEST_LOG_H
#define MTLD3D_MSGTEST_LOG_H
#define MTLD3D_LOG_LEN 4096
extern unsigned long mtld3d_log[MTLD3D_LOG_LEN];
extern long mtld3d_log_n;
void mtld3d_log_Q(unsigned long self, unsigned long sel, unsigned long a0);
void mtld3d_log_pQQ(unsigned long self, unsigned long sel, const void *p, unsigned long len, unsigned long index);
#endif
