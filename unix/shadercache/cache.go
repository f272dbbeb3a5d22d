// Package shadercache is the shader and pipeline disk cache: a map from
// content keys to byte values, kept in one append-only file per cache and
// compressed with zstd.
//
// A key is a hash of everything that determines the stored result (a
// shader's bytecode, a function's IR and variant, a pipeline's
// description, ...);
// the value is whatever bytes the caller wants back. The cache's
// fingerprint names everything that would change every value at once (the
// backend, the target GPU family, the emitter version): a file written
// under another fingerprint is discarded at Open and rewritten.
//
// The file is read once at Open and appended to by every Put, under a
// mutex, in one write call per record, so a crash leaves at most one
// partial record at the end; the next Open keeps everything before it.
// When the file grows past the size bound the cache rewrites it keeping
// the most recently used entries (see Options.MaxBytes).
//
// Entries are held compressed in memory and Get decompresses each time
// (about 1 us for 1.5 KiB on this project's Linux machine), so a caller
// that looks the same key up per draw keeps its own map of live objects
// in front of the cache.
//
// One process owns a cache file at a time (an advisory flock): a second
// process, or a second Open in the same process, loads what the file
// holds and then runs from memory only. A *Cache is safe for concurrent
// use. A nil *Cache is an empty cache that stores nothing, so a caller
// whose Open failed can go on without one.
package shadercache

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// KeySize is the length of a key.
const KeySize = sha256.Size

// Key names one entry: a hash of what determines its value.
type Key [KeySize]byte

// NewKey hashes parts into a key. Each part is length-prefixed, so
// ("ab", "c") and ("a", "bc") differ.
func NewKey(parts ...[]byte) Key {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, p := range parts {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(p)))])
		h.Write(p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// KeyOf is NewKey over strings.
func KeyOf(parts ...string) Key {
	b := make([][]byte, len(parts))
	for i, p := range parts {
		b[i] = []byte(p)
	}
	return NewKey(b...)
}

// String is the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// DefaultMaxBytes is the size bound when Options.MaxBytes is zero.
const DefaultMaxBytes = 256 << 20

// Options tune a cache.
type Options struct {
	// MaxBytes bounds the file (and the compressed bytes held in memory).
	// When a Put takes the file past it, the cache drops its least
	// recently used entries until they fill at most three quarters of it
	// and rewrites the file. A value whose record is larger than half the
	// bound is not stored. Zero means DefaultMaxBytes.
	MaxBytes int64
}

// Stats are a cache's counters.
type Stats struct {
	Entries    int
	LiveBytes  int64 // file bytes of the live records
	FileBytes  int64 // bytes in the file, header and replaced records included; 0 when memory-only
	Hits       uint64
	Misses     uint64
	Puts       uint64 // values stored (not counting Puts of a value already held)
	Compacts   uint64
	Dropped    int   // at Open: 0 all loaded, 1 a bad tail was cut off, -1 a foreign or bad header emptied the file
	Persistent bool  // the cache owns its file and writes to it
	Err        error // the first write error; the cache then went memory-only
}

type entry struct {
	rec  record
	used atomic.Uint64
}

// Cache is one cache file and its entries in memory.
type Cache struct {
	path        string
	fingerprint string
	max         int64

	mu       sync.RWMutex
	entries  map[Key]*entry
	live     int64
	f        *os.File // nil when memory-only
	fileSize int64
	closed   bool
	err      error
	dropped  int

	clock                  atomic.Uint64
	hits, misses, puts, cp atomic.Uint64
}

var (
	codecOnce sync.Once
	encoder   *zstd.Encoder
	decoder   *zstd.Decoder
	codecErr  error
)

// Four compile workers per device share one encoder and one decoder;
// EncodeAll and DecodeAll are safe for concurrent use.
func codecs() error {
	codecOnce.Do(func() {
		encoder, codecErr = zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(4),
			zstd.WithEncoderCRC(false), // records carry their own CRC
			zstd.WithLowerEncoderMem(true))
		if codecErr != nil {
			return
		}
		decoder, codecErr = zstd.NewReader(nil,
			zstd.WithDecoderConcurrency(4),
			zstd.WithDecoderMaxMemory(MaxValue),
			zstd.WithDecodeAllCapLimit(true))
	})
	return codecErr
}

// FileName is the file a cache called name keeps in its folder.
func FileName(name string) string { return name + ".mtlcache" }

func validName(name string) bool {
	if name == "" || len(name) > 128 || name[0] == '.' {
		return false
	}
	for _, c := range []byte(name) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}

// Open opens (making it and dir if need be) the cache called name in dir
// with the default options. See OpenOptions.
func Open(dir, name, fingerprint string) (*Cache, error) {
	return OpenOptions(dir, name, fingerprint, Options{})
}

