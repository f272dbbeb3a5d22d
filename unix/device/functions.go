package device

import (
	"encoding/binary"
	"math"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

type vsEntry struct {
	fn    backend.Function
	slots []int
}

// Function cache keys: a fixed-function key, or the shader's IR (by
// pointer: a shader object is lowered once), with the variant.
type vsKey struct {
	k    ff.VertexKey
	prog *ir.Shader
	v    ir.VariantKey
}

type psKey struct {
	k    ff.PixelKey
	prog *ir.Shader
	v    ir.VariantKey
}

// vertexFunction returns the vertex function for a shader, or for the
// fixed-function state when s is nil (filling *vk).
func (d *Device) vertexFunction(s *ir.Shader, vk *ff.VertexKey, key ir.VariantKey, dk ff.Draw) (vsEntry, error) {
	k := vsKey{v: key}
	if s == nil {
		*vk = ff.VertexKeyFor(&d.st.ff, dk)
		k.k = *vk
	} else {
		k.prog = s
	}
	if e, ok := d.draws.vs[k]; ok {
		return e, nil
	}
	if s == nil {
		s = ff.VertexShader(*vk)
	}
	fn, slots, err := d.buildFunction(s, key) // compile.go: precompiled, or built now
	if err != nil {
		return vsEntry{}, err
	}
	e := vsEntry{fn, slots}
	d.draws.vs[k] = e
	return e, nil
}

func (d *Device) pixelFunction(s *ir.Shader, pk *ff.PixelKey, key ir.VariantKey, dk ff.Draw) (backend.Function, error) {
	k := psKey{v: key}
	if s == nil {
		*pk = ff.PixelKeyFor(&d.st.ff, dk)
		k.k = *pk
	} else {
		k.prog = s
	}
	if f, ok := d.draws.ps[k]; ok {
		return f, nil
	}
	if s == nil {
		s = ff.PixelShader(*pk)
	}
	fn, _, err := d.buildFunction(s, key)
	if err != nil {
		return nil, err
	}
	d.draws.ps[k] = fn
	return fn, nil
}

func floatBytes(v [][4]float32) []byte { return putFloatBytes(nil, v) }

// putFloatBytes writes v little-endian into b's storage, growing it only
// when it is too small.
func putFloatBytes(b []byte, v [][4]float32) []byte {
	n := 16 * max(len(v), 1)
	if cap(b) < n {
		b = make([]byte, n)
	}
	b = b[:n]
	clear(b)
	for i, r := range v {
		for j, f := range r {
			binary.LittleEndian.PutUint32(b[16*i+4*j:], math.Float32bits(f))
		}
	}
	return b
}

// putFloatBytesFrom rewrites registers from.. of b, which putFloatBytes
// made from v.
func putFloatBytesFrom(b []byte, v [][4]float32, from int) []byte {
	for i := from; i < len(v); i++ {
		for j, f := range v[i] {
			binary.LittleEndian.PutUint32(b[16*i+4*j:], math.Float32bits(f))
		}
	}
	return b
}

// constScratch is the storage setConstants fills on every draw (the
// encoder copies bytes it is given, so one set serves every draw).
type constScratch struct {
	ds, vc, pc    [][4]float32
	dsb, vcb, pcb []byte
	// dirty: a record since the last draw may have changed what the
	// blocks derive from; the OK flags say a block is current.
	// worldDirty: a world matrix changed, which only the vertex
	// constants' palette derives from.
	dirty, worldDirty   bool
	dsOK, vcOK, pcOK    bool
	fit                 ff.ViewFit   // the draw state's viewport fit
	vk                  ff.VertexKey // the vertex constants' key
	gen                 uint64       // the last block name given
	dsGen, vcGen, pcGen uint64
}

// drawShaders is the draw's shader objects: nil for fixed function.
type drawShaders struct{ vs, ps *ir.Shader }

// shaderObjects answers the bound shaders' IR; false when a bound shader
// was refused (logged at creation), so the draw is skipped. A
// fixed-function draw with a declaration reads core/ff's summary of it.
// Pre-transformed vertices (POSITIONT, XYZRHW) skip vertex processing,
// a bound vertex shader included.
func (d *Device) shaderObjects() (drawShaders, bool) {
	var sh drawShaders
	if d.st.ff.Decl.Pos != ff.PosXYZRHW {
		var ok bool
		if sh.vs, ok = d.vertexShader(); !ok {
			return sh, false
		}
	}
	if d.st.ps != 0 {
		if s := d.shaders[d.st.ps]; s != nil {
			sh.ps = s.ir
		}
		if sh.ps == nil {
			return sh, false
		}
	}
	return sh, true
}

// vertexShader answers the IR the bound vertex shader runs as: its
// software lowering while vertex processing is software; nil (fixed
// function) when none is bound, or when it names constants past the
// hardware's and processing is hardware (the guest refused the first such
// draw; Windows draws the later ones without the shader). ok is false
// when the bound shader was refused.
func (d *Device) vertexShader() (s *ir.Shader, ok bool) {
	if d.st.vs == 0 {
		return nil, true
	}
	sh := d.shaders[d.st.vs]
	switch {
	case sh == nil:
		return nil, false
	case d.st.swvp:
		s = sh.softwareIR(d)
	case sh.software:
		return nil, true
	default:
		s = sh.ir
	}
	return s, s != nil
}

// drawFunctions is the draw's vertex and fragment functions, the
// fixed-function keys they were built from, and where the vertex
// function reads each element.
type drawFunctions struct {
	vs     vsEntry
	ps     backend.Function
	vk     ff.VertexKey
	pk     ff.PixelKey
	locate func(ir.Usage, uint8) (int, bool)
}

// drawKind is what core/ff's variant rules need to know of a draw.
func (d *Device) drawKind(sh drawShaders, pt types.PrimitiveType) ff.Draw {
	k := ff.Draw{VS: sh.vs != nil, PS: sh.ps != nil, Points: pt == types.D3DPT_POINTLIST, SRGBView: d.srgbViews()}
	if sh.ps != nil {
		k.PSVersion = sh.ps.Version
		if k.PSVersion >= 0x300 {
			for _, in := range sh.ps.Inputs {
				if in.Sys == ir.SysNone && in.UsageIndex == 0 && in.Usage < 16 {
					k.PSUsages |= 1 << in.Usage
				}
			}
		}
	}
	return k
}

// functions builds (or finds) the vertex and fragment functions for the
// bound shaders, or core/ff's for fixed function, under the variant keys
// the render state implies (ff.Variants: fog, alpha test, clip planes,
// point size and sprites for shaders as D3D9 applies them). unitPoint
// draws points of size 1 with no sprite coordinates: lines' last pixels.
func (d *Device) functions(sh drawShaders, pt types.PrimitiveType, unitPoint bool) (drawFunctions, error) {
	var f drawFunctions
	kinds := d.textureKinds()
	d.st.activeLights()
	d.st.params.Viewport = d.viewport()
	dk := d.drawKind(sh, pt)
	if unitPoint {
		dk.Points = false // a line's pixel: no sprite coordinates
	}
	vkey, pkey := ff.Variants(&d.st.ff, dk)
	vkey.UnitPoint = unitPoint
	pkey.SamplerKinds = kinds
	pkey.Fetch4 = d.fetch4()
	pkey.LodBias = d.lodBiased(0, pixelSamplers)
	pkey.BorderAxes = d.borderAxes()
	pkey.SampleMask, _ = d.sampleMask()
	if d.nvidiaATOC() && d.targetSamples() > 1 {
		pkey.AlphaFunc = ir.CmpOff
	}
	if sh.vs != nil {
		vkey.LodBias = d.lodBiased(vertexSampler0, vertexSamplers)
	}
	var err error
	if f.vs, err = d.vertexFunction(sh.vs, &f.vk, vkey, dk); err != nil {
		return f, err
	}
	if f.ps, err = d.pixelFunction(sh.ps, &f.pk, irprog.LinkKey(pkey, f.vs.slots), dk); err != nil {
		return f, err
	}
	f.locate = ffLocation
	if sh.vs != nil {
		// The last shader's locator is kept: making one allocates.
		if c := &d.draws; c.locS != sh.vs {
			c.locS, c.loc = sh.vs, shaderLocation(sh.vs)
		}
		f.locate = d.draws.loc
	}
	return f, nil
}

// lodBiased is the samplers first..first+n-1 whose D3DSAMP_MIPMAPLODBIAS
// is not 0, as the variant's bits: Metal samplers have no bias, so the
// shader adds it. AMD's FETCH4 switches are not biases.
func (d *Device) lodBiased(first, n int) uint16 {
	var m uint16
	for s := range n {
		v := d.st.samp[first+s][types.D3DSAMP_MIPMAPLODBIAS]
		if v == types.FETCH4_ENABLE || v == types.FETCH4_DISABLE {
			continue
		}
		if b := math.Float32frombits(v); b != 0 && !math.IsNaN(float64(b)) {
			m |= 1 << s
		}
	}
	return m
}

// fillLodBias writes each sampler's LOD bias into the draw state.
func (d *Device) fillLodBias(ds [][4]float32) {
	for s := range pixelSamplers + vertexSamplers {
		reg, c := ir.LodBiasReg(ir.StagePixel, s)
		if s >= vertexSampler0 {
			reg, c = ir.LodBiasReg(ir.StageVertex, s-vertexSampler0)
		}
		ds[reg][c] = math.Float32frombits(d.st.samp[s][types.D3DSAMP_MIPMAPLODBIAS])
	}
}

// setConstants uploads the constants of both stages (core/ff's for fixed
// function, the shader constants otherwise) and the draw state, in
// core/msl's buffer layout.
func (d *Device) setConstants(enc *passEncoder, sh drawShaders, f *drawFunctions) {
	st := &d.st.ff
	sc := &d.draws.consts
	// What is derived from device state is rebuilt only after a record
	// that may change it (constClean), or when the draw's key or viewport
	// fit differs from the last build's; the encoder is sent a block only
	// when it holds another.
	if sc.dirty {
		sc.dirty, sc.worldDirty, sc.dsOK, sc.vcOK, sc.pcOK = false, false, false, false, false
	}
	if sc.worldDirty {
		sc.worldDirty = false
		if sc.vcOK && sh.vs == nil && sc.vk == f.vk {
			ff.VertexPaletteTo(sc.vc, &f.vk, d.st.params)
			sc.vcb = putFloatBytesFrom(sc.vcb, sc.vc, ff.VSPalette)
			sc.vcGen = d.nextConstGen()
		} else {
			sc.vcOK = false
		}
	}
	if !sc.dsOK || sc.fit != d.draws.fit {
		if len(sc.ds) != ir.DSCount {
			sc.ds = make([][4]float32, ir.DSCount)
		}
		clear(sc.ds)
		ff.FillDrawState(sc.ds, st)
		ff.FillViewState(sc.ds, d.st.params, d.draws.fit)
		d.fillLodBias(sc.ds)
		sc.ds[ir.DSDepthBias][0], _, _ = d.depthBias()
		for s := range pixelSamplers {
			sc.ds[ir.DSBorder0+s] = ff.Color(d.st.samp[s][types.D3DSAMP_BORDERCOLOR])
		}
		sc.dsb = putFloatBytes(sc.dsb, sc.ds)
		sc.dsOK, sc.fit, sc.dsGen = true, d.draws.fit, d.nextConstGen()
	}
	if sh.vs == nil {
		if !sc.vcOK || sc.vk != f.vk {
			sc.vc = ff.VertexConstantsTo(sc.vc, &f.vk, st, d.st.params)
			sc.vcb = putFloatBytes(sc.vcb, sc.vc)
			sc.vcOK, sc.vk, sc.vcGen = true, f.vk, d.nextConstGen()
		}
		d.bindConsts(enc, vertexStage, sc.vcb, 0, nil, sc.vcGen)
	} else {
		c := &d.st.vsConst
		d.bindConsts(enc, vertexStage, c.floatBytes(sh.vs.NumConstF), 0, c, 0)
		d.bindConsts(enc, vertexStage, c.intBytes(sh.vs.NumConstI), 1, c, 0)
		d.bindConsts(enc, vertexStage, c.boolBytes(sh.vs.NumConstB), 2, c, 0)
	}
	enc.setBytesOnce(vertexStage, 3, sc.dsb, sc.dsGen)
	if sh.ps == nil {
		if !sc.pcOK {
			sc.pc = ff.PixelConstantsTo(sc.pc, st)
			sc.pcb = putFloatBytes(sc.pcb, sc.pc)
			sc.pcOK, sc.pcGen = true, d.nextConstGen()
		}
		d.bindConsts(enc, fragmentStage, sc.pcb, 0, nil, sc.pcGen)
	} else {
		c := &d.st.psConst
		d.bindConsts(enc, fragmentStage, c.floatBytes(sh.ps.NumConstF), 0, c, 0)
		d.bindConsts(enc, fragmentStage, c.intBytes(sh.ps.NumConstI), 1, c, 0)
		d.bindConsts(enc, fragmentStage, c.boolBytes(sh.ps.NumConstB), 2, c, 0)
	}
	enc.setBytesOnce(fragmentStage, 3, sc.dsb, sc.dsGen)
}

// nextConstGen names a newly built constant block: the encoder compares
// names, not bytes, to skip sending a block it holds.
func (d *Device) nextConstGen() uint64 {
	d.draws.consts.gen++
	return d.draws.consts.gen
}

const (
	vertexStage = iota
	fragmentStage
)

// bindConsts binds constant bytes at a stage's buffer index: inline up
// to the backend's bytes limit, past it (the software pipeline's 8192
// vertex constants) in a transient buffer, which for a shader's
// constants (c non-nil) serves the frame's later draws until they change.
// gen names b's contents (nextConstGen), 0 when unnamed.
func (d *Device) bindConsts(enc *passEncoder, stage int, b []byte, index int, c *consts, gen uint64) {
	if len(b) <= backend.MaxBytesLength {
		enc.setBytesOnce(stage, index, b, gen)
		return
	}
	var cb *constBuf
	if c != nil {
		cb = &c.bufs[index]
	}
	var buf backend.Buffer
	var off int
	if cb != nil && cb.buf != nil && cb.n == len(b) && cb.gen == c.gen && cb.epoch == d.draws.epoch {
		buf, off = cb.buf, cb.off
	} else {
		var ok bool
		if buf, off, ok = d.carve(b); !ok {
			return
		}
		if cb != nil {
			*cb = constBuf{buf: buf, off: off, n: len(b), gen: c.gen, epoch: d.draws.epoch}
		}
	}
	if stage == vertexStage {
		enc.SetVertexBuffer(buf, off, index)
	} else {
		enc.SetFragmentBuffer(buf, off, index)
	}
}
