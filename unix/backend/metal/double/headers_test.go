//go:build linux && (amd64 || arm64)

package double

import (
	"slices"
	"strings"
	"testing"

	"mtld3d/unix/backend/metal/msgsig"
)

// Every encoding parses, with one argument per colon of the selector.
func TestEncodingsParse(t *testing.T) {
	n := 0
	for _, p := range Headers {
		for _, m := range p.Methods {
			n++
			_, args, err := ParseTypes(m.Types)
			if err != nil {
				t.Errorf("%s %s: %v", p.Name, m.Sel, err)
				continue
			}
			if c := strings.Count(m.Sel, ":"); c != len(args) {
				t.Errorf("%s %s: %d colons, %d arguments in %q", p.Name, m.Sel, c, len(args), m.Types)
			}
		}
	}
	t.Logf("%d protocols and classes, %d methods", len(Headers), n)
}

// Names are unique, no protocol lists a selector twice, class methods
// appear only on classes, and every Inherits names an entry of the table
// without a cycle.
func TestTableShape(t *testing.T) {
	names := map[string]bool{}
	for _, p := range Headers {
		if names[p.Name] {
			t.Errorf("%s is listed twice", p.Name)
		}
		names[p.Name] = true
		sels := map[string]bool{}
		for _, m := range p.Methods {
			if sels[m.Sel] {
				t.Errorf("%s lists %s twice", p.Name, m.Sel)
			}
			sels[m.Sel] = true
			if m.Static && !p.Class {
				t.Errorf("%s: class method +%s on a protocol", p.Name, m.Sel)
			}
		}
	}
	for _, p := range Headers {
		for _, in := range p.Inherits {
			if !names[in] {
				t.Errorf("%s inherits %s, which is not in the table", p.Name, in)
			}
		}
		if p.Name != "NSObjectProtocol" && len(p.Inherits) == 0 {
			t.Errorf("%s inherits nothing", p.Name)
		}
	}
	var visit func(name string, path []string)
	visit = func(name string, path []string) {
		if slices.Contains(path, name) {
			t.Fatalf("inheritance cycle: %s", strings.Join(append(path, name), " -> "))
		}
		p, ok := byName[name]
		if !ok {
			return // reported above
		}
		for _, in := range p.Inherits {
			visit(in, append(path, name))
		}
	}
	for _, p := range Headers {
		visit(p.Name, nil)
	}
}

// The classes the bindings name (ns.Cls in ns, mtl and ca; objc_getClass
// in winemac) are classes of the table.
func TestRegisteredClasses(t *testing.T) {
	for _, name := range []string{
		"NSString",
		"MTLTextureDescriptor", "MTLSamplerDescriptor", "MTLDepthStencilDescriptor",
		"MTLStencilDescriptor", "MTLCompileOptions", "MTLVertexDescriptor",
		"MTLRenderPipelineDescriptor", "MTLRenderPassDescriptor", "MTLBinaryArchiveDescriptor",
		"CAMetalLayer", "CATransaction", "NSURL", "NSArray",
		"NSApplication", "NSView",
	} {
		p, ok := byName[name]
		if !ok || !p.Class {
			t.Errorf("%s: not a class of the table", name)
		}
	}
	for _, name := range []string{"MTLDevice", "MTLTexture", "MTLBuffer", "MTLCommandBuffer", "CAMetalDrawable", "MTLBinaryArchive"} {
		if p, ok := byName[name]; !ok || p.Class {
			t.Errorf("%s: not a protocol of the table", name)
		}
	}
}

