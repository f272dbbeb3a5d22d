ps_2_0
dcl t0
dcl_2d s0
def c0, 0.5, -0.5, 2, 1
texld r0, t0, s0
mad r1, r0.wzyx, c0.z, -c0.w
abs r1, r1
cmp r0, -r1, c0.x, r0.xxxx
mov oC0, r0
