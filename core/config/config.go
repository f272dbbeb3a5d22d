// Package config reads mtld3d's settings: mtld3d.conf beside the game's
// executable, then the MTLD3D_CONFIG environment variable
// ("key=value;key=value"), which wins. A bad key or value never stops a
// game: it becomes a warning naming it, and the default stays.
package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Config is every setting, with its default filled in by Default.
type Config struct {
	LogDir   string // "" means a mtld3d-logs folder beside the executable
	LogLevel Level
	Backend  string // "metal", "reference" or (tests) "metal-double"
	DumpDir  string // "" means no frame dump
	// RecordDir receives every submitted frame's chunks; "" for none.
	RecordDir string
	CacheDir  string // "" means the user's cache folder; "none" no disk cache
	// CPUProfile receives a pprof CPU profile of the unix side; "" none.
	CPUProfile string
	// ShaderDumpDir receives every shader's bytecode, disassembly, IR
	// and MSL, named by a hash of the bytecode; "" none.
	ShaderDumpDir string
	// FrameHotkey writes the next presented frame as a PNG beside the
	// log; 0 none.
	FrameHotkey Hotkey
	// DumpFrame is a presented frame's number (from 1) to write as a
	// PNG beside the log, as the hotkey does; 0 none.
	DumpFrame uint64
	// CaptureFrame is a presented frame's number (from 1): every frame
	// the device submitted up to it is written to a capture file beside
	// the log, for mtld3d-replay; 0 none.
	CaptureFrame uint64
	// CaptureHotkey makes the frame hotkey capture the frame it writes
	// as a PNG too: a snapshot of the device at its start and its
	// records, for mtld3d-replay.
	CaptureHotkey bool

	// Pacing (unix/device): MaxFPS caps presented frames per second (0
	// none), MaxFrameLatency overrides the device's bound (0 the game's),
	// VSync overrides the presentation interval's wait for the vertical
	// blank.
	MaxFPS          float64
	MaxFrameLatency uint32
	VSync           VSync
	// RefreshHz is the reference backend's simulated display refresh
	// rate, whose vertical blanks a synced present waits for; 0 none.
	RefreshHz float64

	PerfLog bool // perf.log: a line of figures every few seconds

	// HUD is what the heads-up display shows over each presented
	// frame; 0 none.
	HUD HUD

	VendorID      uint32
	DeviceID      uint32
	SubSysID      uint32
	Revision      uint32
	Description   string
	DriverName    string
	DriverVersion [4]uint16 // product.version.subversion.build
}

// Level orders log severities; it matches shared.LogDebug..LogError.
type Level uint32

const (
	Debug Level = iota
	Info
	Warn
	Error
)

var levelNames = []string{"debug", "info", "warn", "error"}

// VSync is present.vsync: the game's presentation interval decides, or
// every Present waits for the vertical blank, or none does.
type VSync uint8

const (
	VSyncApp VSync = iota
	VSyncOn
	VSyncOff
)

var vsyncNames = []string{"app", "on", "off"}

// HUD is the hud key: a set of items, each a line (frametime also the
// graph) of the overlay drawn at Present.
type HUD uint8

const (
	HUDFPS HUD = 1 << iota
	HUDFrameTime
	HUDDraws
	HUDCompiles
	HUDMemory
	HUDVersion

	// HUDDefault is what hud = 1 shows.
	HUDDefault = HUDFPS | HUDFrameTime | HUDVersion
	HUDAll     = HUDFPS | HUDFrameTime | HUDDraws | HUDCompiles | HUDMemory | HUDVersion
)

// HUDNames names the items in HUD's bit order.
var HUDNames = []string{"fps", "frametime", "draws", "compiles", "memory", "version"}

