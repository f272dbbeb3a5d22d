// Package process holds what is set once per game process: the
// configuration, the log file and the adapter identity. It serves the
// Init and Log thunks.
package process

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/config"
	"mtld3d/shared"
	"mtld3d/unix/bridge"
	"mtld3d/unix/logs"
)

// Version and Commit are set at link time (-ldflags -X).
var (
	Version = "dev"
	Commit  = "unknown"
)

var (
	mu      sync.Mutex
	inited  bool
	cfg     config.Config
	logPath string // the log file opened; "" for none
	arch    uint32 // InitParams.GuestArch
)

// GuestArch returns the guest's architecture (shared.GuestArch*; 0
// before Init).
func GuestArch() uint32 {
	mu.Lock()
	defer mu.Unlock()
	return arch
}

// Config returns the process configuration (defaults before Init).
func Config() config.Config {
	mu.Lock()
	defer mu.Unlock()
	if !inited {
		return config.Default()
	}
	return cfg
}

// LogPath returns the path of the process's log file, "" when none is
// open (before Init, or when no folder would take it).
func LogPath() string {
	mu.Lock()
	defer mu.Unlock()
	return logPath
}

// ResolvePath turns a configured folder into a unix path: Windows drive
// paths go through the prefix's dosdevices.
func ResolvePath(p string) string {
	if isWinPath(p) {
		return UnixPath(p, winePrefix())
	}
	return p
}

func init() {
	bridge.Register("Init", initThunk)
	bridge.Register("Log", logThunk)
}

// cstr reads a NUL-terminated string from a fixed array.
func cstr(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// putCstr writes s NUL-terminated into dst, truncating to fit.
func putCstr(dst []byte, s string) {
	n := copy(dst[:len(dst)-1], s)
	dst[n] = 0
}

func initThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.InitParams)(p)
	if a.WireHash != shared.WireHash() {
		// Nothing else in a may be where we expect it: answer only the hash.
		a.WireHash = shared.WireHash()
		return shared.StatusRevisionMismatch
	}
	mu.Lock()
	defer mu.Unlock()
	exeUnix := cstr(a.ExeUnixPath[:])
	exeWin := cstr(a.ExeWinPath[:])
	if exeUnix == "" && exeWin != "" {
		exeUnix = UnixPath(exeWin, winePrefix())
	}
	if !inited {
		start(exeUnix, exeWin, cstr(a.ConfigString[:]), a.GuestArch, a.GuestPID)
		arch = a.GuestArch
		inited = true
	} else {
		logs.L().Debug("Init again (d3d9.dll reloaded)", zap.String("exe", exeWin))
	}
	a.VendorID = cfg.VendorID
	a.DeviceID = cfg.DeviceID
	a.SubSysID = cfg.SubSysID
	a.Revision = cfg.Revision
	a.DriverVersion = cfg.DriverVersionQuad()
	putCstr(a.Description[:], cfg.Description)
	putCstr(a.DriverName[:], cfg.DriverName)
	a.GuestLogLevel = uint32(cfg.LogLevel)
	a.FrameHotkey = uint32(cfg.FrameHotkey)
	return shared.StatusSuccess
}

