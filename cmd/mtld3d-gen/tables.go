package main

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"mtld3d/core/caps"
	"mtld3d/core/format"
	d3d "mtld3d/types"
)

// C names of format.Class values, in order.
var formatClassNames = []string{"UNKNOWN", "COLOR", "COMPRESSED", "VIDEO", "DEPTH", "STENCIL", "INDEX", "VERTEXDATA", "HACK"}

// Per-format flag bits of the C table: format.Flags in the low half, then
// the answers of core/caps the guest needs per format.
var formatFlagNames = []struct {
	name string
	bit  uint32
	doc  string
}{
	{"ALPHA", uint32(format.FlagAlpha), "has an alpha channel"},
	{"SRGB", uint32(format.FlagSRGB), "has an sRGB twin (SRGBTEXTURE, SRGBWRITEENABLE)"},
	{"FOURCC", uint32(format.FlagFourCC), "value is a FourCC code"},
	{"LOCKABLE", uint32(format.FlagLockable), "depth/stencil format the game may lock"},
	{"PALETTE", uint32(format.FlagPalette), "texels are palette indices"},
	{"SIGNED", uint32(format.FlagSigned), "signed (bump map) channels"},
	{"LUMINANCE", uint32(format.FlagLuminance), "luminance format"},
	{"WHOLE_BLOCKS", uint32(format.FlagWholeBlocks), "resource sizes must be whole blocks (DXTn)"},
	{"TEXEL_LOCK", uint32(format.FlagTexelLock), "locks lay levels out one byte a texel (ATIn, as AMD)"},
	{"DEPTH", 1 << 16, "has depth bits"},
	{"STENCIL", 1 << 17, "has stencil bits"},
	{"RENDERTARGET", 1 << 18, "CheckDepthStencilMatch: usable as the render target"},
	{"DEPTHSTENCIL", 1 << 19, "CheckDepthStencilMatch: usable as the depth-stencil surface"},
	{"STRETCH_SRC", 1 << 20, "CheckDeviceFormatConversion: may be the source"},
	{"STRETCH_DST", 1 << 21, "CheckDeviceFormatConversion: may be the target"},
}

func formatFlagsC(in format.Row) uint32 {
	fl := uint32(in.Flags)
	set := func(name string, on bool) {
		if !on {
			return
		}
		for _, f := range formatFlagNames {
			if f.name == name {
				fl |= f.bit
			}
		}
	}
	set("DEPTH", in.IsDepth())
	set("STENCIL", in.IsStencil())
	set("RENDERTARGET", caps.MatchesDepthStencil(in.Format))
	set("DEPTHSTENCIL", caps.IsDepthStencil(in.Format))
	set("STRETCH_SRC", caps.IsStretchSource(in.Format))
	set("STRETCH_DST", caps.IsStretchDest(in.Format))
	return fl
}

