package shadercache

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// msl is a value that looks like what the device stores: MSL source.
func msl(i int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "#include <metal_stdlib>\nusing namespace metal;\n// shader %d\n", i)
	for j := 0; j < 20+i%7; j++ {
		fmt.Fprintf(&b, "  float4 r%d = c[%d] * v%d.xyzw + r%d;\n", j, (i+j)%256, j%16, j)
	}
	return []byte(b.String())
}

func random(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func mustOpen(t testing.TB, dir, fp string, opt Options) *Cache {
	t.Helper()
	c, err := OpenOptions(dir, "shaders", fp, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func wantGet(t testing.TB, c *Cache, k Key, want []byte) {
	t.Helper()
	got, ok := c.Get(k)
	if !ok {
		t.Fatalf("Get(%s): miss", k)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Get(%s) = %d bytes, want %d", k, len(got), len(want))
	}
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	c := mustOpen(t, dir, "fp1", Options{})
	if st := c.Stats(); !st.Persistent || st.Entries != 0 || st.Dropped != 0 {
		t.Fatalf("fresh cache stats %+v", st)
	}
	vals := map[Key][]byte{
		KeyOf("empty"): {},
		KeyOf("big"):   bytes.Repeat([]byte("float4 x = y;\n"), 20000),
		KeyOf("rand"):  random(rand.New(rand.NewPCG(1, 2)), 5000),
	}
	for i := range 50 {
		vals[KeyOf("msl", fmt.Sprint(i))] = msl(i)
	}
	for k, v := range vals {
		c.Put(k, v)
	}
	if _, ok := c.Get(KeyOf("absent")); ok {
		t.Fatal("hit on an absent key")
	}
	for k, v := range vals {
		wantGet(t, c, k, v)
	}
	// A value returned is the caller's own.
	got, _ := c.Get(KeyOf("msl", "1"))
	got[0] ^= 0xff
	wantGet(t, c, KeyOf("msl", "1"), vals[KeyOf("msl", "1")])
	st := c.Stats()
	if st.Entries != len(vals) || st.Puts != uint64(len(vals)) || st.Misses != 1 || st.Err != nil {
		t.Fatalf("stats %+v", st)
	}
	// Storing the same value again writes nothing.
	size := st.FileBytes
	c.Put(KeyOf("msl", "3"), msl(3))
	if c.Stats().FileBytes != size {
		t.Fatal("a repeated Put grew the file")
	}
	if fi, _ := os.Stat(c.Path()); fi.Size() != size {
		t.Fatalf("file is %d bytes, stats say %d", fi.Size(), size)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	wantGet(t, c, KeyOf("rand"), vals[KeyOf("rand")]) // memory still serves
	c.Put(KeyOf("late"), []byte("x"))                 // dropped after Close
	c2 := mustOpen(t, dir, "fp1", Options{})
	defer c2.Close()
	if c2.Len() != len(vals) {
		t.Fatalf("reopened: %d entries, want %d", c2.Len(), len(vals))
	}
	for k, v := range vals {
		wantGet(t, c2, k, v)
	}
	if c2.Has(KeyOf("late")) {
		t.Fatal("a Put after Close reached the file")
	}
	if big := len(c2.entries[KeyOf("big")].rec.comp); big > 2000 {
		t.Fatalf("280000 repetitive bytes compressed to %d", big)
	}
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	c := mustOpen(t, dir, "fp", Options{})
	k := KeyOf("k")
	c.Put(k, []byte("one"))
	c.Put(k, []byte("two"))
	wantGet(t, c, k, []byte("two"))
	c.Close()
	c = mustOpen(t, dir, "fp", Options{})
	defer c.Close()
	wantGet(t, c, k, []byte("two"))
	if c.Len() != 1 {
		t.Fatalf("%d entries", c.Len())
	}
}

func TestFingerprintChange(t *testing.T) {
	dir := t.TempDir()
	c := mustOpen(t, dir, "metal/apple7/emitter-3", Options{})
	c.Put(KeyOf("a"), []byte("aaaa"))
	c.Close()

	c = mustOpen(t, dir, "metal/apple7/emitter-4", Options{})
	if c.Len() != 0 || c.Has(KeyOf("a")) {
		t.Fatal("entries survived a fingerprint change")
	}
	if st := c.Stats(); st.Dropped != -1 || st.FileBytes != int64(len(appendHeader(nil, "metal/apple7/emitter-4"))) {
		t.Fatalf("stats after fingerprint change %+v", st)
	}
	c.Put(KeyOf("b"), []byte("bbbb"))
	c.Close()

	c = mustOpen(t, dir, "metal/apple7/emitter-4", Options{})
	wantGet(t, c, KeyOf("b"), []byte("bbbb"))
	c.Close()
	c = mustOpen(t, dir, "metal/apple7/emitter-3", Options{}) // and back
	defer c.Close()
	if c.Len() != 0 {
		t.Fatal("entries of the other fingerprint loaded")
	}
}

// smallFile writes a cache of three entries and returns the file's bytes,
// the keys and values in file order, and each record's end offset.
func smallFile(t *testing.T) (data []byte, keys []Key, vals [][]byte, ends []int) {
	dir := t.TempDir()
	c := mustOpen(t, dir, "fp", Options{})
	for i := range 3 {
		keys = append(keys, KeyOf(fmt.Sprint(i)))
		vals = append(vals, []byte(strings.Repeat(fmt.Sprint(i), i*3)))
		c.Put(keys[i], vals[i])
	}
	c.Close()
	data, err := os.ReadFile(c.Path())
	if err != nil {
		t.Fatal(err)
	}
	off, err := parseHeader(data, "fp")
	if err != nil {
		t.Fatal(err)
	}
	ends = append(ends, off)
	for range 3 {
		_, n, ok := parseRecord(data[off:])
		if !ok {
			t.Fatal("bad record in a fresh file")
		}
		off += n
		ends = append(ends, off)
	}
	if off != len(data) {
		t.Fatalf("file has %d bytes past its records", len(data)-off)
	}
	return data, keys, vals, ends
}

// checkDamaged opens a file holding data and checks that exactly the
// first keep entries load, that the file is cut to its valid prefix and
// that the cache still takes and keeps new entries.
func checkDamaged(t *testing.T, data []byte, keys []Key, vals [][]byte, ends []int, keep int, what string) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName("shaders"))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := mustOpen(t, dir, "fp", Options{})
	if c.Len() != keep {
		t.Fatalf("%s: %d entries loaded, want %d", what, c.Len(), keep)
	}
	for i := range keep {
		wantGet(t, c, keys[i], vals[i])
	}
	want := int64(ends[keep]) // for keep 0: the header, kept or rewritten
	if fi, _ := os.Stat(path); fi.Size() != want {
		t.Fatalf("%s: file cut to %d bytes, want %d", what, fi.Size(), want)
	}
	c.Put(KeyOf("new"), []byte("new value"))
	c.Close()
	c = mustOpen(t, dir, "fp", Options{})
	defer c.Close()
	if c.Len() != keep+1 {
		t.Fatalf("%s: after a Put and reopen %d entries, want %d", what, c.Len(), keep+1)
	}
	wantGet(t, c, KeyOf("new"), []byte("new value"))
}

func TestTruncatedAtEveryOffset(t *testing.T) {
	data, keys, vals, ends := smallFile(t)
	for n := 0; n <= len(data); n++ {
		keep := 0
		for keep < 3 && ends[keep+1] <= n {
			keep++
		}
		checkDamaged(t, data[:n], keys, vals, ends, keep, fmt.Sprintf("truncated to %d", n))
	}
}

func TestCorruptAtEveryOffset(t *testing.T) {
	data, keys, vals, ends := smallFile(t)
	for i := range data {
		for _, flip := range []byte{0x01, 0x80, 0xff} {
			bad := bytes.Clone(data)
			bad[i] ^= flip
			keep := 0
			for keep < 3 && ends[keep+1] <= i {
				keep++
			}
			if i < ends[0] {
				keep = 0
			}
			checkDamaged(t, bad, keys, vals, ends, keep, fmt.Sprintf("byte %d ^ %#x", i, flip))
		}
	}
}

func TestGarbageTail(t *testing.T) {
	data, keys, vals, ends := smallFile(t)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 1; n < 200; n += 7 {
		bad := append(bytes.Clone(data), random(r, n)...)
		checkDamaged(t, bad, keys, vals, ends, 3, fmt.Sprintf("%d garbage bytes", n))
	}
}

func TestConcurrent(t *testing.T) {
	for _, max := range []int64{0, 24 << 10} {
		t.Run(fmt.Sprint("max=", max), func(t *testing.T) {
			dir := t.TempDir()
			c := mustOpen(t, dir, "fp", Options{MaxBytes: max})
			const workers, n = 4, 200
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(2)
				go func() { // a compile worker: look up, compile on a miss, store
					defer wg.Done()
					for i := range n {
						j := (i*7 + w*13) % n
						k := KeyOf("msl", fmt.Sprint(j))
						if v, ok := c.Get(k); ok {
							if !bytes.Equal(v, msl(j)) {
								t.Errorf("key %d: wrong value", j)
								return
							}
							continue
						}
						c.Put(k, msl(j))
					}
				}()
				go func() {
					defer wg.Done()
					for i := range n {
						c.Has(KeyOf("msl", fmt.Sprint(i)))
						c.Stats()
						if i%50 == 0 && w == 0 {
							c.Compact()
						}
					}
				}()
			}
			wg.Wait()
			st := c.Stats()
			if st.Err != nil {
				t.Fatal(st.Err)
			}
			if max == 0 && st.Entries != n {
				t.Fatalf("%d entries, want %d", st.Entries, n)
			}
			c.Close()
			c2 := mustOpen(t, dir, "fp", Options{MaxBytes: max})
			defer c2.Close()
			if c2.Len() != st.Entries {
				t.Fatalf("reopened with %d entries, had %d", c2.Len(), st.Entries)
			}
			for i := range n {
				if v, ok := c2.Get(KeyOf("msl", fmt.Sprint(i))); ok && !bytes.Equal(v, msl(i)) {
					t.Fatalf("key %d: wrong value after reopen", i)
				}
			}
		})
	}
}

func TestSizeBound(t *testing.T) {
	dir := t.TempDir()
	const max = 64 << 10
	c := mustOpen(t, dir, "fp", Options{MaxBytes: max})
	r := rand.New(rand.NewPCG(5, 6))
	vals := make([][]byte, 300)
	for i := range vals {
		vals[i] = random(r, 1000) // incompressible: about 1 KiB a record
	}
	key := func(i int) Key { return KeyOf("v", fmt.Sprint(i)) }
	for i, v := range vals {
		c.Put(key(i), v)
		if i > 0 {
			c.Get(key(0)) // keep entry 0 in use
		}
		st := c.Stats()
		if st.FileBytes > max || st.LiveBytes > max {
			t.Fatalf("after %d puts: file %d, live %d bytes, bound %d", i+1, st.FileBytes, st.LiveBytes, max)
		}
		if fi, _ := os.Stat(c.Path()); fi.Size() != st.FileBytes {
			t.Fatalf("file is %d bytes, stats say %d", fi.Size(), st.FileBytes)
		}
	}
	st := c.Stats()
	if st.Compacts == 0 || st.Entries >= len(vals) || st.Entries < 40 {
		t.Fatalf("stats %+v", st)
	}
	wantGet(t, c, key(0), vals[0]) // recently used: kept
	if c.Has(key(1)) {
		t.Fatal("the oldest unused entry survived")
	}
	wantGet(t, c, key(len(vals)-1), vals[len(vals)-1]) // newest: kept
	n := c.Len()
	c.Close()

	c = mustOpen(t, dir, "fp", Options{MaxBytes: max})
	if c.Len() != n {
		t.Fatalf("reopened with %d entries, had %d", c.Len(), n)
	}
	wantGet(t, c, key(0), vals[0])
	c.Close()

	// A smaller bound at open evicts at once.
	c = mustOpen(t, dir, "fp", Options{MaxBytes: max / 4})
	defer c.Close()
	if st := c.Stats(); st.FileBytes > max/4 || st.Entries == 0 || st.Entries >= n {
		t.Fatalf("after reopening with a smaller bound: %+v", st)
	}
	wantGet(t, c, key(len(vals)-1), vals[len(vals)-1])

	// A value too big for the bound is not stored.
	c.Put(KeyOf("huge"), random(r, max/4))
	if c.Has(KeyOf("huge")) {
		t.Fatal("stored a value larger than half the bound")
	}
}

func TestReplacedRecordsCompacted(t *testing.T) {
	dir := t.TempDir()
	c := mustOpen(t, dir, "fp", Options{MaxBytes: 32 << 10})
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		c.Put(KeyOf("same"), random(r, 500))
	}
	if st := c.Stats(); st.Entries != 1 || st.FileBytes > 32<<10 || st.Compacts == 0 {
		t.Fatalf("stats %+v", st)
	}
	c.Close()
}