func (h HUD) String() string {
	if h == 0 {
		return "0"
	}
	var names []string
	for i, n := range HUDNames {
		if h&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// set reads 0 or empty (none), 1 (HUDDefault), all, or a comma list of
// items. Unknown items are an error naming them; the known ones stay set.
func (h *HUD) set(v string) error {
	switch v = strings.TrimSpace(v); v {
	case "", "0":
		*h = 0
		return nil
	case "1":
		*h = HUDDefault
		return nil
	case "all":
		*h = HUDAll
		return nil
	}
	var got HUD
	var bad []string
next:
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		for i, n := range HUDNames {
			if strings.EqualFold(item, n) {
				got |= 1 << i
				continue next
			}
		}
		bad = append(bad, item)
	}
	*h = got
	if len(bad) > 0 {
		return fmt.Errorf("unknown item %s; items are %s", strings.Join(bad, ", "), strings.Join(HUDNames, ", "))
	}
	return nil
}

func (v VSync) String() string {
	if int(v) < len(vsyncNames) {
		return vsyncNames[v]
	}
	return fmt.Sprintf("vsync(%d)", uint8(v))
}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint32(l))
}

// Key is one setting: its name, its default as text, what it does, and
// how it is stored.
type Key struct {
	Name    string
	Default string
	Doc     string
	set     func(c *Config, v string) error
}