// Every message of msgsig is answered by at least one entry of the table
// with as many arguments. (Kinds: TestBindingsReceivers, on each receiver,
// and the double again at run time.)
func TestMsgsigAnswered(t *testing.T) {
	for _, msg := range msgsig.Messages {
		found := false
		for _, p := range Headers {
			for _, m := range p.Methods {
				if m.Sel != msg.Selector {
					continue
				}
				if _, args, err := ParseTypes(m.Types); err == nil && len(args) == len(msg.Args) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s %s (%d arguments): no class or protocol of the headers answers it", msg.Pkg, msg.Selector, len(msg.Args))
		}
	}
}

// sends is where the bindings send each message of msgsig, read from
// unix/backend/metal/{ns,mtl,ca}: the receiver's class or protocol, and
// whether the receiver is a class object.
var sends = []struct {
	recv   []string
	static bool
	sels   []string
}{
	// ns: ns.New and ns.NewString; retain, release, respondsToSelector: and
	// labels on the objects mtl and ca hold.
	{[]string{"NSString", "MTLTextureDescriptor", "MTLSamplerDescriptor", "MTLDepthStencilDescriptor",
		"MTLStencilDescriptor", "MTLCompileOptions", "MTLVertexDescriptor", "MTLRenderPipelineDescriptor",
		"CAMetalLayer"}, true, []string{"alloc"}},
	{[]string{"NSString", "MTLTextureDescriptor", "MTLSamplerDescriptor", "MTLDepthStencilDescriptor",
		"MTLStencilDescriptor", "MTLCompileOptions", "MTLVertexDescriptor", "MTLRenderPipelineDescriptor",
		"CAMetalLayer"}, false, []string{"init", "release"}},
	{[]string{"MTLTextureDescriptor", "MTLSamplerDescriptor", "MTLDepthStencilDescriptor", "MTLStencilDescriptor",
		"MTLCompileOptions", "MTLVertexDescriptor", "MTLRenderPipelineDescriptor", "MTLRenderPassDescriptor"},
		true, []string{"instancesRespondToSelector:"}},
	{[]string{"MTLDevice", "MTLBuffer", "MTLTexture", "MTLCommandQueue", "MTLCommandBuffer",
		"MTLRenderCommandEncoder", "MTLBlitCommandEncoder", "MTLSamplerState", "MTLDepthStencilState",
		"MTLLibrary", "MTLFunction", "MTLRenderPipelineState", "CAMetalLayer", "CAMetalDrawable", "NSArray"},
		false, []string{"retain", "release", "respondsToSelector:"}},
	{[]string{"NSString"}, false, []string{"initWithBytes:length:encoding:", "UTF8String"}},
	{[]string{"NSURL"}, true, []string{"alloc"}},
	{[]string{"NSURL"}, false, []string{"initFileURLWithPath:", "release"}},
	{[]string{"NSArray"}, true, []string{"arrayWithObject:"}},
	{[]string{"NSError"}, false, []string{"localizedDescription", "domain", "code"}},
	{[]string{"NSArray"}, false, []string{"count", "objectAtIndex:"}},
	{[]string{"MTLRenderPassColorAttachmentDescriptorArray", "MTLRenderPipelineColorAttachmentDescriptorArray",
		"MTLVertexAttributeDescriptorArray", "MTLVertexBufferLayoutDescriptorArray"}, false,
		[]string{"objectAtIndexedSubscript:"}},
	{[]string{"MTLCommandQueue", "MTLCommandBuffer", "MTLRenderCommandEncoder", "MTLBlitCommandEncoder",
		"MTLBuffer", "MTLTexture", "MTLSamplerDescriptor", "MTLDepthStencilDescriptor",
		"MTLRenderPipelineDescriptor"}, false, []string{"setLabel:"}},
	{[]string{"MTLBuffer", "MTLTexture"}, false, []string{"label"}},

	// mtl: the device.
	{[]string{"MTLDevice"}, false, []string{"name", "hasUnifiedMemory", "supportsFamily:",
		"supportsBCTextureCompression", "isDepth24Stencil8PixelFormatSupported", "recommendedMaxWorkingSetSize",
		"supportsTextureSampleCount:", "maxThreadsPerThreadgroup", "isLowPower", "registryID",
		"newBufferWithLength:options:", "newTextureWithDescriptor:", "newSamplerStateWithDescriptor:",
		"newDepthStencilStateWithDescriptor:", "newLibraryWithSource:options:error:",
		"newRenderPipelineStateWithDescriptor:error:", "newCommandQueue",
		"newRenderPipelineStateWithDescriptor:options:reflection:error:", "newBinaryArchiveWithDescriptor:error:"}},
	// mtl: binary archives.
	{[]string{"MTLBinaryArchiveDescriptor"}, true, []string{"alloc"}},
	{[]string{"MTLBinaryArchiveDescriptor"}, false, []string{"init", "release", "setUrl:"}},
	{[]string{"MTLBinaryArchive"}, false, []string{"addRenderPipelineFunctionsWithDescriptor:error:",
		"serializeToURL:error:", "release"}},
	// mtl: queues, command buffers, render pass descriptors.
	{[]string{"MTLCommandQueue"}, false, []string{"commandBuffer", "commandBufferWithUnretainedReferences"}},
	{[]string{"MTLCommandBuffer"}, false, []string{"renderCommandEncoderWithDescriptor:", "blitCommandEncoder",
		"presentDrawable:", "addCompletedHandler:", "commit", "waitUntilCompleted", "status", "error"}},
	{[]string{"MTLRenderPassDescriptor"}, true, []string{"renderPassDescriptor"}},
	{[]string{"MTLRenderPassDescriptor"}, false, []string{"colorAttachments", "depthAttachment", "stencilAttachment",
		"setVisibilityResultBuffer:", "setSamplePositions:count:"}},
	{[]string{"MTLRenderPassColorAttachmentDescriptor", "MTLRenderPassDepthAttachmentDescriptor",
		"MTLRenderPassStencilAttachmentDescriptor"}, false, []string{"setTexture:", "setLevel:", "setSlice:",
		"setDepthPlane:", "setLoadAction:", "setStoreAction:", "setResolveTexture:", "setResolveLevel:",
		"setResolveSlice:"}},
	{[]string{"MTLRenderPassColorAttachmentDescriptor"}, false, []string{"setClearColor:"}},
	{[]string{"MTLRenderPassDepthAttachmentDescriptor"}, false, []string{"setClearDepth:"}},
	{[]string{"MTLRenderPassStencilAttachmentDescriptor"}, false, []string{"setClearStencil:"}},
	// mtl: encoders.
	{[]string{"MTLRenderCommandEncoder"}, false, []string{"setViewport:", "setScissorRect:", "setCullMode:",
		"setFrontFacingWinding:", "setDepthBias:slopeScale:clamp:", "setDepthClipMode:", "setTriangleFillMode:",
		"setStencilFrontReferenceValue:backReferenceValue:", "setBlendColorRed:green:blue:alpha:",
		"setRenderPipelineState:", "setDepthStencilState:", "setVertexBuffer:offset:atIndex:",
		"setVertexBufferOffset:atIndex:", "setVertexBytes:length:atIndex:", "setFragmentBuffer:offset:atIndex:",
		"setFragmentBufferOffset:atIndex:", "setFragmentBytes:length:atIndex:", "setVertexTexture:atIndex:",
		"setFragmentTexture:atIndex:", "setVertexSamplerState:atIndex:", "setFragmentSamplerState:atIndex:",
		"drawPrimitives:vertexStart:vertexCount:instanceCount:baseInstance:",
		"drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:",
		"setVisibilityResultMode:offset:", "endEncoding", "setDepthStoreAction:", "setStencilStoreAction:"}},
	{[]string{"MTLBlitCommandEncoder"}, false, []string{
		"copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:",
		"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
		"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:",
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:",
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
		"generateMipmapsForTexture:", "fillBuffer:range:value:", "synchronizeResource:", "endEncoding"}},
	// mtl: buffers and textures.
	{[]string{"MTLBuffer"}, false, []string{"contents", "length", "didModifyRange:"}},
	{[]string{"MTLTextureDescriptor"}, false, []string{"setTextureType:", "setPixelFormat:", "setWidth:",
		"setHeight:", "setDepth:", "setMipmapLevelCount:", "setArrayLength:", "setSampleCount:", "setUsage:",
		"setStorageMode:", "setCpuCacheMode:"}},
	{[]string{"MTLTexture"}, false, []string{
		"replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:",
		"getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:",
		"newTextureViewWithPixelFormat:textureType:levels:slices:",
		"newTextureViewWithPixelFormat:textureType:levels:slices:swizzle:",
		"width", "height", "storageMode"}},
	// mtl: samplers, depth-stencil states, libraries, pipelines.
	{[]string{"MTLSamplerDescriptor"}, false, []string{"setMinFilter:", "setMagFilter:", "setMipFilter:",
		"setSAddressMode:", "setTAddressMode:", "setRAddressMode:", "setBorderColor:", "setMaxAnisotropy:",
		"setLodMinClamp:", "setLodMaxClamp:", "setCompareFunction:"}},
	{[]string{"MTLDepthStencilDescriptor"}, false, []string{"setDepthCompareFunction:", "setDepthWriteEnabled:",
		"setFrontFaceStencil:", "setBackFaceStencil:"}},
	{[]string{"MTLStencilDescriptor"}, false, []string{"setStencilCompareFunction:", "setStencilFailureOperation:",
		"setDepthFailureOperation:", "setDepthStencilPassOperation:", "setReadMask:", "setWriteMask:"}},
	{[]string{"MTLCompileOptions"}, false, []string{"setFastMathEnabled:"}},
	{[]string{"MTLLibrary"}, false, []string{"newFunctionWithName:"}},
	{[]string{"MTLVertexDescriptor"}, false, []string{"attributes", "layouts"}},
	{[]string{"MTLVertexAttributeDescriptor"}, false, []string{"setFormat:", "setOffset:", "setBufferIndex:"}},
	{[]string{"MTLVertexBufferLayoutDescriptor"}, false, []string{"setStride:", "setStepFunction:", "setStepRate:"}},
	{[]string{"MTLRenderPipelineDescriptor"}, false, []string{"setVertexFunction:", "setFragmentFunction:",
		"setVertexDescriptor:", "colorAttachments", "setDepthAttachmentPixelFormat:",
		"setStencilAttachmentPixelFormat:", "setRasterSampleCount:", "setAlphaToCoverageEnabled:",
		"setInputPrimitiveTopology:", "setBinaryArchives:"}},
	{[]string{"MTLRenderPipelineColorAttachmentDescriptor"}, false, []string{"setPixelFormat:",
		"setBlendingEnabled:", "setSourceRGBBlendFactor:", "setDestinationRGBBlendFactor:",
		"setRgbBlendOperation:", "setSourceAlphaBlendFactor:", "setDestinationAlphaBlendFactor:",
		"setAlphaBlendOperation:", "setWriteMask:"}},
	// ca.
	{[]string{"CATransaction"}, true, []string{"begin", "commit", "setDisableActions:"}},
	{[]string{"CAMetalLayer"}, false, []string{"setDevice:", "setPixelFormat:", "pixelFormat", "setDrawableSize:",
		"drawableSize", "setFramebufferOnly:", "setMaximumDrawableCount:", "setDisplaySyncEnabled:", "nextDrawable"}},
	{[]string{"CAMetalDrawable"}, false, []string{"texture"}},
}

// winemacSends is where unix/backend/metal/winemac (darwin only) sends
// each of msgsig's WineMac messages: the receiver's class, and whether
// the receiver is a class object.
var winemacSends = []struct {
	recv   string
	static bool
	sel    string
}{
	{"NSApplication", true, "sharedApplication"},
	{"NSApplication", false, "windows"},
	{"WineWindow", false, "hwnd"},
	{"WineWindow", false, "contentView"},
	{"WineWindow", false, "backingScaleFactor"},
	{"NSWindow", false, "backingScaleFactor"}, // [view window] of a layer's view
	{"WineContentView", false, "newMetalViewWithDevice:"},
	{"NSView", false, "layer"},
	{"NSView", false, "bounds"},
	{"NSView", true, "alloc"},
	{"NSView", false, "initWithFrame:"},
	{"NSView", false, "setLayer:"},
	{"NSView", false, "setWantsLayer:"},
	{"NSView", false, "setAutoresizingMask:"},
	{"NSView", false, "addSubview:"},
	{"NSView", false, "window"},
	{"NSView", false, "removeFromSuperview"},
	{"CAMetalLayer", true, "new"},
	{"CAMetalLayer", false, "setDevice:"},
	{"CAMetalLayer", false, "setContentsScale:"},
	{"CAMetalLayer", false, "contentsScale"},
	{"CAMetalLayer", false, "bounds"},
	{"CAMetalLayer", false, "isKindOfClass:"},
}

// Each message reaches, on the receiver the bindings send it to, a method
// of the headers with as many arguments, on the right side (class or
// instance), and with the kinds msgsig gives it: for winemac's messages
// (which the double never receives: winemac is darwin-only) the one
// entry's, for the others at least one entry's of the selector (one
// selector may have several, setWriteMask: among them).
func TestBindingsReceivers(t *testing.T) {
	check := func(recv string, static bool, sel string, entries []msgsig.Message) {
		m, ok := Lookup(recv, sel)
		if !ok {
			t.Errorf("%s does not answer %s", recv, sel)
			return
		}
		ret, args, err := ParseTypes(m.Types)
		if err != nil {
			t.Errorf("%s %s: %v", recv, sel, err)
			return
		}
		if n := strings.Count(sel, ":"); len(args) != n {
			t.Errorf("%s %s: sent with %d arguments, declared with %d", recv, sel, n, len(args))
		}
		// An instance answers no class method; a class object answers its
		// class methods and its root class's instance methods (retain,
		// respondsToSelector: ...), no other instance method.
		if m.Static && !static {
			t.Errorf("%s %s: a class method sent to an instance", recv, sel)
		}
		if _, root := Lookup("NSObject", sel); static && !m.Static && !root {
			t.Errorf("%s %s: an instance method sent to the class", recv, sel)
		}
		var sent []string
		for _, e := range entries {
			if sameKinds(e, ret, args) {
				return
			}
			sent = append(sent, string(e.Pkg)+" "+e.Sig())
		}
		t.Errorf("%s %s: msgsig sends it as %v; the header declares %s", recv, sel, sent, m.Types)
	}
	bySel := map[string][]msgsig.Message{}
	for _, m := range msgsig.Messages {
		if m.Pkg != msgsig.WineMac {
			bySel[m.Selector] = append(bySel[m.Selector], m)
		}
	}
	covered := map[string]bool{}
	for _, s := range sends {
		for _, sel := range s.sels {
			covered[sel] = true
			for _, recv := range s.recv {
				check(recv, s.static, sel, bySel[sel])
			}
		}
	}
	winemac := map[string]msgsig.Message{}
	for _, m := range msgsig.Of(msgsig.WineMac) {
		winemac[m.Selector] = m
	}
	winemacCovered := map[string]bool{}
	for _, s := range winemacSends {
		m, ok := winemac[s.sel]
		if !ok {
			t.Errorf("winemac %s: not in msgsig", s.sel)
			continue
		}
		winemacCovered[s.sel] = true
		check(s.recv, s.static, s.sel, []msgsig.Message{m})
	}
	for _, msg := range msgsig.Messages {
		if msg.Pkg == msgsig.WineMac && !winemacCovered[msg.Selector] || msg.Pkg != msgsig.WineMac && !covered[msg.Selector] {
			t.Errorf("%s %s: no receiver listed in sends or winemacSends", msg.Pkg, msg.Selector)
		}
	}
}

// sameKinds reports whether msgsig's message m has the header's return
// and argument types (as the double compares them at run time).
func sameKinds(m msgsig.Message, ret Type, args []Type) bool {
	if len(m.Args) != len(args) || !kindIs(m.Ret, ret) {
		return false
	}
	for i, a := range m.Args {
		if !kindIs(a, args[i]) {
			return false
		}
	}
	return true
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		class, sel, types string
		static            bool
	}{
		{"CAMetalLayer", "bounds", "{CGRect={CGPoint=dd}{CGSize=dd}}@:", false},
		{"CAMetalLayer", "pixelFormat", "Q@:", false},
		{"CAMetalLayer", "alloc", "@@:", true},
		{"MTLTexture", "setLabel:", "v@:@", false},
		{"MTLTexture", "release", "Vv@:", false},
		{"MTLRenderPassDepthAttachmentDescriptor", "setTexture:", "v@:@", false},
		{"MTLStencilDescriptor", "setWriteMask:", "v@:I", false},
		{"MTLRenderPipelineColorAttachmentDescriptor", "setWriteMask:", "v@:Q", false},
		{"WineWindow", "backingScaleFactor", "d@:", false},
	} {
		m, ok := Lookup(c.class, c.sel)
		if !ok || m.Types != c.types || m.Static != c.static {
			t.Errorf("Lookup(%s, %s) = %+v, %v; want %q static %v", c.class, c.sel, m, ok, c.types, c.static)
		}
	}
	for _, c := range [][2]string{
		{"MTLSamplerState", "setLabel:"}, // readonly in MTLSampler.h
		{"MTLDevice", "setLabel:"},
		{"MTLRenderPassStencilAttachmentDescriptor", "setClearColor:"},
		{"MTLCommandBuffer", "setVertexBuffer:offset:atIndex:"},
		{"NoSuchClass", "retain"},
	} {
		if m, ok := Lookup(c[0], c[1]); ok {
			t.Errorf("Lookup(%s, %s) = %+v, want not found", c[0], c[1], m)
		}
	}
}

