ps_2_0
dcl_centroid t0.xy
dcl_pp t1
dcl_2d s0
texld_pp r0, t0, s0
mul_sat_pp r0, r0, t1
mov oC0, r0
