//go:build darwin

package mtl

import (
	"fmt"

	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLSamplerDescriptor        = ns.Cls(ns.Metal, "MTLSamplerDescriptor")
	class_MTLDepthStencilDescriptor   = ns.Cls(ns.Metal, "MTLDepthStencilDescriptor")
	class_MTLStencilDescriptor        = ns.Cls(ns.Metal, "MTLStencilDescriptor")
	class_MTLCompileOptions           = ns.Cls(ns.Metal, "MTLCompileOptions")
	class_MTLVertexDescriptor         = ns.Cls(ns.Metal, "MTLVertexDescriptor")
	class_MTLRenderPipelineDescriptor = ns.Cls(ns.Metal, "MTLRenderPipelineDescriptor")

	sel_setMinFilter                    = ns.Sel("setMinFilter:")
	sel_setMagFilter                    = ns.Sel("setMagFilter:")
	sel_setMipFilter                    = ns.Sel("setMipFilter:")
	sel_setSAddressMode                 = ns.Sel("setSAddressMode:")
	sel_setTAddressMode                 = ns.Sel("setTAddressMode:")
	sel_setRAddressMode                 = ns.Sel("setRAddressMode:")
	sel_setBorderColor                  = ns.Sel("setBorderColor:")
	sel_setMaxAnisotropy                = ns.Sel("setMaxAnisotropy:")
	sel_setLodMinClamp                  = ns.Sel("setLodMinClamp:")
	sel_setLodMaxClamp                  = ns.Sel("setLodMaxClamp:")
	sel_setCompareFunction              = ns.Sel("setCompareFunction:")
	sel_setDepthCompareFunction         = ns.Sel("setDepthCompareFunction:")
	sel_setDepthWriteEnabled            = ns.Sel("setDepthWriteEnabled:")
	sel_setFrontFaceStencil             = ns.Sel("setFrontFaceStencil:")
	sel_setBackFaceStencil              = ns.Sel("setBackFaceStencil:")
	sel_setStencilCompareFunction       = ns.Sel("setStencilCompareFunction:")
	sel_setStencilFailureOperation      = ns.Sel("setStencilFailureOperation:")
	sel_setDepthFailureOperation        = ns.Sel("setDepthFailureOperation:")
	sel_setDepthStencilPassOperation    = ns.Sel("setDepthStencilPassOperation:")
	sel_setReadMask                     = ns.Sel("setReadMask:")
	sel_setWriteMask                    = ns.Sel("setWriteMask:")
	sel_setFastMathEnabled              = ns.Sel("setFastMathEnabled:")
	sel_newFunctionWithName             = ns.Sel("newFunctionWithName:")
	sel_attributes                      = ns.Sel("attributes")
	sel_layouts                         = ns.Sel("layouts")
	sel_setFormat                       = ns.Sel("setFormat:")
	sel_setOffset                       = ns.Sel("setOffset:")
	sel_setBufferIndex                  = ns.Sel("setBufferIndex:")
	sel_setStride                       = ns.Sel("setStride:")
	sel_setStepFunction                 = ns.Sel("setStepFunction:")
	sel_setStepRate                     = ns.Sel("setStepRate:")
	sel_setVertexFunction               = ns.Sel("setVertexFunction:")
	sel_setFragmentFunction             = ns.Sel("setFragmentFunction:")
	sel_setVertexDescriptor             = ns.Sel("setVertexDescriptor:")
	sel_colorAttachments                = ns.Sel("colorAttachments")
	sel_setBlendingEnabled              = ns.Sel("setBlendingEnabled:")
	sel_setSourceRGBBlendFactor         = ns.Sel("setSourceRGBBlendFactor:")
	sel_setDestinationRGBBlendFactor    = ns.Sel("setDestinationRGBBlendFactor:")
	sel_setRgbBlendOperation            = ns.Sel("setRgbBlendOperation:")
	sel_setSourceAlphaBlendFactor       = ns.Sel("setSourceAlphaBlendFactor:")
	sel_setDestinationAlphaBlendFactor  = ns.Sel("setDestinationAlphaBlendFactor:")
	sel_setAlphaBlendOperation          = ns.Sel("setAlphaBlendOperation:")
	sel_setDepthAttachmentPixelFormat   = ns.Sel("setDepthAttachmentPixelFormat:")
	sel_setStencilAttachmentPixelFormat = ns.Sel("setStencilAttachmentPixelFormat:")
	sel_setRasterSampleCount            = ns.Sel("setRasterSampleCount:")
	sel_setAlphaToCoverageEnabled       = ns.Sel("setAlphaToCoverageEnabled:")
	sel_setInputPrimitiveTopology       = ns.Sel("setInputPrimitiveTopology:")
)

// SamplerState is an id<MTLSamplerState>.
type SamplerState struct{ id objc.ID }

// ID is the object id.
func (s SamplerState) ID() objc.ID { return s.id }