func TestSecondOpenIsMemoryOnly(t *testing.T) {
	dir := t.TempDir()
	a := mustOpen(t, dir, "fp", Options{})
	defer a.Close()
	a.Put(KeyOf("a"), []byte("from a"))
	b := mustOpen(t, dir, "fp", Options{})
	if b.Stats().Persistent {
		t.Skip("flock not exclusive between opens here")
	}
	wantGet(t, b, KeyOf("a"), []byte("from a"))
	b.Put(KeyOf("b"), []byte("from b"))
	wantGet(t, b, KeyOf("b"), []byte("from b"))
	b.Close()
	a.Close()
	c := mustOpen(t, dir, "fp", Options{})
	defer c.Close()
	if !c.Stats().Persistent || c.Has(KeyOf("b")) || !c.Has(KeyOf("a")) {
		t.Fatalf("after the owner closed: %+v", c.Stats())
	}
}

func TestWriteErrorGoesMemoryOnly(t *testing.T) {
	c := mustOpen(t, t.TempDir(), "fp", Options{})
	defer c.Close()
	c.f.Close() // make the next write fail
	c.Put(KeyOf("k"), []byte("v"))
	st := c.Stats()
	if st.Err == nil || st.Persistent || !errors.Is(st.Err, os.ErrClosed) {
		t.Fatalf("stats %+v", st)
	}
	wantGet(t, c, KeyOf("k"), []byte("v"))
}

