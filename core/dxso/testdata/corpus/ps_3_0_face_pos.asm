ps_3_0
dcl_texcoord0 v0
dcl vFace
dcl vPos.xy
def c0, 1, -1, 0, 0
cmp r0, vFace, c0.x, c0.y
mul r1.xy, vPos, c1
mov r1.zw, c0.z
add r0, r0, r1
mov oC0, r0