// Keys is every setting, in the order mtld3d.conf.example documents them.
// The default backend depends on the host (DefaultBackend).
var Keys = []Key{
	{"log.dir", "", "Folder for <exe>-<pid>.log. Empty: a mtld3d-logs folder beside the executable. A unix path, or a Windows path such as C:\\logs.",
		func(c *Config, v string) error { c.LogDir = v; return nil }},
	{"log.level", "info", "Lowest severity written: debug, info, warn or error.",
		func(c *Config, v string) error {
			for i, n := range levelNames {
				if strings.EqualFold(v, n) {
					c.LogLevel = Level(i)
					return nil
				}
			}
			return fmt.Errorf("want one of %s", strings.Join(levelNames, ", "))
		}},
	{"backend", "", "Renderer: metal (the GPU, macOS only) or reference (the CPU renderer, any host). Empty: metal on macOS, reference elsewhere. For tests on 64-bit Linux, metal-double runs the Metal backend over the Metal double (Objective-C and Metal stand-ins with Metal's rules, drawing on the CPU); a broken rule ends the process.",
		func(c *Config, v string) error {
			switch v {
			case "", "metal", "reference", "metal-double":
				c.Backend = v
				return nil
			}
			return fmt.Errorf("want metal or reference")
		}},
	{"dump.dir", "", "Folder that receives every presented frame as a PNG file (frame-<device>-<n>.png). Empty: no dump. A unix path, or a Windows path.",
		func(c *Config, v string) error { c.DumpDir = v; return nil }},
	{"record.dir", "", "Folder that receives every submitted frame's record chunks as the unix side copied them (records-<pid>-<device>.bin, chunks one after another, each starting with its used size), for replay and the fuzz corpus. Empty: none. A unix path, or a Windows path.",
		func(c *Config, v string) error { c.RecordDir = v; return nil }},
	{"cache.dir", "", "Folder of the shader cache (shaders.mtlcache). Empty: a mtld3d folder in the user's cache folder (~/Library/Caches on macOS). none: no cache on disk. A unix path, or a Windows path.",
		func(c *Config, v string) error { c.CacheDir = v; return nil }},
	{"debug.cpu_profile", "", "File that receives a CPU profile of the unix side (Go's pprof format, `go tool pprof`) from process start until the last device is released. Empty: none. A unix path, or a Windows path.",
		func(c *Config, v string) error { c.CPUProfile = v; return nil }},
	{"debug.shader_dump_dir", "", "Folder that receives every distinct shader the game creates, named by the first 16 hex digits of the SHA-256 of its bytecode: <hash>.dxso (the bytecode), <hash>.asm (our disassembly, which mtld3d-disasm reads back), <hash>.ir (the IR it lowers to) and <hash>.msl (the Metal source core/msl emits for the default variant key; draws may use other variants). Written off the game's thread when the shader is created, once per bytecode per process. Empty: none. A unix path, or a Windows path. (Issue 17 calls it debug.shaderDumpDir; keys here are lower-case and dotted.)",
		func(c *Config, v string) error { c.ShaderDumpDir = v; return nil }},
	{"debug.frame_hotkey", "ctrl+shift+f12", "Key combination that writes the next presented frame as a PNG beside the log (<exe>-<pid>-frame-<n>.png, n the device's presented-frame count from 1; a device after the process's first adds -device-<id> before -frame). Modifiers ctrl, shift, alt and one key (f1 to f24, a to z, 0 to 9, pause, scrolllock, insert, home, end, pageup, pagedown), joined by +; one dump per press. none: no hotkey.",
		func(c *Config, v string) error { return c.FrameHotkey.set(v) }},
	{"debug.dump_frame", "0", "Presented frame (counted per device from 1) to write as a PNG beside the log, as the frame hotkey does. 0: none.",
		func(c *Config, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("want a frame number")
			}
			c.DumpFrame = n
			return nil
		}},
	{"debug.capture_frame", "0", "Presented frame (counted per device from 1) to capture: every frame the device submitted from its creation through that one, with the guest memory its records read, is streamed off the game's thread to <exe>-<pid>-capture-<n>.mtlcap beside the log (-device-<id> before -capture for a device past the process's first). `mtld3d-replay FILE -o frame.png` replays it on the reference backend, on Linux or macOS without Wine, and writes the captured frame as a PNG. The file appears under its name once frame n is presented; for a capture of one frame alone, see debug.capture_hotkey. 0: none. (Issue 17 calls it debug.captureFrame; keys here are lower-case and dotted.)",
		func(c *Config, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("want a frame number")
			}
			c.CaptureFrame = n
			return nil
		}},
	{"debug.capture_hotkey", "0", "1: the frame hotkey also captures the frame whose PNG it writes, to <exe>-<pid>-capture-<n>.mtlcap beside the log: a snapshot of the device as the frame starts (every resource it holds, read back from the GPU, its shaders, declarations and state), then that frame's records with the guest memory they read. `mtld3d-replay FILE -o frame.png` replays it to the PNG's pixels. Nothing is written until the key is pressed; the press stalls the game while the resources are read back (the file is written off the game's thread). Meanwhile it keeps each shader's bytecode for the snapshot and notes, at every submit, where each record's guest data lies, which is why it is off by default. 0: the hotkey writes the PNG only.",
		func(c *Config, v string) error { return setBool(&c.CaptureHotkey, v) }},
	{"present.max_fps", "0", "Frame-rate limiter: at most this many presented frames a second (a decimal number up to 1000), paced on the game's thread at Present. 0: no limit.",
		func(c *Config, v string) error {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !(f >= 0 && f <= 1000) {
				return fmt.Errorf("want a number from 0 to 1000")
			}
			c.MaxFPS = f
			return nil
		}},
	{"present.max_frame_latency", "0", "Presented frames that may be queued before Present waits (1 to 16), over what the game asks with SetMaximumFrameLatency (default 3). 0: the game's. 1 lowers input latency; more smooths frame times.",
		func(c *Config, v string) error {
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil || n > 16 {
				return fmt.Errorf("want a number from 0 to 16")
			}
			c.MaxFrameLatency = uint32(n)
			return nil
		}},
	{"present.vsync", "app", "Whether a presented frame waits for the display's vertical blank: app (the game's presentation interval decides: IMMEDIATE does not wait), on (every frame waits) or off (none does).",
		func(c *Config, v string) error {
			for i, n := range vsyncNames {
				if strings.EqualFold(v, n) {
					c.VSync = VSync(i)
					return nil
				}
			}
			return fmt.Errorf("want app, on or off")
		}},
	{"reference.refresh_hz", "0", "The reference backend's simulated display: its refresh rate in Hz (a decimal number up to 1000). A frame presented with vertical-blank sync on (present.vsync, or the game's interval) is shown at the next vertical blank on a fixed grid of 1/refresh_hz, at most one a refresh, as a Mac's display does with displaySyncEnabled; the frame-latency bound then holds the game back. For testing vsync without a Mac. 0: no display, every frame is shown at once. The metal backend waits for the real display.",
		func(c *Config, v string) error {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !(f >= 0 && f <= 1000) {
				return fmt.Errorf("want a number from 0 to 1000")
			}
			c.RefreshHz = f
			return nil
		}},
	{"perf.log", "0", "1: the log gets a line of performance figures (key=value: frames, fps, frame times, draws and calls per frame, bytes uploaded, shader and pipeline builds and the waits for them, memory) every 5 seconds and, for the device's whole life, when it is destroyed. mtld3d-perf compare A.log B.log puts two runs side by side.",
		func(c *Config, v string) error { return setBool(&c.PerfLog, v) }},
	{"hud", "0", "Heads-up display drawn over the top-left corner of every presented frame (so it is in frame dumps too): a comma list of fps (frames per second over the last half second), frametime (mean and longest frame time over it, and a graph of the last 3 seconds of frame times), draws (draw calls in the last frame), compiles (shader functions and pipelines built so far), memory (the unix side's Go heap and the process's peak resident memory) and version (mtld3d's). 1: fps,frametime,version. all: every item. 0: none. An unknown item is logged and the rest are shown.",
		func(c *Config, v string) error { return c.HUD.set(v) }},
	{"adapter.vendor_id", "0x1002", "PCI vendor id the adapter reports (GetAdapterIdentifier). Games pick code paths by it.",
		func(c *Config, v string) error { return setU32(&c.VendorID, v) }},
	{"adapter.device_id", "0x67ef", "PCI device id the adapter reports.",
		func(c *Config, v string) error { return setU32(&c.DeviceID, v) }},
	{"adapter.subsys_id", "0", "PCI subsystem id the adapter reports.",
		func(c *Config, v string) error { return setU32(&c.SubSysID, v) }},
	{"adapter.revision", "0", "PCI revision the adapter reports.",
		func(c *Config, v string) error { return setU32(&c.Revision, v) }},
	{"adapter.description", "AMD Radeon Pro 560 (mtld3d on Metal)", "Adapter description string (at most 511 bytes).",
		func(c *Config, v string) error { return setString(&c.Description, v, 511) }},
	{"adapter.driver", "mtld3d.dll", "Driver file name the adapter reports (at most 511 bytes).",
		func(c *Config, v string) error { return setString(&c.DriverName, v, 511) }},
	{"adapter.driver_version", "8.17.10.1404", "Driver version the adapter reports, as four dot-separated numbers up to 65535.",
		func(c *Config, v string) error {
			parts := strings.Split(v, ".")
			if len(parts) != 4 {
				return fmt.Errorf("want four numbers a.b.c.d")
			}
			var dv [4]uint16
			for i, p := range parts {
				n, err := strconv.ParseUint(p, 10, 16)
				if err != nil {
					return fmt.Errorf("part %d: %v", i+1, err)
				}
				dv[i] = uint16(n)
			}
			c.DriverVersion = dv
			return nil
		}},
}

