vs_3_sw
dcl_position v0
dcl_position o0
m4x4 o0, v0, c0
