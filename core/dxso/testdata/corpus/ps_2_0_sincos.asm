ps_2_0
dcl t0
dcl v0
dcl_2d s0
def c10, -1.55009923e-06, -2.17013894e-05, 0.00260416674, 0.00026041668
def c11, -0.020833334, -0.125, 1, 0.5
texld r1, t0, s0
mov r0, c0
mov r2, c1
sincos r0.xy, r1.x, c10, c11
mov oC0, r0
