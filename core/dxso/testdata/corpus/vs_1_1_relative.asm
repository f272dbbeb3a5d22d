vs_1_1
dcl_position v0
dcl_blendindices v1
def c95, 3, 0, 0, 0
mov a0.x, v1.x
m4x3 r0.xyz, v0, c[a0.x + 10]
mov r0.w, c95.y
m4x4 oPos, r0, c0
mov oD0, c[a0.x]
