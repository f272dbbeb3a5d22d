//go:build amd64 || arm64

// Package ca binds the parts of Core Animation (QuartzCore) the Metal
// backend presents through: CAMetalLayer and CAMetalDrawable, plus
// CoreGraphics' CGSize.
//
// CAMetalLayer is an NSObject subclass but belongs to AppKit's view tree:
// attaching it to a view, and changing its geometry while it is on
// screen, must happen on the main thread. Properties the backend sets on
// a detached layer (device, pixelFormat, drawableSize, framebufferOnly,
// maximumDrawableCount, displaySyncEnabled) and nextDrawable are safe
// from any thread.
package ca

// CGSize is CoreGraphics' CGSize (two CGFloat, which are doubles on
// 64-bit systems): 16 bytes, passed and returned in two floating-point
// registers on both amd64 and arm64.
type CGSize struct{ Width, Height float64 }
