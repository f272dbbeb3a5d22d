vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord1 o2
dcl_texcoord2 o3
defi i0, 3, 0, 1, 0
m4x4 o0, v0, c0
loop aL, i0
mov o[aL + 1], c[aL + 4]
endloop
