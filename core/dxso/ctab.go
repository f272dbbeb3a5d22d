package dxso

import (
	"encoding/binary"
	"fmt"
)

// ctabMagic is "CTAB" as the first DWORD of a comment.
const ctabMagic uint32 = 0x42415443

// RegisterSet is the register file of a constant (D3DXREGISTER_SET).
type RegisterSet uint16

const (
	RegSetBool    RegisterSet = 0
	RegSetInt4    RegisterSet = 1
	RegSetFloat4  RegisterSet = 2
	RegSetSampler RegisterSet = 3
)

func (r RegisterSet) String() string {
	switch r {
	case RegSetBool:
		return "bool"
	case RegSetInt4:
		return "int4"
	case RegSetFloat4:
		return "float4"
	case RegSetSampler:
		return "sampler"
	}
	return fmt.Sprintf("regset%d", uint16(r))
}

// ParamClass is D3DXPARAMETER_CLASS.
type ParamClass uint16

const (
	ClassScalar        ParamClass = 0
	ClassVector        ParamClass = 1
	ClassMatrixRows    ParamClass = 2
	ClassMatrixColumns ParamClass = 3
	ClassObject        ParamClass = 4
	ClassStruct        ParamClass = 5
)

// ParamType is D3DXPARAMETER_TYPE (void, bool, int, float, string,
// texture, texture1d..cube, sampler, sampler1d..cube, ...).
type ParamType uint16

const (
	TypeVoid        ParamType = 0
	TypeBool        ParamType = 1
	TypeInt         ParamType = 2
	TypeFloat       ParamType = 3
	TypeString      ParamType = 4
	TypeTexture     ParamType = 5
	TypeTexture1D   ParamType = 6
	TypeTexture2D   ParamType = 7
	TypeTexture3D   ParamType = 8
	TypeTextureCube ParamType = 9
	TypeSampler     ParamType = 10
	TypeSampler1D   ParamType = 11
	TypeSampler2D   ParamType = 12
	TypeSampler3D   ParamType = 13
	TypeSamplerCube ParamType = 14
)

// TypeInfo is a constant's type (D3DXSHADER_TYPEINFO).
type TypeInfo struct {
	Class    ParamClass
	Type     ParamType
	Rows     uint16
	Columns  uint16
	Elements uint16
	Members  []Member // structs
}

// Member is a struct member.
type Member struct {
	Name string
	Type TypeInfo
}

// Constant is one entry of a constant table (D3DXSHADER_CONSTANTINFO).
type Constant struct {
	Name          string
	RegisterSet   RegisterSet
	RegisterIndex uint16
	RegisterCount uint16
	Type          TypeInfo
	// Default is the raw default value, when the table has one (bounded
	// by the comment's size).
	Default []uint32
}

// ConstantTable is a decoded CTAB comment (D3DXSHADER_CONSTANTTABLE).
type ConstantTable struct {
	Creator   string
	Version   uint32 // the shader version token the table was built for
	Flags     uint32
	Target    string
	Constants []Constant
}

const (
	ctabHeaderSize = 28
	ctabInfoSize   = 20
	ctabTypeSize   = 16
	ctabMaxDepth   = 8
	ctabMaxTypes   = 1 << 16
)

type ctabReader struct {
	b     []byte   // the table, starting after the magic
	s     string   // b as a string: names are substrings of it
	words []uint32 // the table as DWORDs: aligned defaults are subslices
	extra int      // DWORDs allocated for unaligned defaults
	types int
	nul   []int32 // nul[i]: index of the first 0 byte at or after i, or -1
}

func (r *ctabReader) u32(off int) (uint32, error) {
	if off < 0 || off > len(r.b)-4 {
		return 0, fmt.Errorf("offset %d out of range (%d bytes)", off, len(r.b))
	}
	return binary.LittleEndian.Uint32(r.b[off:]), nil
}

func (r *ctabReader) u16(off int) uint16 { return binary.LittleEndian.Uint16(r.b[off:]) }

func (r *ctabReader) str(off uint32) (string, error) {
	if off == 0 {
		return "", nil
	}
	if int64(off) >= int64(len(r.b)) {
		return "", fmt.Errorf("string offset %d out of range (%d bytes)", off, len(r.b))
	}
	if r.nul == nil {
		r.nul = make([]int32, len(r.b)+1)
		r.nul[len(r.b)] = -1
		for i := len(r.b) - 1; i >= 0; i-- {
			if r.b[i] == 0 {
				r.nul[i] = int32(i)
			} else {
				r.nul[i] = r.nul[i+1]
			}
		}
	}
	if end := r.nul[off]; end >= 0 {
		return r.s[off:end], nil
	}
	return "", fmt.Errorf("string at %d is not terminated", off)
}

