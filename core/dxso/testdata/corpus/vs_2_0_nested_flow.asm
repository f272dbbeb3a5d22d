vs_2_0
dcl_position v0
defi i0, 4, 0, 1, 0
defi i1, 2, 0, 0, 0
defb b0, true
mov r0, c4
loop aL, i0
rep i1
if b0
add r0, r0, c[aL + 5]
else
sub r0, r0, c[aL + 5]
endif
endrep
endloop
m4x4 oPos, v0, c0
mov oD0, r0
