package device

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"go.uber.org/zap"

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
	i [16][4]int32
	b [16]uint32
	// The bytes the encoder is given, rebuilt only after a change.
	fb, ib, bb []byte
	fresh      bool
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
		code := make([]uint32, r.Size/4)
		src := unsafe.Slice((*byte)(guestPtr(r.Code)), r.Size)
		for i := range code {
			code[i] = binary.LittleEndian.Uint32(src[4*i:])
		}
		sh := &shader{kind: r.Kind}
		d.shaders[r.ID] = sh
		p, err := dxso.Parse(code)
		if err == nil {
			var res *lower.Result
			if res, err = lower.Lower(p, lower.Options{}); err == nil {
				sh.ir = res.Shader
				d.precompile(sh.ir) // compile.go: the backend compile starts now
			}
		}
		if err != nil {
			d.log.Warn("shader refused; draws using it are skipped", zap.Uint32("shader", r.ID), zap.Error(err))
		}
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
		c, err := d.constsFor(r, rec, 16)
		if err != nil {
			return err
		}
		for i := 0; i < int(r.Count); i++ {
			n := int(r.Start) + i
			for n >= len(c.f) {
				c.f = append(c.f, [4]float32{})
			}
			c.f[n] = *(*[4]float32)(unsafe.Pointer(&rec[int(unsafe.Sizeof(*r))+16*i]))
		}
		return nil
	})
	on("SetShaderConstI", func(d *Device, r *shared.RecSetShaderConst, rec []byte) error {
		c, err := d.constsFor(r, rec, 16)
		if err != nil {
			return err
		}
		for i := 0; i < int(r.Count) && int(r.Start)+i < len(c.i); i++ {
			c.i[int(r.Start)+i] = *(*[4]int32)(unsafe.Pointer(&rec[int(unsafe.Sizeof(*r))+16*i]))
		}
		return nil
	})
	on("SetShaderConstB", func(d *Device, r *shared.RecSetShaderConst, rec []byte) error {
		c, err := d.constsFor(r, rec, 4)
		if err != nil {
			return err
		}
		for i := 0; i < int(r.Count) && int(r.Start)+i < len(c.b); i++ {
			c.b[int(r.Start)+i] = binary.LittleEndian.Uint32(rec[int(unsafe.Sizeof(*r))+4*i:])
		}
		return nil
	})
}

// constsFor checks a constants record and returns its stage's constants.
func (d *Device) constsFor(r *shared.RecSetShaderConst, rec []byte, size int) (*consts, error) {
	if r.Count > 8192 || r.Start > 8192 || len(rec) < int(unsafe.Sizeof(*r))+size*int(r.Count) {
		return nil, fmt.Errorf("constants %d+%d in a %d-byte record", r.Start, r.Count, len(rec))
	}
	c := &d.st.vsConst
	if r.Shader == shared.ConstShaderPixel {
		c = &d.st.psConst
	}
	c.fresh = false
	return c, nil
}

func (c *consts) floatBytes() []byte { c.encode(); return c.fb }
func (c *consts) intBytes() []byte   { c.encode(); return c.ib }
func (c *consts) boolBytes() []byte  { c.encode(); return c.bb }

// encode rebuilds the byte forms after a constants record changed them.
func (c *consts) encode() {
	if c.fresh {
		return
	}
	c.fresh = true
	c.fb = putFloatBytes(c.fb, c.f)
	if c.ib == nil {
		c.ib, c.bb = make([]byte, 16*len(c.i)), make([]byte, 4*len(c.b))
	}
	for i, v := range c.i {
		for j, x := range v {
			binary.LittleEndian.PutUint32(c.ib[16*i+4*j:], uint32(x))
		}
	}
	for i, v := range c.b {
		binary.LittleEndian.PutUint32(c.bb[4*i:], min(v, 1))
	}
}
