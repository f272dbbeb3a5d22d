ps_3_0
dcl_texcoord0 v0
dcl_color v1
dcl_2d s0
defb b0, true
texld r1, v0, s0
mov r0, c0
mov r2, c1
callnz l1, b0
mov oC0, r0
ret
label l1
add r0, r0, c2
ret
