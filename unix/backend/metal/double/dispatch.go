//go:build linux && (amd64 || arm64)

package double

/*
#include "entries_gen.h"
*/
import "C"

import (
	"encoding/binary"
	"math"
	"unsafe"

	"mtld3d/unix/backend/metal/msgsig"
)

// A class of the double: a concrete class Apple's headers name, or one
// standing behind a protocol (the object a device's newBuffer... gives).
type class struct {
	name    string
	super   *class
	headers []string // the header classes and protocols it answers as
	public  bool     // objc_getClass finds it
	methods map[string]method
	static  map[string]method
	obj     *object // the class object
}

type method func(c *call)

// A classSpec declares a class; classTable lists them all.
type classSpec struct {
	name, super string
	headers     []string
	public      bool
	methods     map[string]method
	static      map[string]method
}

func (d *Runtime) addClass(s classSpec) {
	c := &class{name: s.name, headers: s.headers, public: s.public,
		methods: s.methods, static: s.static}
	if s.super != "" {
		c.super = d.classes[s.super]
		if c.super == nil {
			panic("double: " + s.name + " inherits from " + s.super + ", declared later or not at all")
		}
	}
	d.next += 16
	c.obj = &object{id: d.next, cls: c, isCls: true, refs: 1}
	d.objs[c.obj.id] = c.obj
	d.classes[s.name] = c
}

func (c *class) find(sel string, static bool) method {
	for k := c; k != nil; k = k.super {
		t := k.methods
		if static {
			t = k.static
		}
		if m := t[sel]; m != nil {
			return m
		}
	}
	return nil
}

func (c *class) headerNames() []string {
	var out []string
	for k := c; k != nil; k = k.super {
		out = append(out, k.headers...)
	}
	return out
}

// A call is one message as a method sees it.
type call struct {
	d      *Runtime
	self   *object
	sel    string
	static bool
	ret    msgsig.Kind
	args   []msgsig.Kind
	m      *C.struct_mtld3d_dbl_msg
}

var signatures = msgsig.Signatures()

//export mtld3dDoubleSend
func mtld3dDoubleSend(m *C.struct_mtld3d_dbl_msg) {
	cur.send(m)
}

func (d *Runtime) send(m *C.struct_mtld3d_dbl_msg) {
	sig := signatures[int(m.sig)]
	sel := d.selName(uintptr(m.sel))
	if sel == "" {
		d.violate("message with an unregistered selector %#x", uintptr(m.sel))
		return
	}
	self := d.lookup(uintptr(m.self), sel)
	if self == nil {
		return // messages to nil answer zero; lookup reported a bad receiver
	}
	d.mu.Lock()
	d.Messages[sel]++
	d.mu.Unlock()
	c := &call{d: d, self: self, sel: sel, static: self.isCls, ret: sig.Ret, args: sig.Args, m: m}
	if !d.checkHeader(c) {
		return
	}
	fn := self.cls.find(sel, self.isCls)
	if fn == nil {
		d.violate("the double does not implement %s%s (declared in Apple's headers; add it to the double)", prefix(c.static), self.cls.name+" "+sel)
		return
	}
	fn(c)
}

func prefix(static bool) string {
	if static {
		return "+"
	}
	return "-"
}

// checkHeader finds the selector in the receiver's header classes and
// protocols and compares the kinds the binding sent with the header's.
func (d *Runtime) checkHeader(c *call) bool {
	var found *Method
	for _, h := range c.self.cls.headerNames() {
		if m, ok := lookupStatic(h, c.sel, c.static); ok {
			found = &m
			break
		}
	}
	if found == nil {
		what := "instance"
		if c.static {
			what = "class"
		}
		d.violate("%s[%s %s]: unrecognized selector sent to %s %#x", prefix(c.static), c.self.cls.name, c.sel, what, c.self.id)
		return false
	}
	ret, args, err := ParseTypes(found.Types)
	if err != nil {
		d.violate("double: %s %s: header encoding %q: %v", c.self.cls.name, c.sel, found.Types, err)
		return false
	}
	bad := len(args) != len(c.args) || !kindIs(c.ret, ret)
	for i := 0; !bad && i < len(args); i++ {
		bad = !kindIs(c.args[i], args[i])
	}
	if bad {
		d.violate("%s[%s %s] sent as %s; Apple's header declares %s", prefix(c.static), c.self.cls.name, c.sel,
			msgsig.SigName(c.ret, c.args), found.Types)
		return false
	}
	return true
}

// lookupStatic is Lookup restricted to class (+) or instance (-) methods.
func lookupStatic(class, sel string, static bool) (Method, bool) {
	seen := map[string]bool{}
	var walk func(string) (Method, bool)
	walk = func(name string) (Method, bool) {
		if seen[name] {
			return Method{}, false
		}
		seen[name] = true
		p, ok := protocolByName[name]
		if !ok {
			return Method{}, false
		}
		for _, m := range p.Methods {
			if m.Sel == sel && m.Static == static {
				return m, true
			}
		}
		for _, up := range p.Inherits {
			if m, ok := walk(up); ok {
				return m, true
			}
		}
		return Method{}, false
	}
	return walk(class)
}

