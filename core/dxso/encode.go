package dxso

import "fmt"

func regBits(r Register) uint32 {
	t := uint32(r.Type)
	return 0x80000000 | (t&7)<<28 | (t&0x18)<<8 | uint32(r.Num)&0x7FF
}

func encodeRel(r RelAddr) uint32 {
	if r.Reg.Type == RegLoop {
		return regBits(r.Reg) | uint32(SwizzleIdentity)<<16
	}
	c := uint32(r.Component & 3)
	return regBits(r.Reg) | (c|c<<2|c<<4|c<<6)<<16
}

// Encode writes a program as a token stream: the version token, every
// comment and instruction in order, and the end token. Instruction
// lengths are recomputed for 2.0+; Offset and Length fields are ignored.
func Encode(p *Program) ([]uint32, error) {
	v := p.Version
	if !knownVersion(v) {
		return nil, fmt.Errorf("dxso: unsupported version %s %d.%d", v.Type, v.Major, v.Minor)
	}
	code := []uint32{v.Token()}
	ci := 0
	for i := 0; i <= len(p.Instructions); i++ {
		for ci < len(p.Comments) && p.Comments[ci].Before <= i {
			c := p.Comments[ci].Data
			if len(c) > 0x7FFF {
				return nil, fmt.Errorf("dxso: comment of %d DWORDs is too long", len(c))
			}
			code = append(code, uint32(OpComment)|uint32(len(c))<<16)
			code = append(code, c...)
			ci++
		}
		if i == len(p.Instructions) {
			break
		}
		var err error
		code, err = encodeInstruction(code, &p.Instructions[i], v)
		if err != nil {
			return nil, fmt.Errorf("dxso: instruction %d (%s): %v", i, p.Instructions[i].Opcode.Name(v), err)
		}
	}
	return append(code, EndToken), nil
}

// EncodeBytes is Encode as little-endian bytes.
func EncodeBytes(p *Program) ([]byte, error) {
	code, err := Encode(p)
	if err != nil {
		return nil, err
	}
	return TokensToBytes(code), nil
}

func encodeInstruction(code []uint32, ins *Instruction, v Version) ([]uint32, error) {
	lay, ok := LayoutOf(ins.Opcode, v)
	if !ok {
		return nil, fmt.Errorf("opcode %d is not valid in %s", ins.Opcode, v)
	}
	if lay.Dst != ins.HasDst {
		return nil, fmt.Errorf("destination present %v, want %v", ins.HasDst, lay.Dst)
	}
	if len(ins.Src) != lay.Src {
		return nil, fmt.Errorf("%d sources, want %d", len(ins.Src), lay.Src)
	}
	sm2 := v.Major >= 2
	start := len(code)
	tok := uint32(ins.Opcode)
	switch ins.Opcode {
	case OpIfC, OpBreakC, OpSetP:
		if ins.Comparison == CmpNone || ins.Comparison > CmpLE {
			return nil, fmt.Errorf("bad comparison %d", ins.Comparison)
		}
		tok |= uint32(ins.Comparison) << 16
	case OpTex:
		if ins.TexControl != TexPlain {
			if !sm2 || v.Type != PixelShader || ins.TexControl > TexBias {
				return nil, fmt.Errorf("texld control %d not valid in %s", ins.TexControl, v)
			}
			tok |= uint32(ins.TexControl) << 16
		}
	}
	if ins.Predicated {
		if !sm2 {
			return nil, fmt.Errorf("predication in %s", v)
		}
		tok |= 1 << 28
	}
	if ins.Coissue {
		if sm2 || v.Type != PixelShader {
			return nil, fmt.Errorf("co-issue in %s", v)
		}
		tok |= 1 << 30
	}
	code = append(code, tok)
	if lay.Dcl {
		d := ins.Decl
		if d.Usage >= numUsages || d.UsageIndex > 15 || d.TextureType > 15 {
			return nil, fmt.Errorf("bad declaration %+v", d)
		}
		code = append(code, 0x80000000|uint32(d.Usage)|uint32(d.UsageIndex)<<16|uint32(d.TextureType)<<27)
	}
	var err error
	if lay.Dst {
		if code, err = encodeDst(code, &ins.Dst, v); err != nil {
			return nil, err
		}
	}
	code = append(code, ins.Imm[:lay.Imm]...)
	if ins.Predicated {
		if ins.Predicate.Reg.Type != RegPredicate {
			return nil, fmt.Errorf("predicate is not a predicate register")
		}
		if code, err = encodeSrc(code, &ins.Predicate, v); err != nil {
			return nil, err
		}
	}
	for i := range ins.Src {
		if code, err = encodeSrc(code, &ins.Src[i], v); err != nil {
			return nil, err
		}
	}
	if sm2 {
		n := len(code) - start - 1
		if n > 15 {
			return nil, fmt.Errorf("instruction too long (%d DWORDs)", n)
		}
		code[start] |= uint32(n) << 24
	}
	return code, nil
}

func checkReg(r Register) error {
	if r.Type >= numRegTypes || r.Num > 0x7FF {
		return fmt.Errorf("bad register %+v", r)
	}
	return nil
}

func encodeRelTok(code []uint32, rel RelAddr, v Version) ([]uint32, error) {
	if v.Major >= 2 {
		if rel.Reg.Type != RegAddr && rel.Reg.Type != RegLoop {
			return nil, fmt.Errorf("relative address through register type %d", rel.Reg.Type)
		}
		if err := checkReg(rel.Reg); err != nil {
			return nil, err
		}
		return append(code, encodeRel(rel)), nil
	}
	if v.Type != VertexShader || rel != (RelAddr{Reg: Register{RegAddr, 0}}) {
		return nil, fmt.Errorf("relative addressing in %s must be through a0.x", v)
	}
	return code, nil
}

func encodeDst(code []uint32, d *Dst, v Version) ([]uint32, error) {
	if err := checkReg(d.Reg); err != nil {
		return nil, err
	}
	if d.Mask == 0 || d.Mask > 15 {
		return nil, fmt.Errorf("bad write mask %d", d.Mask)
	}
	if d.Shift < -8 || d.Shift > 7 {
		return nil, fmt.Errorf("bad shift %d", d.Shift)
	}
	t := regBits(d.Reg) | uint32(d.Mask)<<16 | uint32(d.Shift&0xF)<<24
	if d.Saturate {
		t |= 1 << 20
	}
	if d.Partial {
		t |= 2 << 20
	}
	if d.Centroid {
		t |= 4 << 20
	}
	if d.Relative {
		if v.Major < 2 {
			return nil, fmt.Errorf("relative destination in %s", v)
		}
		t |= 0x2000
	}
	code = append(code, t)
	if d.Relative {
		return encodeRelTok(code, d.RelAddr, v)
	}
	return code, nil
}

func encodeSrc(code []uint32, s *Src, v Version) ([]uint32, error) {
	if err := checkReg(s.Reg); err != nil {
		return nil, err
	}
	if s.Mod >= numSrcMods {
		return nil, fmt.Errorf("bad source modifier %d", s.Mod)
	}
	t := regBits(s.Reg) | uint32(s.Swizzle)<<16 | uint32(s.Mod)<<24
	if s.Relative {
		t |= 0x2000
	}
	code = append(code, t)
	if s.Relative {
		return encodeRelTok(code, s.RelAddr, v)
	}
	return code, nil
}
