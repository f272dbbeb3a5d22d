// Command mtld3d-replay replays a frame capture (debug.capture_frame, and
// the frame hotkey with debug.capture_hotkey, write
// <exe>-<pid>-capture-<n>.mtlcap beside mtld3d's log) on the pure-Go
// reference backend and writes the captured frame as a PNG:
//
//	mtld3d-replay [-v] FILE -o frame.png
//
// It needs neither Wine nor a Mac (it builds with CGO_ENABLED=0), so a
// capture attached to a bug report opens anywhere. A capture is read
// only by the mtld3d-replay built from the same source as the mtld3d
// that wrote it (the file carries the wire hash). -v logs the records
// the replay refuses to stderr.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"os"

	"go.uber.org/zap"

	"mtld3d/unix/backends"
	"mtld3d/unix/device"
)

func main() {
	fs := flag.NewFlagSet("mtld3d-replay", flag.ContinueOnError)
	out := fs.String("o", "", "PNG file to write the captured frame to")
	verbose := fs.Bool("v", false, "log refused records to stderr")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: mtld3d-replay [-v] FILE -o frame.png")
		fs.PrintDefaults()
	}
	// The file may come before the flags, as in the usage line.
	args := os.Args[1:]
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			os.Exit(2)
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 || *out == "" {
		fs.Usage()
		os.Exit(2)
	}
	log := zap.NewNop()
	if *verbose {
		log, _ = zap.NewDevelopment()
	}
	if err := replay(files[0], *out, log); err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-replay:", err)
		os.Exit(1)
	}
}

// replay replays the capture at in and writes its last presented image
// to out.
func replay(in, out string, log *zap.Logger) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	// The reference backend answers as an Apple GPU: the formats map as
	// on the Macs the captures come from.
	be, target, err := backends.Open("reference")
	if err != nil {
		return err
	}
	d, err := device.New(be, target)
	if err != nil {
		return err
	}
	defer d.Release()
	d.SetLogger(log)
	h, err := d.ReplayCapture(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	img, err := d.PresentedImage()
	if err != nil {
		return fmt.Errorf("%s: frame %d: %w", in, h.Frame, err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	return os.WriteFile(out, b.Bytes(), 0o644)
}