var protocolByName = func() map[string]Protocol {
	out := map[string]Protocol{}
	for _, p := range Headers {
		out[p.Name] = p
	}
	return out
}()

// kindIs reports whether the binding's kind k is the header's type t.
func kindIs(k msgsig.Kind, t Type) bool {
	switch k {
	case msgsig.Void:
		return t == Void
	case msgsig.ID:
		return t == Object
	case msgsig.SEL:
		return t == Selector
	case msgsig.UInt, msgsig.UInt64:
		return t == UInt64
	case msgsig.Int:
		return t == Int64
	case msgsig.UInt32:
		return t == UInt32
	case msgsig.UInt8:
		return t == UInt8
	case msgsig.Bool:
		return t == Bool
	case msgsig.Float:
		return t == Float
	case msgsig.Double:
		return t == Double
	case msgsig.Ptr:
		return t == Pointer
	case msgsig.Viewport:
		return t == Viewport
	case msgsig.ClearColor:
		return t == ClearColor
	case msgsig.CGSize:
		return t == CGSize
	case msgsig.CGRect:
		return t == CGRect
	case msgsig.ScissorRect:
		return t == ScissorRect
	case msgsig.Origin:
		return t == Origin
	case msgsig.Size:
		return t == Size
	case msgsig.Region:
		return t == Region
	case msgsig.Range:
		return t == Range
	case msgsig.Swizzle:
		return t == Swizzle
	}
	return false
}

// Arguments.

func (c *call) raw(i int) []byte {
	return C.GoBytes(unsafe.Pointer(&c.m.arg[i][0]), C.int(c.args[i].CSize()))
}

func (c *call) word(i int) uint64 {
	b := c.raw(i)
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func (c *call) uint(i int) int    { return int(c.word(i)) }
func (c *call) int(i int) int     { return int(int64(c.word(i))) }
func (c *call) bool(i int) bool   { return c.word(i) != 0 }
func (c *call) f32(i int) float32 { return math.Float32frombits(uint32(c.word(i))) }
func (c *call) f64(i int) float64 { return math.Float64frombits(c.word(i)) }

// ptr reads a pointer argument (C memory, or Go memory the caller keeps).
func (c *call) ptr(i int) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&c.m.arg[i][0])) }
func (c *call) obj(i int) *object        { return c.d.lookup(uintptr(c.word(i)), c.sel+" argument") }

// arg reads object argument i as an object whose state is a T (what names
// the kind in a violation). It reports false for nil, which is a violation
// when required, and for another kind of object, which always is.
func arg[T any](c *call, i int, what string, required bool) (T, bool) {
	var zero T
	o := c.obj(i)
	if o == nil {
		if required {
			c.fail("argument %d: nil %s", i, what)
		}
		return zero, false
	}
	v, ok := o.state.(T)
	if !ok {
		c.fail("argument %d: %s is not a %s", i, o, what)
	}
	return v, ok
}

// words decodes a struct argument of unsigned longs.
func (c *call) words(i int) []int {
	b := c.raw(i)
	out := make([]int, len(b)/8)
	for j := range out {
		out[j] = int(binary.LittleEndian.Uint64(b[8*j:]))
	}
	return out
}

// doubles decodes a struct argument of doubles.
func (c *call) doubles(i int) []float64 {
	b := c.raw(i)
	out := make([]float64, len(b)/8)
	for j := range out {
		out[j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:]))
	}
	return out
}

// Results.

func (c *call) setRet(b []byte) {
	for i, v := range b {
		c.m.ret[i] = C.uchar(v)
	}
}

func (c *call) retWord(v uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	c.setRet(b[:c.ret.CSize()])
}

func (c *call) retObj(o *object) {
	if o == nil {
		c.retWord(0)
		return
	}
	c.retWord(uint64(o.id))
}
func (c *call) retUint(v int) { c.retWord(uint64(v)) }
func (c *call) retBool(v bool) {
	if v {
		c.retWord(1)
	} else {
		c.retWord(0)
	}
}
func (c *call) retPtr(p uintptr) { c.retWord(uint64(p)) }

// retDoubles and retWords write a struct result.
func (c *call) retDoubles(v ...float64) {
	b := make([]byte, 8*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(f))
	}
	c.setRet(b)
}

func (c *call) retWords(v ...int) {
	b := make([]byte, 8*len(v))
	for i, w := range v {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(w))
	}
	c.setRet(b)
}

// fail is a violation about this message.
func (c *call) fail(format string, args ...any) {
	c.d.violate(prefix(c.static)+"["+c.self.cls.name+" "+c.sel+"] "+format, args...)
}