// start loads the configuration and opens the log file; the first line
// says who we are.
func start(exeUnix, exeWin, env string, arch, guestPID uint32) {
	exeDir := filepath.Dir(exeUnix)
	var sources []config.Source
	var fileErrs []error
	var confPaths []string
	if dir, err := os.UserConfigDir(); err == nil {
		confPaths = append(confPaths, filepath.Join(dir, "mtld3d", "mtld3d.conf"))
	}
	if exeUnix != "" {
		confPaths = append(confPaths, filepath.Join(exeDir, "mtld3d.conf"))
	}
	for _, confPath := range confPaths {
		if b, err := os.ReadFile(confPath); err == nil {
			sources = append(sources, config.Source{Name: confPath, Text: string(b)})
		} else if !os.IsNotExist(err) {
			fileErrs = append(fileErrs, err)
		}
	}
	if env != "" {
		sources = append(sources, config.Source{Name: "MTLD3D_CONFIG", Text: env, Env: true})
	}
	exe := exeWin
	if exe == "" {
		exe = exeUnix
	}
	loaded := config.Load(exe, sources...)
	cfg = loaded.Config

	dir := cfg.LogDir
	switch {
	case dir == "" && exeUnix != "":
		dir = filepath.Join(exeDir, "mtld3d-logs")
	case dir == "":
		dir = filepath.Join(os.TempDir(), "mtld3d-logs")
	case isWinPath(dir):
		dir = UnixPath(dir, winePrefix())
	}
	name := logs.FileName(exeWin, os.Getpid())
	path, err := logs.Open(dir, name, cfg.LogLevel)
	if err != nil {
		// A folder beside the game may be read-only; fall back to the
		// temporary folder rather than lose the log.
		path, err = logs.Open(filepath.Join(os.TempDir(), "mtld3d-logs"), name, cfg.LogLevel)
	}
	logPath = path
	l := logs.L()
	l.Info("mtld3d", zap.String("version", Version), zap.String("commit", Commit),
		zap.String("host", runtime.GOOS+"/"+runtime.GOARCH), zap.String("guest", guestArchName(arch)),
		zap.String("backend", cfg.ResolvedBackend(runtime.GOOS)), zap.Int("cpus", runtime.NumCPU()), zap.Int("gomaxprocs", runtime.GOMAXPROCS(0)))
	l.Info("process", zap.String("exe", exeWin), zap.String("exe_unix", exeUnix),
		zap.Int("pid", os.Getpid()), zap.Uint32("guest_pid", guestPID), zap.String("log", path))
	logConfig(l, sources, loaded)
	if err != nil {
		l.Warn("could not open the configured log folder", zap.Error(err))
	}
	for _, err := range fileErrs {
		l.Warn("could not read mtld3d.conf", zap.Error(err))
	}
	for _, w := range loaded.Warnings {
		l.Warn("config: " + w)
	}
	startProfile(cfg.CPUProfile)
}

// logConfig says where the settings came from, the per-game profile
// applied and every key that differs from its default.
func logConfig(l *zap.Logger, sources []config.Source, r config.Result) {
	names := make([]string, len(sources))
	for i, s := range sources {
		names[i] = s.Name
	}
	profile := "none"
	if len(r.Profiles) > 0 {
		profile = strings.Join(r.Profiles, ", ")
	}
	fields := []zap.Field{zap.Strings("sources", names), zap.String("profile", profile)}
	for _, kv := range r.Config.Changed() {
		fields = append(fields, zap.String(kv[0], kv[1]))
	}
	l.Info("config", fields...)
}

func guestArchName(a uint32) string {
	switch a {
	case shared.GuestArchI686:
		return "i686"
	case shared.GuestArchX86_64:
		return "x86_64"
	}
	return "unknown"
}

func logThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.LogParams)(p)
	n := min(int(a.Len), len(a.Text))
	msg := string(bytes.TrimRight(a.Text[:n], "\x00\r\n"))
	l := logs.L().With(zap.String("src", "guest"))
	switch a.Level {
	case shared.LogDebug:
		l.Debug(msg)
	case shared.LogInfo:
		l.Info(msg)
	case shared.LogWarn:
		l.Warn(msg)
	default:
		l.Error(msg)
	}
	return shared.StatusSuccess
}

func winePrefix() string {
	if p := os.Getenv("WINEPREFIX"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".wine")
}

func isWinPath(p string) bool {
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// UnixPath maps a Windows drive path into the prefix's dosdevices links,
// which is where Wine itself resolves drive letters.
func UnixPath(win, prefix string) string {
	if !isWinPath(win) {
		return win
	}
	drive := strings.ToLower(win[:2])
	rest := strings.ReplaceAll(win[3:], `\`, "/")
	return filepath.Join(prefix, "dosdevices", drive, rest)
}
