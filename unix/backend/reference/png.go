package reference

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

// Image reads one level and slice (or depth plane of a 3D texture) of a
// reference texture as an image. Colour formats give NRGBA holding the
// stored values (sRGB formats re-encoded, so what is stored is what is
// shown); depth formats give 16-bit greyscale of depth, stencil formats
// 8-bit greyscale. Multisampled textures are averaged per pixel.
func Image(t backend.Texture, level, slice int) (image.Image, error) {
	tx, ok := t.(*Texture)
	if !ok {
		return nil, fmt.Errorf("reference: Image of a %T", t)
	}
	if level >= len(tx.levels) {
		return nil, fmt.Errorf("reference: level %d of %d", level, len(tx.levels))
	}
	z := 0
	if tx.desc.Type == backend.TextureType3D {
		slice, z = 0, slice
	}
	if slice >= tx.slices || z >= tx.levelDepth(level) {
		return nil, fmt.Errorf("reference: slice %d out of range", slice)
	}
	f := tx.desc.Format
	w, h, ns := tx.levelWidth(level), tx.levelHeight(level), tx.desc.SampleCount
	src := tx.image(level, slice, z)
	px := make([][4]float32, w*h)
	if ns == 1 {
		texel.DecodeImage(f, src, w, h, px)
	} else {
		one := make([][4]float32, w*h*ns)
		texel.DecodeImage(f, src, w*ns, h, one)
		for i := range px {
			for s := 0; s < ns; s++ {
				for k := range px[i] {
					px[i][k] += one[i*ns+s][k] / float32(ns)
				}
			}
		}
	}
	r := image.Rect(0, 0, w, h)
	in := f.Info()
	switch {
	case in.Depth:
		img := image.NewGray16(r)
		for i, c := range px {
			img.SetGray16(i%w, i/w, color.Gray16{Y: uint16(clamp01(c[0])*65535 + 0.5)})
		}
		return img, nil
	case in.Stencil:
		img := image.NewGray(r)
		for i, c := range px {
			img.Pix[i] = uint8(c[0])
		}
		return img, nil
	}
	img := image.NewNRGBA(r)
	for i, c := range px {
		if in.SRGB {
			c[0], c[1], c[2] = texel.LinearToSRGB(c[0]), texel.LinearToSRGB(c[1]), texel.LinearToSRGB(c[2])
		}
		copy(img.Pix[4*i:], []byte{texel.U8(c[0]), texel.U8(c[1]), texel.U8(c[2]), texel.U8(c[3])})
	}
	return img, nil
}

// WritePNG encodes a texture level and slice as PNG; see Image.
func WritePNG(w io.Writer, t backend.Texture, level, slice int) error {
	img, err := Image(t, level, slice)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// SavePNG writes a texture level and slice, or a drawable's texture, to a
// PNG file.
func SavePNG(path string, t backend.Texture, level, slice int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := WritePNG(f, t, level, slice); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Image returns the drawable's texture as an image.
func (d *Drawable) Image() (image.Image, error) { return Image(d.tex, 0, 0) }
