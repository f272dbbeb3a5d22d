//go:build amd64 || arm64

package mtl

import (
	"fmt"

	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLSamplerDescriptor        = ns.Cls(ns.Metal, "MTLSamplerDescriptor")
	class_MTLDepthStencilDescriptor   = ns.Cls(ns.Metal, "MTLDepthStencilDescriptor")
	class_MTLStencilDescriptor        = ns.Cls(ns.Metal, "MTLStencilDescriptor")
	class_MTLCompileOptions           = ns.Cls(ns.Metal, "MTLCompileOptions")
	class_MTLVertexDescriptor         = ns.Cls(ns.Metal, "MTLVertexDescriptor")
	class_MTLRenderPipelineDescriptor = ns.Cls(ns.Metal, "MTLRenderPipelineDescriptor")
)

// SamplerState is an id<MTLSamplerState>.
type SamplerState struct{ id ns.ID }

// ID is the object id.
func (s SamplerState) ID() ns.ID { return s.id }

// Release is -release.
func (s SamplerState) Release() { ns.Release(s.id) }

// NewSamplerState is -newSamplerStateWithDescriptor:.
func (d Device) NewSamplerState(sd SamplerDescriptor) (SamplerState, error) {
	var s SamplerState
	ns.WithPool(func() {
		desc := ns.New(class_MTLSamplerDescriptor)
		defer ns.Release(desc)
		send_setMinFilter(desc, uint(sd.MinFilter))
		send_setMagFilter(desc, uint(sd.MagFilter))
		send_setMipFilter(desc, uint(sd.MipFilter))
		send_setSAddressMode(desc, uint(sd.SAddressMode))
		send_setTAddressMode(desc, uint(sd.TAddressMode))
		send_setRAddressMode(desc, uint(sd.RAddressMode))
		send_setBorderColor(desc, uint(sd.BorderColor))
		send_setMaxAnisotropy(desc, uint(max(sd.MaxAnisotropy, 1)))
		send_setLodMinClamp(desc, sd.LodMinClamp)
		send_setLodMaxClamp(desc, sd.LodMaxClamp)
		send_setCompareFunction(desc, uint(sd.CompareFunction))
		if sd.Label != "" {
			ns.ObjectOf(desc).SetLabel(sd.Label)
		}
		s = SamplerState{send_newSamplerStateWithDescriptor(d.id, desc)}
	})
	if s.id == 0 {
		return SamplerState{}, fmt.Errorf("mtl: newSamplerStateWithDescriptor: returned nil for %+v", sd)
	}
	return s, nil
}

// DepthStencilState is an id<MTLDepthStencilState>.
type DepthStencilState struct{ id ns.ID }

// ID is the object id.
func (s DepthStencilState) ID() ns.ID { return s.id }

// Release is -release.
func (s DepthStencilState) Release() { ns.Release(s.id) }

func newStencilDescriptor(sd *StencilDescriptor) ns.ID {
	desc := ns.New(class_MTLStencilDescriptor)
	send_setStencilCompareFunction(desc, uint(sd.StencilCompareFunction))
	send_setStencilFailureOperation(desc, uint(sd.StencilFailureOperation))
	send_setDepthFailureOperation(desc, uint(sd.DepthFailureOperation))
	send_setDepthStencilPassOperation(desc, uint(sd.DepthStencilPassOperation))
	send_setReadMask(desc, sd.ReadMask)
	send_setStencilWriteMask(desc, sd.WriteMask)
	return desc
}

