// Package logs owns the process's one log file, <exe>-<pid>.log, written
// through zap. Until Open succeeds every line goes nowhere: a game's
// stdout is never ours to write on.
package logs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"mtld3d/core/config"
)

var current atomic.Pointer[zap.Logger]

func init() { current.Store(zap.NewNop()) }

// L returns the process logger (a no-op logger before Open).
func L() *zap.Logger { return current.Load() }

// FileName is the log file's name for an executable path and a pid:
// the executable's base name without .exe, a dash, the pid.
func FileName(exe string, pid int) string {
	base := exe
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if strings.HasSuffix(strings.ToLower(base), ".exe") {
		base = base[:len(base)-4]
	}
	if base == "" {
		base = "unknown"
	}
	return fmt.Sprintf("%s-%d.log", base, pid)
}

// Open creates dir if needed, opens dir/name for appending and makes it
// the process logger at the given level. It returns the file's path.
func Open(dir, name string, level config.Level) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return "", err
	}
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	enc.EncodeLevel = zapcore.CapitalLevelEncoder
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.AddSync(f), zapLevel(level))
	current.Store(zap.New(core))
	// A fatal error of the unix side (an unrecovered panic, a runtime
	// throw) ends the process with Go's report: it goes to the log too,
	// not only to the game's stderr.
	_ = debug.SetCrashOutput(f, debug.CrashOptions{})
	return path, nil
}

// Sync flushes the log file: a crash report is written before the
// process may end.
func Sync() { _ = L().Sync() }

func zapLevel(l config.Level) zapcore.Level {
	switch l {
	case config.Debug:
		return zapcore.DebugLevel
	case config.Warn:
		return zapcore.WarnLevel
	case config.Error:
		return zapcore.ErrorLevel
	}
	return zapcore.InfoLevel
}
