package device

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"go.uber.org/zap"

	"mtld3d/types"
)

// dumpFront writes a swap chain's front image to dir as a PNG, as the
// screen would show it (alpha ignored). It reads back through the same
// path as GetFrontBufferData, so it works on any backend.
func (d *Device) dumpFront(dir string, sc uint32) error {
	s := d.front[sc]
	if s == nil {
		return nil
	}
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
	path := filepath.Join(dir, fmt.Sprintf("frame-%d-%06d.png", d.id, d.frames))
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