func TestNilCache(t *testing.T) {
	var c *Cache
	c.Put(KeyOf("k"), []byte("v"))
	if _, ok := c.Get(KeyOf("k")); ok || c.Has(KeyOf("k")) || c.Len() != 0 {
		t.Fatal("nil cache stored something")
	}
	if c.Close() != nil || c.Compact() != nil || c.Path() != "" {
		t.Fatal("nil cache errors")
	}
	_ = c.Stats()
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"", ".hidden", "a/b", "../x", "a b", strings.Repeat("x", 200)} {
		if _, err := Open(dir, name, "fp"); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
	if _, err := Open(dir, "ok", strings.Repeat("f", maxFingerprint+1)); err == nil {
		t.Error("oversized fingerprint accepted")
	}
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := Open(filepath.Join(file, "sub"), "ok", "fp"); err == nil {
		t.Error("a folder under a file accepted")
	}
}

func TestKeys(t *testing.T) {
	if KeyOf("ab", "c") == KeyOf("a", "bc") || KeyOf("a") == KeyOf("a", "") || KeyOf() == KeyOf("") {
		t.Fatal("keys collide across part boundaries")
	}
	if KeyOf("x", "y") != NewKey([]byte("x"), []byte("y")) {
		t.Fatal("KeyOf and NewKey differ")
	}
	if len(KeyOf("x").String()) != 2*KeySize {
		t.Fatal("String length")
	}
}

