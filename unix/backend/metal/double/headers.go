//go:build linux && (amd64 || arm64)

// The Metal double's knowledge of Apple's headers: each class and protocol
// the bindings (unix/backend/metal/{ns,mtl,ca,winemac}) message, with its
// selectors and their Objective-C type encodings as the headers declare
// them. It is written from the headers, not from msgsig's table, so a
// message the bindings send with a wrong selector, argument count or
// argument type disagrees with it.
//
// Sources: the macOS SDK headers (Metal.framework 10.13 to 11.3,
// QuartzCore's CAMetalLayer.h, CALayer.h and CATransaction.h, Foundation's
// NSString.h, NSError.h, NSArray.h and NSURL.h, libobjc's objc/NSObject.h, AppKit's
// NSView.h, NSWindow.h and NSApplication.h) and, for the two classes of
// Wine's Mac driver, dlls/winemac.drv/cocoa_window.{h,m}. A selector newer
// than macOS 11 is not listed.

package double

import (
	"fmt"
	"strings"
)

// A Protocol is a class or protocol of Apple's headers: its name, what it
// inherits from (a superclass or the protocols it adopts), and its methods.
type Protocol struct {
	Name     string
	Inherits []string
	// Class is true for a concrete class a program may name (objc_getClass
	// finds it: MTLTextureDescriptor, CAMetalLayer, NSString ...); false for a
	// protocol whose objects only come from other calls (MTLDevice, MTLTexture).
	Class   bool
	Methods []Method
}

// A Method is one selector: Sel as the runtime spells it ("setViewport:"),
// Types its Objective-C type encoding with the return first, then self ('@'),
// _cmd (':') and each argument, as the runtime's method_getTypeEncoding
// gives on a 64-bit Mac ("v@:{MTLViewport=dddddd}"); Static for a class
// method (+).
//
// Two spellings here differ from the runtime's on purpose, so that a struct
// names its kind: the runtime prints Metal's anonymous typedef'd structs as
// '?' ("{?=QQQ}" is both MTLOrigin and MTLSize) and NSRange as "_NSRange";
// this table writes the typedef name ("{MTLSize=QQQ}", "{NSRange=QQ}"). The
// runtime's frame offsets ("v24@0:8...") are left out. BOOL is written 'B'
// (its spelling on arm64); on x86_64 the runtime spells it 'c'. A oneway
// void return keeps the runtime's 'V' qualifier ("Vv@:", -release).
type Method struct {
	Sel    string
	Types  string
	Static bool
}

// The structs passed by value, as the table spells them.
const (
	encViewport       = "{MTLViewport=dddddd}"
	encClearColor     = "{MTLClearColor=dddd}"
	encCGSize         = "{CGSize=dd}"
	encCGPoint        = "{CGPoint=dd}"
	encCGRect         = "{CGRect={CGPoint=dd}{CGSize=dd}}"
	encScissorRect    = "{MTLScissorRect=QQQQ}"
	encOrigin         = "{MTLOrigin=QQQ}"
	encSize           = "{MTLSize=QQQ}"
	encRegion         = "{MTLRegion={MTLOrigin=QQQ}{MTLSize=QQQ}}"
	encRange          = "{NSRange=QQ}"
	encSwizzle        = "{MTLTextureSwizzleChannels=CCCC}"
	encSamplePosition = "{MTLSamplePosition=ff}"
)

