//go:build linux && (amd64 || arm64)

package double

import (
	"fmt"
	"strings"
)

// What the double knows of Apple's headers (Metal.framework's MTL*.h,
// Foundation's NSObject.h and NSString.h): per class or protocol, each
// selector with its Objective-C type encoding as the runtime gives it on a
// 64-bit Mac. So far this covers the messages the double implements;
// a selector missing here is an unrecognized selector.

// A Protocol is a class or protocol of the headers and its methods.
type Protocol struct {
	Name     string
	Inherits []string
	Class    bool
	Methods  []Method
}

// A Method is one selector: its type encoding (return, self, _cmd,
// arguments); Static for a class method.
type Method struct {
	Sel    string
	Types  string
	Static bool
}

// Type is one C type of an encoding.
type Type uint8

const (
	Void Type = iota
	Object
	Selector
	UInt64
	Int64
	UInt32
	UInt8
	Bool
	Float
	Double
	Pointer
	Viewport
	ClearColor
	CGSize
	ScissorRect
	Origin
	Size
	Region
	Range
	Swizzle
	SamplePosition
)

// Headers is the table.
var Headers = []Protocol{
	{Name: "NSObject", Methods: []Method{{"alloc", "@#:", true}, {"new", "@#:", true}, {"init", "@@:", false}, {"retain", "@@:", false},
		{"release", "v@:", false}, {"autorelease", "@@:", false}, {"respondsToSelector:", "B@::", false}, {"instancesRespondToSelector:", "B#::", true}}},
	{Name: "NSString", Inherits: []string{"NSObject"}, Methods: []Method{{"initWithBytes:length:encoding:", "@@:r^vQQ", false}, {"UTF8String", "r*@:", false}}},
	{Name: "MTLDevice", Inherits: []string{"NSObject"}, Methods: []Method{{"name", "@@:", false}, {"newBufferWithLength:options:", "@@:QQ", false},
		{"newTextureWithDescriptor:", "@@:@", false}, {"newCommandQueue", "@@:", false}, {"supportsFamily:", "B@:q", false},
		{"hasUnifiedMemory", "B@:", false}, {"respondsToSelector:", "B@::", false}, {"supportsBCTextureCompression", "B@:", false}, {"isDepth24Stencil8PixelFormatSupported", "B@:", false}, {"recommendedMaxWorkingSetSize", "Q@:", false}, {"supportsTextureSampleCount:", "B@:Q", false}, {"maxThreadsPerThreadgroup", "{MTLSize=QQQ}@:", false}, {"isLowPower", "B@:", false}, {"registryID", "Q@:", false}, {"newSamplerStateWithDescriptor:", "@@:@", false}, {"newDepthStencilStateWithDescriptor:", "@@:@", false}, {"newLibraryWithSource:options:error:", "@@:@@^@", false}, {"newRenderPipelineStateWithDescriptor:error:", "@@:@^@", false}}},
	{Name: "MTLBuffer", Inherits: []string{"NSObject"}, Methods: []Method{{"setLabel:", "v@:@", false}, {"contents", "^v@:", false}, {"length", "Q@:", false}, {"didModifyRange:", "v@:{_NSRange=QQ}", false}}},
	{Name: "MTLTextureDescriptor", Inherits: []string{"NSObject"}, Methods: []Method{{"setTextureType:", "v@:Q", false}, {"setPixelFormat:", "v@:Q", false}, {"setWidth:", "v@:Q", false}, {"setHeight:", "v@:Q", false}, {"setDepth:", "v@:Q", false}, {"setMipmapLevelCount:", "v@:Q", false}, {"setArrayLength:", "v@:Q", false}, {"setSampleCount:", "v@:Q", false}, {"setUsage:", "v@:Q", false}, {"setStorageMode:", "v@:Q", false}, {"setCpuCacheMode:", "v@:Q", false}}},
	{Name: "MTLTexture", Inherits: []string{"NSObject"}, Methods: []Method{{"width", "Q@:", false}, {"height", "Q@:", false}, {"replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:", "v@:{MTLRegion={MTLOrigin=QQQ}{MTLSize=QQQ}}QQr^vQQ", false}, {"getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:", "v@:^vQQ{MTLRegion={MTLOrigin=QQQ}{MTLSize=QQQ}}QQ", false}}},
	{Name: "MTLCommandQueue", Inherits: []string{"NSObject"}, Methods: []Method{{"commandBuffer", "@@:", false}, {"setLabel:", "v@:@", false}}},
	{Name: "MTLCommandBuffer", Inherits: []string{"NSObject"}, Methods: []Method{{"blitCommandEncoder", "@@:", false}, {"commit", "v@:", false}, {"waitUntilCompleted", "v@:", false}, {"status", "Q@:", false}, {"addCompletedHandler:", "v@:@?", false}}},
	{Name: "MTLBlitCommandEncoder", Inherits: []string{"NSObject"}, Methods: []Method{{"copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", "v@:@Q@QQ", false}, {"endEncoding", "v@:", false}}},
}

// ParseTypes reads an encoding: the return type, then the arguments after
// self and _cmd.
func ParseTypes(enc string) (Type, []Type, error) {
	var out []Type
	for i := 0; i < len(enc); {
		c := enc[i]
		switch {
		case c == 'r':
			i++
			continue
		case c == '^':
			out = append(out, Pointer)
			i += 2
			continue
		case c == '{':
			depth, j := 0, i
			for ; j < len(enc); j++ {
				if enc[j] == '{' {
					depth++
				} else if enc[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			name := enc[i+1 : j]
			t, ok := structTypes[name[:max(strings.IndexByte(name, '='), 0)]]
			if !ok {
				return 0, nil, fmt.Errorf("struct %q", name)
			}
			out = append(out, t)
			i = j + 1
			continue
		case c == '@':
			out = append(out, Object)
			if i+1 < len(enc) && enc[i+1] == '?' {
				i++
			}
		case c == '#':
			out = append(out, Object)
		case c == ':':
			out = append(out, Selector)
		case c == '*':
			out = append(out, Pointer)
		default:
			t, ok := scalarTypes[c]
			if !ok {
				return 0, nil, fmt.Errorf("type letter %q", c)
			}
			out = append(out, t)
		}
		i++
	}
	if len(out) < 3 || out[1] != Object || out[2] != Selector {
		return 0, nil, fmt.Errorf("%q: want a return type, self and _cmd", enc)
	}
	return out[0], out[3:], nil
}

var scalarTypes = map[byte]Type{'v': Void, 'Q': UInt64, 'q': Int64, 'B': Bool, 'I': UInt32, 'f': Float, 'd': Double, 'C': UInt8}

var structTypes = map[string]Type{"MTLSize": Size, "MTLOrigin": Origin, "MTLRegion": Region, "_NSRange": Range, "NSRange": Range,
	"MTLViewport": Viewport, "MTLClearColor": ClearColor, "CGSize": CGSize, "MTLScissorRect": ScissorRect,
	"MTLTextureSwizzleChannels": Swizzle, "MTLSamplePosition": SamplePosition}
