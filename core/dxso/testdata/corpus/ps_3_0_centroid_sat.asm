ps_3_0
dcl_texcoord0_centroid v0.xy
dcl_color_pp v1
dcl_2d s0
texld_pp r0, v0, s0
mul_sat r0, r0, v1
mov oC0, r0
mov oDepth, r0.w