// OpenOptions opens the cache called name (letters, digits, '-', '_' and
// '.') in dir, reading the whole file once. A file of another fingerprint
// or format version is emptied and started again; a bad tail is cut off.
// An error means the folder or the file could not be made or read.
func OpenOptions(dir, name, fingerprint string, opt Options) (*Cache, error) {
	if !validName(name) {
		return nil, fmt.Errorf("shadercache: bad cache name %q", name)
	}
	if len(fingerprint) > maxFingerprint {
		return nil, fmt.Errorf("shadercache: fingerprint longer than %d bytes", maxFingerprint)
	}
	if err := codecs(); err != nil {
		return nil, fmt.Errorf("shadercache: zstd: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("shadercache: %w", err)
	}
	c := &Cache{
		path:        filepath.Join(dir, FileName(name)),
		fingerprint: fingerprint,
		max:         opt.MaxBytes,
		entries:     make(map[Key]*entry),
	}
	if c.max <= 0 {
		c.max = DefaultMaxBytes
	}
	f, err := os.OpenFile(c.path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("shadercache: %w", err)
	}
	owner := tryLock(f)
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("shadercache: reading %s: %w", c.path, err)
	}
	recs, good, herr := parseFile(data, fingerprint)
	for i := range recs {
		c.insert(&recs[i])
	}
	if herr != nil {
		if len(data) > 0 {
			c.dropped = -1 // the whole file
		}
	} else if good < len(data) {
		c.dropped = 1
	}
	if !owner {
		f.Close()
		c.evictMemory()
		return c, nil
	}
	c.f = f
	switch {
	case herr != nil:
		hdr := appendHeader(nil, fingerprint)
		if err := f.Truncate(0); err != nil {
			c.fail(err)
			break
		}
		if _, err := f.WriteAt(hdr, 0); err != nil {
			c.fail(err)
			break
		}
		c.fileSize = int64(len(hdr))
	case good < len(data):
		if err := f.Truncate(int64(good)); err != nil {
			c.fail(err)
			break
		}
		c.fileSize = int64(good)
	default:
		c.fileSize = int64(len(data))
	}
	if c.f != nil {
		dead := c.fileSize - c.live
		if c.fileSize > c.max || (dead > 64<<10 && dead > c.fileSize/2) {
			c.compactLocked()
		}
	} else {
		c.evictMemory()
	}
	return c, nil
}

// insert adds r as the newest entry, replacing one of the same key.
func (c *Cache) insert(r *record) *entry {
	e := &entry{rec: *r}
	e.used.Store(c.clock.Add(1))
	if old := c.entries[r.key]; old != nil {
		c.live -= old.rec.size()
	}
	c.entries[r.key] = e
	c.live += r.size()
	return e
}

// fail records a write error and makes the cache memory-only. Called with
// mu held (or before the cache is shared).
func (c *Cache) fail(err error) {
	if c.err == nil {
		c.err = fmt.Errorf("shadercache: %s: %w", c.path, err)
	}
	if c.f != nil {
		c.f.Close()
		c.f = nil
	}
	c.fileSize = 0
}

// Path is the cache file's path.
func (c *Cache) Path() string {
	if c == nil {
		return ""
	}
	return c.path
}

// Get returns a fresh copy of the value stored under k.
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.RLock()
	e := c.entries[k]
	c.mu.RUnlock()
	if e == nil {
		c.misses.Add(1)
		return nil, false
	}
	e.used.Store(c.clock.Add(1))
	out, err := decoder.DecodeAll(e.rec.comp, make([]byte, 0, e.rec.rawLen))
	if err != nil || len(out) != int(e.rec.rawLen) {
		// Cannot happen for a record that passed its CRC unless the
		// writer was wrong; forget it rather than return bad bytes.
		c.mu.Lock()
		if c.entries[k] == e {
			delete(c.entries, k)
			c.live -= e.rec.size()
		}
		c.mu.Unlock()
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return out, true
}

// Peek is Get without counting a hit or a miss or making k recently
// used: for a reader that walks the cache (a prewarm) and must not keep
// alive what the game no longer uses.
func (c *Cache) Peek(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.RLock()
	e := c.entries[k]
	c.mu.RUnlock()
	if e == nil {
		return nil, false
	}
	out, err := decoder.DecodeAll(e.rec.comp, make([]byte, 0, e.rec.rawLen))
	if err != nil || len(out) != int(e.rec.rawLen) {
		return nil, false
	}
	return out, true
}

// Touch makes k recently used, without counting a hit, and reports
// whether it is stored: for a caller that holds the value already (a
// prewarm's) and uses it.
func (c *Cache) Touch(k Key) bool {
	if c == nil {
		return false
	}
	c.mu.RLock()
	e := c.entries[k]
	c.mu.RUnlock()
	if e != nil {
		e.used.Store(c.clock.Add(1))
	}
	return e != nil
}

