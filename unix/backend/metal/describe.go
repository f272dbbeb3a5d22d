//go:build amd64 || arm64

package metal

import (
	"fmt"
	"hash/fnv"
	"strconv"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// This file builds Metal descriptors as plain data from the backend's
// descriptors, before any Objective-C call, so the whole translation is
// tested on any host. The darwin files hand the results to mtl.

// Labels: every Metal object the backend makes carries one, so a GPU
// capture in Xcode or Instruments reads as the backend's own log.
func textureLabel(id uint64) string { return "mtld3d-tex-" + strconv.FormatUint(id, 10) }
func bufferLabel(id uint64) string  { return "mtld3d-buf-" + strconv.FormatUint(id, 10) }
func frameLabel(seq uint64) string  { return "mtld3d-frame-" + strconv.FormatUint(seq, 10) }
func passLabel(n int) string        { return "mtld3d-pass-" + strconv.Itoa(n) }
func pipelineLabel(h uint64) string { return fmt.Sprintf("mtld3d-pipe-%016x", h) }
func samplerLabel(id uint64) string { return "mtld3d-smp-" + strconv.FormatUint(id, 10) }
func depthStencilLabel(id uint64) string {
	return "mtld3d-ds-" + strconv.FormatUint(id, 10)
}

// BufferStorage chooses a buffer's storage mode: shared where CPU and GPU
// share memory (Apple silicon, Intel integrated graphics), managed on
// discrete GPUs, where the CPU copy is pushed with didModifyRange: and
// pulled with a synchronizeResource: blit.
func BufferStorage(unifiedMemory bool) mtl.StorageMode {
	if unifiedMemory {
		return mtl.StorageModeShared
	}
	return mtl.StorageModeManaged
}

// TextureStorage chooses a texture's storage mode. Depth, stencil and
// multisample textures are private on every Mac (macOS refuses shared
// depth and multisample textures); render targets are private too: the
// GPU writes them, Apple GPUs compress private targets losslessly, and
// the CPU's rare reads and writes (GetRenderTargetData, lockable targets)
// go through a staging buffer and a blit. The rest follow BufferStorage.
func TextureStorage(f pixfmt.Format, sampleCount int, usage backend.TextureUsage, unifiedMemory bool) mtl.StorageMode {
	if f.IsDepth() || f.IsStencil() || sampleCount > 1 || usage&backend.UsageRenderTarget != 0 {
		return mtl.StorageModePrivate
	}
	return BufferStorage(unifiedMemory)
}

// normalizeTextureDesc applies the interface's rule that zero Depth,
// MipLevels, ArrayLength and SampleCount mean 1.
func normalizeTextureDesc(d backend.TextureDesc) backend.TextureDesc {
	d.Width = max(d.Width, 1)
	d.Height = max(d.Height, 1)
	d.Depth = max(d.Depth, 1)
	d.MipLevels = max(d.MipLevels, 1)
	d.ArrayLength = max(d.ArrayLength, 1)
	d.SampleCount = max(d.SampleCount, 1)
	return d
}

// TextureDescriptor builds MTLTextureDescriptor's data.
func TextureDescriptor(d backend.TextureDesc, unifiedMemory bool) (mtl.TextureDescriptor, error) {
	d = normalizeTextureDesc(d)
	pf, err := PixelFormat(d.Format)
	if err != nil {
		return mtl.TextureDescriptor{}, err
	}
	if pf == mtl.PixelFormatInvalid {
		return mtl.TextureDescriptor{}, unsupported("texture format", d.Format)
	}
	tt, err := TextureType(d.Type, d.ArrayLength)
	if err != nil {
		return mtl.TextureDescriptor{}, err
	}
	usage, err := TextureUsage(d.Usage)
	if err != nil {
		return mtl.TextureDescriptor{}, err
	}
	if usage == mtl.TextureUsageUnknown {
		usage = mtl.TextureUsageShaderRead
	}
	return mtl.TextureDescriptor{
		TextureType:      tt,
		PixelFormat:      pf,
		Width:            d.Width,
		Height:           d.Height,
		Depth:            d.Depth,
		MipmapLevelCount: d.MipLevels,
		ArrayLength:      d.ArrayLength,
		SampleCount:      d.SampleCount,
		Usage:            usage,
		StorageMode:      TextureStorage(d.Format, d.SampleCount, d.Usage, unifiedMemory),
		CPUCacheMode:     mtl.CPUCacheModeDefaultCache,
	}, nil
}

// SliceCount is the number of Metal slices of a texture: array elements,
// times six for cubes.
func SliceCount(d backend.TextureDesc) int {
	n := max(d.ArrayLength, 1)
	if d.Type == backend.TextureTypeCube {
		n *= 6
	}
	return n
}

// SamplerDescriptor builds MTLSamplerDescriptor's data.
func SamplerDescriptor(d backend.SamplerDesc) (mtl.SamplerDescriptor, error) {
	var out mtl.SamplerDescriptor
	var err error
	if out.MinFilter, err = MinMagFilter(d.MinFilter); err != nil {
		return out, err
	}
	if out.MagFilter, err = MinMagFilter(d.MagFilter); err != nil {
		return out, err
	}
	if out.MipFilter, err = MipFilter(d.MipFilter); err != nil {
		return out, err
	}
	if out.SAddressMode, err = AddressMode(d.SAddress); err != nil {
		return out, err
	}
	if out.TAddressMode, err = AddressMode(d.TAddress); err != nil {
		return out, err
	}
	if out.RAddressMode, err = AddressMode(d.RAddress); err != nil {
		return out, err
	}
	if out.BorderColor, err = BorderColor(d.BorderColor); err != nil {
		return out, err
	}
	out.MaxAnisotropy = min(max(d.MaxAnisotropy, 1), 16)
	out.LodMinClamp = d.LodMinClamp
	out.LodMaxClamp = d.LodMaxClamp
	out.CompareFunction = mtl.CompareFunctionNever // Metal's default
	if d.Compare {
		if out.CompareFunction, err = CompareFunction(d.CompareFunc); err != nil {
			return out, err
		}
	}
	return out, nil
}

func stencilDescriptor(s backend.StencilDesc) (*mtl.StencilDescriptor, error) {
	out := &mtl.StencilDescriptor{ReadMask: uint32(s.ReadMask), WriteMask: uint32(s.WriteMask)}
	var err error
	if out.StencilCompareFunction, err = CompareFunction(s.Compare); err != nil {
		return nil, err
	}
	if out.StencilFailureOperation, err = StencilOp(s.FailOp); err != nil {
		return nil, err
	}
	if out.DepthFailureOperation, err = StencilOp(s.DepthFailOp); err != nil {
		return nil, err
	}
	if out.DepthStencilPassOperation, err = StencilOp(s.PassOp); err != nil {
		return nil, err
	}
	return out, nil
}

// DepthStencilDescriptor builds MTLDepthStencilDescriptor's data. With
// the stencil test off both stencil descriptors stay nil, as the
// interface documents.
func DepthStencilDescriptor(d backend.DepthStencilDesc) (mtl.DepthStencilDescriptor, error) {
	var out mtl.DepthStencilDescriptor
	var err error
	if out.DepthCompareFunction, err = CompareFunction(d.DepthCompare); err != nil {
		return out, err
	}
	out.DepthWriteEnabled = d.DepthWrite
	if d.StencilEnable {
		if out.FrontFaceStencil, err = stencilDescriptor(d.Front); err != nil {
			return out, err
		}
		if out.BackFaceStencil, err = stencilDescriptor(d.Back); err != nil {
			return out, err
		}
	}
	return out, nil
}

// VertexDescriptor builds MTLVertexDescriptor's data, or nil when no
// attribute is used (the vertex function then takes no [[stage_in]]).
// Only layouts an attribute reads are set. A step rate of 0 means 1,
// except with the constant step function, where Metal wants 0.
func VertexDescriptor(d backend.VertexDescriptor) (*mtl.VertexDescriptor, error) {
	var out mtl.VertexDescriptor
	used := false
	for i, a := range d.Attributes {
		if a.Format == backend.VertexInvalid {
			continue
		}
		f, err := VertexFormat(a.Format)
		if err != nil {
			return nil, fmt.Errorf("attribute %d: %w", i, err)
		}
		if int(a.BufferIndex) >= backend.MaxVertexBufferLayouts {
			return nil, fmt.Errorf("metal: attribute %d reads vertex buffer %d: %w", i, a.BufferIndex, backend.ErrUnsupported)
		}
		out.Attributes[i] = mtl.VertexAttributeDescriptor{Format: f, Offset: int(a.Offset), BufferIndex: int(a.BufferIndex)}
		out.Layouts[a.BufferIndex].Used = true
		used = true
	}
	if !used {
		return nil, nil
	}
	for i := range out.Layouts {
		if !out.Layouts[i].Used {
			continue
		}
		l := d.Layouts[i]
		step, err := StepFunction(l.Step)
		if err != nil {
			return nil, fmt.Errorf("layout %d: %w", i, err)
		}
		rate := int(max(l.StepRate, 1))
		if step == mtl.VertexStepFunctionConstant {
			rate = 0
		}
		out.Layouts[i] = mtl.VertexBufferLayoutDescriptor{Used: true, Stride: int(l.Stride), StepFunction: step, StepRate: rate}
	}
	return &out, nil
}

// ColorAttachmentDescriptor builds one pipeline colour attachment.
func ColorAttachmentDescriptor(c backend.ColorAttachmentDesc) (mtl.RenderPipelineColorAttachmentDescriptor, error) {
	var out mtl.RenderPipelineColorAttachmentDescriptor
	var err error
	if out.PixelFormat, err = PixelFormat(c.Format); err != nil {
		return out, err
	}
	if out.PixelFormat == mtl.PixelFormatInvalid {
		return out, nil
	}
	if out.WriteMask, err = ColorMask(c.WriteMask); err != nil {
		return out, err
	}
	out.BlendingEnabled = c.BlendEnable
	out.SourceRGBBlendFactor, out.DestinationRGBBlendFactor = mtl.BlendFactorOne, mtl.BlendFactorZero
	out.SourceAlphaBlendFactor, out.DestinationAlphaBlendFactor = mtl.BlendFactorOne, mtl.BlendFactorZero
	if !c.BlendEnable {
		return out, nil
	}
	if out.SourceRGBBlendFactor, err = BlendFactor(c.SrcRGB); err != nil {
		return out, err
	}
	if out.DestinationRGBBlendFactor, err = BlendFactor(c.DstRGB); err != nil {
		return out, err
	}
	if out.SourceAlphaBlendFactor, err = BlendFactor(c.SrcAlpha); err != nil {
		return out, err
	}
	if out.DestinationAlphaBlendFactor, err = BlendFactor(c.DstAlpha); err != nil {
		return out, err
	}
	if out.RGBBlendOperation, err = BlendOp(c.RGBBlendOp); err != nil {
		return out, err
	}
	if out.AlphaBlendOperation, err = BlendOp(c.AlphaBlendOp); err != nil {
		return out, err
	}
	return out, nil
}

// PipelineDescriptor builds MTLRenderPipelineDescriptor's data, without
// the functions (handles, passed beside it), and labels it with
// mtld3d-pipe-<hash of the descriptor and the function keys>.
func PipelineDescriptor(d backend.RenderPipelineDesc, vertexKey, fragmentKey string) (mtl.RenderPipelineDescriptor, error) {
	var out mtl.RenderPipelineDescriptor
	var err error
	if out.VertexDescriptor, err = VertexDescriptor(d.VertexDescriptor); err != nil {
		return out, err
	}
	for i, c := range d.ColorAttachments {
		if out.ColorAttachments[i], err = ColorAttachmentDescriptor(c); err != nil {
			return out, fmt.Errorf("colour attachment %d: %w", i, err)
		}
	}
	if out.DepthAttachmentPixelFormat, err = PixelFormat(d.DepthFormat); err != nil {
		return out, err
	}
	if out.StencilAttachmentPixelFormat, err = PixelFormat(d.StencilFormat); err != nil {
		return out, err
	}
	out.RasterSampleCount = max(d.SampleCount, 1)
	out.AlphaToCoverageEnabled = d.AlphaToCoverage
	if out.InputPrimitiveTopology, err = TopologyClass(d.Topology); err != nil {
		return out, err
	}
	out.Label = pipelineLabel(PipelineHash(out, vertexKey, fragmentKey))
	return out, nil
}

// PipelineHash is a stable 64-bit FNV-1a hash of a pipeline descriptor
// (its label excluded) and its function keys.
func PipelineHash(d mtl.RenderPipelineDescriptor, vertexKey, fragmentKey string) uint64 {
	h := fnv.New64a()
	vd := d.VertexDescriptor
	d.VertexDescriptor = nil
	d.Label = ""
	fmt.Fprintf(h, "%+v|", d)
	if vd != nil {
		fmt.Fprintf(h, "%+v", *vd)
	}
	fmt.Fprintf(h, "|%s|%s", vertexKey, fragmentKey)
	return h.Sum64()
}

// FunctionKey identifies a compiled function: a hash of its library's
// source and its entry point.
func FunctionKey(source, entry string) string {
	h := fnv.New64a()
	h.Write([]byte(source))
	return fmt.Sprintf("%016x:%s", h.Sum64(), entry)
}

// PassAttachment is the data of one render pass attachment, with the
// textures left as the backend's (the darwin side resolves them).
type PassAttachment struct {
	Texture      backend.Texture
	Level        int
	Slice        int
	DepthPlane   int
	Load         mtl.LoadAction
	Store        mtl.StoreAction
	Resolve      backend.Texture
	ResolveLevel int
	ResolveSlice int
}

// PassDescriptor is MTLRenderPassDescriptor's data.
type PassDescriptor struct {
	Color        [backend.MaxColorAttachments]PassAttachment
	ClearColor   [backend.MaxColorAttachments]mtl.ClearColor
	Depth        PassAttachment
	ClearDepth   float64
	Stencil      PassAttachment
	ClearStencil uint32
	// VisibilityResults is the visibility result buffer, or nil.
	VisibilityResults backend.Buffer
	// CenterSamples puts every sample at the pixel centre.
	CenterSamples bool
	// Width and Height are those of the first attachment's level: the
	// render area, which scissor rectangles are clamped to.
	Width, Height int
}

func passAttachment(a backend.AttachmentDesc) (PassAttachment, error) {
	out := PassAttachment{
		Texture: a.Texture, Level: a.Level, Slice: a.Slice, DepthPlane: a.DepthPlane,
		Resolve: a.ResolveTexture, ResolveLevel: a.ResolveLevel, ResolveSlice: a.ResolveSlice,
	}
	var err error
	if out.Load, err = LoadAction(a.Load); err != nil {
		return out, err
	}
	if out.Store, err = StoreAction(a.Store); err != nil {
		return out, err
	}
	return out, nil
}

// RenderPassDescriptor builds MTLRenderPassDescriptor's data.
func RenderPassDescriptor(d *backend.RenderPassDesc) (PassDescriptor, error) {
	var out PassDescriptor
	var err error
	first := backend.Texture(nil)
	level := 0
	for i, c := range d.Color {
		if c.Texture == nil {
			continue
		}
		if out.Color[i], err = passAttachment(c.AttachmentDesc); err != nil {
			return out, fmt.Errorf("colour attachment %d: %w", i, err)
		}
		out.ClearColor[i] = mtl.ClearColor{Red: c.ClearColor[0], Green: c.ClearColor[1], Blue: c.ClearColor[2], Alpha: c.ClearColor[3]}
		if first == nil {
			first, level = c.Texture, c.Level
		}
	}
	if d.Depth.Texture != nil {
		if out.Depth, err = passAttachment(d.Depth.AttachmentDesc); err != nil {
			return out, fmt.Errorf("depth attachment: %w", err)
		}
		out.ClearDepth = d.Depth.ClearDepth
		if first == nil {
			first, level = d.Depth.Texture, d.Depth.Level
		}
	}
	if d.Stencil.Texture != nil {
		if out.Stencil, err = passAttachment(d.Stencil.AttachmentDesc); err != nil {
			return out, fmt.Errorf("stencil attachment: %w", err)
		}
		out.ClearStencil = d.Stencil.ClearStencil
		if first == nil {
			first, level = d.Stencil.Texture, d.Stencil.Level
		}
	}
	out.VisibilityResults = d.VisibilityResults
	out.CenterSamples = d.CenterSamples
	if first != nil {
		out.Width = backend.MipSize(first.Width(), level)
		out.Height = backend.MipSize(first.Height(), level)
	}
	return out, nil
}

// ClampScissor keeps a scissor rectangle inside the render area: Metal
// rejects one that reaches outside, D3D9 clips it.
func ClampScissor(r backend.ScissorRect, width, height int) mtl.ScissorRect {
	x0 := min(max(r.X, 0), width)
	y0 := min(max(r.Y, 0), height)
	x1 := min(max(r.X+r.Width, x0), width)
	y1 := min(max(r.Y+r.Height, y0), height)
	return mtl.ScissorRect{X: uint(x0), Y: uint(y0), Width: uint(x1 - x0), Height: uint(y1 - y0)}
}

// DeviceFacts is what a device reports that the capability bits follow.
type DeviceFacts struct {
	BC                bool
	Depth24Stencil8   bool
	Mac2              bool // MTLGPUFamilyMac2 (every Intel/AMD Mac, and Apple silicon on macOS)
	Apple7            bool // MTLGPUFamilyApple7 or later
	SampleCounts      [9]bool
	ReadableDrawables bool
}

// CapsFrom turns device facts into Caps.
func CapsFrom(f DeviceFacts) backend.Caps {
	var c backend.Caps
	if f.BC {
		c |= backend.CapBCTextures
	}
	if f.Depth24Stencil8 {
		c |= backend.CapDepth24Stencil8
	}
	if f.Mac2 || f.Apple7 {
		c |= backend.CapClampToBorder | backend.CapMirrorClampToEdge
	}
	if f.SampleCounts[2] {
		c |= backend.CapMSAA2
	}
	if f.SampleCounts[4] {
		c |= backend.CapMSAA4
	}
	if f.SampleCounts[8] {
		c |= backend.CapMSAA8
	}
	c |= backend.CapDepthClamp   // setDepthClipMode: exists on every Mac (macOS 10.11)
	c |= backend.CapMSLFunctions // libraries are compiled from MSL
	if f.ReadableDrawables {
		c |= backend.CapReadableDrawable
	}
	return c
}

// checkFunctionDesc refuses what the Metal backend cannot compile: a
// FunctionDesc carrying only a Go program for the reference backend, or
// no entry point.
func checkFunctionDesc(desc backend.FunctionDesc) error {
	if desc.Source == "" {
		if desc.Program != nil {
			return fmt.Errorf("metal: function %q carries a Go program (%T) for the reference backend, not MSL source; the Metal backend compiles FunctionDesc.Source: %w",
				desc.Entry, desc.Program, backend.ErrUnsupported)
		}
		return fmt.Errorf("metal: function %q has no MSL source: %w", desc.Entry, backend.ErrUnsupported)
	}
	if desc.Entry == "" {
		return fmt.Errorf("metal: function has MSL source but no entry point name: %w", backend.ErrUnsupported)
	}
	return nil
}
