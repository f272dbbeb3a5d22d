package dxso

import "testing"

// TestOperandSpace encodes every register type with every source modifier,
// relative addressing and result modifier in each version and checks that
// whatever Parse accepts survives the binary and the text round trip.
func TestOperandSpace(t *testing.T) {
	versions := []string{"vs_1_1", "vs_2_0", "vs_3_0", "ps_1_1", "ps_1_4", "ps_2_0", "ps_2_x", "ps_3_0"}
	accepted := 0
	for _, vn := range versions {
		v, _ := ParseVersionName(vn)
		for rt := RegType(0); rt < numRegTypes; rt++ {
			for mod := SrcMod(0); mod < numSrcMods; mod++ {
				for _, rel := range []bool{false, true} {
					for _, num := range []uint16{0, 1, 2, 5} {
						src := Src{Reg: Register{rt, num}, Swizzle: Swizzle(num * 37), Mod: mod, Relative: rel}
						if rel {
							src.RelAddr = RelAddr{Reg: Register{RegAddr, 0}}
							if v.Major >= 2 && num%2 == 1 {
								src.RelAddr = RelAddr{Reg: Register{RegLoop, 0}}
							} else if v.Major >= 2 {
								src.RelAddr.Component = uint8(num & 3)
							}
						}
						dst := Dst{Reg: Register{rt, num}, Mask: uint8(num%15 + 1), Relative: rel && v.Major >= 2, RelAddr: src.RelAddr,
							Saturate: num&1 != 0, Partial: num&2 != 0, Centroid: num == 5}
						if v.IsPS() && v.Major == 1 {
							dst.Shift = int8(num%4) - 1
						}
						p := &Program{Version: v, Instructions: []Instruction{
							{Opcode: OpMov, HasDst: true, Dst: dst, Src: []Src{src}},
							{Opcode: OpAdd, HasDst: true, Dst: Dst{Reg: Register{RegTemp, 0}, Mask: 15}, Src: []Src{src, src},
								Coissue: v.IsPS() && v.Major == 1 && num == 2},
						}}
						if v.Major >= 2 {
							p.Instructions[1].Predicated = true
							p.Instructions[1].Predicate = Src{Reg: Register{RegPredicate, 0}, Swizzle: Swizzle(num), Mod: SrcMod(num&1) * SrcNot}
						}
						code, err := Encode(p)
						if err != nil {
							continue
						}
						q, err := Parse(code)
						if err != nil {
							continue
						}
						accepted++
						checkProgram(t, q)
					}
				}
			}
		}
	}
	t.Logf("%d combinations accepted", accepted)
	if accepted < 1000 {
		t.Fatalf("only %d operand combinations accepted", accepted)
	}
}
