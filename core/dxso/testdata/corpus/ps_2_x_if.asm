ps_2_x
dcl t0
dcl v0
dcl_2d s0
defb b0, false
texld r1, t0, s0
mov r0, c0
mov r2, c1
if b0
mov r0, c2
else
mov r0, c3
endif
mov oC0, r0
