package device

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"go.uber.org/zap"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ff"
	"mtld3d/core/format"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/unix/backend"
	"mtld3d/unix/logs"
	"mtld3d/unix/process"
	"mtld3d/unix/shadercache"
)

// The shader disk cache (unix/shadercache), one per process, opened at
// the first device's creation from the folder cache.dir names. It keeps
// what is expensive to make again, so a later run skips it:
//
//   - a shader's lowered IR by its DXSO bytecode (CreateShader skips
//     parsing and lowering);
//   - a function's varyings and, on a backend that compiles MSL, its MSL
//     by its IR and variant key (a build skips the emission);
//   - the pipelines drawn, by their functions' keys and the rest of
//     their description;
//   - on a backend that compiles its pipelines itself (Metal, through
//     backend.BinaryArchiver), their compiled GPU code: the backend's
//     binary archive file, in the same folder.
//
// At a device's start (prewarm.go) the most recent entries are loaded
// and their functions and pipelines built on the compile workers, so the
// game's first draws find them ready. The cache's fingerprint names the
// backend, the target and the versions of every producer, so a file
// another build wrote is dropped whole rather than read wrongly.

const cacheName = "shaders"

// Entry kinds: a value's first byte.
const (
	entryShader   = 'D' // lowering byte, bytecode length, bytecode, encoded IR
	entryIR       = 'I' // encoded IR (core/ff's shaders, for the prewarm)
	entryFunction = 'F' // IR key, variant, varyings, entry, MSL
	entryPipeline = 'P' // function keys and the rest of a RenderPipelineDesc
)

// entryLayout is the version of the entries' layout above; it is part of
// the fingerprint.
const entryLayout = 2

var (
	cacheOnce   sync.Once
	cacheShared *shaderStore
)

// openCache opens the process's cache for a backend and target: a store
// over the disk cache, or over none (memory only) when cache.dir is
// "none" or the folder cannot be used. The device's backend gets its
// binary archive there too (openArchive).
func openCache(be backend.Device, target format.Target) *shaderStore {
	cacheOnce.Do(func() {
		cacheShared = newStore(nil)
		dir := cacheDir(process.Config().CacheDir)
		if dir == "" {
			logs.L().Info("shader cache off (cache.dir=none)")
			return
		}
		c, err := shadercache.Open(dir, cacheName, cacheFingerprint(be, target))
		if err != nil {
			logs.L().Warn("shader cache unavailable; going on without it", zap.Error(err))
			return
		}
		st := c.Stats()
		logs.L().Info("shader cache", zap.String("path", c.Path()), zap.Int("entries", st.Entries),
			zap.Bool("persistent", st.Persistent), zap.Int("dropped", st.Dropped))
		cacheShared = newStore(c)
	})
	openArchive(be, cacheShared.c)
	return cacheShared
}

// openArchive lets a backend that keeps its compiled pipelines between
// runs (backend.BinaryArchiver: Metal's binary archive) keep them beside
// the disk cache, before the device's first pipeline (the prewarm's
// included). Only the process that owns the cache file (Persistent)
// writes the archive; without a disk cache there is none. Never fatal:
// without an archive pipelines compile as before.
func openArchive(be backend.Device, c *shadercache.Cache) {
	ba, ok := be.(backend.BinaryArchiver)
	if !ok || c == nil {
		return
	}
	if err := ba.OpenBinaryArchive(filepath.Dir(c.Path()), c.Stats().Persistent); err != nil {
		logs.L().Info("no binary archive: pipelines compile every run", zap.Error(err))
	}
}

// cacheDir resolves cache.dir: "none" for no disk cache, empty for a
// mtld3d folder in the user's cache folder (~/Library/Caches on macOS).
func cacheDir(v string) string {
	switch v {
	case "none":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		return filepath.Join(base, "mtld3d")
	}
	return process.ResolvePath(v)
}

// fingerprintProbes are DXSO programs whose lowering goes into the
// fingerprint, so a changed lowering starts a new cache.
var fingerprintProbes = []string{
	"vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\ndcl_texcoord o1\ndefi i0, 3, 0, 1, 0\n" +
		"mova a0.x, v1.x\nmov r0, c[a0.x+2]\nloop aL, i0\nadd r0, r0, c[aL+4]\nendloop\nm4x4 o0, r0, c0\nsincos r1.xy, v1.x\nmov o1, r1\n",
	"ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nrcp r1.x, r0.w\nmul r0.xyz, r0, r1.x\nmov_sat oC0, r0\n",
	"ps_1_4\ntexld r0, t0\ntexcrd r1.xyz, t1\nphase\ncnd r0, r1.x, r0, c0\nmul_x2 r0, r0, v0\n",
}

