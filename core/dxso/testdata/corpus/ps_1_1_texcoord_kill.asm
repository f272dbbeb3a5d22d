ps_1_1
texcoord t0
texkill t1
tex t2
mul r0, t0, t2