// Release is -release.
func (s SamplerState) Release() { ns.Release(s.id) }

// NewSamplerState is -newSamplerStateWithDescriptor:.
func (d Device) NewSamplerState(sd SamplerDescriptor) (SamplerState, error) {
	var s SamplerState
	ns.WithPool(func() {
		desc := ns.New(class_MTLSamplerDescriptor)
		defer ns.Release(desc)
		ns.Send(desc, sel_setMinFilter, uint(sd.MinFilter))
		ns.Send(desc, sel_setMagFilter, uint(sd.MagFilter))
		ns.Send(desc, sel_setMipFilter, uint(sd.MipFilter))
		ns.Send(desc, sel_setSAddressMode, uint(sd.SAddressMode))
		ns.Send(desc, sel_setTAddressMode, uint(sd.TAddressMode))
		ns.Send(desc, sel_setRAddressMode, uint(sd.RAddressMode))
		ns.Send(desc, sel_setBorderColor, uint(sd.BorderColor))
		ns.Send(desc, sel_setMaxAnisotropy, uint(max(sd.MaxAnisotropy, 1)))
		ns.Send(desc, sel_setLodMinClamp, sd.LodMinClamp)
		ns.Send(desc, sel_setLodMaxClamp, sd.LodMaxClamp)
		ns.Send(desc, sel_setCompareFunction, uint(sd.CompareFunction))
		if sd.Label != "" {
			ns.ObjectOf(desc).SetLabel(sd.Label)
		}
		s = SamplerState{ns.Send(d.id, sel_newSamplerStateWithDescriptor, desc)}
	})
	if s.id == 0 {
		return SamplerState{}, fmt.Errorf("mtl: newSamplerStateWithDescriptor: returned nil for %+v", sd)
	}
	return s, nil
}

// DepthStencilState is an id<MTLDepthStencilState>.
type DepthStencilState struct{ id objc.ID }

// ID is the object id.
func (s DepthStencilState) ID() objc.ID { return s.id }

// Release is -release.
func (s DepthStencilState) Release() { ns.Release(s.id) }

func newStencilDescriptor(sd *StencilDescriptor) objc.ID {
	desc := ns.New(class_MTLStencilDescriptor)
	ns.Send(desc, sel_setStencilCompareFunction, uint(sd.StencilCompareFunction))
	ns.Send(desc, sel_setStencilFailureOperation, uint(sd.StencilFailureOperation))
	ns.Send(desc, sel_setDepthFailureOperation, uint(sd.DepthFailureOperation))
	ns.Send(desc, sel_setDepthStencilPassOperation, uint(sd.DepthStencilPassOperation))
	ns.Send(desc, sel_setReadMask, sd.ReadMask)
	ns.Send(desc, sel_setWriteMask, sd.WriteMask)
	return desc
}

// NewDepthStencilState is -newDepthStencilStateWithDescriptor:.
func (d Device) NewDepthStencilState(dd DepthStencilDescriptor) (DepthStencilState, error) {
	var s DepthStencilState
	ns.WithPool(func() {
		desc := ns.New(class_MTLDepthStencilDescriptor)
		defer ns.Release(desc)
		ns.Send(desc, sel_setDepthCompareFunction, uint(dd.DepthCompareFunction))
		ns.Send(desc, sel_setDepthWriteEnabled, dd.DepthWriteEnabled)
		if dd.FrontFaceStencil != nil {
			f := newStencilDescriptor(dd.FrontFaceStencil)
			ns.Send(desc, sel_setFrontFaceStencil, f)
			ns.Release(f)
		}
		if dd.BackFaceStencil != nil {
			b := newStencilDescriptor(dd.BackFaceStencil)
			ns.Send(desc, sel_setBackFaceStencil, b)
			ns.Release(b)
		}
		if dd.Label != "" {
			ns.ObjectOf(desc).SetLabel(dd.Label)
		}
		s = DepthStencilState{ns.Send(d.id, sel_newDepthStencilStateWithDescriptor, desc)}
	})
	if s.id == 0 {
		return DepthStencilState{}, fmt.Errorf("mtl: newDepthStencilStateWithDescriptor: returned nil for %+v", dd)
	}
	return s, nil
}

// Library is an id<MTLLibrary>.
type Library struct{ id objc.ID }

// ID is the object id.
func (l Library) ID() objc.ID { return l.id }

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
			ns.Send(opts, sel_setFastMathEnabled, false)
		}
		var nserr objc.ID
		lib = Library{ns.Send(d.id, sel_newLibraryWithSource_options_error, s.ID(), opts, errOut(&nserr))}
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
type Function struct{ id objc.ID }

// ID is the object id.
func (f Function) ID() objc.ID { return f.id }

// Release is -release.
func (f Function) Release() { ns.Release(f.id) }