// Headers is every class and protocol the double knows. Enums and option
// sets declared on NSUInteger are 'Q'; those on NSInteger (MTLGPUFamily,
// MTLLibraryType, NSWindowOrderingMode ...) 'q'; MTLTextureSwizzle is
// uint8_t ('C'); CAAutoresizingMask is unsigned int ('I').
var Headers = []Protocol{
	// objc/NSObject.h: the NSObject protocol. Its name in the headers is
	// NSObject, the same as the root class; it is listed under Swift's name
	// for it so the two entries can be told apart.
	{Name: "NSObjectProtocol", Methods: []Method{
		{Sel: "isEqual:", Types: "B@:@"},
		{Sel: "hash", Types: "Q@:"},
		{Sel: "superclass", Types: "#@:"},
		{Sel: "class", Types: "#@:"},
		{Sel: "self", Types: "@@:"},
		{Sel: "performSelector:", Types: "@@::"},
		{Sel: "performSelector:withObject:", Types: "@@::@"},
		{Sel: "performSelector:withObject:withObject:", Types: "@@::@@"},
		{Sel: "isProxy", Types: "B@:"},
		{Sel: "isKindOfClass:", Types: "B@:#"},
		{Sel: "isMemberOfClass:", Types: "B@:#"},
		{Sel: "conformsToProtocol:", Types: "B@:@"},
		{Sel: "respondsToSelector:", Types: "B@::"},
		{Sel: "retain", Types: "@@:"},
		{Sel: "release", Types: "Vv@:"},
		{Sel: "autorelease", Types: "@@:"},
		{Sel: "retainCount", Types: "Q@:"},
		{Sel: "zone", Types: "^{_NSZone=}@:"},
		{Sel: "description", Types: "@@:"},
		{Sel: "debugDescription", Types: "@@:"},
	}},
	// objc/NSObject.h: the root class. Its class-side twins of the
	// protocol's methods (+class, +hash, +description ...) have the same
	// encodings and are not repeated, so a selector has one entry along any
	// chain of Inherits.
	{Name: "NSObject", Class: true, Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "load", Types: "v@:", Static: true},
		{Sel: "initialize", Types: "v@:", Static: true},
		{Sel: "init", Types: "@@:"},
		{Sel: "new", Types: "@@:", Static: true},
		{Sel: "allocWithZone:", Types: "@@:^{_NSZone=}", Static: true},
		{Sel: "alloc", Types: "@@:", Static: true},
		{Sel: "dealloc", Types: "v@:"},
		{Sel: "copy", Types: "@@:"},
		{Sel: "mutableCopy", Types: "@@:"},
		{Sel: "instancesRespondToSelector:", Types: "B@::", Static: true},
		{Sel: "methodForSelector:", Types: "^?@::"},
		{Sel: "instanceMethodForSelector:", Types: "^?@::", Static: true},
		{Sel: "doesNotRecognizeSelector:", Types: "v@::"},
		{Sel: "forwardingTargetForSelector:", Types: "@@::"},
		{Sel: "forwardInvocation:", Types: "v@:@"},
		{Sel: "methodSignatureForSelector:", Types: "@@::"},
		{Sel: "instanceMethodSignatureForSelector:", Types: "@@::", Static: true},
		{Sel: "isSubclassOfClass:", Types: "B@:#", Static: true},
		{Sel: "resolveClassMethod:", Types: "B@::", Static: true},
		{Sel: "resolveInstanceMethod:", Types: "B@::", Static: true},
	}},

	// Foundation/NSString.h. NSStringEncoding is NSUInteger; unichar is
	// unsigned short ('S').
	{Name: "NSString", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "length", Types: "Q@:"},
		{Sel: "characterAtIndex:", Types: "S@:Q"},
		{Sel: "init", Types: "@@:"},
		{Sel: "substringWithRange:", Types: "@@:" + encRange},
		{Sel: "isEqualToString:", Types: "B@:@"},
		{Sel: "hasPrefix:", Types: "B@:@"},
		{Sel: "hasSuffix:", Types: "B@:@"},
		{Sel: "stringByAppendingString:", Types: "@@:@"},
		{Sel: "UTF8String", Types: "r*@:"},
		{Sel: "cStringUsingEncoding:", Types: "r*@:Q"},
		{Sel: "getCString:maxLength:encoding:", Types: "B@:*QQ"},
		{Sel: "maximumLengthOfBytesUsingEncoding:", Types: "Q@:Q"},
		{Sel: "lengthOfBytesUsingEncoding:", Types: "Q@:Q"},
		{Sel: "description", Types: "@@:"},
		{Sel: "hash", Types: "Q@:"},
		{Sel: "initWithUTF8String:", Types: "@@:r*"},
		{Sel: "initWithString:", Types: "@@:@"},
		{Sel: "initWithData:encoding:", Types: "@@:@Q"},
		{Sel: "initWithBytes:length:encoding:", Types: "@@:r^vQQ"},
		{Sel: "initWithCString:encoding:", Types: "@@:r*Q"},
		{Sel: "string", Types: "@@:", Static: true},
		{Sel: "stringWithString:", Types: "@@:@", Static: true},
		{Sel: "stringWithUTF8String:", Types: "@@:r*", Static: true},
		{Sel: "stringWithCString:encoding:", Types: "@@:r*Q", Static: true},
	}},
	// Foundation/NSError.h. NSErrorDomain is NSString *; code is NSInteger.
	{Name: "NSError", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "initWithDomain:code:userInfo:", Types: "@@:@q@"},
		{Sel: "errorWithDomain:code:userInfo:", Types: "@@:@q@", Static: true},
		{Sel: "domain", Types: "@@:"},
		{Sel: "code", Types: "q@:"},
		{Sel: "userInfo", Types: "@@:"},
		{Sel: "localizedDescription", Types: "@@:"},
		{Sel: "localizedFailureReason", Types: "@@:"},
		{Sel: "localizedRecoverySuggestion", Types: "@@:"},
		{Sel: "localizedRecoveryOptions", Types: "@@:"},
		{Sel: "recoveryAttempter", Types: "@@:"},
		{Sel: "helpAnchor", Types: "@@:"},
	}},
	// Foundation/NSArray.h.
	{Name: "NSArray", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "count", Types: "Q@:"},
		{Sel: "objectAtIndex:", Types: "@@:Q"},
		{Sel: "init", Types: "@@:"},
		{Sel: "initWithObjects:count:", Types: "@@:r^@Q"},
		{Sel: "arrayByAddingObject:", Types: "@@:@"},
		{Sel: "componentsJoinedByString:", Types: "@@:@"},
		{Sel: "containsObject:", Types: "B@:@"},
		{Sel: "description", Types: "@@:"},
		{Sel: "indexOfObject:", Types: "Q@:@"},
		{Sel: "isEqualToArray:", Types: "B@:@"},
		{Sel: "firstObject", Types: "@@:"},
		{Sel: "lastObject", Types: "@@:"},
		{Sel: "objectEnumerator", Types: "@@:"},
		{Sel: "subarrayWithRange:", Types: "@@:" + encRange},
		{Sel: "objectAtIndexedSubscript:", Types: "@@:Q"},
		{Sel: "array", Types: "@@:", Static: true},
		{Sel: "arrayWithObject:", Types: "@@:@", Static: true},
		{Sel: "arrayWithObjects:count:", Types: "@@:r^@Q", Static: true},
		{Sel: "arrayWithArray:", Types: "@@:@", Static: true},
		{Sel: "initWithArray:", Types: "@@:@"},
	}},

	// Foundation/NSURL.h (the creators and the few readers of a file URL).
	{Name: "NSURL", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "URLWithString:", Types: "@@:@", Static: true},
		{Sel: "fileURLWithPath:", Types: "@@:@", Static: true},
		{Sel: "fileURLWithPath:isDirectory:", Types: "@@:@B", Static: true},
		{Sel: "initWithString:", Types: "@@:@"},
		{Sel: "initFileURLWithPath:", Types: "@@:@"},
		{Sel: "initFileURLWithPath:isDirectory:", Types: "@@:@B"},
		{Sel: "absoluteString", Types: "@@:"},
		{Sel: "path", Types: "@@:"},
		{Sel: "lastPathComponent", Types: "@@:"},
		{Sel: "isFileURL", Types: "B@:"},
	}},

	// Metal/MTLDevice.h (macOS 11.3). MTLSizeAndAlign and
	// MTLAccelerationStructureSizes returns are left out (no kind for them).
	{Name: "MTLDevice", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "name", Types: "@@:"},
		{Sel: "registryID", Types: "Q@:"},
		{Sel: "maxThreadsPerThreadgroup", Types: encSize + "@:"},
		{Sel: "isLowPower", Types: "B@:"},
		{Sel: "isHeadless", Types: "B@:"},
		{Sel: "isRemovable", Types: "B@:"},
		{Sel: "hasUnifiedMemory", Types: "B@:"},
		{Sel: "recommendedMaxWorkingSetSize", Types: "Q@:"},
		{Sel: "location", Types: "Q@:"},
		{Sel: "locationNumber", Types: "Q@:"},
		{Sel: "maxTransferRate", Types: "Q@:"},
		{Sel: "isDepth24Stencil8PixelFormatSupported", Types: "B@:"},
		{Sel: "readWriteTextureSupport", Types: "Q@:"},
		{Sel: "argumentBuffersSupport", Types: "Q@:"},
		{Sel: "areRasterOrderGroupsSupported", Types: "B@:"},
		{Sel: "supports32BitFloatFiltering", Types: "B@:"},
		{Sel: "supports32BitMSAA", Types: "B@:"},
		{Sel: "supportsQueryTextureLOD", Types: "B@:"},
		{Sel: "supportsBCTextureCompression", Types: "B@:"},
		{Sel: "supportsPullModelInterpolation", Types: "B@:"},
		{Sel: "areBarycentricCoordsSupported", Types: "B@:"},
		{Sel: "supportsShaderBarycentricCoordinates", Types: "B@:"},
		{Sel: "currentAllocatedSize", Types: "Q@:"},
		{Sel: "newCommandQueue", Types: "@@:"},
		{Sel: "newCommandQueueWithMaxCommandBufferCount:", Types: "@@:Q"},
		{Sel: "newHeapWithDescriptor:", Types: "@@:@"},
		{Sel: "newBufferWithLength:options:", Types: "@@:QQ"},
		{Sel: "newBufferWithBytes:length:options:", Types: "@@:r^vQQ"},
		{Sel: "newBufferWithBytesNoCopy:length:options:deallocator:", Types: "@@:^vQQ@?"},
		{Sel: "newDepthStencilStateWithDescriptor:", Types: "@@:@"},
		{Sel: "newTextureWithDescriptor:", Types: "@@:@"},
		{Sel: "newTextureWithDescriptor:iosurface:plane:", Types: "@@:@^{__IOSurface=}Q"},
		{Sel: "newSharedTextureWithDescriptor:", Types: "@@:@"},
		{Sel: "newSharedTextureWithHandle:", Types: "@@:@"},
		{Sel: "newSamplerStateWithDescriptor:", Types: "@@:@"},
		{Sel: "newDefaultLibrary", Types: "@@:"},
		{Sel: "newDefaultLibraryWithBundle:error:", Types: "@@:@^@"},
		{Sel: "newLibraryWithFile:error:", Types: "@@:@^@"},
		{Sel: "newLibraryWithURL:error:", Types: "@@:@^@"},
		{Sel: "newLibraryWithData:error:", Types: "@@:@^@"},
		{Sel: "newLibraryWithSource:options:error:", Types: "@@:@@^@"},
		{Sel: "newLibraryWithSource:options:completionHandler:", Types: "v@:@@@?"},
		{Sel: "newRenderPipelineStateWithDescriptor:error:", Types: "@@:@^@"},
		{Sel: "newRenderPipelineStateWithDescriptor:options:reflection:error:", Types: "@@:@Q^@^@"},
		{Sel: "newRenderPipelineStateWithDescriptor:completionHandler:", Types: "v@:@@?"},
		{Sel: "newRenderPipelineStateWithDescriptor:options:completionHandler:", Types: "v@:@Q@?"},
		{Sel: "newComputePipelineStateWithFunction:error:", Types: "@@:@^@"},
		{Sel: "newComputePipelineStateWithFunction:options:reflection:error:", Types: "@@:@Q^@^@"},
		{Sel: "newComputePipelineStateWithFunction:completionHandler:", Types: "v@:@@?"},
		{Sel: "newComputePipelineStateWithDescriptor:options:reflection:error:", Types: "@@:@Q^@^@"},
		{Sel: "newFence", Types: "@@:"},
		{Sel: "supportsFeatureSet:", Types: "B@:Q"},
		{Sel: "supportsFamily:", Types: "B@:q"},
		{Sel: "supportsTextureSampleCount:", Types: "B@:Q"},
		{Sel: "minimumLinearTextureAlignmentForPixelFormat:", Types: "Q@:Q"},
		{Sel: "minimumTextureBufferAlignmentForPixelFormat:", Types: "Q@:Q"},
		{Sel: "maxThreadgroupMemoryLength", Types: "Q@:"},
		{Sel: "maxArgumentBufferSamplerCount", Types: "Q@:"},
		{Sel: "areProgrammableSamplePositionsSupported", Types: "B@:"},
		{Sel: "getDefaultSamplePositions:count:", Types: "v@:^" + encSamplePosition + "Q"},
		{Sel: "newArgumentEncoderWithArguments:", Types: "@@:@"},
		{Sel: "supportsRasterizationRateMapWithLayerCount:", Types: "B@:Q"},
		{Sel: "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:", Types: "@@:@QQ"},
		{Sel: "newEvent", Types: "@@:"},
		{Sel: "newSharedEvent", Types: "@@:"},
		{Sel: "newSharedEventWithHandle:", Types: "@@:@"},
		{Sel: "peerGroupID", Types: "Q@:"},
		{Sel: "peerIndex", Types: "I@:"},
		{Sel: "peerCount", Types: "I@:"},
		{Sel: "sparseTileSizeWithTextureType:pixelFormat:sampleCount:", Types: encSize + "@:QQQ"},
		{Sel: "sparseTileSizeInBytes", Types: "Q@:"},
		{Sel: "maxBufferLength", Types: "Q@:"},
		{Sel: "counterSets", Types: "@@:"},
		{Sel: "newCounterSampleBufferWithDescriptor:error:", Types: "@@:@^@"},
		{Sel: "sampleTimestamps:gpuTimestamp:", Types: "v@:^Q^Q"},
		{Sel: "supportsCounterSampling:", Types: "B@:Q"},
		{Sel: "supportsVertexAmplificationCount:", Types: "B@:Q"},
		{Sel: "supportsDynamicLibraries", Types: "B@:"},
		{Sel: "newDynamicLibrary:error:", Types: "@@:@^@"},
		{Sel: "newDynamicLibraryWithURL:error:", Types: "@@:@^@"},
		{Sel: "newBinaryArchiveWithDescriptor:error:", Types: "@@:@^@"},
		{Sel: "supportsRaytracing", Types: "B@:"},
		{Sel: "newAccelerationStructureWithSize:", Types: "@@:Q"},
		{Sel: "newAccelerationStructureWithDescriptor:", Types: "@@:@"},
		{Sel: "supportsFunctionPointers", Types: "B@:"},
	}},

	// Metal/MTLResource.h.
	{Name: "MTLResource", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "device", Types: "@@:"},
		{Sel: "cpuCacheMode", Types: "Q@:"},
		{Sel: "storageMode", Types: "Q@:"},
		{Sel: "hazardTrackingMode", Types: "Q@:"},
		{Sel: "resourceOptions", Types: "Q@:"},
		{Sel: "setPurgeableState:", Types: "Q@:Q"},
		{Sel: "heap", Types: "@@:"},
		{Sel: "heapOffset", Types: "Q@:"},
		{Sel: "allocatedSize", Types: "Q@:"},
		{Sel: "makeAliasable", Types: "v@:"},
		{Sel: "isAliasable", Types: "B@:"},
	}},
	// Metal/MTLBuffer.h.
	{Name: "MTLBuffer", Inherits: []string{"MTLResource"}, Methods: []Method{
		{Sel: "length", Types: "Q@:"},
		{Sel: "contents", Types: "^v@:"},
		{Sel: "didModifyRange:", Types: "v@:" + encRange},
		{Sel: "newTextureWithDescriptor:offset:bytesPerRow:", Types: "@@:@QQ"},
		{Sel: "addDebugMarker:range:", Types: "v@:@" + encRange},
		{Sel: "removeAllDebugMarkers", Types: "v@:"},
		{Sel: "remoteStorageBuffer", Types: "@@:"},
		{Sel: "newRemoteBufferViewForDevice:", Types: "@@:@"},
	}},
	// Metal/MTLTexture.h (macOS 11.3): the descriptor class and the protocol.
	{Name: "MTLTextureDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "texture2DDescriptorWithPixelFormat:width:height:mipmapped:", Types: "@@:QQQB", Static: true},
		{Sel: "textureCubeDescriptorWithPixelFormat:size:mipmapped:", Types: "@@:QQB", Static: true},
		{Sel: "textureBufferDescriptorWithPixelFormat:width:resourceOptions:usage:", Types: "@@:QQQQ", Static: true},
		{Sel: "textureType", Types: "Q@:"},
		{Sel: "setTextureType:", Types: "v@:Q"},
		{Sel: "pixelFormat", Types: "Q@:"},
		{Sel: "setPixelFormat:", Types: "v@:Q"},
		{Sel: "width", Types: "Q@:"},
		{Sel: "setWidth:", Types: "v@:Q"},
		{Sel: "height", Types: "Q@:"},
		{Sel: "setHeight:", Types: "v@:Q"},
		{Sel: "depth", Types: "Q@:"},
		{Sel: "setDepth:", Types: "v@:Q"},
		{Sel: "mipmapLevelCount", Types: "Q@:"},
		{Sel: "setMipmapLevelCount:", Types: "v@:Q"},
		{Sel: "sampleCount", Types: "Q@:"},
		{Sel: "setSampleCount:", Types: "v@:Q"},
		{Sel: "arrayLength", Types: "Q@:"},
		{Sel: "setArrayLength:", Types: "v@:Q"},
		{Sel: "resourceOptions", Types: "Q@:"},
		{Sel: "setResourceOptions:", Types: "v@:Q"},
		{Sel: "cpuCacheMode", Types: "Q@:"},
		{Sel: "setCpuCacheMode:", Types: "v@:Q"},
		{Sel: "storageMode", Types: "Q@:"},
		{Sel: "setStorageMode:", Types: "v@:Q"},
		{Sel: "hazardTrackingMode", Types: "Q@:"},
		{Sel: "setHazardTrackingMode:", Types: "v@:Q"},
		{Sel: "usage", Types: "Q@:"},
		{Sel: "setUsage:", Types: "v@:Q"},
		{Sel: "allowGPUOptimizedContents", Types: "B@:"},
		{Sel: "setAllowGPUOptimizedContents:", Types: "v@:B"},
		{Sel: "swizzle", Types: encSwizzle + "@:"},
		{Sel: "setSwizzle:", Types: "v@:" + encSwizzle},
	}},
	{Name: "MTLTexture", Inherits: []string{"MTLResource"}, Methods: []Method{
		{Sel: "parentTexture", Types: "@@:"},
		{Sel: "parentRelativeLevel", Types: "Q@:"},
		{Sel: "parentRelativeSlice", Types: "Q@:"},
		{Sel: "buffer", Types: "@@:"},
		{Sel: "bufferOffset", Types: "Q@:"},
		{Sel: "bufferBytesPerRow", Types: "Q@:"},
		{Sel: "iosurface", Types: "^{__IOSurface=}@:"},
		{Sel: "iosurfacePlane", Types: "Q@:"},
		{Sel: "textureType", Types: "Q@:"},
		{Sel: "pixelFormat", Types: "Q@:"},
		{Sel: "width", Types: "Q@:"},
		{Sel: "height", Types: "Q@:"},
		{Sel: "depth", Types: "Q@:"},
		{Sel: "mipmapLevelCount", Types: "Q@:"},
		{Sel: "sampleCount", Types: "Q@:"},
		{Sel: "arrayLength", Types: "Q@:"},
		{Sel: "usage", Types: "Q@:"},
		{Sel: "isShareable", Types: "B@:"},
		{Sel: "isFramebufferOnly", Types: "B@:"},
		{Sel: "firstMipmapInTail", Types: "Q@:"}, // @optional
		{Sel: "tailSizeInBytes", Types: "Q@:"},   // @optional
		{Sel: "isSparse", Types: "B@:"},          // @optional
		{Sel: "allowGPUOptimizedContents", Types: "B@:"},
		{Sel: "getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:", Types: "v@:^vQQ" + encRegion + "QQ"},
		{Sel: "replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:", Types: "v@:" + encRegion + "QQr^vQQ"},
		{Sel: "getBytes:bytesPerRow:fromRegion:mipmapLevel:", Types: "v@:^vQ" + encRegion + "Q"},
		{Sel: "replaceRegion:mipmapLevel:withBytes:bytesPerRow:", Types: "v@:" + encRegion + "Qr^vQ"},
		{Sel: "newTextureViewWithPixelFormat:", Types: "@@:Q"},
		{Sel: "newTextureViewWithPixelFormat:textureType:levels:slices:", Types: "@@:QQ" + encRange + encRange},
		{Sel: "newSharedTextureHandle", Types: "@@:"},
		{Sel: "remoteStorageTexture", Types: "@@:"},
		{Sel: "newRemoteTextureViewForDevice:", Types: "@@:@"},
		{Sel: "swizzle", Types: encSwizzle + "@:"},
		{Sel: "newTextureViewWithPixelFormat:textureType:levels:slices:swizzle:", Types: "@@:QQ" + encRange + encRange + encSwizzle},
	}},

	// Metal/MTLSampler.h (macOS 11.3).
	{Name: "MTLSamplerDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "minFilter", Types: "Q@:"},
		{Sel: "setMinFilter:", Types: "v@:Q"},
		{Sel: "magFilter", Types: "Q@:"},
		{Sel: "setMagFilter:", Types: "v@:Q"},
		{Sel: "mipFilter", Types: "Q@:"},
		{Sel: "setMipFilter:", Types: "v@:Q"},
		{Sel: "maxAnisotropy", Types: "Q@:"},
		{Sel: "setMaxAnisotropy:", Types: "v@:Q"},
		{Sel: "sAddressMode", Types: "Q@:"},
		{Sel: "setSAddressMode:", Types: "v@:Q"},
		{Sel: "tAddressMode", Types: "Q@:"},
		{Sel: "setTAddressMode:", Types: "v@:Q"},
		{Sel: "rAddressMode", Types: "Q@:"},
		{Sel: "setRAddressMode:", Types: "v@:Q"},
		{Sel: "borderColor", Types: "Q@:"},
		{Sel: "setBorderColor:", Types: "v@:Q"},
		{Sel: "normalizedCoordinates", Types: "B@:"},
		{Sel: "setNormalizedCoordinates:", Types: "v@:B"},
		{Sel: "lodMinClamp", Types: "f@:"},
		{Sel: "setLodMinClamp:", Types: "v@:f"},
		{Sel: "lodMaxClamp", Types: "f@:"},
		{Sel: "setLodMaxClamp:", Types: "v@:f"},
		{Sel: "lodAverage", Types: "B@:"},
		{Sel: "setLodAverage:", Types: "v@:B"},
		{Sel: "compareFunction", Types: "Q@:"},
		{Sel: "setCompareFunction:", Types: "v@:Q"},
		{Sel: "supportArgumentBuffers", Types: "B@:"},
		{Sel: "setSupportArgumentBuffers:", Types: "v@:B"},
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
	}},
	{Name: "MTLSamplerState", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"}, // readonly
		{Sel: "device", Types: "@@:"},
	}},

	// Metal/MTLDepthStencil.h. readMask and writeMask are uint32_t.
	{Name: "MTLStencilDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "stencilCompareFunction", Types: "Q@:"},
		{Sel: "setStencilCompareFunction:", Types: "v@:Q"},
		{Sel: "stencilFailureOperation", Types: "Q@:"},
		{Sel: "setStencilFailureOperation:", Types: "v@:Q"},
		{Sel: "depthFailureOperation", Types: "Q@:"},
		{Sel: "setDepthFailureOperation:", Types: "v@:Q"},
		{Sel: "depthStencilPassOperation", Types: "Q@:"},
		{Sel: "setDepthStencilPassOperation:", Types: "v@:Q"},
		{Sel: "readMask", Types: "I@:"},
		{Sel: "setReadMask:", Types: "v@:I"},
		{Sel: "writeMask", Types: "I@:"},
		{Sel: "setWriteMask:", Types: "v@:I"},
	}},
	{Name: "MTLDepthStencilDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "depthCompareFunction", Types: "Q@:"},
		{Sel: "setDepthCompareFunction:", Types: "v@:Q"},
		{Sel: "isDepthWriteEnabled", Types: "B@:"},
		{Sel: "setDepthWriteEnabled:", Types: "v@:B"},
		{Sel: "frontFaceStencil", Types: "@@:"},
		{Sel: "setFrontFaceStencil:", Types: "v@:@"},
		{Sel: "backFaceStencil", Types: "@@:"},
		{Sel: "setBackFaceStencil:", Types: "v@:@"},
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
	}},
	{Name: "MTLDepthStencilState", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"}, // readonly
		{Sel: "device", Types: "@@:"},
	}},

	// Metal/MTLLibrary.h (macOS 11.1). MTLLibraryType is NSInteger.
	{Name: "MTLFunction", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "device", Types: "@@:"},
		{Sel: "functionType", Types: "Q@:"},
		{Sel: "patchType", Types: "Q@:"},
		{Sel: "patchControlPointCount", Types: "q@:"},
		{Sel: "vertexAttributes", Types: "@@:"},
		{Sel: "stageInputAttributes", Types: "@@:"},
		{Sel: "name", Types: "@@:"},
		{Sel: "functionConstantsDictionary", Types: "@@:"},
		{Sel: "newArgumentEncoderWithBufferIndex:", Types: "@@:Q"},
		{Sel: "newArgumentEncoderWithBufferIndex:reflection:", Types: "@@:Q^@"},
	}},
	{Name: "MTLCompileOptions", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "preprocessorMacros", Types: "@@:"},
		{Sel: "setPreprocessorMacros:", Types: "v@:@"},
		{Sel: "fastMathEnabled", Types: "B@:"},
		{Sel: "setFastMathEnabled:", Types: "v@:B"},
		{Sel: "languageVersion", Types: "Q@:"},
		{Sel: "setLanguageVersion:", Types: "v@:Q"},
		{Sel: "libraryType", Types: "q@:"},
		{Sel: "setLibraryType:", Types: "v@:q"},
		{Sel: "installName", Types: "@@:"},
		{Sel: "setInstallName:", Types: "v@:@"},
		{Sel: "libraries", Types: "@@:"},
		{Sel: "setLibraries:", Types: "v@:@"},
		{Sel: "preserveInvariance", Types: "B@:"},
		{Sel: "setPreserveInvariance:", Types: "v@:B"},
	}},
	{Name: "MTLLibrary", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "device", Types: "@@:"},
		{Sel: "newFunctionWithName:", Types: "@@:@"},
		{Sel: "newFunctionWithName:constantValues:error:", Types: "@@:@@^@"},
		{Sel: "newFunctionWithName:constantValues:completionHandler:", Types: "v@:@@@?"},
		{Sel: "newFunctionWithDescriptor:completionHandler:", Types: "v@:@@?"},
		{Sel: "newFunctionWithDescriptor:error:", Types: "@@:@^@"},
		{Sel: "newIntersectionFunctionWithDescriptor:completionHandler:", Types: "v@:@@?"},
		{Sel: "newIntersectionFunctionWithDescriptor:error:", Types: "@@:@^@"},
		{Sel: "functionNames", Types: "@@:"},
		{Sel: "type", Types: "q@:"},
		{Sel: "installName", Types: "@@:"},
	}},

	// Metal/MTLVertexDescriptor.h (macOS 11.1).
	{Name: "MTLVertexBufferLayoutDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "stride", Types: "Q@:"},
		{Sel: "setStride:", Types: "v@:Q"},
		{Sel: "stepFunction", Types: "Q@:"},
		{Sel: "setStepFunction:", Types: "v@:Q"},
		{Sel: "stepRate", Types: "Q@:"},
		{Sel: "setStepRate:", Types: "v@:Q"},
	}},
	{Name: "MTLVertexBufferLayoutDescriptorArray", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "objectAtIndexedSubscript:", Types: "@@:Q"},
		{Sel: "setObject:atIndexedSubscript:", Types: "v@:@Q"},
	}},
	{Name: "MTLVertexAttributeDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "format", Types: "Q@:"},
		{Sel: "setFormat:", Types: "v@:Q"},
		{Sel: "offset", Types: "Q@:"},
		{Sel: "setOffset:", Types: "v@:Q"},
		{Sel: "bufferIndex", Types: "Q@:"},
		{Sel: "setBufferIndex:", Types: "v@:Q"},
	}},
	{Name: "MTLVertexAttributeDescriptorArray", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "objectAtIndexedSubscript:", Types: "@@:Q"},
		{Sel: "setObject:atIndexedSubscript:", Types: "v@:@Q"},
	}},
	{Name: "MTLVertexDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "vertexDescriptor", Types: "@@:", Static: true},
		{Sel: "layouts", Types: "@@:"},    // readonly
		{Sel: "attributes", Types: "@@:"}, // readonly
		{Sel: "reset", Types: "v@:"},
	}},

	// Metal/MTLRenderPipeline.h (macOS 11.1). MTLColorWriteMask is
	// NSUInteger (unlike MTLStencilDescriptor's uint32_t writeMask).
	{Name: "MTLRenderPipelineColorAttachmentDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "pixelFormat", Types: "Q@:"},
		{Sel: "setPixelFormat:", Types: "v@:Q"},
		{Sel: "isBlendingEnabled", Types: "B@:"},
		{Sel: "setBlendingEnabled:", Types: "v@:B"},
		{Sel: "sourceRGBBlendFactor", Types: "Q@:"},
		{Sel: "setSourceRGBBlendFactor:", Types: "v@:Q"},
		{Sel: "destinationRGBBlendFactor", Types: "Q@:"},
		{Sel: "setDestinationRGBBlendFactor:", Types: "v@:Q"},
		{Sel: "rgbBlendOperation", Types: "Q@:"},
		{Sel: "setRgbBlendOperation:", Types: "v@:Q"},
		{Sel: "sourceAlphaBlendFactor", Types: "Q@:"},
		{Sel: "setSourceAlphaBlendFactor:", Types: "v@:Q"},
		{Sel: "destinationAlphaBlendFactor", Types: "Q@:"},
		{Sel: "setDestinationAlphaBlendFactor:", Types: "v@:Q"},
		{Sel: "alphaBlendOperation", Types: "Q@:"},
		{Sel: "setAlphaBlendOperation:", Types: "v@:Q"},
		{Sel: "writeMask", Types: "Q@:"},
		{Sel: "setWriteMask:", Types: "v@:Q"},
	}},
	{Name: "MTLRenderPipelineColorAttachmentDescriptorArray", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "objectAtIndexedSubscript:", Types: "@@:Q"},
		{Sel: "setObject:atIndexedSubscript:", Types: "v@:@Q"},
	}},
	{Name: "MTLRenderPipelineDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "vertexFunction", Types: "@@:"},
		{Sel: "setVertexFunction:", Types: "v@:@"},
		{Sel: "fragmentFunction", Types: "@@:"},
		{Sel: "setFragmentFunction:", Types: "v@:@"},
		{Sel: "vertexDescriptor", Types: "@@:"},
		{Sel: "setVertexDescriptor:", Types: "v@:@"},
		{Sel: "sampleCount", Types: "Q@:"},
		{Sel: "setSampleCount:", Types: "v@:Q"},
		{Sel: "rasterSampleCount", Types: "Q@:"},
		{Sel: "setRasterSampleCount:", Types: "v@:Q"},
		{Sel: "isAlphaToCoverageEnabled", Types: "B@:"},
		{Sel: "setAlphaToCoverageEnabled:", Types: "v@:B"},
		{Sel: "isAlphaToOneEnabled", Types: "B@:"},
		{Sel: "setAlphaToOneEnabled:", Types: "v@:B"},
		{Sel: "isRasterizationEnabled", Types: "B@:"},
		{Sel: "setRasterizationEnabled:", Types: "v@:B"},
		{Sel: "maxVertexAmplificationCount", Types: "Q@:"},
		{Sel: "setMaxVertexAmplificationCount:", Types: "v@:Q"},
		{Sel: "colorAttachments", Types: "@@:"}, // readonly
		{Sel: "depthAttachmentPixelFormat", Types: "Q@:"},
		{Sel: "setDepthAttachmentPixelFormat:", Types: "v@:Q"},
		{Sel: "stencilAttachmentPixelFormat", Types: "Q@:"},
		{Sel: "setStencilAttachmentPixelFormat:", Types: "v@:Q"},
		{Sel: "inputPrimitiveTopology", Types: "Q@:"},
		{Sel: "setInputPrimitiveTopology:", Types: "v@:Q"},
		{Sel: "tessellationPartitionMode", Types: "Q@:"},
		{Sel: "setTessellationPartitionMode:", Types: "v@:Q"},
		{Sel: "maxTessellationFactor", Types: "Q@:"},
		{Sel: "setMaxTessellationFactor:", Types: "v@:Q"},
		{Sel: "isTessellationFactorScaleEnabled", Types: "B@:"},
		{Sel: "setTessellationFactorScaleEnabled:", Types: "v@:B"},
		{Sel: "tessellationFactorFormat", Types: "Q@:"},
		{Sel: "setTessellationFactorFormat:", Types: "v@:Q"},
		{Sel: "tessellationControlPointIndexType", Types: "Q@:"},
		{Sel: "setTessellationControlPointIndexType:", Types: "v@:Q"},
		{Sel: "tessellationFactorStepFunction", Types: "Q@:"},
		{Sel: "setTessellationFactorStepFunction:", Types: "v@:Q"},
		{Sel: "tessellationOutputWindingOrder", Types: "Q@:"},
		{Sel: "setTessellationOutputWindingOrder:", Types: "v@:Q"},
		{Sel: "vertexBuffers", Types: "@@:"},   // readonly
		{Sel: "fragmentBuffers", Types: "@@:"}, // readonly
		{Sel: "supportIndirectCommandBuffers", Types: "B@:"},
		{Sel: "setSupportIndirectCommandBuffers:", Types: "v@:B"},
		{Sel: "binaryArchives", Types: "@@:"},
		{Sel: "setBinaryArchives:", Types: "v@:@"},
		{Sel: "reset", Types: "v@:"},
	}},
	{Name: "MTLRenderPipelineState", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"}, // readonly
		{Sel: "device", Types: "@@:"},
		{Sel: "maxTotalThreadsPerThreadgroup", Types: "Q@:"},
		{Sel: "threadgroupSizeMatchesTileSize", Types: "B@:"},
		{Sel: "imageblockSampleLength", Types: "Q@:"},
		{Sel: "imageblockMemoryLengthForDimensions:", Types: "Q@:" + encSize},
		{Sel: "supportIndirectCommandBuffers", Types: "B@:"},
	}},

	// Metal/MTLBinaryArchive.h (macOS 11.0). The add... and serialize
	// methods return BOOL and fill an NSError ** on failure.
	{Name: "MTLBinaryArchiveDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "url", Types: "@@:"},
		{Sel: "setUrl:", Types: "v@:@"},
	}},
	{Name: "MTLBinaryArchive", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "device", Types: "@@:"},
		{Sel: "addComputePipelineFunctionsWithDescriptor:error:", Types: "B@:@^@"},
		{Sel: "addRenderPipelineFunctionsWithDescriptor:error:", Types: "B@:@^@"},
		{Sel: "addTileRenderPipelineFunctionsWithDescriptor:error:", Types: "B@:@^@"},
		{Sel: "serializeToURL:error:", Types: "B@:@^@"},
	}},

	// Metal/MTLRenderPass.h (macOS 11.3). clearStencil is uint32_t,
	// clearDepth double.
	{Name: "MTLRenderPassAttachmentDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "texture", Types: "@@:"},
		{Sel: "setTexture:", Types: "v@:@"},
		{Sel: "level", Types: "Q@:"},
		{Sel: "setLevel:", Types: "v@:Q"},
		{Sel: "slice", Types: "Q@:"},
		{Sel: "setSlice:", Types: "v@:Q"},
		{Sel: "depthPlane", Types: "Q@:"},
		{Sel: "setDepthPlane:", Types: "v@:Q"},
		{Sel: "resolveTexture", Types: "@@:"},
		{Sel: "setResolveTexture:", Types: "v@:@"},
		{Sel: "resolveLevel", Types: "Q@:"},
		{Sel: "setResolveLevel:", Types: "v@:Q"},
		{Sel: "resolveSlice", Types: "Q@:"},
		{Sel: "setResolveSlice:", Types: "v@:Q"},
		{Sel: "resolveDepthPlane", Types: "Q@:"},
		{Sel: "setResolveDepthPlane:", Types: "v@:Q"},
		{Sel: "loadAction", Types: "Q@:"},
		{Sel: "setLoadAction:", Types: "v@:Q"},
		{Sel: "storeAction", Types: "Q@:"},
		{Sel: "setStoreAction:", Types: "v@:Q"},
		{Sel: "storeActionOptions", Types: "Q@:"},
		{Sel: "setStoreActionOptions:", Types: "v@:Q"},
	}},
	{Name: "MTLRenderPassColorAttachmentDescriptor", Class: true, Inherits: []string{"MTLRenderPassAttachmentDescriptor"}, Methods: []Method{
		{Sel: "clearColor", Types: encClearColor + "@:"},
		{Sel: "setClearColor:", Types: "v@:" + encClearColor},
	}},
	{Name: "MTLRenderPassDepthAttachmentDescriptor", Class: true, Inherits: []string{"MTLRenderPassAttachmentDescriptor"}, Methods: []Method{
		{Sel: "clearDepth", Types: "d@:"},
		{Sel: "setClearDepth:", Types: "v@:d"},
		{Sel: "depthResolveFilter", Types: "Q@:"},
		{Sel: "setDepthResolveFilter:", Types: "v@:Q"},
	}},
	{Name: "MTLRenderPassStencilAttachmentDescriptor", Class: true, Inherits: []string{"MTLRenderPassAttachmentDescriptor"}, Methods: []Method{
		{Sel: "clearStencil", Types: "I@:"},
		{Sel: "setClearStencil:", Types: "v@:I"},
		{Sel: "stencilResolveFilter", Types: "Q@:"},
		{Sel: "setStencilResolveFilter:", Types: "v@:Q"},
	}},
	{Name: "MTLRenderPassColorAttachmentDescriptorArray", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "objectAtIndexedSubscript:", Types: "@@:Q"},
		{Sel: "setObject:atIndexedSubscript:", Types: "v@:@Q"},
	}},
	{Name: "MTLRenderPassDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "renderPassDescriptor", Types: "@@:", Static: true},
		{Sel: "colorAttachments", Types: "@@:"}, // readonly
		{Sel: "depthAttachment", Types: "@@:"},
		{Sel: "setDepthAttachment:", Types: "v@:@"},
		{Sel: "stencilAttachment", Types: "@@:"},
		{Sel: "setStencilAttachment:", Types: "v@:@"},
		{Sel: "visibilityResultBuffer", Types: "@@:"},
		{Sel: "setVisibilityResultBuffer:", Types: "v@:@"},
		{Sel: "renderTargetArrayLength", Types: "Q@:"},
		{Sel: "setRenderTargetArrayLength:", Types: "v@:Q"},
		{Sel: "imageblockSampleLength", Types: "Q@:"},
		{Sel: "setImageblockSampleLength:", Types: "v@:Q"},
		{Sel: "threadgroupMemoryLength", Types: "Q@:"},
		{Sel: "setThreadgroupMemoryLength:", Types: "v@:Q"},
		{Sel: "tileWidth", Types: "Q@:"},
		{Sel: "setTileWidth:", Types: "v@:Q"},
		{Sel: "tileHeight", Types: "Q@:"},
		{Sel: "setTileHeight:", Types: "v@:Q"},
		{Sel: "defaultRasterSampleCount", Types: "Q@:"},
		{Sel: "setDefaultRasterSampleCount:", Types: "v@:Q"},
		{Sel: "renderTargetWidth", Types: "Q@:"},
		{Sel: "setRenderTargetWidth:", Types: "v@:Q"},
		{Sel: "renderTargetHeight", Types: "Q@:"},
		{Sel: "setRenderTargetHeight:", Types: "v@:Q"},
		{Sel: "setSamplePositions:count:", Types: "v@:r^" + encSamplePosition + "Q"},
		{Sel: "getSamplePositions:count:", Types: "Q@:^" + encSamplePosition + "Q"},
		{Sel: "rasterizationRateMap", Types: "@@:"},
		{Sel: "setRasterizationRateMap:", Types: "v@:@"},
		{Sel: "sampleBufferAttachments", Types: "@@:"}, // readonly
	}},

	// Metal/MTLCommandQueue.h (macOS 10.15, with macOS 11's
	// commandBufferWithDescriptor:).
	{Name: "MTLCommandQueue", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "device", Types: "@@:"},
		{Sel: "commandBuffer", Types: "@@:"},
		{Sel: "commandBufferWithDescriptor:", Types: "@@:@"},
		{Sel: "commandBufferWithUnretainedReferences", Types: "@@:"},
		{Sel: "insertDebugCaptureBoundary", Types: "v@:"},
	}},
	// Metal/MTLCommandBuffer.h (macOS 11.0). CFTimeInterval is double;
	// MTLCommandBufferHandler a block.
	{Name: "MTLCommandBufferDescriptor", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "retainedReferences", Types: "B@:"},
		{Sel: "setRetainedReferences:", Types: "v@:B"},
		{Sel: "errorOptions", Types: "Q@:"},
		{Sel: "setErrorOptions:", Types: "v@:Q"},
	}},
	{Name: "MTLCommandBuffer", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "device", Types: "@@:"},
		{Sel: "commandQueue", Types: "@@:"},
		{Sel: "retainedReferences", Types: "B@:"},
		{Sel: "errorOptions", Types: "Q@:"},
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "kernelStartTime", Types: "d@:"},
		{Sel: "kernelEndTime", Types: "d@:"},
		{Sel: "logs", Types: "@@:"},
		{Sel: "GPUStartTime", Types: "d@:"},
		{Sel: "GPUEndTime", Types: "d@:"},
		{Sel: "enqueue", Types: "v@:"},
		{Sel: "commit", Types: "v@:"},
		{Sel: "addScheduledHandler:", Types: "v@:@?"},
		{Sel: "presentDrawable:", Types: "v@:@"},
		{Sel: "presentDrawable:atTime:", Types: "v@:@d"},
		{Sel: "presentDrawable:afterMinimumDuration:", Types: "v@:@d"},
		{Sel: "waitUntilScheduled", Types: "v@:"},
		{Sel: "addCompletedHandler:", Types: "v@:@?"},
		{Sel: "waitUntilCompleted", Types: "v@:"},
		{Sel: "status", Types: "Q@:"},
		{Sel: "error", Types: "@@:"},
		{Sel: "blitCommandEncoder", Types: "@@:"},
		{Sel: "renderCommandEncoderWithDescriptor:", Types: "@@:@"},
		{Sel: "computeCommandEncoderWithDescriptor:", Types: "@@:@"},
		{Sel: "blitCommandEncoderWithDescriptor:", Types: "@@:@"},
		{Sel: "computeCommandEncoder", Types: "@@:"},
		{Sel: "computeCommandEncoderWithDispatchType:", Types: "@@:Q"},
		{Sel: "encodeWaitForEvent:value:", Types: "v@:@Q"},
		{Sel: "encodeSignalEvent:value:", Types: "v@:@Q"},
		{Sel: "parallelRenderCommandEncoderWithDescriptor:", Types: "@@:@"},
		{Sel: "resourceStateCommandEncoder", Types: "@@:"},
		{Sel: "accelerationStructureCommandEncoder", Types: "@@:"},
		{Sel: "pushDebugGroup:", Types: "v@:@"},
		{Sel: "popDebugGroup", Types: "v@:"},
	}},

	// Metal/MTLCommandEncoder.h (macOS 11.0).
	{Name: "MTLCommandEncoder", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "device", Types: "@@:"},
		{Sel: "label", Types: "@@:"},
		{Sel: "setLabel:", Types: "v@:@"},
		{Sel: "endEncoding", Types: "v@:"},
		{Sel: "insertDebugSignpost:", Types: "v@:@"},
		{Sel: "pushDebugGroup:", Types: "v@:@"},
		{Sel: "popDebugGroup", Types: "v@:"},
	}},
	// Metal/MTLRenderCommandEncoder.h (macOS 11.0). Arrays of objects and
	// of numbers are const pointers ("r^@", "r^Q", "r^f"); the stencil
	// reference values are uint32_t; baseVertex is NSInteger.
	{Name: "MTLRenderCommandEncoder", Inherits: []string{"MTLCommandEncoder"}, Methods: []Method{
		{Sel: "setRenderPipelineState:", Types: "v@:@"},
		{Sel: "setVertexBytes:length:atIndex:", Types: "v@:r^vQQ"},
		{Sel: "setVertexBuffer:offset:atIndex:", Types: "v@:@QQ"},
		{Sel: "setVertexBufferOffset:atIndex:", Types: "v@:QQ"},
		{Sel: "setVertexBuffers:offsets:withRange:", Types: "v@:r^@r^Q" + encRange},
		{Sel: "setVertexTexture:atIndex:", Types: "v@:@Q"},
		{Sel: "setVertexTextures:withRange:", Types: "v@:r^@" + encRange},
		{Sel: "setVertexSamplerState:atIndex:", Types: "v@:@Q"},
		{Sel: "setVertexSamplerStates:withRange:", Types: "v@:r^@" + encRange},
		{Sel: "setVertexSamplerState:lodMinClamp:lodMaxClamp:atIndex:", Types: "v@:@ffQ"},
		{Sel: "setVertexSamplerStates:lodMinClamps:lodMaxClamps:withRange:", Types: "v@:r^@r^fr^f" + encRange},
		{Sel: "setViewport:", Types: "v@:" + encViewport},
		{Sel: "setViewports:count:", Types: "v@:r^" + encViewport + "Q"},
		{Sel: "setFrontFacingWinding:", Types: "v@:Q"},
		{Sel: "setVertexAmplificationCount:viewMappings:", Types: "v@:Qr^{MTLVertexAmplificationViewMapping=II}"},
		{Sel: "setCullMode:", Types: "v@:Q"},
		{Sel: "setDepthClipMode:", Types: "v@:Q"},
		{Sel: "setDepthBias:slopeScale:clamp:", Types: "v@:fff"},
		{Sel: "setScissorRect:", Types: "v@:" + encScissorRect},
		{Sel: "setScissorRects:count:", Types: "v@:r^" + encScissorRect + "Q"},
		{Sel: "setTriangleFillMode:", Types: "v@:Q"},
		{Sel: "setFragmentBytes:length:atIndex:", Types: "v@:r^vQQ"},
		{Sel: "setFragmentBuffer:offset:atIndex:", Types: "v@:@QQ"},
		{Sel: "setFragmentBufferOffset:atIndex:", Types: "v@:QQ"},
		{Sel: "setFragmentBuffers:offsets:withRange:", Types: "v@:r^@r^Q" + encRange},
		{Sel: "setFragmentTexture:atIndex:", Types: "v@:@Q"},
		{Sel: "setFragmentTextures:withRange:", Types: "v@:r^@" + encRange},
		{Sel: "setFragmentSamplerState:atIndex:", Types: "v@:@Q"},
		{Sel: "setFragmentSamplerStates:withRange:", Types: "v@:r^@" + encRange},
		{Sel: "setFragmentSamplerState:lodMinClamp:lodMaxClamp:atIndex:", Types: "v@:@ffQ"},
		{Sel: "setFragmentSamplerStates:lodMinClamps:lodMaxClamps:withRange:", Types: "v@:r^@r^fr^f" + encRange},
		{Sel: "setBlendColorRed:green:blue:alpha:", Types: "v@:ffff"},
		{Sel: "setDepthStencilState:", Types: "v@:@"},
		{Sel: "setStencilReferenceValue:", Types: "v@:I"},
		{Sel: "setStencilFrontReferenceValue:backReferenceValue:", Types: "v@:II"},
		{Sel: "setVisibilityResultMode:offset:", Types: "v@:QQ"},
		{Sel: "setColorStoreAction:atIndex:", Types: "v@:QQ"},
		{Sel: "setDepthStoreAction:", Types: "v@:Q"},
		{Sel: "setStencilStoreAction:", Types: "v@:Q"},
		{Sel: "setColorStoreActionOptions:atIndex:", Types: "v@:QQ"},
		{Sel: "setDepthStoreActionOptions:", Types: "v@:Q"},
		{Sel: "setStencilStoreActionOptions:", Types: "v@:Q"},
		{Sel: "drawPrimitives:vertexStart:vertexCount:instanceCount:", Types: "v@:QQQQ"},
		{Sel: "drawPrimitives:vertexStart:vertexCount:", Types: "v@:QQQ"},
		{Sel: "drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:", Types: "v@:QQQ@QQ"},
		{Sel: "drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:", Types: "v@:QQQ@Q"},
		{Sel: "drawPrimitives:vertexStart:vertexCount:instanceCount:baseInstance:", Types: "v@:QQQQQ"},
		{Sel: "drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:", Types: "v@:QQQ@QQqQ"},
		{Sel: "drawPrimitives:indirectBuffer:indirectBufferOffset:", Types: "v@:Q@Q"},
		{Sel: "drawIndexedPrimitives:indexType:indexBuffer:indexBufferOffset:indirectBuffer:indirectBufferOffset:", Types: "v@:QQ@Q@Q"},
		{Sel: "textureBarrier", Types: "v@:"},
		{Sel: "updateFence:afterStages:", Types: "v@:@Q"},
		{Sel: "waitForFence:beforeStages:", Types: "v@:@Q"},
		{Sel: "setTessellationFactorBuffer:offset:instanceStride:", Types: "v@:@QQ"},
		{Sel: "setTessellationFactorScale:", Types: "v@:f"},
		{Sel: "drawPatches:patchStart:patchCount:patchIndexBuffer:patchIndexBufferOffset:instanceCount:baseInstance:", Types: "v@:QQQ@QQQ"},
		{Sel: "drawPatches:patchIndexBuffer:patchIndexBufferOffset:indirectBuffer:indirectBufferOffset:", Types: "v@:Q@Q@Q"},
		{Sel: "drawIndexedPatches:patchStart:patchCount:patchIndexBuffer:patchIndexBufferOffset:controlPointIndexBuffer:controlPointIndexBufferOffset:instanceCount:baseInstance:", Types: "v@:QQQ@Q@QQQ"},
		{Sel: "drawIndexedPatches:patchIndexBuffer:patchIndexBufferOffset:controlPointIndexBuffer:controlPointIndexBufferOffset:indirectBuffer:indirectBufferOffset:", Types: "v@:Q@Q@Q@Q"},
		{Sel: "tileWidth", Types: "Q@:"},
		{Sel: "tileHeight", Types: "Q@:"},
		{Sel: "setTileBytes:length:atIndex:", Types: "v@:r^vQQ"},
		{Sel: "setTileBuffer:offset:atIndex:", Types: "v@:@QQ"},
		{Sel: "setTileBufferOffset:atIndex:", Types: "v@:QQ"},
		{Sel: "setTileTexture:atIndex:", Types: "v@:@Q"},
		{Sel: "setTileSamplerState:atIndex:", Types: "v@:@Q"},
		{Sel: "dispatchThreadsPerTile:", Types: "v@:" + encSize},
		{Sel: "setThreadgroupMemoryLength:offset:atIndex:", Types: "v@:QQQ"},
		{Sel: "useResource:usage:", Types: "v@:@Q"},
		{Sel: "useResources:count:usage:", Types: "v@:r^@QQ"},
		{Sel: "useResource:usage:stages:", Types: "v@:@QQ"},
		{Sel: "useResources:count:usage:stages:", Types: "v@:r^@QQQ"},
		{Sel: "useHeap:", Types: "v@:@"},
		{Sel: "useHeaps:count:", Types: "v@:r^@Q"},
		{Sel: "useHeap:stages:", Types: "v@:@Q"},
		{Sel: "useHeaps:count:stages:", Types: "v@:r^@QQ"},
		{Sel: "executeCommandsInBuffer:withRange:", Types: "v@:@" + encRange},
		{Sel: "executeCommandsInBuffer:indirectBuffer:indirectBufferOffset:", Types: "v@:@@Q"},
		{Sel: "memoryBarrierWithScope:afterStages:beforeStages:", Types: "v@:QQQ"},
		{Sel: "memoryBarrierWithResources:count:afterStages:beforeStages:", Types: "v@:r^@QQQ"},
		{Sel: "sampleCountersInBuffer:atSampleIndex:withBarrier:", Types: "v@:@QB"},
	}},
	// Metal/MTLBlitCommandEncoder.h (macOS 11.3). fillBuffer's value is
	// uint8_t.
	{Name: "MTLBlitCommandEncoder", Inherits: []string{"MTLCommandEncoder"}, Methods: []Method{
		{Sel: "synchronizeResource:", Types: "v@:@"},
		{Sel: "synchronizeTexture:slice:level:", Types: "v@:@QQ"},
		{Sel: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
			Types: "v@:@QQ" + encOrigin + encSize + "@QQ" + encOrigin},
		{Sel: "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
			Types: "v@:@QQQ" + encSize + "@QQ" + encOrigin},
		{Sel: "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:",
			Types: "v@:@QQQ" + encSize + "@QQ" + encOrigin + "Q"},
		{Sel: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
			Types: "v@:@QQ" + encOrigin + encSize + "@QQQ"},
		{Sel: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:",
			Types: "v@:@QQ" + encOrigin + encSize + "@QQQQ"},
		{Sel: "generateMipmapsForTexture:", Types: "v@:@"},
		{Sel: "fillBuffer:range:value:", Types: "v@:@" + encRange + "C"},
		{Sel: "copyFromTexture:sourceSlice:sourceLevel:toTexture:destinationSlice:destinationLevel:sliceCount:levelCount:", Types: "v@:@QQ@QQQQ"},
		{Sel: "copyFromTexture:toTexture:", Types: "v@:@@"},
		{Sel: "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", Types: "v@:@Q@QQ"},
		{Sel: "updateFence:", Types: "v@:@"},
		{Sel: "waitForFence:", Types: "v@:@"},
		{Sel: "getTextureAccessCounters:region:mipLevel:slice:resetCounters:countersBuffer:countersBufferOffset:", Types: "v@:@" + encRegion + "QQB@Q"}, // @optional
		{Sel: "resetTextureAccessCounters:region:mipLevel:slice:", Types: "v@:@" + encRegion + "QQ"},                                                    // @optional
		{Sel: "optimizeContentsForGPUAccess:", Types: "v@:@"},
		{Sel: "optimizeContentsForGPUAccess:slice:level:", Types: "v@:@QQ"},
		{Sel: "optimizeContentsForCPUAccess:", Types: "v@:@"},
		{Sel: "optimizeContentsForCPUAccess:slice:level:", Types: "v@:@QQ"},
		{Sel: "resetCommandsInBuffer:withRange:", Types: "v@:@" + encRange},
		{Sel: "copyIndirectCommandBuffer:sourceRange:destination:destinationIndex:", Types: "v@:@" + encRange + "@Q"},
		{Sel: "optimizeIndirectCommandBuffer:withRange:", Types: "v@:@" + encRange},
		{Sel: "sampleCountersInBuffer:atSampleIndex:withBarrier:", Types: "v@:@QB"},
		{Sel: "resolveCounters:inRange:destinationBuffer:destinationOffset:", Types: "v@:@" + encRange + "@Q"},
	}},

	// Metal/MTLDrawable.h (macOS 11.1).
	{Name: "MTLDrawable", Inherits: []string{"NSObjectProtocol"}, Methods: []Method{
		{Sel: "present", Types: "v@:"},
		{Sel: "presentAtTime:", Types: "v@:d"},
		{Sel: "presentAfterMinimumDuration:", Types: "v@:d"},
		{Sel: "addPresentedHandler:", Types: "v@:@?"},
		{Sel: "presentedTime", Types: "d@:"},
		{Sel: "drawableID", Types: "Q@:"},
	}},

	// QuartzCore/CALayer.h (macOS 10.15): the basics. CGFloat is double;
	// CGColorRef is a pointer to struct CGColor.
	{Name: "CALayer", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "layer", Types: "@@:", Static: true},
		{Sel: "init", Types: "@@:"},
		{Sel: "initWithLayer:", Types: "@@:@"},
		{Sel: "presentationLayer", Types: "@@:"},
		{Sel: "modelLayer", Types: "@@:"},
		{Sel: "bounds", Types: encCGRect + "@:"},
		{Sel: "setBounds:", Types: "v@:" + encCGRect},
		{Sel: "position", Types: encCGPoint + "@:"},
		{Sel: "setPosition:", Types: "v@:" + encCGPoint},
		{Sel: "zPosition", Types: "d@:"},
		{Sel: "setZPosition:", Types: "v@:d"},
		{Sel: "anchorPoint", Types: encCGPoint + "@:"},
		{Sel: "setAnchorPoint:", Types: "v@:" + encCGPoint},
		{Sel: "frame", Types: encCGRect + "@:"},
		{Sel: "setFrame:", Types: "v@:" + encCGRect},
		{Sel: "isHidden", Types: "B@:"},
		{Sel: "setHidden:", Types: "v@:B"},
		{Sel: "isGeometryFlipped", Types: "B@:"},
		{Sel: "setGeometryFlipped:", Types: "v@:B"},
		{Sel: "superlayer", Types: "@@:"},
		{Sel: "removeFromSuperlayer", Types: "v@:"},
		{Sel: "sublayers", Types: "@@:"},
		{Sel: "setSublayers:", Types: "v@:@"},
		{Sel: "addSublayer:", Types: "v@:@"},
		{Sel: "insertSublayer:atIndex:", Types: "v@:@I"},
		{Sel: "insertSublayer:below:", Types: "v@:@@"},
		{Sel: "insertSublayer:above:", Types: "v@:@@"},
		{Sel: "replaceSublayer:with:", Types: "v@:@@"},
		{Sel: "mask", Types: "@@:"},
		{Sel: "setMask:", Types: "v@:@"},
		{Sel: "masksToBounds", Types: "B@:"},
		{Sel: "setMasksToBounds:", Types: "v@:B"},
		{Sel: "contents", Types: "@@:"},
		{Sel: "setContents:", Types: "v@:@"},
		{Sel: "contentsRect", Types: encCGRect + "@:"},
		{Sel: "setContentsRect:", Types: "v@:" + encCGRect},
		{Sel: "contentsGravity", Types: "@@:"},
		{Sel: "setContentsGravity:", Types: "v@:@"},
		{Sel: "contentsScale", Types: "d@:"},
		{Sel: "setContentsScale:", Types: "v@:d"},
		{Sel: "minificationFilter", Types: "@@:"},
		{Sel: "setMinificationFilter:", Types: "v@:@"},
		{Sel: "magnificationFilter", Types: "@@:"},
		{Sel: "setMagnificationFilter:", Types: "v@:@"},
		{Sel: "isOpaque", Types: "B@:"},
		{Sel: "setOpaque:", Types: "v@:B"},
		{Sel: "display", Types: "v@:"},
		{Sel: "setNeedsDisplay", Types: "v@:"},
		{Sel: "setNeedsDisplayInRect:", Types: "v@:" + encCGRect},
		{Sel: "needsDisplay", Types: "B@:"},
		{Sel: "displayIfNeeded", Types: "v@:"},
		{Sel: "needsDisplayOnBoundsChange", Types: "B@:"},
		{Sel: "setNeedsDisplayOnBoundsChange:", Types: "v@:B"},
		{Sel: "drawsAsynchronously", Types: "B@:"},
		{Sel: "setDrawsAsynchronously:", Types: "v@:B"},
		{Sel: "backgroundColor", Types: "^{CGColor=}@:"},
		{Sel: "setBackgroundColor:", Types: "v@:^{CGColor=}"},
		{Sel: "cornerRadius", Types: "d@:"},
		{Sel: "setCornerRadius:", Types: "v@:d"},
		{Sel: "borderWidth", Types: "d@:"},
		{Sel: "setBorderWidth:", Types: "v@:d"},
		{Sel: "opacity", Types: "f@:"},
		{Sel: "setOpacity:", Types: "v@:f"},
		{Sel: "shouldRasterize", Types: "B@:"},
		{Sel: "setShouldRasterize:", Types: "v@:B"},
		{Sel: "rasterizationScale", Types: "d@:"},
		{Sel: "setRasterizationScale:", Types: "v@:d"},
		{Sel: "shadowOffset", Types: encCGSize + "@:"},
		{Sel: "setShadowOffset:", Types: "v@:" + encCGSize},
		{Sel: "autoresizingMask", Types: "I@:"},
		{Sel: "setAutoresizingMask:", Types: "v@:I"},
		{Sel: "preferredFrameSize", Types: encCGSize + "@:"},
		{Sel: "setNeedsLayout", Types: "v@:"},
		{Sel: "needsLayout", Types: "B@:"},
		{Sel: "layoutIfNeeded", Types: "v@:"},
		{Sel: "layoutSublayers", Types: "v@:"},
		{Sel: "removeAllAnimations", Types: "v@:"},
		{Sel: "name", Types: "@@:"},
		{Sel: "setName:", Types: "v@:@"},
		{Sel: "delegate", Types: "@@:"},
		{Sel: "setDelegate:", Types: "v@:@"},
	}},
	// QuartzCore/CAMetalLayer.h. CGColorSpaceRef is a pointer to struct
	// CGColorSpace.
	{Name: "CAMetalLayer", Class: true, Inherits: []string{"CALayer"}, Methods: []Method{
		{Sel: "device", Types: "@@:"},
		{Sel: "setDevice:", Types: "v@:@"},
		{Sel: "preferredDevice", Types: "@@:"},
		{Sel: "pixelFormat", Types: "Q@:"},
		{Sel: "setPixelFormat:", Types: "v@:Q"},
		{Sel: "framebufferOnly", Types: "B@:"},
		{Sel: "setFramebufferOnly:", Types: "v@:B"},
		{Sel: "drawableSize", Types: encCGSize + "@:"},
		{Sel: "setDrawableSize:", Types: "v@:" + encCGSize},
		{Sel: "nextDrawable", Types: "@@:"},
		{Sel: "maximumDrawableCount", Types: "Q@:"},
		{Sel: "setMaximumDrawableCount:", Types: "v@:Q"},
		{Sel: "presentsWithTransaction", Types: "B@:"},
		{Sel: "setPresentsWithTransaction:", Types: "v@:B"},
		{Sel: "colorspace", Types: "^{CGColorSpace=}@:"},
		{Sel: "setColorspace:", Types: "v@:^{CGColorSpace=}"},
		{Sel: "wantsExtendedDynamicRangeContent", Types: "B@:"},
		{Sel: "setWantsExtendedDynamicRangeContent:", Types: "v@:B"},
		{Sel: "EDRMetadata", Types: "@@:"},
		{Sel: "setEDRMetadata:", Types: "v@:@"},
		{Sel: "displaySyncEnabled", Types: "B@:"},
		{Sel: "setDisplaySyncEnabled:", Types: "v@:B"},
		{Sel: "allowsNextDrawableTimeout", Types: "B@:"},
		{Sel: "setAllowsNextDrawableTimeout:", Types: "v@:B"},
	}},
	{Name: "CAMetalDrawable", Inherits: []string{"MTLDrawable"}, Methods: []Method{
		{Sel: "texture", Types: "@@:"},
		{Sel: "layer", Types: "@@:"},
	}},
	// QuartzCore/CATransaction.h: class methods only.
	{Name: "CATransaction", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "begin", Types: "v@:", Static: true},
		{Sel: "commit", Types: "v@:", Static: true},
		{Sel: "flush", Types: "v@:", Static: true},
		{Sel: "lock", Types: "v@:", Static: true},
		{Sel: "unlock", Types: "v@:", Static: true},
		{Sel: "animationDuration", Types: "d@:", Static: true},
		{Sel: "setAnimationDuration:", Types: "v@:d", Static: true},
		{Sel: "animationTimingFunction", Types: "@@:", Static: true},
		{Sel: "setAnimationTimingFunction:", Types: "v@:@", Static: true},
		{Sel: "disableActions", Types: "B@:", Static: true},
		{Sel: "setDisableActions:", Types: "v@:B", Static: true},
		{Sel: "completionBlock", Types: "@?@:", Static: true},
		{Sel: "setCompletionBlock:", Types: "v@:@?", Static: true},
		{Sel: "valueForKey:", Types: "@@:@", Static: true},
		{Sel: "setValue:forKey:", Types: "v@:@@", Static: true},
	}},

	// AppKit (macOS 10.15), what unix/backend/metal/winemac sends when it
	// finds a Wine window and hosts a layer in it. NSRect is CGRect.
	{Name: "NSResponder", Class: true, Inherits: []string{"NSObject"}, Methods: []Method{
		{Sel: "nextResponder", Types: "@@:"},
		{Sel: "setNextResponder:", Types: "v@:@"},
		{Sel: "acceptsFirstResponder", Types: "B@:"},
		{Sel: "becomeFirstResponder", Types: "B@:"},
		{Sel: "resignFirstResponder", Types: "B@:"},
	}},
	{Name: "NSApplication", Class: true, Inherits: []string{"NSResponder"}, Methods: []Method{
		{Sel: "sharedApplication", Types: "@@:", Static: true},
		{Sel: "delegate", Types: "@@:"},
		{Sel: "setDelegate:", Types: "v@:@"},
		{Sel: "windowWithWindowNumber:", Types: "@@:q"},
		{Sel: "mainWindow", Types: "@@:"},
		{Sel: "keyWindow", Types: "@@:"},
		{Sel: "windows", Types: "@@:"},
		{Sel: "isActive", Types: "B@:"},
		{Sel: "hide:", Types: "v@:@"},
		{Sel: "unhide:", Types: "v@:@"},
		{Sel: "run", Types: "v@:"},
		{Sel: "stop:", Types: "v@:@"},
		{Sel: "terminate:", Types: "v@:@"},
	}},
	{Name: "NSWindow", Class: true, Inherits: []string{"NSResponder"}, Methods: []Method{
		{Sel: "contentView", Types: "@@:"},
		{Sel: "setContentView:", Types: "v@:@"},
		{Sel: "backingScaleFactor", Types: "d@:"},
		{Sel: "frame", Types: encCGRect + "@:"},
		{Sel: "contentRectForFrameRect:", Types: encCGRect + "@:" + encCGRect},
		{Sel: "frameRectForContentRect:", Types: encCGRect + "@:" + encCGRect},
		{Sel: "screen", Types: "@@:"},
		{Sel: "title", Types: "@@:"},
		{Sel: "setTitle:", Types: "v@:@"},
		{Sel: "windowNumber", Types: "q@:"},
		{Sel: "isVisible", Types: "B@:"},
		{Sel: "isKeyWindow", Types: "B@:"},
		{Sel: "makeKeyAndOrderFront:", Types: "v@:@"},
		{Sel: "orderOut:", Types: "v@:@"},
		{Sel: "close", Types: "v@:"},
	}},
	{Name: "NSPanel", Class: true, Inherits: []string{"NSWindow"}, Methods: []Method{
		{Sel: "isFloatingPanel", Types: "B@:"},
		{Sel: "setFloatingPanel:", Types: "v@:B"},
		{Sel: "becomesKeyOnlyIfNeeded", Types: "B@:"},
		{Sel: "setBecomesKeyOnlyIfNeeded:", Types: "v@:B"},
		{Sel: "worksWhenModal", Types: "B@:"},
		{Sel: "setWorksWhenModal:", Types: "v@:B"},
	}},
	// NSAutoresizingMaskOptions is NSUInteger; NSWindowOrderingMode and the
	// layer contents policies are NSInteger.
	{Name: "NSView", Class: true, Inherits: []string{"NSResponder"}, Methods: []Method{
		{Sel: "initWithFrame:", Types: "@@:" + encCGRect},
		{Sel: "window", Types: "@@:"},
		{Sel: "superview", Types: "@@:"},
		{Sel: "subviews", Types: "@@:"},
		{Sel: "setSubviews:", Types: "v@:@"},
		{Sel: "isHidden", Types: "B@:"},
		{Sel: "setHidden:", Types: "v@:B"},
		{Sel: "addSubview:", Types: "v@:@"},
		{Sel: "addSubview:positioned:relativeTo:", Types: "v@:@q@"},
		{Sel: "removeFromSuperview", Types: "v@:"},
		{Sel: "autoresizesSubviews", Types: "B@:"},
		{Sel: "setAutoresizesSubviews:", Types: "v@:B"},
		{Sel: "autoresizingMask", Types: "Q@:"},
		{Sel: "setAutoresizingMask:", Types: "v@:Q"},
		{Sel: "setFrameOrigin:", Types: "v@:" + encCGPoint},
		{Sel: "setFrameSize:", Types: "v@:" + encCGSize},
		{Sel: "frame", Types: encCGRect + "@:"},
		{Sel: "setFrame:", Types: "v@:" + encCGRect},
		{Sel: "bounds", Types: encCGRect + "@:"},
		{Sel: "setBounds:", Types: "v@:" + encCGRect},
		{Sel: "isFlipped", Types: "B@:"},
		{Sel: "isOpaque", Types: "B@:"},
		{Sel: "convertRectToBacking:", Types: encCGRect + "@:" + encCGRect},
		{Sel: "convertSizeToBacking:", Types: encCGSize + "@:" + encCGSize},
		{Sel: "needsDisplay", Types: "B@:"},
		{Sel: "setNeedsDisplay:", Types: "v@:B"},
		{Sel: "visibleRect", Types: encCGRect + "@:"},
		{Sel: "display", Types: "v@:"},
		{Sel: "makeBackingLayer", Types: "@@:"},
		{Sel: "layerContentsRedrawPolicy", Types: "q@:"},
		{Sel: "setLayerContentsRedrawPolicy:", Types: "v@:q"},
		{Sel: "layerContentsPlacement", Types: "q@:"},
		{Sel: "setLayerContentsPlacement:", Types: "v@:q"},
		{Sel: "wantsLayer", Types: "B@:"},
		{Sel: "setWantsLayer:", Types: "v@:B"},
		{Sel: "layer", Types: "@@:"},
		{Sel: "setLayer:", Types: "v@:@"},
		{Sel: "wantsUpdateLayer", Types: "B@:"},
		{Sel: "updateLayer", Types: "v@:"},
	}},

	// Wine's Mac driver (dlls/winemac.drv/cocoa_window.{h,m}), not Apple's:
	// the window's hwnd property (void *) and the content view's Metal
	// view. WineContentView's superclass WineBaseView adds nothing sent here.
	{Name: "WineWindow", Class: true, Inherits: []string{"NSPanel"}, Methods: []Method{
		{Sel: "hwnd", Types: "^v@:"},
		{Sel: "setHwnd:", Types: "v@:^v"},
	}},
	{Name: "WineContentView", Class: true, Inherits: []string{"NSView"}, Methods: []Method{
		{Sel: "newMetalViewWithDevice:", Types: "@@:@"},
	}},
}

