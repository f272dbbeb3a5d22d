//go:build darwin

package ca

import "github.com/ebitengine/purego/objc"

// MetalLayerOf wraps a CAMetalLayer someone else made (a Wine window's
// metal view's layer, say). It takes no reference: retain it first if the
// MetalLayer will be Released.
func MetalLayerOf(id objc.ID) MetalLayer { return MetalLayer{id} }