// NewFunction is -newFunctionWithName:.
func (l Library) NewFunction(name string) (Function, error) {
	var f Function
	ns.WithPool(func() {
		s := ns.NewString(name)
		defer s.Release()
		f = Function{ns.Send(l.id, sel_newFunctionWithName, s.ID())}
	})
	if f.id == 0 {
		return Function{}, fmt.Errorf("mtl: library has no function %q", name)
	}
	return f, nil
}

// RenderPipelineState is an id<MTLRenderPipelineState>.
type RenderPipelineState struct{ id objc.ID }

// ID is the object id.
func (p RenderPipelineState) ID() objc.ID { return p.id }

// Release is -release.
func (p RenderPipelineState) Release() { ns.Release(p.id) }

// newVertexDescriptor builds an owned MTLVertexDescriptor.
func newVertexDescriptor(vd *VertexDescriptor) objc.ID {
	desc := ns.New(class_MTLVertexDescriptor)
	attrs := ns.Send(desc, sel_attributes)
	for i, a := range vd.Attributes {
		if a.Format == VertexFormatInvalid {
			continue
		}
		ad := ns.Index(attrs, i)
		ns.Send(ad, sel_setFormat, uint(a.Format))
		ns.Send(ad, sel_setOffset, uint(a.Offset))
		ns.Send(ad, sel_setBufferIndex, uint(a.BufferIndex))
	}
	layouts := ns.Send(desc, sel_layouts)
	for i, l := range vd.Layouts {
		if !l.Used {
			continue
		}
		ld := ns.Index(layouts, i)
		ns.Send(ld, sel_setStride, uint(l.Stride))
		ns.Send(ld, sel_setStepFunction, uint(l.StepFunction))
		ns.Send(ld, sel_setStepRate, uint(l.StepRate))
	}
	return desc
}

// NewRenderPipelineState is -newRenderPipelineStateWithDescriptor:error:.
// fragment may be a nil Function (depth-only pipelines).
func (d Device) NewRenderPipelineState(vertex, fragment Function, pd RenderPipelineDescriptor) (RenderPipelineState, error) {
	var (
		p   RenderPipelineState
		err error
	)
	ns.WithPool(func() {
		desc := ns.New(class_MTLRenderPipelineDescriptor)
		defer ns.Release(desc)
		ns.Send(desc, sel_setVertexFunction, vertex.id)
		if fragment.id != 0 {
			ns.Send(desc, sel_setFragmentFunction, fragment.id)
		}
		if pd.VertexDescriptor != nil {
			vd := newVertexDescriptor(pd.VertexDescriptor)
			ns.Send(desc, sel_setVertexDescriptor, vd)
			ns.Release(vd)
		}
		cas := ns.Send(desc, sel_colorAttachments)
		for i, ca := range pd.ColorAttachments {
			if ca.PixelFormat == PixelFormatInvalid {
				continue
			}
			c := ns.Index(cas, i)
			ns.Send(c, sel_setPixelFormat, uint(ca.PixelFormat))
			ns.Send(c, sel_setBlendingEnabled, ca.BlendingEnabled)
			ns.Send(c, sel_setSourceRGBBlendFactor, uint(ca.SourceRGBBlendFactor))
			ns.Send(c, sel_setDestinationRGBBlendFactor, uint(ca.DestinationRGBBlendFactor))
			ns.Send(c, sel_setRgbBlendOperation, uint(ca.RGBBlendOperation))
			ns.Send(c, sel_setSourceAlphaBlendFactor, uint(ca.SourceAlphaBlendFactor))
			ns.Send(c, sel_setDestinationAlphaBlendFactor, uint(ca.DestinationAlphaBlendFactor))
			ns.Send(c, sel_setAlphaBlendOperation, uint(ca.AlphaBlendOperation))
			ns.Send(c, sel_setWriteMask, uint(ca.WriteMask))
		}
		ns.Send(desc, sel_setDepthAttachmentPixelFormat, uint(pd.DepthAttachmentPixelFormat))
		ns.Send(desc, sel_setStencilAttachmentPixelFormat, uint(pd.StencilAttachmentPixelFormat))
		ns.Send(desc, sel_setRasterSampleCount, uint(max(pd.RasterSampleCount, 1)))
		ns.Send(desc, sel_setAlphaToCoverageEnabled, pd.AlphaToCoverageEnabled)
		ns.Send(desc, sel_setInputPrimitiveTopology, uint(pd.InputPrimitiveTopology))
		if pd.Label != "" {
			ns.ObjectOf(desc).SetLabel(pd.Label)
		}
		var nserr objc.ID
		p = RenderPipelineState{ns.Send(d.id, sel_newRenderPipelineStateWithDescriptor_error, desc, errOut(&nserr))}
		if p.id == 0 {
			err = ns.ErrorOf(nserr)
			if err == nil {
				err = fmt.Errorf("no NSError")
			}
			err = fmt.Errorf("mtl: newRenderPipelineStateWithDescriptor:error: %w", err)
		}
	})
	return p, err
}
