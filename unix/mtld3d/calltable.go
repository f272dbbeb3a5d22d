package main

/*
#include <stdint.h>
extern int32_t (*const __wine_unix_call_funcs[])(void *);
extern int32_t (*const __wine_unix_call_wow64_funcs[])(void *);

// Calls entry code of one of the tables Wine's loader reads, as Wine's
// dispatcher does (64-bit guests) or its wow64 layer (32-bit guests under
// new-style WoW64), which passes the 32-bit guest's params address
// zero-extended.
static int32_t mtld3d_call_table(int wow64, uint32_t code, uintptr_t params)
{
    return (wow64 ? __wine_unix_call_wow64_funcs : __wine_unix_call_funcs)[code]((void *)params);
}
*/
import "C"

// callTable calls entry code of __wine_unix_call_funcs or, with wow64,
// __wine_unix_call_wow64_funcs on params, the way Wine does. Tests use it
// to drive the tables themselves rather than the Go dispatcher.
func callTable(wow64 bool, code uint32, params uintptr) int32 {
	w := C.int(0)
	if wow64 {
		w = 1
	}
	return int32(C.mtld3d_call_table(w, C.uint32_t(code), C.uintptr_t(params)))
}
