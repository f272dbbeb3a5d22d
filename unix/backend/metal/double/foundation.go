//go:build linux && (amd64 || arm64)

package double

/*
#include <stdlib.h>
*/
import "C"

import "unsafe"

// Foundation: the root class, strings, errors, arrays and blocks.

func foundationClasses() []classSpec {
	return []classSpec{
		{name: "NSObject", headers: []string{"NSObject"}, public: true,
			static: map[string]method{
				"alloc": func(c *call) { c.retObj(c.d.alloc(c.self.cls)) },
				"new": func(c *call) {
					o := c.d.alloc(c.self.cls)
					if init := o.cls.find("init", false); init != nil {
						init(&call{d: c.d, self: o, sel: "init", m: c.m, ret: c.ret})
					}
					c.retObj(o)
				},
				"instancesRespondToSelector:": func(c *call) {
					c.retBool(c.d.responds(c.self.cls, c.d.selName(uintptr(c.word(0)))))
				},
			},
			methods: map[string]method{
				"init":    func(c *call) { c.retObj(c.self) },
				"retain":  func(c *call) { c.d.retain(c.self); c.retObj(c.self) },
				"release": func(c *call) { c.d.release(c.self) },
				"autorelease": func(c *call) {
					c.d.autorelease(c.self)
					c.retObj(c.self)
				},
				"respondsToSelector:": func(c *call) {
					c.retBool(c.d.responds(c.self.cls, c.d.selName(uintptr(c.word(0)))))
				},
			}},
		{name: "NSString", super: "NSObject", headers: []string{"NSString"}, public: true,
			methods: map[string]method{
				"initWithBytes:length:encoding:": func(c *call) {
					const utf8 = 4 // NSUTF8StringEncoding
					if c.uint(2) != utf8 {
						c.fail("encoding %d: the double knows UTF-8 only", c.uint(2))
					}
					n := c.uint(1)
					s := ""
					if n > 0 {
						s = string(unsafe.Slice((*byte)((c.ptr(0))), n))
					}
					setString(c.d, c.self, s)
					c.retObj(c.self)
				},
				"UTF8String": func(c *call) { c.retPtr(uintptr(unsafe.Pointer(stringOf(c.self).c))) },
			}},
		{name: "NSError", super: "NSObject", headers: []string{"NSError"}, public: true,
			methods: map[string]method{
				"domain": func(c *call) { c.retObj(c.d.autoString(errorOf(c.self).domain)) },
				"code":   func(c *call) { c.retUint(errorOf(c.self).code) },
				"localizedDescription": func(c *call) {
					c.retObj(c.d.autoString(errorOf(c.self).text))
				},
			}},
		{name: "NSArray", super: "NSObject", headers: []string{"NSArray"}, public: true,
			static: map[string]method{
				"arrayWithObject:": func(c *call) {
					o := c.obj(0)
					if o == nil {
						c.fail("nil object (NSInvalidArgumentException)")
						return
					}
					a := c.d.newArray([]*object{o})
					c.d.autorelease(a)
					c.retObj(a)
				},
			},
			methods: map[string]method{
				"count":                     func(c *call) { c.retUint(len(arrayOf(c.self))) },
				"objectAtIndex:":            arrayAt,
				"objectAtIndexedSubscript:": arrayAt,
			}},
		{name: "NSURL", super: "NSObject", headers: []string{"NSURL"}, public: true,
			methods: map[string]method{
				"initFileURLWithPath:": func(c *call) {
					p := c.d.goString(c.obj(0))
					if p == "" {
						c.fail("nil or empty path (NSInvalidArgumentException)")
					}
					c.self.state = &nsURL{path: p}
					c.retObj(c.self)
				},
			}},
		// A heap block: retain and release as any object (Block_copy on a
		// heap block only counts a reference).
		{name: "NSBlock", super: "NSObject", headers: []string{"NSObject"}},
	}
}

// alloc makes an instance of c (+1). Its state comes from the class's
// init, or a constructor of its own kind.
func (d *Runtime) alloc(c *class) *object {
	o := d.newObject(c, nil)
	if mk := stateMakers[c.name]; mk != nil {
		o.state = mk()
	}
	return o
}

// stateMakers make the state of instances made by +alloc.
var stateMakers = map[string]func() any{}

// responds is respondsToSelector: for instances of c: Apple's headers
// declare the selector for the class.
func (d *Runtime) responds(c *class, sel string) bool {
	for _, h := range c.headerNames() {
		if _, ok := lookupStatic(h, sel, false); ok {
			return true
		}
	}
	return false
}

type nsString struct {
	s string
	c *C.char // UTF8String: lives as long as the string
}

func setString(d *Runtime, o *object, s string) {
	st := &nsString{s: s, c: C.CString(s)}
	o.state = st
	o.dealloc = func() { C.free(unsafe.Pointer(st.c)) }
}

func stringOf(o *object) *nsString {
	if s, ok := o.state.(*nsString); ok {
		return s
	}
	setString(nil, o, "")
	return o.state.(*nsString)
}

// newString makes an NSString (+1).
func (d *Runtime) newString(s string) *object {
	o := d.newObject(d.classes["NSString"], nil)
	setString(d, o, s)
	return o
}

// autoString makes an autoreleased NSString, as getters return them.
func (d *Runtime) autoString(s string) *object {
	o := d.newString(s)
	d.autorelease(o)
	return o
}

// GoString reads an NSString argument.
func (d *Runtime) goString(o *object) string {
	if o == nil {
		return ""
	}
	return stringOf(o).s
}

type nsError struct {
	domain string
	code   int
	text   string
}

func errorOf(o *object) *nsError {
	if e, ok := o.state.(*nsError); ok {
		return e
	}
	return &nsError{}
}

// newError makes an autoreleased NSError, as an error out-parameter gets.
func (d *Runtime) newError(domain string, code int, text string) *object {
	o := d.newObject(d.classes["NSError"], &nsError{domain, code, text})
	d.autorelease(o)
	return o
}

// nsURL is a file URL's path (the only URLs the bindings make).
type nsURL struct{ path string }

// urlPath reads an NSURL argument: its file path, or "" with a
// violation for anything else.
func urlPath(c *call, i int) string {
	o := c.obj(i)
	if o == nil {
		return ""
	}
	u, ok := o.state.(*nsURL)
	if !ok {
		c.fail("argument %d: %s is not a file NSURL", i, o)
		return ""
	}
	return u.path
}

type nsArray struct{ items []*object }

func arrayOf(o *object) []*object {
	if a, ok := o.state.(*nsArray); ok {
		return a.items
	}
	return nil
}

// newArray makes an NSArray (+1) that retains its items.
func (d *Runtime) newArray(items []*object) *object {
	for _, it := range items {
		d.retain(it)
	}
	o := d.newObject(d.classes["NSArray"], &nsArray{items})
	o.dealloc = func() {
		for _, it := range items {
			d.release(it)
		}
	}
	return o
}

func arrayAt(c *call) {
	items := arrayOf(c.self)
	i := c.uint(0)
	if i >= len(items) {
		c.fail("index %d beyond bounds [0 .. %d]", i, len(items)-1)
		return
	}
	c.retObj(items[i])
}

// invokeBlock calls a block's function with arg.
func (d *Runtime) invokeBlock(b *object, arg uintptr) {
	if bl, ok := b.state.(*block); ok {
		bl.fn(nsID(arg))
	}
}