// cacheFingerprint names what changes every cached value at once: the
// backend, the target, the entries' and the IR's binary layouts, and the
// producers, whose part is a hash of what they make for a few fixed
// shaders (core/ff's defaults lowered and emitted, the probes lowered),
// so a lowering or an emitter that writes anything differently starts a
// new cache.
func cacheFingerprint(be backend.Device, target format.Target) string {
	h := sha256.New()
	st := ff.DefaultState()
	shaders := []*ir.Shader{ff.VertexShader(ff.VertexKeyOf(&st)), ff.PixelShader(ff.PixelKeyOf(&st))}
	for _, src := range fingerprintProbes {
		if p, err := dxso.AssembleProgram(src); err == nil {
			if res, err := lower.Lower(p, lower.Options{}); err == nil {
				shaders = append(shaders, res.Shader)
			}
		}
	}
	for _, s := range shaders {
		h.Write(ir.Encode(s))
		if u, err := msl.Emit(s, ir.VariantKey{}); err == nil {
			h.Write([]byte(u.Source))
		}
	}
	fp := "msl-" + hex.EncodeToString(h.Sum(nil)[:8]) + " ir" + strconv.Itoa(ir.EncodingVersion) + " entries" + strconv.Itoa(entryLayout) +
		" " + be.Name() + " " + target.String()
	if len(fp) > 200 {
		fp = fp[:200]
	}
	return fp
}

// shaderStore is the cache as devices use it: the disk cache (nil: none)
// and, in front of it, the shaders already decoded or lowered in this
// process, so a second device, or a second shader object with the same
// bytecode, takes the same IR.
type shaderStore struct {
	c *shadercache.Cache

	mu     sync.Mutex
	byCode [lowerings]map[string]held     // [lowering] bytecode -> IR
	byKey  map[shadercache.Key]*ir.Shader // IR key -> IR (shaders of bytecode, and the prewarm's)
	keyOf  map[*ir.Shader]shadercache.Key // the IR key of each IR above
}

func newStore(c *shadercache.Cache) *shaderStore {
	return &shaderStore{c: c,
		byCode: [lowerings]map[string]held{{}, {}, {}},
		byKey:  map[shadercache.Key]*ir.Shader{},
		keyOf:  map[*ir.Shader]shadercache.Key{},
	}
}

// shaderKey is the cache key of a shader's IR: its bytecode and
// lowering (shaders.go).
func shaderKey(code []byte, lowering int) shadercache.Key {
	return shadercache.NewKey([]byte("dxso"), []byte{byte(lowering)}, code)
}

// irKey is the key of an IR: a hash of its encoding.
func irKey(enc []byte) shadercache.Key { return sha256.Sum256(enc) }

// held is a bytecode's IR and the key of its shader entry, which each
// use makes recent: the disk cache's eviction and the next prewarm keep
// what is used, though the store answers without reading the entry.
type held struct {
	s     *ir.Shader
	entry shadercache.Key
}

// remember records s, of IR key k, as code's IR (code nil: s has no
// bytecode) whose shader entry is entry, and returns the IR this store
// holds for it: an earlier one of the same key if there is one.
func (st *shaderStore) remember(code []byte, lowering int, s *ir.Shader, k, entry shadercache.Key) *ir.Shader {
	st.mu.Lock()
	defer st.mu.Unlock()
	if old := st.byKey[k]; old != nil {
		s = old
	} else {
		st.byKey[k] = s
		st.keyOf[s] = k
	}
	if code != nil {
		st.byCode[lowering][string(code)] = held{s, entry}
	}
	return s
}

// shader returns the IR of bytecode code: this process's, the disk
// cache's, or build's, which is then stored through later (the store's
// compression and write off the caller's goroutine; nil runs it inline).
// build returns nil (with no error) to say the shader has no IR of its
// own for this lowering.
func (st *shaderStore) shader(code []byte, lowering int, build func() (*ir.Shader, error), later func(func())) (*ir.Shader, error) {
	st.mu.Lock()
	h := st.byCode[lowering][string(code)]
	st.mu.Unlock()
	if h.s != nil {
		st.c.Touch(h.entry)
		return h.s, nil
	}
	k := shaderKey(code, lowering)
	if v, ok := st.c.Get(k); ok {
		if enc, ok := shaderEntry(v, code, lowering); ok {
			if s, err := ir.Decode(enc); err == nil {
				return st.remember(code, lowering, s, irKey(enc), k), nil
			}
		}
	}
	s, err := build()
	if err != nil || s == nil {
		return s, err
	}
	enc := ir.Encode(s)
	if st.c != nil {
		v := append([]byte{entryShader, byte(lowering)}, binary.AppendUvarint(nil, uint64(len(code)))...)
		v = append(append(v, code...), enc...)
		if later == nil {
			st.c.Put(k, v)
		} else {
			later(func() { st.c.Put(k, v) })
		}
	}
	return st.remember(code, lowering, s, irKey(enc), k), nil
}

// shaderEntry checks a shader entry against the bytecode and lowering it
// was looked up by and returns its encoded IR.
func shaderEntry(v, code []byte, lowering int) ([]byte, bool) {
	c, l, enc, ok := parseShaderEntry(v)
	return enc, ok && l == lowering && string(c) == string(code)
}

