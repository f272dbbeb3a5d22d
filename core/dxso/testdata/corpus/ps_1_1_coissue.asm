ps_1_1
tex t0
mul r0.rgb, t0, v0
+add r0.a, t0.b, v0
dp3_sat r1.rgb, t0_bx2, v1_bx2
+mov r1.a, c0.a
lrp r0, r1.a, r0, r1
