ps_2_x
dcl t0
dcl v0
dcl_2d s0
defb b0, true
texld r1, t0, s0
mov r0, c0
mov r2, c1
callnz l1, b0
mov oC0, r0
ret
label l1
add r0, r0, c2
ret
