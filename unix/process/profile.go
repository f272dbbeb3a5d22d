package process

import (
	"os"
	"runtime/pprof"
	"sync"

	"go.uber.org/zap"

	"mtld3d/unix/logs"
)

// debug.cpu_profile: a CPU profile of the unix side under Wine, where a
// test binary's -cpuprofile cannot reach (docs/PERFORMANCE.md).
var profile struct {
	mu sync.Mutex
	f  *os.File
}

// startProfile begins the configured profile; a failure is logged.
func startProfile(path string) {
	if path == "" {
		return
	}
	path = ResolvePath(path)
	f, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		logs.L().Warn("cannot write the CPU profile", zap.String("file", path), zap.Error(err))
		return
	}
	profile.mu.Lock()
	profile.f = f
	profile.mu.Unlock()
	logs.L().Info("writing a CPU profile", zap.String("file", path))
}

// StopProfile ends the profile, if one is being written: the device
// layer calls it when the last device is gone.
func StopProfile() {
	profile.mu.Lock()
	defer profile.mu.Unlock()
	if profile.f == nil {
		return
	}
	pprof.StopCPUProfile()
	profile.f.Close()
	profile.f = nil
}
