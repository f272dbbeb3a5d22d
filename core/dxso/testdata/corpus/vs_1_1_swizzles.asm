vs_1_1
dcl_position v0
mov r0, v0.yzxw
mov r1, v0.xxyy
add r0, r0, r1.wzyx
mul r0, r0, v0.z
m4x4 oPos, r0, c0
mov oD0, -r0.zyxx
