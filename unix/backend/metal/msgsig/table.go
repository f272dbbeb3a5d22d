package msgsig

// Messages is every message the bindings send, by package. Argument
// kinds follow Apple's headers (Metal.framework/Headers/MTL*.h,
// QuartzCore's CAMetalLayer.h and CALayer.h, Foundation's NSObject.h and
// NSString.h, AppKit's NSApplication.h, NSWindow.h and NSView.h) and, for
// Wine's own classes, dlls/winemac.drv/cocoa_window.m; Metal's enums are
// NSUInteger (UInt) unless the header says otherwise. CGFloat is double
// (Double), NSRect is CGRect.
var Messages = []Message{
	// ns: Foundation and the runtime.
	{Pkg: NS, Selector: "alloc", Ret: ID},
	{Pkg: NS, Selector: "init", Ret: ID},
	{Pkg: NS, Selector: "retain", Ret: ID},
	{Pkg: NS, Selector: "release"},
	{Pkg: NS, Selector: "respondsToSelector:", Ret: Bool, Args: []Kind{SEL}},
	{Pkg: NS, Selector: "instancesRespondToSelector:", Ret: Bool, Args: []Kind{SEL}},
	{Pkg: NS, Selector: "initWithBytes:length:encoding:", Ret: ID, Args: []Kind{Ptr, UInt, UInt}},
	{Pkg: NS, Selector: "UTF8String", Ret: Ptr},
	{Pkg: NS, Selector: "localizedDescription", Ret: ID},
	{Pkg: NS, Selector: "domain", Ret: ID},
	{Pkg: NS, Selector: "code", Ret: Int},
	{Pkg: NS, Selector: "count", Ret: UInt},
	{Pkg: NS, Selector: "objectAtIndex:", Ret: ID, Args: []Kind{UInt}},
	{Pkg: NS, Selector: "objectAtIndexedSubscript:", Ret: ID, Args: []Kind{UInt}},
	{Pkg: NS, Selector: "setLabel:", Args: []Kind{ID}},
	{Pkg: NS, Selector: "label", Ret: ID},
	{Pkg: NS, Selector: "initFileURLWithPath:", Ret: ID, Args: []Kind{ID}}, // NSURL.h
	{Pkg: NS, Selector: "arrayWithObject:", Ret: ID, Args: []Kind{ID}},     // +[NSArray arrayWithObject:]

	// mtl: MTLDevice.
	{Pkg: MTL, Selector: "name", Ret: ID},
	{Pkg: MTL, Selector: "hasUnifiedMemory", Ret: Bool},
	{Pkg: MTL, Selector: "supportsFamily:", Ret: Bool, Args: []Kind{Int}},
	{Pkg: MTL, Selector: "supportsBCTextureCompression", Ret: Bool},
	{Pkg: MTL, Selector: "isDepth24Stencil8PixelFormatSupported", Ret: Bool},
	{Pkg: MTL, Selector: "recommendedMaxWorkingSetSize", Ret: UInt64},
	{Pkg: MTL, Selector: "supportsTextureSampleCount:", Ret: Bool, Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "maxThreadsPerThreadgroup", Ret: Size},
	{Pkg: MTL, Selector: "isLowPower", Ret: Bool},
	{Pkg: MTL, Selector: "registryID", Ret: UInt64},
	{Pkg: MTL, Selector: "newBufferWithLength:options:", Ret: ID, Args: []Kind{UInt, UInt}},
	{Pkg: MTL, Selector: "newTextureWithDescriptor:", Ret: ID, Args: []Kind{ID}},
	{Pkg: MTL, Selector: "newSamplerStateWithDescriptor:", Ret: ID, Args: []Kind{ID}},
	{Pkg: MTL, Selector: "newDepthStencilStateWithDescriptor:", Ret: ID, Args: []Kind{ID}},
	{Pkg: MTL, Selector: "newLibraryWithSource:options:error:", Ret: ID, Args: []Kind{ID, ID, Ptr}},
	{Pkg: MTL, Selector: "newRenderPipelineStateWithDescriptor:error:", Ret: ID, Args: []Kind{ID, Ptr}},
	// options is MTLPipelineOption (NSUInteger); reflection is
	// MTLAutoreleasedRenderPipelineReflection *, passed NULL.
	{Pkg: MTL, Selector: "newRenderPipelineStateWithDescriptor:options:reflection:error:", Ret: ID, Args: []Kind{ID, UInt, Ptr, Ptr}},
	{Pkg: MTL, Selector: "newBinaryArchiveWithDescriptor:error:", Ret: ID, Args: []Kind{ID, Ptr}}, // macOS 11
	{Pkg: MTL, Selector: "newCommandQueue", Ret: ID},

	// mtl: command queues and buffers, render pass descriptors.
	{Pkg: MTL, Selector: "commandBuffer", Ret: ID},
	{Pkg: MTL, Selector: "commandBufferWithUnretainedReferences", Ret: ID},
	{Pkg: MTL, Selector: "renderCommandEncoderWithDescriptor:", Ret: ID, Args: []Kind{ID}},
	{Pkg: MTL, Selector: "blitCommandEncoder", Ret: ID},
	{Pkg: MTL, Selector: "presentDrawable:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "addCompletedHandler:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "commit"},
	{Pkg: MTL, Selector: "waitUntilCompleted"},
	{Pkg: MTL, Selector: "status", Ret: UInt},
	{Pkg: MTL, Selector: "error", Ret: ID},
	{Pkg: MTL, Selector: "renderPassDescriptor", Ret: ID},
	{Pkg: MTL, Selector: "colorAttachments", Ret: ID},
	{Pkg: MTL, Selector: "depthAttachment", Ret: ID},
	{Pkg: MTL, Selector: "stencilAttachment", Ret: ID},
	{Pkg: MTL, Selector: "setTexture:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setLevel:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setSlice:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthPlane:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setLoadAction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStoreAction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setResolveTexture:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setResolveLevel:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setResolveSlice:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setClearColor:", Args: []Kind{ClearColor}},
	{Pkg: MTL, Selector: "setClearDepth:", Args: []Kind{Double}},
	{Pkg: MTL, Selector: "setClearStencil:", Args: []Kind{UInt32}},
	{Pkg: MTL, Selector: "setVisibilityResultBuffer:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setSamplePositions:count:", Args: []Kind{Ptr, UInt}},

	// mtl: the render command encoder. Batched: a draw's messages are
	// queued and sent in one cgo call (msg.Batch).
	{Pkg: MTL, Batched: true, Selector: "setViewport:", Args: []Kind{Viewport}},
	{Pkg: MTL, Batched: true, Selector: "setScissorRect:", Args: []Kind{ScissorRect}},
	{Pkg: MTL, Batched: true, Selector: "setCullMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFrontFacingWinding:", Args: []Kind{UInt}},
	{Pkg: MTL, Batched: true, Selector: "setDepthBias:slopeScale:clamp:", Args: []Kind{Float, Float, Float}},
	{Pkg: MTL, Batched: true, Selector: "setDepthClipMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Batched: true, Selector: "setTriangleFillMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Batched: true, Selector: "setStencilFrontReferenceValue:backReferenceValue:", Args: []Kind{UInt32, UInt32}},
	{Pkg: MTL, Batched: true, Selector: "setBlendColorRed:green:blue:alpha:", Args: []Kind{Float, Float, Float, Float}},
	{Pkg: MTL, Batched: true, Selector: "setRenderPipelineState:", Args: []Kind{ID}},
	{Pkg: MTL, Batched: true, Selector: "setDepthStencilState:", Args: []Kind{ID}},
	{Pkg: MTL, Batched: true, Selector: "setVertexBuffer:offset:atIndex:", Args: []Kind{ID, UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setVertexBufferOffset:atIndex:", Args: []Kind{UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setVertexBytes:length:atIndex:", Args: []Kind{Ptr, UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFragmentBuffer:offset:atIndex:", Args: []Kind{ID, UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFragmentBufferOffset:atIndex:", Args: []Kind{UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFragmentBytes:length:atIndex:", Args: []Kind{Ptr, UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setVertexTexture:atIndex:", Args: []Kind{ID, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFragmentTexture:atIndex:", Args: []Kind{ID, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setVertexSamplerState:atIndex:", Args: []Kind{ID, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setFragmentSamplerState:atIndex:", Args: []Kind{ID, UInt}},
	{Pkg: MTL, Batched: true, Selector: "drawPrimitives:vertexStart:vertexCount:instanceCount:baseInstance:",
		Args: []Kind{UInt, UInt, UInt, UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:",
		Args: []Kind{UInt, UInt, UInt, ID, UInt, UInt, Int, UInt}},
	{Pkg: MTL, Batched: true, Selector: "setVisibilityResultMode:offset:", Args: []Kind{UInt, UInt}},
	{Pkg: MTL, Batched: true, Selector: "endEncoding"}, // also the blit encoder's, sent directly
	{Pkg: MTL, Batched: true, Selector: "setDepthStoreAction:", Args: []Kind{UInt}},
	{Pkg: MTL, Batched: true, Selector: "setStencilStoreAction:", Args: []Kind{UInt}},

	// mtl: the blit command encoder.
	{Pkg: MTL, Selector: "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:",
		Args: []Kind{ID, UInt, ID, UInt, UInt}},
	{Pkg: MTL, Selector: "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
		Args: []Kind{ID, UInt, UInt, UInt, Size, ID, UInt, UInt, Origin}},
	{Pkg: MTL, Selector: "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:",
		Args: []Kind{ID, UInt, UInt, UInt, Size, ID, UInt, UInt, Origin, UInt}},
	{Pkg: MTL, Selector: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
		Args: []Kind{ID, UInt, UInt, Origin, Size, ID, UInt, UInt, UInt}},
	{Pkg: MTL, Selector: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:",
		Args: []Kind{ID, UInt, UInt, Origin, Size, ID, UInt, UInt, UInt, UInt}},
	{Pkg: MTL, Selector: "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
		Args: []Kind{ID, UInt, UInt, Origin, Size, ID, UInt, UInt, Origin}},
	{Pkg: MTL, Selector: "generateMipmapsForTexture:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "fillBuffer:range:value:", Args: []Kind{ID, Range, UInt8}},
	{Pkg: MTL, Selector: "synchronizeResource:", Args: []Kind{ID}},

	// mtl: buffers and textures.
	{Pkg: MTL, Selector: "contents", Ret: Ptr},
	{Pkg: MTL, Selector: "length", Ret: UInt},
	{Pkg: MTL, Selector: "didModifyRange:", Args: []Kind{Range}},
	{Pkg: MTL, Selector: "setTextureType:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setPixelFormat:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setWidth:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setHeight:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepth:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setMipmapLevelCount:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setArrayLength:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setSampleCount:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setUsage:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStorageMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setCpuCacheMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:",
		Args: []Kind{Region, UInt, UInt, Ptr, UInt, UInt}},
	{Pkg: MTL, Selector: "getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:",
		Args: []Kind{Ptr, UInt, UInt, Region, UInt, UInt}},
	{Pkg: MTL, Selector: "newTextureViewWithPixelFormat:textureType:levels:slices:",
		Ret: ID, Args: []Kind{UInt, UInt, Range, Range}},
	{Pkg: MTL, Selector: "newTextureViewWithPixelFormat:textureType:levels:slices:swizzle:",
		Ret: ID, Args: []Kind{UInt, UInt, Range, Range, Swizzle}},
	{Pkg: MTL, Selector: "width", Ret: UInt},
	{Pkg: MTL, Selector: "height", Ret: UInt},
	{Pkg: MTL, Selector: "storageMode", Ret: UInt},

	// mtl: samplers, depth-stencil states, libraries, pipelines.
	{Pkg: MTL, Selector: "setMinFilter:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setMagFilter:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setMipFilter:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setSAddressMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setTAddressMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setRAddressMode:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setBorderColor:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setMaxAnisotropy:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setLodMinClamp:", Args: []Kind{Float}},
	{Pkg: MTL, Selector: "setLodMaxClamp:", Args: []Kind{Float}},
	{Pkg: MTL, Selector: "setCompareFunction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthCompareFunction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthWriteEnabled:", Args: []Kind{Bool}},
	{Pkg: MTL, Selector: "setFrontFaceStencil:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setBackFaceStencil:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setStencilCompareFunction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStencilFailureOperation:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthFailureOperation:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthStencilPassOperation:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setReadMask:", Args: []Kind{UInt32}},
	// MTLStencilDescriptor's writeMask is uint32_t; a colour attachment's
	// is MTLColorWriteMask (NSUInteger).
	{Pkg: MTL, Selector: "setWriteMask:", Args: []Kind{UInt32}, Name: "send_setStencilWriteMask"},
	{Pkg: MTL, Selector: "setWriteMask:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setFastMathEnabled:", Args: []Kind{Bool}},
	{Pkg: MTL, Selector: "newFunctionWithName:", Ret: ID, Args: []Kind{ID}},
	{Pkg: MTL, Selector: "attributes", Ret: ID},
	{Pkg: MTL, Selector: "layouts", Ret: ID},
	{Pkg: MTL, Selector: "setFormat:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setOffset:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setBufferIndex:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStride:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStepFunction:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStepRate:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setVertexFunction:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setFragmentFunction:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setVertexDescriptor:", Args: []Kind{ID}},
	{Pkg: MTL, Selector: "setBlendingEnabled:", Args: []Kind{Bool}},
	{Pkg: MTL, Selector: "setSourceRGBBlendFactor:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDestinationRGBBlendFactor:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setRgbBlendOperation:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setSourceAlphaBlendFactor:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDestinationAlphaBlendFactor:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setAlphaBlendOperation:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setDepthAttachmentPixelFormat:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setStencilAttachmentPixelFormat:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setRasterSampleCount:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setAlphaToCoverageEnabled:", Args: []Kind{Bool}},
	{Pkg: MTL, Selector: "setInputPrimitiveTopology:", Args: []Kind{UInt}},
	{Pkg: MTL, Selector: "setBinaryArchives:", Args: []Kind{ID}}, // NSArray<id<MTLBinaryArchive>> *, macOS 11

	// mtl: binary archives (MTLBinaryArchive.h, macOS 11).
	{Pkg: MTL, Selector: "setUrl:", Args: []Kind{ID}}, // MTLBinaryArchiveDescriptor: NSURL *
	{Pkg: MTL, Selector: "addRenderPipelineFunctionsWithDescriptor:error:", Ret: Bool, Args: []Kind{ID, Ptr}},
	{Pkg: MTL, Selector: "serializeToURL:error:", Ret: Bool, Args: []Kind{ID, Ptr}},

	// ca: CATransaction, CAMetalLayer, CAMetalDrawable.
	{Pkg: CA, Selector: "begin"},
	{Pkg: CA, Selector: "commit"},
	{Pkg: CA, Selector: "setDisableActions:", Args: []Kind{Bool}},
	{Pkg: CA, Selector: "setDevice:", Args: []Kind{ID}},
	{Pkg: CA, Selector: "setPixelFormat:", Args: []Kind{UInt}},
	{Pkg: CA, Selector: "pixelFormat", Ret: UInt},
	{Pkg: CA, Selector: "setDrawableSize:", Args: []Kind{CGSize}},
	{Pkg: CA, Selector: "drawableSize", Ret: CGSize},
	{Pkg: CA, Selector: "setFramebufferOnly:", Args: []Kind{Bool}},
	{Pkg: CA, Selector: "setMaximumDrawableCount:", Args: []Kind{UInt}},
	{Pkg: CA, Selector: "setDisplaySyncEnabled:", Args: []Kind{Bool}},
	{Pkg: CA, Selector: "nextDrawable", Ret: ID},
	{Pkg: CA, Selector: "texture", Ret: ID},

	// winemac: finding a Wine window's content view and hosting a
	// CAMetalLayer in it (darwin only; on the main thread).
	{Pkg: WineMac, Selector: "sharedApplication", Ret: ID},                         // +[NSApplication sharedApplication]
	{Pkg: WineMac, Selector: "windows", Ret: ID},                                   // NSApplication: NSArray<NSWindow *> *
	{Pkg: WineMac, Selector: "hwnd", Ret: Ptr},                                     // WineWindow: @property void *hwnd
	{Pkg: WineMac, Selector: "contentView", Ret: ID},                               // NSWindow
	{Pkg: WineMac, Selector: "backingScaleFactor", Ret: Double},                    // NSWindow: CGFloat
	{Pkg: WineMac, Selector: "newMetalViewWithDevice:", Ret: ID, Args: []Kind{ID}}, // WineContentView: WineMetalView *(id<MTLDevice>)
	{Pkg: WineMac, Selector: "layer", Ret: ID},                                     // NSView: CALayer *
	{Pkg: WineMac, Selector: "bounds", Ret: CGRect},                                // NSView (NSRect) and CALayer (CGRect)
	{Pkg: WineMac, Selector: "window", Ret: ID},                                    // NSView: NSWindow *
	{Pkg: WineMac, Selector: "alloc", Ret: ID},                                     // +[NSView alloc]
	{Pkg: WineMac, Selector: "initWithFrame:", Ret: ID, Args: []Kind{CGRect}},      // NSView: instancetype (NSRect)
	{Pkg: WineMac, Selector: "setLayer:", Args: []Kind{ID}},                        // NSView
	{Pkg: WineMac, Selector: "setWantsLayer:", Args: []Kind{Bool}},                 // NSView
	// NSView's autoresizingMask is NSAutoresizingMaskOptions (NSUInteger);
	// CALayer's selector of the same name takes CAAutoresizingMask
	// (unsigned int), and is not what this sends.
	{Pkg: WineMac, Selector: "setAutoresizingMask:", Args: []Kind{UInt}},
	{Pkg: WineMac, Selector: "addSubview:", Args: []Kind{ID}},               // NSView
	{Pkg: WineMac, Selector: "removeFromSuperview"},                         // NSView
	{Pkg: WineMac, Selector: "new", Ret: ID},                                // +[CAMetalLayer new]
	{Pkg: WineMac, Selector: "setDevice:", Args: []Kind{ID}},                // CAMetalLayer: id<MTLDevice>
	{Pkg: WineMac, Selector: "contentsScale", Ret: Double},                  // CALayer: CGFloat
	{Pkg: WineMac, Selector: "setContentsScale:", Args: []Kind{Double}},     // CALayer: CGFloat
	{Pkg: WineMac, Selector: "isKindOfClass:", Ret: Bool, Args: []Kind{ID}}, // NSObject protocol: (Class)
}