// Type is the kind of a return value or argument, as ParseTypes reads it
// from an encoding.
type Type uint8

const (
	Void           Type = iota // v, return only
	Object                     // @ (id, id<P>, instancetype), # (Class), @? (a block)
	Selector                   // :
	UInt64                     // Q: NSUInteger, uint64_t and the enums built on them
	Int64                      // q: NSInteger, long long, NSInteger enums
	UInt32                     // I: uint32_t, unsigned int
	UInt16                     // S: unichar
	UInt8                      // C: uint8_t, MTLTextureSwizzle
	Bool                       // B: BOOL
	Float                      // f
	Double                     // d: double, CGFloat, CFTimeInterval
	Pointer                    // ^type, * (char *), ^? (a function pointer)
	Viewport                   // {MTLViewport=dddddd}
	ClearColor                 // {MTLClearColor=dddd}
	CGSize                     // {CGSize=dd}
	ScissorRect                // {MTLScissorRect=QQQQ}
	Origin                     // {MTLOrigin=QQQ}
	Size                       // {MTLSize=QQQ}
	Region                     // {MTLRegion={MTLOrigin=QQQ}{MTLSize=QQQ}}
	Range                      // {NSRange=QQ} (the runtime's {_NSRange=QQ})
	Swizzle                    // {MTLTextureSwizzleChannels=CCCC}
	SamplePosition             // {MTLSamplePosition=ff}
	CGPoint                    // {CGPoint=dd}
	CGRect                     // {CGRect={CGPoint=dd}{CGSize=dd}}, NSRect
	numTypes
)

