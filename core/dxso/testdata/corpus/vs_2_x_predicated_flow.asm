vs_2_x
dcl_position v0
dcl_normal v1
mov r0, c4
setp_lt p0.xy, v1.xy, c5.xy
if p0.x
mov r0, c6
endif
if !p0.y
add r0, r0, c7
endif
callnz l2, !p0.x
m4x4 oPos, v0, c0
mov oD0, r0
ret
label l2
mul r0, r0, c8
ret
