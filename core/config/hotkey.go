package config

import (
	"fmt"
	"strings"

	"mtld3d/shared"
)

// Hotkey is a key combination as the guest polls it: a Windows
// virtual-key code and modifier bits (shared.HotkeyKeyMask and
// shared.HotkeyCtrl, HotkeyShift, HotkeyAlt); 0 is none.
type Hotkey uint32

// modifiers are the names of the modifier bits, in the order String
// writes them.
var modifiers = []struct {
	name string
	bit  Hotkey
}{{"ctrl", shared.HotkeyCtrl}, {"shift", shared.HotkeyShift}, {"alt", shared.HotkeyAlt}}

// hotkeyKeys names the keys a hotkey may end with, by virtual-key code;
// letters, digits and F1 to F24 are added by init. Keys games rarely
// bind, and none a text field needs alone.
var hotkeyKeys = map[string]uint32{
	"pause": 0x13, "pageup": 0x21, "pagedown": 0x22, "end": 0x23, "home": 0x24,
	"insert": 0x2d, "scrolllock": 0x91,
}

func init() {
	for i := range 26 {
		hotkeyKeys[string(rune('a'+i))] = uint32(0x41 + i)
	}
	for i := range 10 {
		hotkeyKeys[string(rune('0'+i))] = uint32(0x30 + i)
	}
	for i := range 24 {
		hotkeyKeys[fmt.Sprintf("f%d", i+1)] = uint32(0x70 + i) // VK_F1..VK_F24
	}
}

// set parses "ctrl+shift+f12" (any case, spaces allowed around +) or
// "none".
func (h *Hotkey) set(v string) error {
	if strings.EqualFold(strings.TrimSpace(v), "none") {
		*h = 0
		return nil
	}
	var k Hotkey
	parts := strings.Split(v, "+")
	for i, p := range parts {
		p = strings.ToLower(strings.TrimSpace(p))
		if i < len(parts)-1 {
			found := false
			for _, m := range modifiers {
				if p == m.name && k&m.bit == 0 {
					k |= m.bit
					found = true
				}
			}
			if !found {
				return fmt.Errorf("%q is not ctrl, shift or alt (once each)", p)
			}
			continue
		}
		vk, ok := hotkeyKeys[p]
		if !ok {
			return fmt.Errorf("%q is not a key a hotkey may end with (f1-f24, a-z, 0-9, pause, scrolllock, insert, home, end, pageup, pagedown), or none", p)
		}
		k |= Hotkey(vk)
	}
	*h = k
	return nil
}

// String writes the combination as set reads it.
func (h Hotkey) String() string {
	if h == 0 {
		return "none"
	}
	var parts []string
	for _, m := range modifiers {
		if h&m.bit != 0 {
			parts = append(parts, m.name)
		}
	}
	vk := uint32(h) & shared.HotkeyKeyMask
	name := fmt.Sprintf("vk%#x", vk)
	for n, v := range hotkeyKeys {
		if v == vk {
			name = n
		}
	}
	return strings.Join(append(parts, name), "+")
}