const tablesDoc = `/*
 * D3D9 format facts and IDirect3D9's answers, for d3d9.dll: LockRect and
 * LockBox sizes, GetDeviceCaps and the Check* methods, with no unix call.
 * From core/format (the format table) and core/caps (the device). Include
 * after <windows.h> and <d3d9.h>.
 *
 * mtld3d_format_infos[MTLD3D_FORMAT_COUNT], found by mtld3d_format_lookup():
 *   every format, with its block (block_width x block_height texels in
 *   block_bytes bytes; 1x1 for plain formats, 4x4 for DXTn/ATIn, 2x1 for
 *   YUY2/UYVY, 8x1 for A1), its class (MTLD3D_FMT_CLASS_*) and flags
 *   (MTLD3D_FMT_*). Pitch is bytes per row of blocks; a level's size rounds
 *   width and height up to whole blocks (mtld3d_format_pitch, _rows,
 *   _level_size); a 1x1 DXT level still takes a block. Locks report
 *   mtld3d_format_lock_pitch (4-byte aligned rows), a locked resource's
 *   levels take mtld3d_format_lock_pitch x _lock_rows bytes each and a
 *   rectangle starts mtld3d_format_lock_offset in; these differ from the
 *   block layout only for MTLD3D_FMT_TEXEL_LOCK formats (ATI1, ATI2),
 *   which lock one byte a texel as AMD's drivers do, their blocks packed
 *   from the level's start (core/format). block_bytes is 0 for formats
 *   with no storage (NULL, the vendor flag formats).
 *
 * mtld3d_caps9: the D3DCAPS9 of the HAL device. Set AdapterOrdinal (and,
 *   for software vertex processing, MaxVertexBlendMatrixIndex =
 *   MTLD3D_SWVP_MAX_VERTEX_BLEND_MATRIX_INDEX) in a copy. A device created
 *   with software vertex processing reports MaxVertexShaderConst =
 *   MTLD3D_SWVP_MAX_VERTEX_SHADER_CONST; software and mixed devices take
 *   that many float vertex constants and MTLD3D_SWVP_VERTEX_SHADER_CONST_I
 *   and _B integer and boolean ones, in either mode.
 *
 * Every Check* method first checks the device type: D3DDEVTYPE_HAL goes on,
 * REF, SW and NULLREF answer D3DERR_NOTAVAILABLE, anything else
 * D3DERR_INVALIDCALL.
 *
 * CheckDeviceType(display, backbuffer, windowed): D3D_OK iff a row of
 *   mtld3d_display_modes has display, backbuffer (D3DFMT_UNKNOWN only as
 *   listed) and windowed ? windowed : fullscreen set; else NOTAVAILABLE.
 *
 * CheckDeviceFormat(adapter_format, usage, rtype, format):
 *   adapter_format D3DFMT_UNKNOWN: D3DERR_INVALIDCALL, before the device
 *   type check; not in mtld3d_adapter_formats: D3DERR_NOTAVAILABLE. rtype
 *   outside D3DRTYPE_SURFACE..D3DRTYPE_CUBETEXTURE (buffers included):
 *   D3DERR_INVALIDCALL. Then find the row of mtld3d_format_checks with
 *   that format and rtype (none: D3DERR_NOTAVAILABLE) and answer
 *     D3DERR_NOTAVAILABLE if usage & MTLD3D_CHECKED_USAGE & ~usage_ok
 *                         or (usage & usage_required) != usage_required
 *                         or flags & MTLD3D_CHECK_SRGBWRITE_RT and usage
 *                         has D3DUSAGE_QUERY_SRGBWRITE without
 *                         D3DUSAGE_RENDERTARGET,
 *     D3DOK_NOAUTOGEN     else if usage & D3DUSAGE_AUTOGENMIPMAP and
 *                         !(flags & MTLD3D_CHECK_AUTOGEN),
 *     D3D_OK              otherwise.
 *
 * CheckDeviceMultiSampleType(format, windowed, type, levels): type > 16
 *   or format D3DFMT_UNKNOWN: D3DERR_INVALIDCALL. Then the device type;
 *   D3DMULTISAMPLE_NONE: D3D_OK for any other format value. A row of
 *   mtld3d_multisample_formats with format and bit (1 << type) in types:
 *   D3D_OK with *levels = MTLD3D_NONMASKABLE_LEVELS for
 *   D3DMULTISAMPLE_NONMASKABLE, else 1. Otherwise D3DERR_NOTAVAILABLE.
 *   *levels is 1 unless set above.
 *
 * CheckDepthStencilMatch(adapter_format, rt, ds): adapter_format as for
 *   CheckDeviceFormat; D3D_OK iff rt has MTLD3D_FMT_RENDERTARGET and ds
 *   MTLD3D_FMT_DEPTHSTENCIL, else D3DERR_NOTAVAILABLE.
 *
 * CheckDeviceFormatConversion(src, dst): D3D_OK iff src has
 *   MTLD3D_FMT_STRETCH_SRC and dst MTLD3D_FMT_STRETCH_DST, else
 *   D3DERR_NOTAVAILABLE.
 *
 * Formats absent from a table (including D3DFMT_UNKNOWN) have no flags.
 */
`

