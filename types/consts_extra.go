package types

import "fmt"

// The SDK's function-like macros as Go functions, and the few documented
// constants that mingw-w64's headers lack. Names follow enums.go's rule.

// MakeFourCC packs four characters the way MAKEFOURCC does.
func MakeFourCC(a, b, c, d byte) uint32 {
	return uint32(a) | uint32(b)<<8 | uint32(c)<<16 | uint32(d)<<24
}

// D3DTS_WORLDMATRIX is the transform state of world matrix n (0..255),
// used for vertex blending.
func D3DTS_WORLDMATRIX(n uint32) TransformStateType {
	return TransformStateType(n + 256)
}

// D3DFVF_TEXCOORDSIZE1..4 give the FVF bits that size texture coordinate
// set i; two components (TEXCOORDSIZE2) is the all-zero default.
func D3DFVF_TEXCOORDSIZE1(i uint32) uint32 { return D3DFVF_TEXTUREFORMAT1 << (i*2 + 16) }
func D3DFVF_TEXCOORDSIZE2(i uint32) uint32 { return D3DFVF_TEXTUREFORMAT2 }
func D3DFVF_TEXCOORDSIZE3(i uint32) uint32 { return D3DFVF_TEXTUREFORMAT3 << (i*2 + 16) }
func D3DFVF_TEXCOORDSIZE4(i uint32) uint32 { return D3DFVF_TEXTUREFORMAT4 << (i*2 + 16) }

// D3DCOLOR_ARGB packs a D3DCOLOR (0xAARRGGBB).
func D3DCOLOR_ARGB(a, r, g, b uint8) uint32 {
	return uint32(a)<<24 | uint32(r)<<16 | uint32(g)<<8 | uint32(b)
}

// D3DCOLOR_RGBA is D3DCOLOR_ARGB with the alpha argument last.
func D3DCOLOR_RGBA(r, g, b, a uint8) uint32 { return D3DCOLOR_ARGB(a, r, g, b) }

// D3DCOLOR_XRGB is an opaque D3DCOLOR.
func D3DCOLOR_XRGB(r, g, b uint8) uint32 { return D3DCOLOR_ARGB(0xff, r, g, b) }

// D3DPS_VERSION and D3DVS_VERSION build the version token that starts a
// shader and that D3DCAPS9 reports.
func D3DPS_VERSION(major, minor uint32) uint32 { return 0xFFFF0000 | major<<8 | minor }
func D3DVS_VERSION(major, minor uint32) uint32 { return 0xFFFE0000 | major<<8 | minor }

// D3DSHADER_VERSION_MAJOR and _MINOR take a version token apart.
func D3DSHADER_VERSION_MAJOR(v uint32) uint32 { return v >> 8 & 0xff }
func D3DSHADER_VERSION_MINOR(v uint32) uint32 { return v & 0xff }

// Documented in the SDK's d3d9.h but missing from mingw-w64's: Present
// flags beyond DONOTWAIT/LINEAR_CONTENT and the adapter-identifier flag.
const (
	D3DPRESENT_DONOTFLIP                 = 0x00000004
	D3DPRESENT_FLIPRESTART               = 0x00000008
	D3DPRESENT_VIDEO_RESTRICT_TO_MONITOR = 0x00000010
	D3DPRESENT_UPDATEOVERLAYONLY         = 0x00000020
	D3DPRESENT_HIDEOVERLAY               = 0x00000040
	D3DPRESENT_UPDATECOLORKEY            = 0x00000080
	D3DPRESENT_FORCEIMMEDIATE            = 0x00000100

	D3DENUM_NO_DRIVERVERSION = 0x00000004
)

// RESZ_CODE written to D3DRS_POINTSIZE asks a driver that exposes
// D3DFMT_RESZ to resolve the multisampled depth buffer into the INTZ
// texture bound to sampler 0 (the AMD/NVIDIA RESZ convention).
const RESZ_CODE = 0x7fa05000

// FETCH4_ENABLE written to D3DSAMP_MIPMAPLODBIAS turns on AMD's FETCH4
// for that sampler (a sample of a single-channel texture gathers its
// 2x2 footprint); FETCH4_DISABLE turns it off again. Neither is a bias.
const (
	FETCH4_ENABLE  = 'G' | 'E'<<8 | 'T'<<16 | '4'<<24
	FETCH4_DISABLE = 'G' | 'E'<<8 | 'T'<<16 | '1'<<24
)

// String names a format; unnamed FourCC codes print as their four
// characters so logs stay readable for formats we do not know.
func (f Format) String() string {
	if s, ok := formatNames[f]; ok {
		return s
	}
	if f > 0xffff {
		b := [4]byte{byte(f), byte(f >> 8), byte(f >> 16), byte(f >> 24)}
		printable := true
		for _, c := range b {
			if c < 0x20 || c > 0x7e {
				printable = false
			}
		}
		if printable {
			return fmt.Sprintf("Format('%s')", b[:])
		}
	}
	return fmt.Sprintf("Format(%d)", uint32(f))
}

// IsFourCC reports whether f is a FourCC code rather than a small
// enumerated value.
func (f Format) IsFourCC() bool { return f > 0xffff && f != D3DFMT_FORCE_DWORD }

// D3DFMT_FORCE_DWORD is kept for Format only: IsFourCC must exclude it.
const D3DFMT_FORCE_DWORD Format = 0xFFFFFFFF
