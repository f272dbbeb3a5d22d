package pixfmt

// Swizzle is MTLTextureSwizzle, except that the zero value keeps the
// channel's own value, so a zero Swizzles is the identity.
type Swizzle uint8

const (
	SwizzleIdentity Swizzle = iota
	SwizzleZero
	SwizzleOne
	SwizzleRed
	SwizzleGreen
	SwizzleBlue
	SwizzleAlpha
)

// Swizzles is MTLTextureSwizzleChannels: the source of red, green, blue
// and alpha.
type Swizzles [4]Swizzle

// Apply returns c swizzled.
func (s Swizzles) Apply(c [4]float32) [4]float32 {
	out := c
	for i, w := range s {
		switch w {
		case SwizzleZero:
			out[i] = 0
		case SwizzleOne:
			out[i] = 1
		case SwizzleRed, SwizzleGreen, SwizzleBlue, SwizzleAlpha:
			out[i] = c[w-SwizzleRed]
		}
	}
	return out
}
