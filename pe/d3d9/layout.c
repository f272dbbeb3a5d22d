/* Compiles the generated layout asserts: the SDK structs d3d9.dll reads
 * and writes must match types/ on this architecture. */
#include <windows.h>
#include <d3d9.h>

#include "d3d9_layout.h"
