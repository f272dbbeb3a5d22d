package device

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Frame dumps: dump.dir writes every presented frame as a PNG; the frame
// hotkey (debug.frame_hotkey, which the guest polls and sends as
// RecPresent.Dump) and debug.dump_frame write one beside the log.

// frameDump is a front image presented this frame and where its PNG goes.
type frameDump struct {
	chain uint32
	// dir is the file in dump.dir, beside the one beside the log; ""
	// for none.
	dir, beside string
}

// framePNGPath is the path, less "-frame-<n>.png", of the PNGs written
// beside the log file logPath ("" for none): <exe>-<pid>, with
// -device-<id> after it for a device past the process's first.
func framePNGPath(logPath string, id uint32) string {
	if logPath == "" {
		return ""
	}
	base := strings.TrimSuffix(logPath, ".log")
	if id > 1 {
		base += fmt.Sprintf("-device-%d", id)
	}
	return base
}

// wantDump notes, at a Present (d.frames already counting it), where the
// swap chain's front image goes as a PNG, if anywhere.
func (d *Device) wantDump(r *shared.RecPresent) {
	var fd frameDump
	if d.dumpDir != "" {
		fd.dir = filepath.Join(d.dumpDir, fmt.Sprintf("frame-%d-%06d.png", d.id, d.frames))
	}
	if r.Dump&shared.PresentDumpPNG != 0 || (d.dumpFrame != 0 && d.frames == d.dumpFrame) {
		if d.framePNG == "" {
			d.log.Warn("no log folder to write the frame beside", zap.Uint64("frame", d.frames))
		} else {
			fd.beside = fmt.Sprintf("%s-frame-%d.png", d.framePNG, d.frames)
		}
	}
	if fd.dir != "" || fd.beside != "" {
		fd.chain = r.SwapChain
		d.dumps = append(d.dumps, fd)
	}
}

// queueDump copies a swap chain's front image, in the frame's command
// buffer, into a texture of its own, and leaves the PNG to the frame's
// present-time work: the presenter writes it once the copy has run, while
// later frames may already be drawing into the front image.
func (d *Device) queueDump(fd frameDump) {
	s := d.front[fd.chain]
	if s == nil || s.tex == nil {
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
	d.cur.present = append(d.cur.present, func() {
		defer tex.Release()
		if err := d.dumpFront(&cp, fd); err != nil {
			d.log.Warn("frame dump failed", zap.Error(err))
		}
	})
}

// dumpFront writes a copy of a front image as a PNG to where fd says, as
// the screen would show it (alpha ignored). It reads back through the
// same path as GetFrontBufferData, so it works on any backend.
func (d *Device) dumpFront(s *surface, fd frameDump) error {
	img, err := d.frontImage(s)
	if err != nil {
		return err
	}
	var enc bytes.Buffer
	if err := png.Encode(&enc, img); err != nil {
		return err
	}
	for _, path := range []string{fd.dir, fd.beside} {
		if path == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, enc.Bytes(), 0o644); err != nil {
			return err
		}
		if path == fd.beside {
			d.log.Info("frame written", zap.String("path", path))
		} else {
			d.log.Debug("frame dumped", zap.String("path", path))
		}
	}
	return nil
}

// frontImage reads a front image back as the screen shows it (alpha
// ignored), through the same path as GetFrontBufferData.
func (d *Device) frontImage(s *surface) (*image.NRGBA, error) {
	pitch := 4 * s.width
	buf := make([]byte, pitch*s.height)
	if err := d.read(s, types.D3DFMT_A8R8G8B8, buf, pitch, s.height, pitch); err != nil {
		return nil, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, s.width, s.height))
	for i := 0; i < len(buf); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = buf[i+2], buf[i+1], buf[i], 0xff
	}
	return img, nil
}
