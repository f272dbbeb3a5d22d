package device

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"

	"go.uber.org/zap"

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
// the first device's creation from the folder cache.dir names. Function
// builds look their MSL up by content and store what was new, so the
// cache holds every function a game has drawn with. Nothing is loaded
// from it yet: the reference backend runs the IR, and the Metal backend
// compiles the MSL it is given.

const cacheName = "shaders"

var (
	cacheOnce   sync.Once
	cacheShared *shadercache.Cache
)

// openCache opens the process's cache for a backend and target; nil (an
// empty cache that stores nothing) when cache.dir is "none" or the
// folder cannot be used.
func openCache(be backend.Device, target format.Target) *shadercache.Cache {
	cacheOnce.Do(func() {
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
		cacheShared = c
	})
	return cacheShared
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

// cacheFingerprint names what changes every cached value at once: the
// backend, the target and the MSL emitter. The emitter's part is a hash
// of what it emits for core/ff's default shaders, so an emitter that
// writes anything differently starts a new cache.
func cacheFingerprint(be backend.Device, target format.Target) string {
	h := sha256.New()
	st := ff.DefaultState()
	for _, s := range []*ir.Shader{ff.VertexShader(ff.VertexKeyOf(&st)), ff.PixelShader(ff.PixelKeyOf(&st))} {
		if u, err := msl.Emit(s, ir.VariantKey{}); err == nil {
			h.Write([]byte(u.Source))
		}
	}
	fp := "msl-" + hex.EncodeToString(h.Sum(nil)[:8]) + " " + be.Name() + " " + target.String()
	if len(fp) > 200 {
		fp = fp[:200]
	}
	return fp
}

// functionKey is the cache key of a function: its MSL and entry point.
func functionKey(fd backend.FunctionDesc) shadercache.Key {
	return shadercache.KeyOf("function", fd.Entry, fd.Source)
}

// newFunction makes a backend function through the cache: a lookup of
// its MSL by content, and a store of MSL not seen before once the
// backend has accepted it. Safe on the compile workers.
func (d *Device) newFunction(fd backend.FunctionDesc) (backend.Function, error) {
	k := functionKey(fd)
	if _, ok := d.cache.Get(k); !ok && d.cache != nil {
		d.log.Debug("shader not in the cache", zap.String("entry", fd.Entry), zap.Stringer("key", k))
	}
	fn, err := d.be.NewFunction(fd)
	if err != nil {
		return nil, err
	}
	if !d.cache.Has(k) {
		d.cache.Put(k, []byte(fd.Source))
	}
	return fn, nil
}