func BenchmarkGet(b *testing.B) {
	c := mustOpen(b, b.TempDir(), "fp", Options{})
	defer c.Close()
	const n = 256
	for i := range n {
		c.Put(KeyOf(fmt.Sprint(i)), msl(i))
	}
	keys := make([]Key, n)
	for i := range keys {
		keys[i] = KeyOf(fmt.Sprint(i))
	}
	b.SetBytes(int64(len(msl(0))))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, ok := c.Get(keys[i%n]); !ok {
			b.Fatal("miss")
		}
	}
}

func BenchmarkGetMiss(b *testing.B) {
	c := mustOpen(b, b.TempDir(), "fp", Options{})
	defer c.Close()
	k := KeyOf("absent")
	b.ReportAllocs()
	for b.Loop() {
		c.Get(k)
	}
}

func BenchmarkGetParallel(b *testing.B) {
	c := mustOpen(b, b.TempDir(), "fp", Options{})
	defer c.Close()
	const n = 256
	keys := make([]Key, n)
	for i := range keys {
		keys[i] = KeyOf(fmt.Sprint(i))
		c.Put(keys[i], msl(i))
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			c.Get(keys[i%n])
			i++
		}
	})
}

func BenchmarkPut(b *testing.B) {
	c := mustOpen(b, b.TempDir(), "fp", Options{})
	defer c.Close()
	v := msl(1)
	b.SetBytes(int64(len(v)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Put(KeyOf(fmt.Sprint(i)), v)
	}
}

func BenchmarkKey(b *testing.B) {
	src := string(msl(1))
	b.ReportAllocs()
	for b.Loop() {
		KeyOf(src, "emitter-fingerprint", "metal")
	}
}

// Recent lists keys newest first (a Get makes a key new); Peek reads a
// value without counting it or making it new.
func TestRecentAndPeek(t *testing.T) {
	c := mustOpen(t, t.TempDir(), "fp", Options{})
	defer c.Close()
	a, b, x := KeyOf("a"), KeyOf("b"), KeyOf("c")
	c.Put(a, []byte("1"))
	c.Put(b, []byte("2"))
	c.Put(x, []byte("3"))
	c.Get(a)
	if got := c.Recent(10); len(got) != 3 || got[0] != a || got[1] != x || got[2] != b {
		t.Fatalf("Recent: %v", got)
	}
	if got := c.Recent(1); len(got) != 1 || got[0] != a {
		t.Fatalf("Recent(1): %v", got)
	}
	before := c.Stats()
	if v, ok := c.Peek(b); !ok || string(v) != "2" {
		t.Fatalf("Peek: %q %v", v, ok)
	}
	if _, ok := c.Peek(KeyOf("none")); ok {
		t.Fatal("Peek found a missing key")
	}
	if st := c.Stats(); st.Hits != before.Hits || st.Misses != before.Misses {
		t.Error("Peek counted")
	}
	if got := c.Recent(3); got[2] != b {
		t.Errorf("Peek made its key recent: %v", got)
	}
	if !c.Touch(b) || c.Touch(KeyOf("none")) {
		t.Error("Touch: wrong presence")
	}
	if got := c.Recent(1); got[0] != b {
		t.Errorf("Touch did not make its key recent: %v", got)
	}
	if st := c.Stats(); st.Hits != before.Hits {
		t.Error("Touch counted a hit")
	}
	var nilc *Cache
	if nilc.Recent(3) != nil || nilc.Touch(a) {
		t.Error("nil cache has keys")
	}
	if _, ok := nilc.Peek(a); ok {
		t.Error("nil cache peeked a value")
	}
}
