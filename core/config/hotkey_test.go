package config

import (
	"strings"
	"testing"

	"mtld3d/shared"
)

func TestFrameHotkey(t *testing.T) {
	if got := Default().FrameHotkey; got != shared.HotkeyCtrl|shared.HotkeyShift|0x7b {
		t.Fatalf("default hotkey %#x, want ctrl+shift+VK_F12", uint32(got))
	}
	for _, c := range []struct {
		in   string
		want Hotkey
		text string
	}{
		{"Ctrl + Shift + F12", shared.HotkeyCtrl | shared.HotkeyShift | 0x7b, "ctrl+shift+f12"},
		{"alt+shift+ctrl+p", shared.HotkeyCtrl | shared.HotkeyShift | shared.HotkeyAlt | 0x50, "ctrl+shift+alt+p"},
		{"pause", 0x13, "pause"},
		{"ctrl+f24", shared.HotkeyCtrl | 0x87, "ctrl+f24"},
		{"shift+9", shared.HotkeyShift | 0x39, "shift+9"},
		{"NONE", 0, "none"},
	} {
		r := Load("", Source{Name: "MTLD3D_CONFIG", Env: true, Text: "debug.frame_hotkey=" + c.in})
		if len(r.Warnings) != 0 || r.Config.FrameHotkey != c.want || r.Config.FrameHotkey.String() != c.text {
			t.Errorf("%q: %#x %q %v, want %#x %q", c.in, uint32(r.Config.FrameHotkey), r.Config.FrameHotkey, r.Warnings, uint32(c.want), c.text)
		}
	}
	for _, bad := range []string{"ctrl+ctrl+f1", "super+f1", "ctrl+", "f25", "ctrl+shift", "f12+ctrl", ""} {
		r := Load("", Source{Name: "MTLD3D_CONFIG", Env: true, Text: "debug.frame_hotkey=" + bad})
		if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "debug.frame_hotkey") || r.Config.FrameHotkey != Default().FrameHotkey {
			t.Errorf("%q: %v, hotkey %v; want one warning and the default", bad, r.Warnings, r.Config.FrameHotkey)
		}
	}
	// Every key name reads back as itself.
	for name, vk := range hotkeyKeys {
		var h Hotkey
		if err := h.set("alt+" + name); err != nil || h.String() != "alt+"+name || uint32(h)&shared.HotkeyKeyMask != vk {
			t.Errorf("alt+%s: %v %q", name, err, h)
		}
	}
}

func TestDebugDumpKeys(t *testing.T) {
	r := Load("", Source{Name: "MTLD3D_CONFIG", Env: true, Text: `debug.dump_frame=30;debug.shader_dump_dir=C:\shaders`})
	if len(r.Warnings) != 0 || r.Config.DumpFrame != 30 || r.Config.ShaderDumpDir != `C:\shaders` {
		t.Fatalf("%+v %v", r.Config, r.Warnings)
	}
	ch := r.Config.Changed()
	if len(ch) != 2 || ch[0] != [2]string{"debug.shader_dump_dir", `C:\shaders`} || ch[1] != [2]string{"debug.dump_frame", "30"} {
		t.Fatalf("changed %v", ch)
	}
	if r := Load("", Source{Name: "x", Text: "debug.dump_frame = -1"}); len(r.Warnings) != 1 || r.Config.DumpFrame != 0 {
		t.Fatalf("a negative frame: %v %d", r.Warnings, r.Config.DumpFrame)
	}
}
