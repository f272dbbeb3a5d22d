package device

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"go.uber.org/zap"

	"mtld3d/types"
	"mtld3d/unix/backend"
)

// queueDump copies a swap chain's front image, in the frame's command
// buffer, into a texture of its own, and leaves the PNG to the frame's
// present-time work: the presenter writes it once the copy has run, while
// later frames may already be drawing into the front image.
func (d *Device) queueDump(sc uint32) {
	s := d.front[sc]
	if s == nil || s.tex == nil || d.dumpDir == "" {
		return
	}
	tex, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: s.mapping.Format,
		Width: s.width, Height: s.height, Usage: backend.UsageShaderRead | backend.UsageRenderTarget})
	if err != nil {
		d.log.Warn("frame dump failed", zap.Error(err))
		return
	}
	blit := d.cmd().BlitCommandEncoder()
	blit.CopyTextureToTexture(s.tex, s.slice, s.level, backend.Origin{}, backend.Size{Width: s.width, Height: s.height, Depth: 1},
		tex, 0, 0, backend.Origin{})
	blit.EndEncoding()
	cp := *s
	cp.tex, cp.level, cp.slice = tex, 0, 0
	dir, n := d.dumpDir, d.frames
	d.cur.present = append(d.cur.present, func() {
		defer tex.Release()
		if err := d.dumpFront(dir, &cp, n); err != nil {
			d.log.Warn("frame dump failed", zap.Error(err))
		}
	})
}

// dumpFront writes a copy of a front image to dir as a PNG, as the screen
// would show it (alpha ignored). It reads back through the same path as
// GetFrontBufferData, so it works on any backend.
func (d *Device) dumpFront(dir string, s *surface, frame uint64) error {
	pitch := 4 * s.width
	buf := make([]byte, pitch*s.height)
	if err := d.read(s, types.D3DFMT_A8R8G8B8, buf, pitch, s.height, pitch); err != nil {
		return err
	}
	img := image.NewNRGBA(image.Rect(0, 0, s.width, s.height))
	for i := 0; i < len(buf); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = buf[i+2], buf[i+1], buf[i], 0xff
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, fmt.Sprintf("frame-%d-%06d.png", d.id, frame))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	d.log.Debug("frame dumped", zap.String("path", path))
	return f.Close()
}