// NewDepthStencilState is -newDepthStencilStateWithDescriptor:.
func (d Device) NewDepthStencilState(dd DepthStencilDescriptor) (DepthStencilState, error) {
	var s DepthStencilState
	ns.WithPool(func() {
		desc := ns.New(class_MTLDepthStencilDescriptor)
		defer ns.Release(desc)
		send_setDepthCompareFunction(desc, uint(dd.DepthCompareFunction))
		send_setDepthWriteEnabled(desc, dd.DepthWriteEnabled)
		if dd.FrontFaceStencil != nil {
			f := newStencilDescriptor(dd.FrontFaceStencil)
			send_setFrontFaceStencil(desc, f)
			ns.Release(f)
		}
		if dd.BackFaceStencil != nil {
			b := newStencilDescriptor(dd.BackFaceStencil)
			send_setBackFaceStencil(desc, b)
			ns.Release(b)
		}
		if dd.Label != "" {
			ns.ObjectOf(desc).SetLabel(dd.Label)
		}
		s = DepthStencilState{send_newDepthStencilStateWithDescriptor(d.id, desc)}
	})
	if s.id == 0 {
		return DepthStencilState{}, fmt.Errorf("mtl: newDepthStencilStateWithDescriptor: returned nil for %+v", dd)
	}
	return s, nil
}

// Library is an id<MTLLibrary>.
type Library struct{ id ns.ID }

// ID is the object id.
func (l Library) ID() ns.ID { return l.id }

// Release is -release.
func (l Library) Release() { ns.Release(l.id) }

// CompileError is a failed newLibraryWithSource:options:error:, with the
// compiler's text (NSError localizedDescription) and the source.
type CompileError struct {
	Err    error
	Source string
}

func (e *CompileError) Error() string { return "mtl: MSL compile failed: " + e.Err.Error() }
func (e *CompileError) Unwrap() error { return e.Err }

// NewLibraryWithSource is -newLibraryWithSource:options:error:. Metal
// may return a library and a warning NSError; only a nil library is an
// error.
func (d Device) NewLibraryWithSource(src string, o CompileOptions) (Library, error) {
	var (
		lib Library
		err error
	)
	ns.WithPool(func() {
		s := ns.NewString(src)
		defer s.Release()
		opts := ns.New(class_MTLCompileOptions)
		defer ns.Release(opts)
		if o.FastMathDisabled {
			send_setFastMathEnabled(opts, false)
		}
		var nserr ns.ID
		lib = Library{send_newLibraryWithSource_options_error(d.id, s.ID(), opts, errOut(&nserr))}
		if lib.id == 0 {
			e := ns.ErrorOf(nserr) // autoreleased: read inside the pool
			if e == nil {
				e = fmt.Errorf("no NSError")
			}
			err = &CompileError{Err: e, Source: src}
		}
	})
	return lib, err
}

// Function is an id<MTLFunction>.
type Function struct{ id ns.ID }

// ID is the object id.
func (f Function) ID() ns.ID { return f.id }

// Release is -release.
func (f Function) Release() { ns.Release(f.id) }

// NewFunction is -newFunctionWithName:.
func (l Library) NewFunction(name string) (Function, error) {
	var f Function
	ns.WithPool(func() {
		s := ns.NewString(name)
		defer s.Release()
		f = Function{send_newFunctionWithName(l.id, s.ID())}
	})
	if f.id == 0 {
		return Function{}, fmt.Errorf("mtl: library has no function %q", name)
	}
	return f, nil
}

// RenderPipelineState is an id<MTLRenderPipelineState>.
type RenderPipelineState struct{ id ns.ID }

// ID is the object id.
func (p RenderPipelineState) ID() ns.ID { return p.id }

// Release is -release.
func (p RenderPipelineState) Release() { ns.Release(p.id) }

// newVertexDescriptor builds an owned MTLVertexDescriptor.
func newVertexDescriptor(vd *VertexDescriptor) ns.ID {
	desc := ns.New(class_MTLVertexDescriptor)
	attrs := send_attributes(desc)
	for i, a := range vd.Attributes {
		if a.Format == VertexFormatInvalid {
			continue
		}
		ad := ns.Index(attrs, i)
		send_setFormat(ad, uint(a.Format))
		send_setOffset(ad, uint(a.Offset))
		send_setBufferIndex(ad, uint(a.BufferIndex))
	}
	layouts := send_layouts(desc)
	for i, l := range vd.Layouts {
		if !l.Used {
			continue
		}
		ld := ns.Index(layouts, i)
		send_setStride(ld, uint(l.Stride))
		send_setStepFunction(ld, uint(l.StepFunction))
		send_setStepRate(ld, uint(l.StepRate))
	}
	return desc
}

