package shadercache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

const fuzzFingerprint = "fuzz-fp"

// FuzzLoad feeds arbitrary bytes to the file reader: parseFile must not
// panic, must report a valid prefix within the input, and what it keeps
// must write back to the same bytes; Open over the same bytes must load
// those records and cut the file to that prefix.
func FuzzLoad(f *testing.F) {
	for _, s := range seedFiles() {
		f.Add(s)
	}
	dir := f.TempDir() // one per fuzzing process; each input rewrites the file
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, good, err := parseFile(data, fuzzFingerprint)
		if err != nil {
			if recs != nil || good != 0 {
				t.Fatal("records from a rejected header")
			}
		} else {
			if good > len(data) {
				t.Fatalf("valid prefix %d past the end %d", good, len(data))
			}
			re := appendHeader(nil, fuzzFingerprint)
			for i := range recs {
				re = appendRecord(re, &recs[i])
			}
			if !bytes.Equal(re, data[:good]) {
				t.Fatal("records kept do not write back to the valid prefix")
			}
		}

		path := filepath.Join(dir, FileName("fuzz"))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, oerr := OpenOptions(dir, "fuzz", fuzzFingerprint, Options{MaxBytes: 1 << 30})
		if oerr != nil {
			t.Fatal(oerr)
		}
		defer c.Close()
		live := map[Key]bool{}
		for _, r := range recs {
			live[r.key] = true
		}
		if c.Len() != len(live) {
			t.Fatalf("Open loaded %d entries, parse found %d keys", c.Len(), len(live))
		}
		for k := range live {
			c.Get(k) // a bad zstd frame is a miss, not a crash
		}
		fi, _ := os.Stat(path)
		want := int64(good)
		if err != nil {
			want = int64(len(appendHeader(nil, fuzzFingerprint)))
		}
		if fi.Size() != want {
			t.Fatalf("file cut to %d, want %d", fi.Size(), want)
		}
	})
}

// seedFiles are small cache files: valid, cut short, damaged, foreign.
func seedFiles() [][]byte {
	good := appendHeader(nil, fuzzFingerprint)
	for i, v := range []string{"", "a", "#include <metal_stdlib>\nfragment float4 f() { return 1; }\n"} {
		r := record{key: KeyOf(fmt.Sprint(i)), rawLen: uint32(len(v))}
		if codecs() == nil {
			r.comp = encoder.EncodeAll([]byte(v), nil)
		}
		good = appendRecord(good, &r)
	}
	hdr := len(appendHeader(nil, fuzzFingerprint))
	flipped := bytes.Clone(good)
	flipped[hdr+9] ^= 1
	return [][]byte{
		nil,
		good,
		good[:hdr],
		good[:len(good)-3],
		flipped,
		append(bytes.Clone(good), 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0),
		appendHeader(nil, "another"),
		[]byte(magic),
	}
}

// TestWriteFuzzCorpus rewrites testdata/fuzz/FuzzLoad from seedFiles when
// MTLD3D_WRITE_CORPUS=1.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("MTLD3D_WRITE_CORPUS") != "1" {
		t.Skip("set MTLD3D_WRITE_CORPUS=1 to rewrite the seed corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzLoad")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range seedFiles() {
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(s)) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