func setU32(dst *uint32, v string) error {
	n, err := strconv.ParseUint(v, 0, 32)
	if err != nil {
		return fmt.Errorf("want a 32-bit number (decimal or 0x hex)")
	}
	*dst = uint32(n)
	return nil
}

func setBool(dst *bool, v string) error {
	switch strings.ToLower(v) {
	case "1", "true", "on", "yes":
		*dst = true
	case "0", "false", "off", "no":
		*dst = false
	default:
		return fmt.Errorf("want 0 or 1")
	}
	return nil
}

func setString(dst *string, v string, max int) error {
	if len(v) > max {
		return fmt.Errorf("longer than %d bytes", max)
	}
	*dst = v
	return nil
}

// Default returns every key at its default.
func Default() Config {
	var c Config
	for _, k := range Keys {
		if err := k.set(&c, k.Default); err != nil {
			panic("config: default of " + k.Name + ": " + err.Error())
		}
	}
	return c
}

// DriverVersionQuad packs DriverVersion as D3DADAPTER_IDENTIFIER9's
// LARGE_INTEGER: high dword product<<16|version, low subversion<<16|build.
func (c Config) DriverVersionQuad() uint64 {
	v := c.DriverVersion
	return uint64(v[0])<<48 | uint64(v[1])<<32 | uint64(v[2])<<16 | uint64(v[3])
}

