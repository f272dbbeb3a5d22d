ps_2_x
dcl t0
dcl v0
dcl_2d s0
def c20, 0.5, -1.25, 3, 0
texld r1, t0, s0
mov r0, c0
mov r2, c1
mul r0, r1, c20
mov oC0, r0