func TestParseTypes(t *testing.T) {
	for _, c := range []struct {
		enc  string
		ret  Type
		args []Type
	}{
		{"v@:", Void, nil},
		{"Vv@:", Void, nil},
		{"@@:@@^@", Object, []Type{Object, Object, Pointer}},
		{"B@::", Bool, []Type{Selector}},
		{"r*@:", Pointer, nil},
		{"@@:r^vQQ", Object, []Type{Pointer, UInt64, UInt64}},
		{"v@:@?", Void, []Type{Object}},
		{"#@:", Object, nil},
		{"^?@::", Pointer, []Type{Selector}},
		{"v@:{MTLViewport=dddddd}", Void, []Type{Viewport}},
		{"{MTLSize=QQQ}@:", Size, nil},
		{"v@:@QQ{MTLOrigin=QQQ}{MTLSize=QQQ}@QQQ", Void, []Type{Object, UInt64, UInt64, Origin, Size, Object, UInt64, UInt64, UInt64}},
		{"v@:{MTLRegion={MTLOrigin=QQQ}{MTLSize=QQQ}}QQr^vQQ", Void, []Type{Region, UInt64, UInt64, Pointer, UInt64, UInt64}},
		{"v@:@{NSRange=QQ}C", Void, []Type{Object, Range, UInt8}},
		{"v@:@{_NSRange=QQ}C", Void, []Type{Object, Range, UInt8}},
		{"@@:QQ{NSRange=QQ}{NSRange=QQ}{MTLTextureSwizzleChannels=CCCC}", Object, []Type{UInt64, UInt64, Range, Range, Swizzle}},
		{"v@:r^{MTLSamplePosition=ff}Q", Void, []Type{Pointer, UInt64}},
		{"v@:{MTLClearColor=dddd}", Void, []Type{ClearColor}},
		{"v@:{MTLScissorRect=QQQQ}", Void, []Type{ScissorRect}},
		{"{CGSize=dd}@:", CGSize, nil},
		{"{CGPoint=dd}@:", CGPoint, nil},
		{"@@:{CGRect={CGPoint=dd}{CGSize=dd}}", Object, []Type{CGRect}},
		{"v@:^{CGColor=}", Void, []Type{Pointer}},
		{"v@:ffff", Void, []Type{Float, Float, Float, Float}},
		{"v@:II", Void, []Type{UInt32, UInt32}},
		{"B@:q", Bool, []Type{Int64}},
		{"S@:Q", UInt16, []Type{UInt64}},
		{"v@:d", Void, []Type{Double}},
		// The runtime's own spelling, frame offsets included.
		{"v48@0:8@16{_NSRange=QQ}24C40", Void, []Type{Object, Range, UInt8}},
		{"Vv16@0:8", Void, nil},
	} {
		ret, args, err := ParseTypes(c.enc)
		if err != nil || ret != c.ret || !slices.Equal(args, c.args) {
			t.Errorf("ParseTypes(%q) = %v %v %v; want %v %v", c.enc, ret, args, err, c.ret, c.args)
		}
	}
	for _, enc := range []string{
		"",
		"v",
		"v@",
		"v#:",                   // self is not an object
		"v@@",                   // _cmd is not a selector
		"v@:v",                  // void argument
		"v@:{?=QQQ}",            // anonymous: Origin or Size?
		"v@:{MTLSize=QQ}",       // wrong fields
		"v@:{MTLFoo=QQQ}",       // unknown struct
		"v@:{MTLSize=QQQ",       // unterminated
		"v@:x",                  // unknown letter
		"v@:^",                  // pointer to nothing
		"v@:{CGColor=}",         // an opaque struct is passed only by pointer
		"v@:{MTLRegion=QQQQQQ}", // fields flattened
	} {
		if ret, args, err := ParseTypes(enc); err == nil {
			t.Errorf("ParseTypes(%q) = %v %v, want an error", enc, ret, args)
		}
	}
}

func TestTypeString(t *testing.T) {
	for ty := Type(0); ty < numTypes; ty++ {
		if s := ty.String(); s == "" || strings.HasPrefix(s, "Type(") {
			t.Errorf("Type %d has no name", ty)
		}
	}
	if s := numTypes.String(); s != "Type(24)" {
		t.Errorf("numTypes.String() = %q", s)
	}
}
