package device

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/caps"
	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Shaders, declarations and shader constants. A shader is parsed and
// lowered to the IR once, when its creation is replayed; a program the
// front end refuses is logged and draws that use it are skipped.

type shader struct {
	kind uint32
	ir   *ir.Shader // nil if the bytecode was refused
	// software is RecCreateShader.Software: a vertex shader naming
	// constants past the hardware's, drawn only in software mode.
	software bool
	// sw is the vertex shader as software vertex processing runs it: its
	// relative constant reads reach the software pipeline's 8192
	// registers. Lowered at its first use (code kept until then); ir
	// itself for a program with no relative constant reads.
	sw   *ir.Shader
	code []byte
	// src is the bytecode, kept for the hotkey's captures (snapshot.go)
	// when they are on.
	src []byte
}

// The lowerings of a shader's bytecode, each its own cache entry.
const (
	lowerHardware       = iota
	lowerSoftwareShader // RecCreateShader.Software
	lowerSWVP           // software vertex processing's 8192 constants
	lowerings
)

// softwareIR answers the shader's software lowering (nil if refused).
func (sh *shader) softwareIR(d *Device) *ir.Shader {
	if sh.sw != nil || sh.ir == nil {
		return sh.sw
	}
	sh.sw = sh.ir
	s, err := d.store.shader(sh.code, lowerSWVP, func() (*ir.Shader, error) {
		p, err := dxso.Parse(tokens(sh.code))
		if err != nil || !relativeConst(p) {
			return nil, err // the hardware lowering serves
		}
		res, err := lower.Lower(p, lower.Options{Software: true, NumConstF: caps.SWVPMaxVertexShaderConst})
		if err != nil {
			return nil, err
		}
		return res.Shader, nil
	}, d.later)
	switch {
	case err != nil:
		d.log.Warn("shader refused for software vertex processing", zap.Error(err))
		sh.sw = nil
	case s != nil:
		sh.sw = s
	}
	sh.code = nil
	return sh.sw
}

