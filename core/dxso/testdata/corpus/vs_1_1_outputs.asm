vs_1_1
dcl_position v0
dcl_color v1
dcl_color1 v2
dcl_texcoord0 v3
dcl_texcoord1 v4
dcl_psize v5
m4x4 oPos, v0, c0
mov oD0, v1
mov oD1, v2
mov oT0, v3
mov oT1.xy, v4
mov oT7, v3.zwxy
dp4 oFog, v0, c4
mov oPts, v5.x