// genFormatTables writes pe/gen's format and caps header.
func genFormatTables(string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString(tablesDoc)
	b.WriteString("#ifndef MTLD3D_FORMATS_H\n#define MTLD3D_FORMATS_H\n\n")

	b.WriteString("/* Format classes (format.Class). */\n")
	for i, n := range formatClassNames {
		fmt.Fprintf(&b, "#define MTLD3D_FMT_CLASS_%s %d\n", n, i)
	}
	if format.Class(len(formatClassNames)-1).String() != "hack" {
		return nil, fmt.Errorf("format classes changed: update formatClassNames")
	}
	b.WriteString("\n/* Format flags. */\n")
	for _, f := range formatFlagNames {
		fmt.Fprintf(&b, "#define MTLD3D_FMT_%s 0x%08xu /* %s */\n", f.name, f.bit, f.doc)
	}
	rows := format.Table()
	b.WriteString("\nstruct mtld3d_format_info\n{\n    DWORD format;\n    BYTE block_width;\n    BYTE block_height;\n" +
		"    BYTE block_bytes;\n    BYTE cls;\n    DWORD flags;\n};\n\n")
	fmt.Fprintf(&b, "#define MTLD3D_FORMAT_COUNT %d\n#define MTLD3D_LOCK_ALIGN %d\n\n", len(rows), format.LockAlign)
	b.WriteString("static const struct mtld3d_format_info mtld3d_format_infos[MTLD3D_FORMAT_COUNT] =\n{\n")
	for _, in := range rows {
		if in.BlockWidth > 255 || in.BlockHeight > 255 || in.BlockBytes > 255 {
			return nil, fmt.Errorf("%v: block does not fit the C table", in.Format)
		}
		fmt.Fprintf(&b, "    {0x%08xu, %d, %d, %d, MTLD3D_FMT_CLASS_%s, 0x%08xu}, /* %s */\n", uint32(in.Format),
			in.BlockWidth, in.BlockHeight, in.BlockBytes, formatClassNames[in.Class], formatFlagsC(in), in.Format)
	}
	b.WriteString("};\n\n")
	b.WriteString(`/* The row of a format, or NULL. */
static inline const struct mtld3d_format_info *mtld3d_format_lookup(D3DFORMAT format)
{
    unsigned int i;

    for (i = 0; i < MTLD3D_FORMAT_COUNT; ++i)
        if (mtld3d_format_infos[i].format == (DWORD)format)
            return &mtld3d_format_infos[i];
    return NULL;
}

/* Bytes per row of blocks of a level width texels wide. */
static inline UINT mtld3d_format_pitch(const struct mtld3d_format_info *info, UINT width)
{
    if (!width)
        width = 1;
    return (width + info->block_width - 1) / info->block_width * info->block_bytes;
}

/* The pitch LockRect/LockBox report: mtld3d_format_pitch rounded up to
 * MTLD3D_LOCK_ALIGN bytes; the width for MTLD3D_FMT_TEXEL_LOCK. */
static inline UINT mtld3d_format_lock_pitch(const struct mtld3d_format_info *info, UINT width)
{
    if (info->flags & MTLD3D_FMT_TEXEL_LOCK)
        return width ? width : 1;
    return (mtld3d_format_pitch(info, width) + MTLD3D_LOCK_ALIGN - 1) / MTLD3D_LOCK_ALIGN * MTLD3D_LOCK_ALIGN;
}

/* Rows of blocks of a level height texels high. */
static inline UINT mtld3d_format_rows(const struct mtld3d_format_info *info, UINT height)
{
    if (!height)
        height = 1;
    return (height + info->block_height - 1) / info->block_height;
}

/* Rows of mtld3d_format_lock_pitch bytes a locked level height texels high
 * spans: its rows of blocks, or of texels for MTLD3D_FMT_TEXEL_LOCK. */
static inline UINT mtld3d_format_lock_rows(const struct mtld3d_format_info *info, UINT height)
{
    if (info->flags & MTLD3D_FMT_TEXEL_LOCK)
        return height ? height : 1;
    return mtld3d_format_rows(info, height);
}

/* How far into a level locked with pitch the texel (x, y) lies: the
 * start of its block, or y * pitch + x for MTLD3D_FMT_TEXEL_LOCK. */
static inline INT_PTR mtld3d_format_lock_offset(const struct mtld3d_format_info *info, UINT pitch, LONG x, LONG y)
{
    if (info->flags & MTLD3D_FMT_TEXEL_LOCK)
        return (INT_PTR)y * (INT_PTR)pitch + x;
    return (INT_PTR)(y / (LONG)info->block_height) * (INT_PTR)pitch +
           (INT_PTR)(x / (LONG)info->block_width) * (INT_PTR)info->block_bytes;
}

/* Tight size of a width x height x depth level (depth 1 for 2D). */
static inline UINT mtld3d_format_level_size(const struct mtld3d_format_info *info, UINT width, UINT height, UINT depth)
{
    return mtld3d_format_pitch(info, width) * mtld3d_format_rows(info, height) * (depth ? depth : 1);
}

`)

	// CheckDeviceFormat.
	fmt.Fprintf(&b, "/* Usage bits CheckDeviceFormat judges; others are ignored. */\n#define MTLD3D_CHECKED_USAGE 0x%08xu\n", uint32(caps.CheckedUsage))
	fmt.Fprintf(&b, "/* mtld3d_format_check.flags: AUTOGENMIPMAP generates mips. */\n#define MTLD3D_CHECK_AUTOGEN 0x%xu\n", caps.RowAutoGen)
	fmt.Fprintf(&b, "/* mtld3d_format_check.flags: QUERY_SRGBWRITE only with RENDERTARGET. */\n#define MTLD3D_CHECK_SRGBWRITE_RT 0x%xu\n\n", caps.RowSRGBWriteRT)
	b.WriteString("struct mtld3d_format_check\n{\n    DWORD format;\n    DWORD rtype;\n    DWORD usage_ok;\n" +
		"    DWORD usage_required;\n    DWORD flags;\n};\n\n")
	checks := caps.FormatRows()
	fmt.Fprintf(&b, "#define MTLD3D_FORMAT_CHECK_COUNT %d\n\n", len(checks))
	b.WriteString("static const struct mtld3d_format_check mtld3d_format_checks[MTLD3D_FORMAT_CHECK_COUNT] =\n{\n")
	for _, r := range checks {
		fmt.Fprintf(&b, "    {0x%08xu, %d, 0x%08xu, 0x%08xu, 0x%xu}, /* %s, %s */\n", uint32(r.Format), r.RType,
			r.UsageOK, r.UsageRequired, r.Flags, r.Format, r.RType)
	}
	b.WriteString("};\n\n")

	fmt.Fprintf(&b, "#define MTLD3D_ADAPTER_FORMAT_COUNT %d\n\n", len(caps.AdapterFormats))
	b.WriteString("static const DWORD mtld3d_adapter_formats[MTLD3D_ADAPTER_FORMAT_COUNT] =\n{\n")
	for _, f := range caps.AdapterFormats {
		fmt.Fprintf(&b, "    0x%08xu, /* %s */\n", uint32(f), f)
	}
	b.WriteString("};\n\n")

	// CheckDeviceType.
	modes := caps.DisplayModes()
	b.WriteString("struct mtld3d_display_mode\n{\n    DWORD display;\n    DWORD backbuffer;\n    BYTE windowed;\n    BYTE fullscreen;\n};\n\n")
	fmt.Fprintf(&b, "#define MTLD3D_DISPLAY_MODE_COUNT %d\n\n", len(modes))
	b.WriteString("static const struct mtld3d_display_mode mtld3d_display_modes[MTLD3D_DISPLAY_MODE_COUNT] =\n{\n")
	for _, m := range modes {
		fmt.Fprintf(&b, "    {0x%08xu, 0x%08xu, %d, %d}, /* %s, %s */\n", uint32(m.Display), uint32(m.BackBuffer),
			b2i(m.Windowed), b2i(m.Fullscreen), m.Display, m.BackBuffer)
	}
	b.WriteString("};\n\n")

	// CheckDeviceMultiSampleType.
	ms := caps.MultisampleRows()
	fmt.Fprintf(&b, "#define MTLD3D_NONMASKABLE_LEVELS %d\n\n", caps.NonmaskableLevels)
	b.WriteString("struct mtld3d_multisample\n{\n    DWORD format;\n    DWORD types; /* bit t: D3DMULTISAMPLE_TYPE t */\n};\n\n")
	fmt.Fprintf(&b, "#define MTLD3D_MULTISAMPLE_COUNT %d\n\n", len(ms))
	b.WriteString("static const struct mtld3d_multisample mtld3d_multisample_formats[MTLD3D_MULTISAMPLE_COUNT] =\n{\n")
	for _, r := range ms {
		fmt.Fprintf(&b, "    {0x%08xu, 0x%05xu}, /* %s */\n", uint32(r.Format), r.Types, r.Format)
	}
	b.WriteString("};\n\n")

	// GetDeviceCaps.
	fmt.Fprintf(&b, "#define MTLD3D_SWVP_MAX_VERTEX_BLEND_MATRIX_INDEX %d\n", caps.SWVPMaxVertexBlendMatrixIndex)
	fmt.Fprintf(&b, "#define MTLD3D_SWVP_MAX_VERTEX_SHADER_CONST %d\n", caps.SWVPMaxVertexShaderConst)
	fmt.Fprintf(&b, "#define MTLD3D_SWVP_VERTEX_SHADER_CONST_I %d\n", caps.SWVPVertexShaderConstI)
	fmt.Fprintf(&b, "#define MTLD3D_SWVP_VERTEX_SHADER_CONST_B %d\n\n", caps.SWVPVertexShaderConstB)
	c := caps.Caps9(0)
	size := d3d.MSLayout(reflect.TypeOf(c), 4).Size
	if size64 := d3d.MSLayout(reflect.TypeOf(c), 8).Size; size64 != size {
		return nil, fmt.Errorf("D3DCAPS9 is %d bytes on i686 but %d on x86_64", size, size64)
	}
	fmt.Fprintf(&b, "_Static_assert(sizeof(D3DCAPS9) == %d, \"D3DCAPS9 size\");\n\n", size)
	b.WriteString("static const D3DCAPS9 mtld3d_caps9 =\n{\n")
	if err := writeCInit(&b, reflect.ValueOf(c), "    "); err != nil {
		return nil, err
	}
	b.WriteString("};\n\n#endif\n")
	return b.Bytes(), nil
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// writeCInit writes the members of struct v as designated initializers
// named by their `c` tags.
func writeCInit(b *bytes.Buffer, v reflect.Value, indent string) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("c")
		if name == "" {
			return fmt.Errorf("%s.%s has no c tag", t.Name(), f.Name)
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.Struct:
			fmt.Fprintf(b, "%s.%s =\n%s{\n", indent, name, indent)
			if err := writeCInit(b, fv, indent+"    "); err != nil {
				return err
			}
			fmt.Fprintf(b, "%s},\n", indent)
		case reflect.Uint32:
			if f.Type == reflect.TypeOf(d3d.DevType(0)) {
				fmt.Fprintf(b, "%s.%s = (D3DDEVTYPE)%d,\n", indent, name, fv.Uint())
			} else if strings.HasPrefix(name, "Max") || strings.HasPrefix(name, "Num") || strings.Contains(name, "Ordinal") {
				fmt.Fprintf(b, "%s.%s = %du,\n", indent, name, fv.Uint())
			} else {
				fmt.Fprintf(b, "%s.%s = 0x%08xu,\n", indent, name, fv.Uint())
			}
		case reflect.Int32:
			fmt.Fprintf(b, "%s.%s = %d,\n", indent, name, fv.Int())
		case reflect.Float32:
			fmt.Fprintf(b, "%s.%s = %s,\n", indent, name, cFloat(float32(fv.Float())))
		default:
			return fmt.Errorf("%s.%s: no C initializer for %v", t.Name(), f.Name, f.Type)
		}
	}
	return nil
}

// cFloat prints a float literal that reads back as exactly f.
func cFloat(f float32) string {
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		panic("cFloat: not finite")
	}
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if !bytes.ContainsAny([]byte(s), ".e") {
		s += ".0"
	}
	return s + "f"
}
