package device

import (
	"fmt"

	"mtld3d/shared"
	"mtld3d/unix/backend"
)

// present copies the swap chain's back buffer to its front image, which
// GetFrontBufferData and the frame dump read.
func (d *Device) present(r *shared.RecPresent, _ []byte) error {
	d.frames++
	if d.dumpDir != "" {
		d.dumps = append(d.dumps, r.SwapChain)
	}
	bb := d.objects[r.BackBuffer]
	if bb == nil || bb.tex == nil {
		return fmt.Errorf("present: no back buffer %d", r.BackBuffer)
	}
	front := d.front[r.SwapChain]
	if front == nil || front.width != bb.width || front.height != bb.height || front.mapping != bb.mapping {
		if front != nil {
			front.tex.Release()
		}
		tex, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: bb.mapping.Format,
			Width: bb.width, Height: bb.height, Usage: backend.UsageShaderRead | backend.UsageRenderTarget})
		if err != nil {
			return err
		}
		front = &surface{id: r.SwapChain, format: bb.format, mapping: bb.mapping, tex: tex, width: bb.width,
			height: bb.height, samples: 1}
		d.front[r.SwapChain] = front
	}
	cb := d.outsidePass()
	if cb == nil {
		return nil
	}
	if bb.samples > 1 {
		// A multisampled back buffer is resolved into the front image.
		resolve(cb, bb, front.tex, 0, 0)
		return nil
	}
	blit := cb.BlitCommandEncoder()
	blit.CopyTextureToTexture(bb.tex, bb.slice, bb.level, backend.Origin{}, backend.Size{Width: bb.width, Height: bb.height, Depth: 1},
		front.tex, 0, 0, backend.Origin{})
	blit.EndEncoding()
	return nil
}
