vs_2_0
dcl_position v0
mov r0, c4
if !b3
mov r0, c5
endif
m4x4 oPos, v0, c0
mov oD0, r0
