vs_2_0
dcl_position v0
dcl_normal v1
dcl_texcoord0 v2
def c10, -1.55009923e-06, -2.17013894e-05, 0.00260416674, 0.00026041668
def c11, -0.020833334, -0.125, 1, 0.5
mov r0, c5
mov r1, v1
mov r2, c4
mov r3, v2
sincos r0.xy, r1.x, c10, c11
m4x4 oPos, v0, c0
mov oD0, r0
mov oT0, v2