func (r *ctabReader) span(off uint32, count, size int) error {
	end := int64(off) + int64(count)*int64(size)
	if end > int64(len(r.b)) {
		return fmt.Errorf("%d entries of %d bytes at %d run past the table (%d bytes)", count, size, off, len(r.b))
	}
	return nil
}

func (r *ctabReader) typeInfo(off uint32, depth int) (TypeInfo, error) {
	var t TypeInfo
	if depth > ctabMaxDepth {
		return t, fmt.Errorf("struct nesting deeper than %d", ctabMaxDepth)
	}
	r.types++
	if r.types > ctabMaxTypes {
		return t, fmt.Errorf("more than %d type records", ctabMaxTypes)
	}
	if err := r.span(off, 1, ctabTypeSize); err != nil {
		return t, err
	}
	o := int(off)
	t.Class = ParamClass(r.u16(o))
	t.Type = ParamType(r.u16(o + 2))
	t.Rows = r.u16(o + 4)
	t.Columns = r.u16(o + 6)
	t.Elements = r.u16(o + 8)
	n := int(r.u16(o + 10))
	moff, _ := r.u32(o + 12)
	if n == 0 {
		return t, nil
	}
	if r.types+n > ctabMaxTypes {
		return t, fmt.Errorf("more than %d type records", ctabMaxTypes)
	}
	if err := r.span(moff, n, 8); err != nil {
		return t, err
	}
	t.Members = make([]Member, n)
	for i := range t.Members {
		nameOff, _ := r.u32(int(moff) + 8*i)
		typeOff, _ := r.u32(int(moff) + 8*i + 4)
		name, err := r.str(nameOff)
		if err != nil {
			return t, err
		}
		mt, err := r.typeInfo(typeOff, depth+1)
		if err != nil {
			return t, err
		}
		t.Members[i] = Member{Name: name, Type: mt}
	}
	return t, nil
}

// ParseCTAB decodes the data of a comment that holds a constant table
// (starting with the "CTAB" DWORD). Every offset is bounds checked.
func ParseCTAB(data []uint32) (*ConstantTable, error) { return parseCTAB(data) }

func parseCTAB(data []uint32) (*ConstantTable, error) {
	if len(data) == 0 || data[0] != ctabMagic {
		return nil, fmt.Errorf("not a CTAB comment")
	}
	r := &ctabReader{b: TokensToBytes(data[1:]), words: append([]uint32(nil), data[1:]...)}
	r.s = string(r.b)
	if len(r.b) < ctabHeaderSize {
		return nil, fmt.Errorf("CTAB header truncated (%d bytes)", len(r.b))
	}
	size, _ := r.u32(0)
	if size < ctabHeaderSize {
		return nil, fmt.Errorf("CTAB header size %d", size)
	}
	creator, _ := r.u32(4)
	version, _ := r.u32(8)
	count, _ := r.u32(12)
	infoOff, _ := r.u32(16)
	flags, _ := r.u32(20)
	target, _ := r.u32(24)
	ct := &ConstantTable{Version: version, Flags: flags}
	var err error
	if ct.Creator, err = r.str(creator); err != nil {
		return nil, fmt.Errorf("CTAB creator: %v", err)
	}
	if ct.Target, err = r.str(target); err != nil {
		return nil, fmt.Errorf("CTAB target: %v", err)
	}
	if count > uint32(len(r.b)/ctabInfoSize) {
		return nil, fmt.Errorf("CTAB constant count %d too large for %d bytes", count, len(r.b))
	}
	if err := r.span(infoOff, int(count), ctabInfoSize); err != nil {
		return nil, fmt.Errorf("CTAB constants: %v", err)
	}
	ct.Constants = make([]Constant, count)
	for i := range ct.Constants {
		o := int(infoOff) + ctabInfoSize*i
		c := &ct.Constants[i]
		nameOff, _ := r.u32(o)
		if c.Name, err = r.str(nameOff); err != nil {
			return nil, fmt.Errorf("CTAB constant %d name: %v", i, err)
		}
		c.RegisterSet = RegisterSet(r.u16(o + 4))
		c.RegisterIndex = r.u16(o + 6)
		c.RegisterCount = r.u16(o + 8)
		typeOff, _ := r.u32(o + 12)
		if c.Type, err = r.typeInfo(typeOff, 0); err != nil {
			return nil, fmt.Errorf("CTAB constant %d (%s) type: %v", i, c.Name, err)
		}
		defOff, _ := r.u32(o + 16)
		if defOff != 0 {
			if c.Default, err = r.defaults(defOff, int(c.RegisterCount)*4); err != nil {
				return nil, fmt.Errorf("CTAB constant %d (%s) default: %v", i, c.Name, err)
			}
		}
	}
	return ct, nil
}