// newPipelineDescriptor builds an owned MTLRenderPipelineDescriptor.
// fragment may be a nil Function (depth-only pipelines).
func newPipelineDescriptor(vertex, fragment Function, pd *RenderPipelineDescriptor) ns.ID {
	desc := ns.New(class_MTLRenderPipelineDescriptor)
	send_setVertexFunction(desc, vertex.id)
	if fragment.id != 0 {
		send_setFragmentFunction(desc, fragment.id)
	}
	if pd.VertexDescriptor != nil {
		vd := newVertexDescriptor(pd.VertexDescriptor)
		send_setVertexDescriptor(desc, vd)
		ns.Release(vd)
	}
	cas := send_colorAttachments(desc)
	for i, ca := range pd.ColorAttachments {
		if ca.PixelFormat == PixelFormatInvalid {
			continue
		}
		c := ns.Index(cas, i)
		send_setPixelFormat(c, uint(ca.PixelFormat))
		send_setBlendingEnabled(c, ca.BlendingEnabled)
		send_setSourceRGBBlendFactor(c, uint(ca.SourceRGBBlendFactor))
		send_setDestinationRGBBlendFactor(c, uint(ca.DestinationRGBBlendFactor))
		send_setRgbBlendOperation(c, uint(ca.RGBBlendOperation))
		send_setSourceAlphaBlendFactor(c, uint(ca.SourceAlphaBlendFactor))
		send_setDestinationAlphaBlendFactor(c, uint(ca.DestinationAlphaBlendFactor))
		send_setAlphaBlendOperation(c, uint(ca.AlphaBlendOperation))
		send_setWriteMask(c, uint(ca.WriteMask))
	}
	send_setDepthAttachmentPixelFormat(desc, uint(pd.DepthAttachmentPixelFormat))
	send_setStencilAttachmentPixelFormat(desc, uint(pd.StencilAttachmentPixelFormat))
	send_setRasterSampleCount(desc, uint(max(pd.RasterSampleCount, 1)))
	send_setAlphaToCoverageEnabled(desc, pd.AlphaToCoverageEnabled)
	send_setInputPrimitiveTopology(desc, uint(pd.InputPrimitiveTopology))
	if pd.Label != "" {
		ns.ObjectOf(desc).SetLabel(pd.Label)
	}
	return desc
}

// pipelineError is the error of a pipeline creation that returned nil.
func pipelineError(sel string, nserr ns.ID) error {
	err := ns.ErrorOf(nserr) // autoreleased: read inside the pool
	if err == nil {
		err = fmt.Errorf("no NSError")
	}
	return fmt.Errorf("mtl: %s %w", sel, err)
}

// NewRenderPipelineState is -newRenderPipelineStateWithDescriptor:error:.
// fragment may be a nil Function (depth-only pipelines).
func (d Device) NewRenderPipelineState(vertex, fragment Function, pd RenderPipelineDescriptor) (RenderPipelineState, error) {
	var (
		p   RenderPipelineState
		err error
	)
	ns.WithPool(func() {
		desc := newPipelineDescriptor(vertex, fragment, &pd)
		defer ns.Release(desc)
		var nserr ns.ID
		p = RenderPipelineState{send_newRenderPipelineStateWithDescriptor_error(d.id, desc, errOut(&nserr))}
		if p.id == 0 {
			err = pipelineError("newRenderPipelineStateWithDescriptor:error:", nserr)
		}
	})
	return p, err
}
