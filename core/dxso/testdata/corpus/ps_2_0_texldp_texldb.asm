ps_2_0
dcl t0
dcl_2d s0
dcl_2d s1
texldp r0, t0, s0
texldb r1, t0, s1
add_pp r0, r0, r1
mov_pp oC0, r0
