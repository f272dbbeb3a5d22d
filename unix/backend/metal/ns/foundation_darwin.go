//go:build darwin

package ns

import (
	"fmt"
	"unsafe"

	"github.com/ebitengine/purego/objc"
)

var (
	class_NSString = Cls(Foundation, "NSString")

	sel_alloc                         = Sel("alloc")
	sel_init                          = Sel("init")
	sel_retain                        = Sel("retain")
	sel_release                       = Sel("release")
	sel_respondsToSelector            = Sel("respondsToSelector:")
	sel_instancesRespondToSelector    = Sel("instancesRespondToSelector:")
	sel_initWithBytes_length_encoding = Sel("initWithBytes:length:encoding:")
	sel_UTF8String                    = Sel("UTF8String")
	sel_localizedDescription          = Sel("localizedDescription")
	sel_domain                        = Sel("domain")
	sel_code                          = Sel("code")
	sel_count                         = Sel("count")
	sel_objectAtIndex                 = Sel("objectAtIndex:")
	sel_objectAtIndexedSubscript      = Sel("objectAtIndexedSubscript:")
	sel_setLabel                      = Sel("setLabel:")
	sel_label                         = Sel("label")
)

// NSUTF8StringEncoding is NSStringEncoding's UTF-8 value.
const NSUTF8StringEncoding = 4

// Object is any Objective-C object: a one-field value around its id.
type Object struct{ id objc.ID }

// ObjectOf wraps an id.
func ObjectOf(id objc.ID) Object { return Object{id} }

// ID is the object's id.
func (o Object) ID() objc.ID { return o.id }

// IsNil reports whether the object is nil.
func (o Object) IsNil() bool { return o.id == 0 }

// Retain is -retain.
func (o Object) Retain() Object {
	if o.id != 0 {
		Send(o.id, sel_retain)
	}
	return o
}

// Release is -release. Releasing nil does nothing.
func (o Object) Release() {
	if o.id != 0 {
		Send(o.id, sel_release)
	}
}

// RespondsTo is -respondsToSelector:.
func (o Object) RespondsTo(s *Selector) bool {
	return o.id != 0 && SendBool(o.id, sel_respondsToSelector, s.SEL())
}

// SetLabel is setLabel: with a Go string (Metal objects copy it), in
// its own autorelease pool.
func (o Object) SetLabel(label string) {
	WithPool(func() {
		s := NewString(label)
		Send(o.id, sel_setLabel, s.id)
		s.Release()
	})
}

// Label is -label.
func (o Object) Label() string { return GoString(Send(o.id, sel_label)) }

// Retain is -retain on an id.
func Retain(id objc.ID) objc.ID { return ObjectOf(id).Retain().id }

// Release is -release on an id.
func Release(id objc.ID) { ObjectOf(id).Release() }

// New is [[c alloc] init]: an owned (+1) instance.
func New(c *ClassRef) objc.ID {
	return Send(Send(c.ID(), sel_alloc), sel_init)
}

// NewString makes an owned NSString from s; release it when done.
func NewString(s string) Object {
	id := Send(class_NSString.ID(), sel_alloc)
	return Object{Send(id, sel_initWithBytes_length_encoding,
		unsafe.Pointer(unsafe.StringData(s)), uint(len(s)), uint(NSUTF8StringEncoding))}
}

// GoString copies an NSString's UTF-8 text; nil gives "".
func GoString(id objc.ID) string {
	if id == 0 {
		return ""
	}
	return CString(SendT[unsafe.Pointer](id, sel_UTF8String))
}

// CString copies a NUL-terminated C string.
func CString(p unsafe.Pointer) string {
	if p == nil {
		return ""
	}
	n := 0
	for *(*byte)(unsafe.Add(p, n)) != 0 {
		n++
	}
	return string(unsafe.Slice((*byte)(p), n))
}

// Error is an NSError's text, copied into Go.
type Error struct {
	Domain      string
	Code        int
	Description string // localizedDescription
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s (%s %d)", e.Description, e.Domain, e.Code)
}

// ErrorOf copies an NSError; nil gives nil.
func ErrorOf(id objc.ID) error {
	if id == 0 {
		return nil
	}
	return &Error{
		Domain:      GoString(Send(id, sel_domain)),
		Code:        SendInt(id, sel_code),
		Description: GoString(Send(id, sel_localizedDescription)),
	}
}

// ArrayItems returns the elements of an NSArray, not retained.
func ArrayItems(id objc.ID) []objc.ID {
	if id == 0 {
		return nil
	}
	n := SendUint(id, sel_count)
	out := make([]objc.ID, n)
	for i := range out {
		out[i] = Send(id, sel_objectAtIndex, uint(i))
	}
	return out
}

// Index is objectAtIndexedSubscript: (the attachment and attribute
// arrays of Metal descriptors).
func Index(id objc.ID, i int) objc.ID {
	return Send(id, sel_objectAtIndexedSubscript, uint(i))
}

// CheckResponds checks that obj answers every selector, and returns a
// MissingError naming what, the receiver's description, lacks.
func CheckResponds(obj objc.ID, what string, sels ...*Selector) error {
	miss := &MissingError{}
	for _, s := range sels {
		if !ObjectOf(obj).RespondsTo(s) {
			miss.Selectors = append(miss.Selectors, what+" "+s.name)
		}
	}
	if miss.empty() {
		return nil
	}
	return miss
}

// CheckInstancesRespond checks that instances of c answer every
// selector (+instancesRespondToSelector:).
func CheckInstancesRespond(c *ClassRef, sels ...*Selector) error {
	miss := &MissingError{}
	for _, s := range sels {
		if !SendBool(c.ID(), sel_instancesRespondToSelector, s.SEL()) {
			miss.Selectors = append(miss.Selectors, c.name+" "+s.name)
		}
	}
	if miss.empty() {
		return nil
	}
	return miss
}