// tokens reads bytecode's little-endian DWORDs.
func tokens(b []byte) []uint32 {
	code := make([]uint32, len(b)/4)
	for i := range code {
		code[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return code
}

// lowerCode parses and lowers bytecode: the work the cache saves.
func lowerCode(b []byte, software bool) (*ir.Shader, error) {
	p, err := dxso.Parse(tokens(b))
	if err != nil {
		return nil, err
	}
	// A shader past the hardware's registers came from a software or
	// mixed device, which takes the software pipeline's.
	res, err := lower.Lower(p, lower.Options{Software: software})
	if err != nil {
		return nil, err
	}
	return res.Shader, nil
}

// relativeConst says whether a program reads a float constant through
// an address register.
func relativeConst(p *dxso.Program) bool {
	for i := range p.Instructions {
		for _, s := range p.Instructions[i].Src {
			if s.Relative && s.Reg.IsConst() {
				return true
			}
		}
	}
	return false
}

// element is one vertex element: where it is in which stream, what it
// holds, and how the backend reads it.
// format is how the backend reads it; for UDEC3 and DEC3N, whose D3D9
// expansion no backend format gives (see converted), it is only the
// size of the data.
type element struct {
	stream uint32
	offset uint32
	format backend.VertexFormat
	typ    types.DeclType
	usage  ir.Usage
	index  uint8
}

type consts struct {
	f [][4]float32
	i [][4]int32
	b []uint32 // 0 or 1
	// gen counts changes: a constant buffer made for a draw
	// (bindConsts) serves later draws of the frame while it holds.
	gen  uint64
	bufs [3]constBuf
}

// constBuf is a transient buffer holding one kind of a stage's
// constants: n bytes of generation gen, made in drawCache epoch epoch.
type constBuf struct {
	buf        backend.Buffer
	off, n     int
	gen, epoch uint64
}

// Register limits of the constants records, per stage: a vertex shader's
// are the software pipeline's (a software or mixed device takes them).
var constLimits = [2][3]int{
	{caps.SWVPMaxVertexShaderConst, caps.SWVPVertexShaderConstI, caps.SWVPVertexShaderConstB},
	{224, 16, 16},
}

// declTypes maps D3DDECLTYPE to backend vertex formats. The backend
// widens every attribute to a float4 with missing components (0, 0, 0, 1),
// D3D9's rule; integer formats arrive as unnormalised floats (UBYTE4,
// SHORT2, SHORT4) and D3DCOLOR is read BGRA. UDEC3 (unnormalised 10-bit)
// has no backend format and DEC3N's w is 1 in D3D9 where Metal's
// Int1010102Normalized reads the 2-bit field: both are converted on the
// way to the backend (element.converted); their entries give the size.
var declTypes = [...]backend.VertexFormat{
	types.D3DDECLTYPE_FLOAT1:    backend.VertexFloat,
	types.D3DDECLTYPE_FLOAT2:    backend.VertexFloat2,
	types.D3DDECLTYPE_FLOAT3:    backend.VertexFloat3,
	types.D3DDECLTYPE_FLOAT4:    backend.VertexFloat4,
	types.D3DDECLTYPE_D3DCOLOR:  backend.VertexUChar4Normalized_BGRA,
	types.D3DDECLTYPE_UBYTE4:    backend.VertexUChar4,
	types.D3DDECLTYPE_SHORT2:    backend.VertexShort2,
	types.D3DDECLTYPE_SHORT4:    backend.VertexShort4,
	types.D3DDECLTYPE_UBYTE4N:   backend.VertexUChar4Normalized,
	types.D3DDECLTYPE_SHORT2N:   backend.VertexShort2Normalized,
	types.D3DDECLTYPE_SHORT4N:   backend.VertexShort4Normalized,
	types.D3DDECLTYPE_USHORT2N:  backend.VertexUShort2Normalized,
	types.D3DDECLTYPE_USHORT4N:  backend.VertexUShort4Normalized,
	types.D3DDECLTYPE_UDEC3:     backend.VertexUInt1010102Normalized,
	types.D3DDECLTYPE_DEC3N:     backend.VertexInt1010102Normalized,
	types.D3DDECLTYPE_FLOAT16_2: backend.VertexHalf2,
	types.D3DDECLTYPE_FLOAT16_4: backend.VertexHalf4,
}

// declaration is a vertex declaration's elements and core/ff's summary
// of them.
type declaration struct {
	els []element
	ff  ff.Decl
}

func init() {
	on("CreateShader", func(d *Device, r *shared.RecCreateShader, _ []byte) error {
		if r.Code == 0 || r.Size < 8 || r.Size > 1<<20 || r.Size%4 != 0 {
			return fmt.Errorf("shader %d: %d bytes of bytecode", r.ID, r.Size)
		}
		src := unsafe.Slice((*byte)(guestPtr(r.Code)), r.Size)
		d.createShader(r.ID, r.Kind, r.Software != 0, src)
		return nil
	})
	on("CreateVertexDecl", func(d *Device, r *shared.RecCreateVertexDecl, rec []byte) error {
		base := int(unsafe.Sizeof(*r))
		if r.Count > 64 || len(rec) < base+8*int(r.Count) {
			return fmt.Errorf("declaration %d: %d elements in a %d-byte record", r.ID, r.Count, len(rec))
		}
		dc := &declaration{}
		var ffEls []ff.DeclElement
		for i := 0; i < int(r.Count); i++ {
			e := rec[base+8*i:]
			stream, off, typ, usage, idx := binary.LittleEndian.Uint16(e), binary.LittleEndian.Uint16(e[2:]), e[4], e[6], e[7]
			if stream == 0xff || int(typ) >= len(declTypes) {
				continue // D3DDECL_END or D3DDECLTYPE_UNUSED
			}
			if stream >= maxStreams {
				return fmt.Errorf("declaration %d: stream %d", r.ID, stream)
			}
			t := types.DeclType(typ)
			dc.els = append(dc.els, element{stream: uint32(stream), offset: uint32(off), format: declTypes[t], typ: t, usage: ir.Usage(usage), index: idx})
			ffEls = append(ffEls, ff.DeclElement{Type: t, Usage: types.DeclUsage(usage), UsageIndex: idx})
		}
		dc.ff = ff.DeclFromElements(ffEls)
		d.decls[r.ID] = dc
		return nil
	})
	on("SetVertexDeclaration", func(d *Device, r *shared.RecSetObject, _ []byte) error {
		d.st.decl = r.Object
		if r.Object != 0 {
			d.st.fvf = 0
			if dc := d.decls[r.Object]; dc != nil {
				d.st.ff.Decl = dc.ff
			}
		}
		return nil
	})
	on("SetVertexShader", func(d *Device, r *shared.RecSetObject, _ []byte) error {
		d.st.vs = r.Object
		return nil
	})
	on("SetPixelShader", func(d *Device, r *shared.RecSetObject, _ []byte) error {
		d.st.ps = r.Object
		return nil
	})
	on("SetShaderConstF", func(d *Device, r *shared.RecSetShaderConst, rec []byte) error {
		c, err := d.constsFor(r, rec, 0, 16)
		if err != nil {
			return err
		}
		c.f = grow(c.f, int(r.Start+r.Count))
		for i := range int(r.Count) {
			c.f[int(r.Start)+i] = *(*[4]float32)(unsafe.Pointer(&rec[int(unsafe.Sizeof(*r))+16*i]))
		}
		return nil
	})
	on("SetShaderConstI", func(d *Device, r *shared.RecSetShaderConst, rec []byte) error {
		c, err := d.constsFor(r, rec, 1, 16)
		if err != nil {
			return err
		}
		c.i = grow(c.i, int(r.Start+r.Count))
		for i := range int(r.Count) {
			c.i[int(r.Start)+i] = *(*[4]int32)(unsafe.Pointer(&rec[int(unsafe.Sizeof(*r))+16*i]))
		}
		return nil
	})
	on("SetShaderConstB", func(d *Device, r *shared.RecSetShaderConst, rec []byte) error {
		c, err := d.constsFor(r, rec, 2, 4)
		if err != nil {
			return err
		}
		c.b = grow(c.b, int(r.Start+r.Count))
		for i := range int(r.Count) {
			c.b[int(r.Start)+i] = min(binary.LittleEndian.Uint32(rec[int(unsafe.Sizeof(*r))+4*i:]), 1)
		}
		return nil
	})
}

// createShader makes shader id from its bytecode (the frame's copy):
// its IR from the cache, or parsed and lowered, and its function's build
// started (compile.go).
func (d *Device) createShader(id, kind uint32, software bool, src []byte) {
	vertex := kind == shared.ShaderVertex
	sh := &shader{kind: kind, software: vertex && software}
	if d.keepCode {
		sh.src = bytes.Clone(src)
	}
	d.shaders[id] = sh
	lowering := lowerHardware
	if sh.software {
		lowering = lowerSoftwareShader
	}
	s, err := d.store.shader(src, lowering, func() (*ir.Shader, error) { return lowerCode(src, sh.software) }, d.later)
	d.dumpShader(src, s)
	if err != nil {
		d.log.Warn("shader refused; draws using it are skipped", zap.Uint32("shader", id), zap.Error(err))
		return
	}
	sh.ir = s
	if vertex {
		sh.code = bytes.Clone(src)
	}
	if vertex && d.st.swvp {
		d.precompile(sh.softwareIR(d))
	} else {
		d.precompile(sh.ir)
	}
}

// grow returns s with at least n elements, the new ones zero (an unset
// constant is 0).
func grow[T any](s []T, n int) []T {
	if n <= len(s) {
		return s
	}
	if n <= cap(s) {
		old := len(s)
		s = s[:n]
		clear(s[old:])
		return s
	}
	return append(s, make([]T, n-len(s))...)
}

// constsFor checks a constants record of a kind (0 float, 1 integer, 2
// boolean) against its stage's registers and returns the stage's
// constants.
func (d *Device) constsFor(r *shared.RecSetShaderConst, rec []byte, kind, size int) (*consts, error) {
	stage := 0
	c := &d.st.vsConst
	if r.Shader == shared.ConstShaderPixel {
		stage, c = 1, &d.st.psConst
	}
	most := uint64(constLimits[stage][kind])
	if uint64(r.Start)+uint64(r.Count) > most || len(rec) < int(unsafe.Sizeof(*r))+size*int(r.Count) {
		return nil, fmt.Errorf("constants %d+%d in a %d-byte record", r.Start, r.Count, len(rec))
	}
	c.gen++
	return c, nil
}

// The bytes of a shader's first n registers of each kind, as the
// backend reads them (little-endian, as both hosts are): views of the
// constants, grown with zeros to n so a program never reads past them.
func (c *consts) floatBytes(n int) []byte {
	c.f = grow(c.f, max(n, 1))
	return unsafe.Slice((*byte)(unsafe.Pointer(&c.f[0])), 16*max(n, 1))
}

func (c *consts) intBytes(n int) []byte {
	c.i = grow(c.i, max(n, 1))
	return unsafe.Slice((*byte)(unsafe.Pointer(&c.i[0])), 16*max(n, 1))
}

func (c *consts) boolBytes(n int) []byte {
	c.b = grow(c.b, max(n, 1))
	return unsafe.Slice((*byte)(unsafe.Pointer(&c.b[0])), 4*max(n, 1))
}
