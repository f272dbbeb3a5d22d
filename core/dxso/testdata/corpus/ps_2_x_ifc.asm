ps_2_x
dcl t0
dcl v0
dcl_2d s0
texld r1, t0, s0
mov r0, c0
mov r2, c1
ifc_lt r1.x, c2.x
mov r0, c2
else
mul r0, r1, c3
endif
mov oC0, r0
