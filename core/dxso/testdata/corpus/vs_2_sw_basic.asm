vs_2_sw
dcl_position v0
m4x4 oPos, v0, c0
mov oD0, c300