// ResolvedBackend is Backend with the host default applied.
func (c Config) ResolvedBackend(goos string) string {
	if c.Backend != "" {
		return c.Backend
	}
	if goos == "darwin" {
		return "metal"
	}
	return "reference"
}

// Source is one layer of settings and where it came from, for warnings.
type Source struct {
	Name string // e.g. "mtld3d.conf" or "MTLD3D_CONFIG"
	Text string
	Env  bool // ';'-separated pairs rather than lines, and no sections
}

// Result is what Load made of its sources.
type Result struct {
	Config Config
	// Profiles names each section that applied, as "<source> [<name>]".
	Profiles []string
	Warnings []string // one per rejected line
}

// entry is one key = value line of a source.
type entry struct {
	where, section, name, value string
	env                         bool
}

// Load applies the sources over the defaults for the executable exe (a
// Windows or unix path, or "" for none) in three layers: the files' keys
// outside any section, in source order; then the files' sections whose
// name is exe's file name (a per-game profile: "[Game.exe]", matched
// without regard to case, as Windows names files); then the environment
// sources, which win. A rejected line becomes a warning and changes
// nothing, in a section for another game too.
func Load(exe string, sources ...Source) Result {
	var r Result
	var entries []entry
	base := exe[strings.LastIndexAny(exe, `/\`)+1:]
	for _, s := range sources {
		sep := "\n"
		if s.Env {
			sep = ";"
		}
		section := ""
		for i, line := range strings.Split(s.Text, sep) {
			where := fmt.Sprintf("%s:%d", s.Name, i+1)
			if s.Env {
				where = fmt.Sprintf("%s entry %d", s.Name, i+1)
			}
			line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !s.Env && strings.HasPrefix(line, "[") {
				name, ok := strings.CutSuffix(line[1:], "]")
				if name = strings.TrimSpace(name); !ok || name == "" {
					r.Warnings = append(r.Warnings, fmt.Sprintf("%s: %q is not a [Game.exe] section; its keys are ignored", where, line))
					name = "\x00" // matches no executable
				}
				section = name
				if base != "" && strings.EqualFold(section, base) {
					r.Profiles = append(r.Profiles, fmt.Sprintf("%s [%s]", s.Name, section))
				}
				continue
			}
			name, value, ok := strings.Cut(line, "=")
			if !ok {
				name, value = "", line // warned about in its layer, in line order
			}
			entries = append(entries, entry{where, section, strings.TrimSpace(name), strings.TrimSpace(value), s.Env})
		}
	}
	c := Default()
	other := Default() // where a section for another game is checked
	for layer := range 3 {
		for _, e := range entries {
			mine := e.section == "" || (base != "" && strings.EqualFold(e.section, base))
			switch {
			case layer == 0 && (e.env || e.section != ""),
				layer == 1 && (e.env || e.section == ""),
				layer == 2 && !e.env:
				continue
			}
			dst := &c
			if !mine {
				dst = &other
			}
			if e.name == "" {
				r.Warnings = append(r.Warnings, fmt.Sprintf("%s: %q is not key=value; ignored", e.where, e.value))
				continue
			}
			k := find(e.name)
			if k == nil {
				r.Warnings = append(r.Warnings, fmt.Sprintf("%s: unknown key %q; ignored", e.where, e.name))
				continue
			}
			if err := k.set(dst, e.value); err != nil {
				r.Warnings = append(r.Warnings, fmt.Sprintf("%s: bad value %q for %s (%v); keeping %q", e.where, e.value, e.name, err, current(*dst, k)))
			}
		}
	}
	r.Config = c
	return r
}

// Changed lists, in Keys order, each key whose value differs from its
// default, as name and value (the log's first lines name them).
func (c Config) Changed() [][2]string {
	def := Default()
	var out [][2]string
	for i := range Keys {
		k := &Keys[i]
		if v := current(c, k); v != current(def, k) {
			out = append(out, [2]string{k.Name, v})
		}
	}
	return out
}

func find(name string) *Key {
	for i := range Keys {
		if Keys[i].Name == name {
			return &Keys[i]
		}
	}
	return nil
}

// current describes the value a rejected line leaves in place.
func current(c Config, k *Key) string {
	switch k.Name {
	case "log.dir":
		return c.LogDir
	case "log.level":
		return c.LogLevel.String()
	case "backend":
		return c.Backend
	case "dump.dir":
		return c.DumpDir
	case "record.dir":
		return c.RecordDir
	case "cache.dir":
		return c.CacheDir
	case "debug.cpu_profile":
		return c.CPUProfile
	case "debug.shader_dump_dir":
		return c.ShaderDumpDir
	case "debug.frame_hotkey":
		return c.FrameHotkey.String()
	case "debug.dump_frame":
		return strconv.FormatUint(c.DumpFrame, 10)
	case "debug.capture_frame":
		return strconv.FormatUint(c.CaptureFrame, 10)
	case "debug.capture_hotkey":
		if c.CaptureHotkey {
			return "1"
		}
		return "0"
	case "present.max_fps":
		return strconv.FormatFloat(c.MaxFPS, 'g', -1, 64)
	case "present.max_frame_latency":
		return strconv.FormatUint(uint64(c.MaxFrameLatency), 10)
	case "present.vsync":
		return c.VSync.String()
	case "reference.refresh_hz":
		return strconv.FormatFloat(c.RefreshHz, 'g', -1, 64)
	case "perf.log":
		if c.PerfLog {
			return "1"
		}
		return "0"
	case "hud":
		return c.HUD.String()
	case "adapter.vendor_id":
		return fmt.Sprintf("%#x", c.VendorID)
	case "adapter.device_id":
		return fmt.Sprintf("%#x", c.DeviceID)
	case "adapter.subsys_id":
		return fmt.Sprintf("%#x", c.SubSysID)
	case "adapter.revision":
		return fmt.Sprintf("%d", c.Revision)
	case "adapter.description":
		return c.Description
	case "adapter.driver":
		return c.DriverName
	case "adapter.driver_version":
		v := c.DriverVersion
		return fmt.Sprintf("%d.%d.%d.%d", v[0], v[1], v[2], v[3])
	}
	return k.Default
}

// Example returns the text of mtld3d.conf.example: every key, its
// documentation and its default, commented out.
func Example() string {
	var b strings.Builder
	b.WriteString("# mtld3d.conf: put this file beside the game's executable, or in\n")
	b.WriteString("# mtld3d/mtld3d.conf under the user's configuration folder\n")
	b.WriteString("# (~/Library/Application Support on macOS, ~/.config elsewhere), which\n")
	b.WriteString("# is read first. Lines are key = value; '#' starts a comment. A line\n")
	b.WriteString("# [Game.exe] starts a per-game profile: the keys after it apply only to\n")
	b.WriteString("# that executable (any case), over every key outside a profile. The\n")
	b.WriteString("# MTLD3D_CONFIG environment variable takes the same keys as\n")
	b.WriteString("# key=value;key=value and wins over both files. A bad key or value is\n")
	b.WriteString("# logged and ignored. The log's first lines name the profile applied\n")
	b.WriteString("# and every key that differs from its default.\n")
	b.WriteString("# Generated by cmd/mtld3d-gen from core/config; every key is listed.\n")
	for _, k := range Keys {
		fmt.Fprintf(&b, "\n# %s\n# %s = %s\n", k.Doc, k.Name, k.Default)
	}
	return b.String()
}