// BuildCTAB encodes a constant table as comment data (starting with the
// "CTAB" DWORD). Defaults are not written. It is the inverse of ParseCTAB
// for tables without defaults and is meant for tests and tools.
func BuildCTAB(ct *ConstantTable) []uint32 {
	var b []byte
	put32 := func(off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }
	alloc := func(n int) int {
		off := len(b)
		b = append(b, make([]byte, (n+3)&^3)...)
		return off
	}
	str := func(s string) uint32 {
		off := alloc(len(s) + 1)
		copy(b[off:], s)
		return uint32(off)
	}
	alloc(ctabHeaderSize)
	infoOff := alloc(ctabInfoSize * len(ct.Constants))
	var typeInfo func(t *TypeInfo) uint32
	typeInfo = func(t *TypeInfo) uint32 {
		off := alloc(ctabTypeSize)
		binary.LittleEndian.PutUint16(b[off:], uint16(t.Class))
		binary.LittleEndian.PutUint16(b[off+2:], uint16(t.Type))
		binary.LittleEndian.PutUint16(b[off+4:], t.Rows)
		binary.LittleEndian.PutUint16(b[off+6:], t.Columns)
		binary.LittleEndian.PutUint16(b[off+8:], t.Elements)
		binary.LittleEndian.PutUint16(b[off+10:], uint16(len(t.Members)))
		if len(t.Members) > 0 {
			moff := alloc(8 * len(t.Members))
			put32(off+12, uint32(moff))
			for i := range t.Members {
				n := str(t.Members[i].Name)
				ti := typeInfo(&t.Members[i].Type)
				put32(moff+8*i, n)
				put32(moff+8*i+4, ti)
			}
		}
		return uint32(off)
	}
	for i := range ct.Constants {
		c := &ct.Constants[i]
		o := infoOff + ctabInfoSize*i
		n := str(c.Name)
		put32(o, n)
		binary.LittleEndian.PutUint16(b[o+4:], uint16(c.RegisterSet))
		binary.LittleEndian.PutUint16(b[o+6:], c.RegisterIndex)
		binary.LittleEndian.PutUint16(b[o+8:], c.RegisterCount)
		t := typeInfo(&c.Type)
		put32(o+12, t)
	}
	put32(0, ctabHeaderSize)
	put32(4, str(ct.Creator))
	put32(8, ct.Version)
	put32(12, uint32(len(ct.Constants)))
	put32(16, uint32(infoOff))
	put32(20, ct.Flags)
	put32(24, str(ct.Target))
	code, _ := BytesToTokens(b)
	return append([]uint32{ctabMagic}, code...)
}

// defaults returns up to n DWORDs at byte offset off, clipped to the
// table. Aligned values share the table's memory; unaligned ones are
// copied, at most as many DWORDs in total as the table has, so a hostile
// table cannot make the reader allocate more than a multiple of its size.
func (r *ctabReader) defaults(off uint32, n int) ([]uint32, error) {
	if int64(off) >= int64(len(r.b)) {
		return nil, fmt.Errorf("offset %d out of range (%d bytes)", off, len(r.b))
	}
	if avail := (len(r.b) - int(off)) / 4; n > avail {
		n = avail
	}
	if n <= 0 {
		return nil, nil
	}
	if off%4 == 0 {
		w := int(off / 4)
		return r.words[w : w+n : w+n], nil
	}
	if r.extra += n; r.extra > len(r.words) {
		return nil, fmt.Errorf("unaligned defaults larger than the table")
	}
	d := make([]uint32, n)
	for j := range d {
		d[j], _ = r.u32(int(off) + 4*j)
	}
	return d, nil
}
