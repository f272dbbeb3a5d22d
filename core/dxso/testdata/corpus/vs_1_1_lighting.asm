vs_1_1
; a per-vertex directional light
dcl_position v0
dcl_normal v1
def c20, 0, 0, 0, 1
m4x4 oPos, v0, c0
m3x3 r0.xyz, v1, c4
dp3 r0.w, r0, r0
rsq r0.w, r0.w
mul r0.xyz, r0, r0.w
dp3 r1.x, r0, -c8
max r1.x, r1.x, c20.x
mad oD0, r1.x, c9, c10  // diffuse + ambient
mov oD0.w, c20.w
