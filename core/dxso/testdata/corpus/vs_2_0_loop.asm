vs_2_0
dcl_position v0
dcl_normal v1
dcl_texcoord0 v2
defi i0, 3, 0, 1, 0
mov r0, c5
mov r1, v1
mov r2, c4
mov r3, v2
loop aL, i0
add r0, r0, c[aL + 8]
endloop
m4x4 oPos, v0, c0
mov oD0, r0
mov oT0, v2
