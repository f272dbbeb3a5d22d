package device

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// capturedFrames submits four frames to d, each drawing with guest
// memory a record names (texels, shader code, UP vertices, a surface
// upload), and returns the image presented by frame 3 and frame 2.
func capturedFrames(t *testing.T, d *Device) (frame2, frame3 []byte) {
	t.Helper()
	var keep [][]byte
	// tri draws two triangles over columns x0..x1 from guest memory, with
	// texture coordinate (u, 0.5).
	tri := func(c *chunk, x0, x1, u float32) {
		var data []byte
		for _, p := range [][2]float32{{x0, 0}, {x1, 0}, {x0, 8}, {x1, 0}, {x1, 8}, {x0, 8}} {
			data = append(data, f32s(p[0], p[1], 0.5, 1, u, 0.5, 0)...)
		}
		keep = append(keep, data)
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2, Stride: 28,
			VertexBytes: uint32(len(data)), Data: addr(data)})
	}
	texels := func(c *chunk, cols ...uint32) {
		b := u32s(cols...)
		keep = append(keep, b)
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 2, Bottom: 1, Back: 1, Src: addr(b), Pitch: 8})
	}
	image := func() []byte {
		img, err := d.PresentedImage()
		if err != nil {
			t.Fatal(err)
		}
		return img.Pix
	}

	c := newChunk()
	texturedSetup(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 2, Height: 1, Depth: 1, Levels: 1})
	texels(c, 0xffff0000, 0xff00ff00)
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000040})
	tri(c, 0, 4, 0.25)
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	submit(t, d, c)

	c = newChunk()
	texels(c, 0xff0000ff, 0xffffff00)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff404040})
	tri(c, 0, 4, 0.25)
	tri(c, 4, 8, 0.75)
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	submit(t, d, c)
	frame2 = image()

	// Frame 3 in two submissions: a pixel shader inverting the texel, and
	// an upload into the render target from guest memory.
	c = newChunk()
	shaderRec(t, c, 40, shared.ShaderPixel, "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nadd r0.xyz, c0, -r0\nmov oC0, r0\n")
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 40})
	one := f32s(1, 1, 1, 1)
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderPixel, Start: 0, Count: 1}, one...)
	tri(c, 2, 6, 0.25)
	submit(t, d, c)
	c = newChunk()
	rows := u32s(0xff123456, 0xff654321, 0xffabcdef, 0xfffedcba)
	keep = append(keep, rows)
	add(c, code("UploadSurface"), shared.RecUploadSurface{Surface: 1, Pitch: 8, Left: 6, Top: 6, Right: 8, Bottom: 8, Src: addr(rows)})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	submit(t, d, c)
	frame3 = image()

	// Past the captured frame: not in the file.
	c = newChunk()
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffffffff})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	submit(t, d, c)
	runtime.KeepAlive(keep)
	return frame2, frame3
}

// captureFile captures frames 1 to 3 of capturedFrames to a file and
// returns its path and frame 3's image.
func captureFile(t *testing.T) (string, []byte, []byte) {
	t.Helper()
	d := newTestDevice(t)
	path := filepath.Join(t.TempDir(), "x-capture-3.mtlcap")
	d.startCapture(path, 3, shared.GuestArchX86_64)
	frame2, frame3 := capturedFrames(t, d)
	d.endCapture()
	return path, frame2, frame3
}