var typeNames = [numTypes]string{
	Void: "Void", Object: "Object", Selector: "Selector", UInt64: "UInt64", Int64: "Int64",
	UInt32: "UInt32", UInt16: "UInt16", UInt8: "UInt8", Bool: "Bool", Float: "Float",
	Double: "Double", Pointer: "Pointer", Viewport: "Viewport", ClearColor: "ClearColor",
	CGSize: "CGSize", ScissorRect: "ScissorRect", Origin: "Origin", Size: "Size",
	Region: "Region", Range: "Range", Swizzle: "Swizzle", SamplePosition: "SamplePosition",
	CGPoint: "CGPoint", CGRect: "CGRect",
}

func (t Type) String() string {
	if t < numTypes {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// structTypes are the structs ParseTypes accepts by value: the name as
// the table spells it (and NSRange's runtime name) and the fields.
var structTypes = map[string]struct {
	fields string
	t      Type
}{
	"MTLViewport":               {"dddddd", Viewport},
	"MTLClearColor":             {"dddd", ClearColor},
	"CGSize":                    {"dd", CGSize},
	"MTLScissorRect":            {"QQQQ", ScissorRect},
	"MTLOrigin":                 {"QQQ", Origin},
	"MTLSize":                   {"QQQ", Size},
	"MTLRegion":                 {"{MTLOrigin=QQQ}{MTLSize=QQQ}", Region},
	"NSRange":                   {"QQ", Range},
	"_NSRange":                  {"QQ", Range},
	"MTLTextureSwizzleChannels": {"CCCC", Swizzle},
	"MTLSamplePosition":         {"ff", SamplePosition},
	"CGPoint":                   {"dd", CGPoint},
	"CGRect":                    {"{CGPoint=dd}{CGSize=dd}", CGRect},
}

var scalarTypes = map[byte]Type{
	'#': Object, ':': Selector, 'Q': UInt64, 'q': Int64, 'I': UInt32, 'S': UInt16,
	'C': UInt8, 'B': Bool, 'f': Float, 'd': Double, '*': Pointer,
}

// ParseTypes reads a method's type encoding: the return type, then self
// ('@') and _cmd (':'), which it checks and drops, then the arguments.
// Type qualifiers (r const, V oneway, n, N, o, O, R) are skipped, and so
// are the runtime's frame offsets after each type. A pointer is Pointer
// whatever it points at; a struct by value must be one of the Types above
// with its fields as the headers declare them (an anonymous "{?=...}" is
// refused: it cannot tell MTLOrigin from MTLSize).
func ParseTypes(enc string) (ret Type, args []Type, err error) {
	p := typeParser{s: enc}
	if ret, err = p.next(); err != nil {
		return 0, nil, err
	}
	if self, err := p.next(); err != nil || self != Object || p.last != '@' {
		return 0, nil, fmt.Errorf("%q: self is not '@'", enc)
	}
	if cmd, err := p.next(); err != nil || cmd != Selector {
		return 0, nil, fmt.Errorf("%q: _cmd is not ':'", enc)
	}
	for !p.done() {
		t, err := p.next()
		if err != nil {
			return 0, nil, err
		}
		if t == Void {
			return 0, nil, fmt.Errorf("%q: argument %d is void", enc, len(args))
		}
		args = append(args, t)
	}
	return ret, args, nil
}

type typeParser struct {
	s    string
	i    int
	last byte // the letter of the type next read
}

func (p *typeParser) done() bool { return p.i >= len(p.s) }

func (p *typeParser) errorf(format string, a ...any) error {
	return fmt.Errorf("%q at %d: %s", p.s, p.i, fmt.Sprintf(format, a...))
}

func (p *typeParser) skipQualifiers() {
	for !p.done() && strings.IndexByte("rnNoORV", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *typeParser) skipOffset() {
	for !p.done() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
}

// next reads one type and the frame offset after it.
func (p *typeParser) next() (Type, error) {
	p.skipQualifiers()
	if p.done() {
		return 0, p.errorf("missing type")
	}
	c := p.s[p.i]
	p.last = c
	var t Type
	switch {
	case c == 'v':
		p.i++
		t = Void
	case c == '@':
		p.i++
		if !p.done() && p.s[p.i] == '?' {
			p.i++
		}
		t = Object
	case c == '^':
		p.i++
		if err := p.skipType(); err != nil {
			return 0, err
		}
		t = Pointer
	case c == '{':
		start := p.i
		if err := p.skipType(); err != nil {
			return 0, err
		}
		body := p.s[start+1 : p.i-1]
		name, fields, ok := strings.Cut(body, "=")
		st, known := structTypes[name]
		if !ok || !known || fields != st.fields {
			return 0, fmt.Errorf("%q: struct {%s} is not one the double passes by value", p.s, body)
		}
		t = st.t
	default:
		s, ok := scalarTypes[c]
		if !ok {
			return 0, p.errorf("unknown type %q", c)
		}
		p.i++
		t = s
	}
	p.skipOffset()
	return t, nil
}

// skipType passes over one complete type of any shape (what a pointer
// points at, or a struct).
func (p *typeParser) skipType() error {
	p.skipQualifiers()
	if p.done() {
		return p.errorf("missing type")
	}
	c := p.s[p.i]
	p.i++
	switch c {
	case '{', '(', '[':
		end := map[byte]byte{'{': '}', '(': ')', '[': ']'}[c]
		for {
			if p.done() {
				return p.errorf("unterminated %q", c)
			}
			switch p.s[p.i] {
			case end:
				p.i++
				return nil
			case '{', '(', '[', '^':
				if err := p.skipType(); err != nil {
					return err
				}
			default:
				p.i++
			}
		}
	case '^':
		return p.skipType()
	case '@':
		if !p.done() && p.s[p.i] == '?' {
			p.i++
		}
		return nil
	case 'b':
		p.skipOffset()
		return nil
	}
	if strings.IndexByte("vcCsSiIlLqQfdB*#:?", c) < 0 {
		p.i--
		return p.errorf("unknown type %q", c)
	}
	return nil
}

// Lookup finds the method sel of class (or protocol) class, searching its
// own methods first and then, depth first, what it inherits.
func Lookup(class, sel string) (Method, bool) {
	return lookup(class, sel, map[string]bool{})
}

func lookup(class, sel string, seen map[string]bool) (Method, bool) {
	if seen[class] {
		return Method{}, false
	}
	seen[class] = true
	p, ok := byName[class]
	if !ok {
		return Method{}, false
	}
	for _, m := range p.Methods {
		if m.Sel == sel {
			return m, true
		}
	}
	for _, parent := range p.Inherits {
		if m, ok := lookup(parent, sel, seen); ok {
			return m, true
		}
	}
	return Method{}, false
}

// byName indexes Headers by Name.
var byName = func() map[string]*Protocol {
	m := make(map[string]*Protocol, len(Headers))
	for i := range Headers {
		m[Headers[i].Name] = &Headers[i]
	}
	return m
}()