// Recent returns up to n keys, the most recently used first.
func (c *Cache) Recent(n int) []Key {
	if c == nil || n <= 0 {
		return nil
	}
	c.mu.RLock()
	es := c.byAge()
	c.mu.RUnlock()
	ks := make([]Key, 0, min(n, len(es)))
	for i := len(es) - 1; i >= 0 && len(ks) < n; i-- {
		ks = append(ks, es[i].rec.key)
	}
	return ks
}

// Has reports whether k is stored, without counting a hit or a miss.
func (c *Cache) Has(k Key) bool {
	if c == nil {
		return false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.entries[k] != nil
}

// Put stores value under k, replacing what k held, and appends it to the
// file. Values longer than MaxValue, or whose record exceeds half the size
// bound, are not stored. Write errors do not reach the caller: the cache
// goes memory-only and Stats().Err says why.
func (c *Cache) Put(k Key, value []byte) {
	if c == nil || len(value) > MaxValue {
		return
	}
	r := record{key: k, rawLen: uint32(len(value)), comp: encoder.EncodeAll(value, nil)}
	if r.size() > c.max/2 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	if old := c.entries[k]; old != nil && old.rec.rawLen == r.rawLen && bytes.Equal(old.rec.comp, r.comp) {
		old.used.Store(c.clock.Add(1))
		return
	}
	if c.f != nil {
		buf := appendRecord(make([]byte, 0, r.size()), &r)
		if _, err := c.f.WriteAt(buf, c.fileSize); err != nil {
			c.fail(err)
		} else {
			c.fileSize += int64(len(buf))
		}
	}
	c.insert(&r)
	c.puts.Add(1)
	if c.live > c.max || (c.f != nil && c.fileSize > c.max) {
		c.compactLocked()
	}
}

// Len is the number of entries.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

// Stats returns the cache's counters.
func (c *Cache) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return Stats{
		Entries:    len(c.entries),
		LiveBytes:  c.live,
		FileBytes:  c.fileSize,
		Hits:       c.hits.Load(),
		Misses:     c.misses.Load(),
		Puts:       c.puts.Load(),
		Compacts:   c.cp.Load(),
		Dropped:    c.dropped,
		Persistent: c.f != nil,
		Err:        c.err,
	}
}

// Compact drops least recently used entries down to three quarters of the
// bound if the cache is over it, and rewrites the file without replaced
// records.
func (c *Cache) Compact() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return errClosed
	}
	c.compactLocked()
	return c.err
}

var errClosed = errors.New("shadercache: closed")

// byAge returns the entries, least recently used first.
func (c *Cache) byAge() []*entry {
	es := make([]*entry, 0, len(c.entries))
	for _, e := range c.entries {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b *entry) int { return cmp.Compare(a.used.Load(), b.used.Load()) })
	return es
}

// evictMemory drops the oldest entries while the live bytes exceed three
// quarters of the bound (or the bound, when called after a load).
func (c *Cache) evictMemory() []*entry {
	es := c.byAge()
	hdr := int64(headerFixed + len(c.fingerprint) + 4)
	target := c.max * 3 / 4
	if c.live+hdr <= c.max {
		target = c.max
	}
	i := 0
	for ; i < len(es) && c.live+hdr > target; i++ {
		delete(c.entries, es[i].rec.key)
		c.live -= es[i].rec.size()
	}
	return es[i:]
}

// compactLocked evicts and, when the cache owns its file, rewrites it
// through a temporary file renamed over it. Called with mu held.
func (c *Cache) compactLocked() {
	c.cp.Add(1)
	keep := c.evictMemory()
	if c.f == nil {
		return
	}
	tmp := c.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		c.fail(err)
		return
	}
	if !tryLock(f) { // another process is compacting the same file
		f.Close()
		c.fail(errors.New("temporary file locked by another process"))
		return
	}
	w := bufio.NewWriterSize(f, 1<<20)
	hdr := appendHeader(nil, c.fingerprint)
	w.Write(hdr)
	size := int64(len(hdr))
	var buf []byte
	for _, e := range keep {
		buf = appendRecord(buf[:0], &e.rec)
		w.Write(buf)
		size += int64(len(buf))
	}
	err = w.Flush()
	if err == nil {
		err = os.Rename(tmp, c.path)
	}
	if err != nil {
		f.Close()
		os.Remove(tmp)
		c.fail(err)
		return
	}
	c.f.Close()
	c.f = f
	c.fileSize = size
}

// Close closes the file. Entries stay readable from memory; later Puts
// are dropped.
func (c *Cache) Close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	if c.f != nil {
		err := c.f.Close()
		c.f = nil
		return err
	}
	return nil
}
