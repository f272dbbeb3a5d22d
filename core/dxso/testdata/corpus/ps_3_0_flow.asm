ps_3_0
dcl_texcoord0 v0
defi i0, 4, 0, 1, 0
defb b0, true
mov r0, c0
loop aL, i0
if b0
add r0, r0, c[aL + 1]
endif
setp_ge p0.x, r0.x, c5.x
breakp p0.x
endloop
call l0
mov oC0, r0
ret
label l0
mul_sat r0, r0, v0
ret