func parseShaderEntry(v []byte) (code []byte, lowering int, enc []byte, ok bool) {
	if len(v) < 2 || v[0] != entryShader || v[1] >= lowerings {
		return nil, 0, nil, false
	}
	n, w := binary.Uvarint(v[2:])
	if w <= 0 || n > uint64(len(v)-2-w) {
		return nil, 0, nil, false
	}
	rest := v[2+w:]
	return rest[:n], int(v[1]), rest[n:], true
}

// keyFor returns s's IR key: the store's for a shader it holds, else a
// hash of its encoding, the IR itself kept in the disk cache (a core/ff
// shader, made again for every device) so a prewarm can build it; the
// store runs through later, as for shader.
func (st *shaderStore) keyFor(s *ir.Shader, later func(func())) shadercache.Key {
	st.mu.Lock()
	k, ok := st.keyOf[s]
	st.mu.Unlock()
	if ok {
		return k
	}
	enc := ir.Encode(s)
	k = irKey(enc)
	if st.c != nil {
		ek := irEntryKey(k)
		if !st.c.Touch(ek) {
			v := append([]byte{entryIR}, enc...)
			if later == nil {
				st.c.Put(ek, v)
			} else {
				later(func() { st.c.Put(ek, v) })
			}
		}
	}
	return k
}

// irEntryKey is the key of the entry holding the IR of key k.
func irEntryKey(k shadercache.Key) shadercache.Key { return shadercache.NewKey([]byte("ir"), k[:]) }

// variantBytes is a variant key's fixed-size binary form.
func variantBytes(v ir.VariantKey) []byte {
	b, err := binary.Append(nil, binary.LittleEndian, v)
	if err != nil {
		panic(err) // VariantKey is plain fixed-size data; a test checks
	}
	return b
}

// fnKey names a function: its IR and variant.
type fnKey struct {
	ir shadercache.Key
	v  ir.VariantKey
}

func (k fnKey) cacheKey() shadercache.Key {
	return shadercache.NewKey([]byte("fn"), k.ir[:], variantBytes(k.v))
}

// fnEntry is a function entry's content: what a build needs besides the
// IR. Source is empty for a backend that runs the IR.
type fnEntry struct {
	key           fnKey
	slots         []int
	entry, source string
	at            shadercache.Key // the entry's own key (not encoded)
}

func (e *fnEntry) encode() []byte {
	b := append([]byte{entryFunction}, e.key.ir[:]...)
	b = append(b, variantBytes(e.key.v)...)
	b = binary.AppendUvarint(b, uint64(len(e.slots)))
	for _, s := range e.slots {
		b = binary.AppendUvarint(b, uint64(s))
	}
	b = binary.AppendUvarint(b, uint64(len(e.entry)))
	b = append(b, e.entry...)
	return append(b, e.source...)
}

// parseFnEntry decodes a function entry; any damage is a miss.
func parseFnEntry(v []byte) (e fnEntry, ok bool) {
	if len(v) < 1+shadercache.KeySize || v[0] != entryFunction {
		return e, false
	}
	copy(e.key.ir[:], v[1:])
	v = v[1+shadercache.KeySize:]
	n, err := binary.Decode(v, binary.LittleEndian, &e.key.v)
	if err != nil {
		return e, false
	}
	v = v[n:]
	ns, w := binary.Uvarint(v)
	if w <= 0 || ns > backend.MaxVaryings*16 || ns > uint64(len(v)) {
		return e, false
	}
	v = v[w:]
	for range ns {
		s, w := binary.Uvarint(v)
		if w <= 0 || s >= ir.MaxVaryingSlots {
			return e, false
		}
		e.slots = append(e.slots, int(s))
		v = v[w:]
	}
	ne, w := binary.Uvarint(v)
	if w <= 0 || ne > uint64(len(v)-w) {
		return e, false
	}
	v = v[w:]
	e.entry, e.source = string(v[:ne]), string(v[ne:])
	return e, true
}

// function returns the cached content of function k (cache key ck), if the backend can
// use it (one that compiles MSL needs the MSL).
func (st *shaderStore) function(k fnKey, ck shadercache.Key, wantMSL bool) (fnEntry, bool) {
	v, ok := st.c.Get(ck)
	if !ok {
		return fnEntry{}, false
	}
	e, ok := parseFnEntry(v)
	if !ok || e.key != k || (wantMSL && (e.source == "" || e.entry == "")) {
		return fnEntry{}, false
	}
	return e, true
}

// putFunction stores a function's content, of cache key k, once a
// backend accepted it.
func (st *shaderStore) putFunction(k shadercache.Key, e *fnEntry) {
	if st.c == nil {
		return
	}
	if !st.c.Has(k) {
		st.c.Put(k, e.encode())
	}
}