// TestCaptureReplaysTheFrame: a capture of frames 1 to 3 (textures
// uploaded in one frame and drawn in later ones, a shader, UP draws and
// a surface upload from guest memory, a frame in two submissions)
// replayed on a new device presents frame 3's image exactly; the frame
// after it is not in the file, and the original's guest memory is gone
// by then.
func TestCaptureReplaysTheFrame(t *testing.T) {
	path, frame2, frame3 := captureFile(t)
	if bytes.Equal(frame2, frame3) {
		t.Fatal("frames 2 and 3 look alike: the test shows nothing")
	}
	if _, err := os.Stat(path + ".part"); !os.IsNotExist(err) {
		t.Errorf("the partial file is left: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := newTestDevice(t)
	h, err := d.ReplayCapture(f)
	if err != nil {
		t.Fatal(err)
	}
	if h.Frame != 3 || h.GuestArch != shared.GuestArchX86_64 || h.WireHash != shared.WireHash() {
		t.Errorf("header %+v", h)
	}
	img, err := d.PresentedImage()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.Pix, frame3) {
		t.Errorf("replayed image differs from frame 3:\n got %x\nwant %x", img.Pix, frame3)
	}
	// The replayed frame is 3: its upload is there, frame 4's clear not.
	if got := frontPixel(t, d, 9, 8, 8, 7, 7); got != 0xfffedcba {
		t.Errorf("(7,7) = %#x, want frame 3's upload", got)
	}
	// Frame 3's shader inverted frame 2's blue texel over frame 2's
	// columns, blue and yellow; frame 1's red and green are gone.
	for _, p := range []struct {
		x   int
		col uint32
	}{{0, 0xff0000ff}, {3, 0xffffff00}, {7, 0xffffff00}} {
		if got := frontPixel(t, d, 9, 8, 8, p.x, 4); got != p.col {
			t.Errorf("(%d,4) = %#x, want %#x", p.x, got, p.col)
		}
	}
}

// TestCaptureFileRefused: another build's wire hash, another version, a
// truncated file and a range past a frame's data are errors or dropped
// records, never a panic or a read outside the file.
func TestCaptureFileRefused(t *testing.T) {
	path, _, _ := captureFile(t)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("MTLD3D_UPDATE_SEEDS") == "1" {
		text := "go test fuzz v1\n[]byte(" + strconv.Quote(string(good)) + ")\n"
		if err := os.WriteFile(captureSeed, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	try := func(b []byte) error {
		d := newTestDevice(t)
		_, err := d.ReplayCapture(bytes.NewReader(b))
		return err
	}
	bad := bytes.Clone(good)
	binary.LittleEndian.PutUint64(bad[16:], shared.WireHash()+1)
	if err := try(bad); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Errorf("another wire hash: %v", err)
	}
	bad = bytes.Clone(good)
	binary.LittleEndian.PutUint32(bad[8:], capVersion+1)
	if err := try(bad); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("another version: %v", err)
	}
	for _, n := range []int{0, 10, capHeader, capHeader + 20, len(good) / 2, len(good) - 1} {
		if err := try(good[:n]); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
	if err := try(append(bytes.Clone(good), 1)); err != nil {
		t.Errorf("trailing byte after the end marker: %v (ignored)", err)
	}
}

// TestCaptureFileMutations replays 300 copies of each seed capture (a
// debug.capture_frame one, a hotkey one with its snapshot) with
// a few random bytes changed past the header (the same every run): each
// is an error or a replay, never a panic.
func TestCaptureFileMutations(t *testing.T) {
	for _, seed := range []string{captureSeed, hotkeySeed} {
		good, err := readCaptureSeed(seed)
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint64(good[16:], shared.WireHash())
		r := rand.New(rand.NewPCG(1, 2))
		for range 300 {
			b := bytes.Clone(good)
			for range 1 + r.IntN(4) {
				b[capHeader+r.IntN(len(b)-capHeader)] = byte(r.IntN(256))
			}
			d := newTestDevice(t)
			d.log = zap.NewNop()
			_, _ = d.ReplayCapture(bytes.NewReader(b))
		}
	}
}

// FuzzCaptureFile: a damaged capture file is an error or a replay of
// what it holds, never a panic. The seeds are a capture of
// capturedFrames' three frames in testdata/fuzz/FuzzCaptureFile and a
// hotkey capture of hotkeyFrames' frame 4 (hotkeySeed)
// (MTLD3D_UPDATE_SEEDS=1 go test -run TestCaptureFileRefused rewrites
// it); the header's wire hash is made
// this build's, so the fuzzer gets past it whatever the wire became.
func FuzzCaptureFile(f *testing.F) {
	oldOwn, oldRes := ownLimit, backend.MaxResourceBytes
	ownLimit, backend.MaxResourceBytes = 1<<20, 64<<20
	f.Cleanup(func() { ownLimit, backend.MaxResourceBytes = oldOwn, oldRes })
	f.Add([]byte(capMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) >= capHeader {
			b = bytes.Clone(b)
			binary.LittleEndian.PutUint64(b[16:], shared.WireHash())
		}
		d := newTestDevice(t)
		d.log = zap.NewNop()
		_, _ = d.ReplayCapture(bytes.NewReader(b))
	})
}

const captureSeed = "testdata/fuzz/FuzzCaptureFile/capture-3"

// readCaptureSeed reads a capture from a Go fuzz corpus file (a
// []byte in "go test fuzz v1" form: the repository tracks no binaries).
func readCaptureSeed(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "go test fuzz v1\n[]byte(")
	text, ok2 := strings.CutSuffix(text, ")")
	if !ok || !ok2 {
		return nil, fmt.Errorf("%s: not a fuzz corpus []byte", path)
	}
	s, err := strconv.Unquote(text)
	return []byte(s), err
}
