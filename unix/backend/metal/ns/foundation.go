package ns

import (
	"fmt"
	"unsafe"
)

var (
	class_NSString = Cls(Foundation, "NSString")
	class_NSURL    = Cls(Foundation, "NSURL")
	class_NSArray  = Cls(Foundation, "NSArray")
)

// NSUTF8StringEncoding is NSStringEncoding's UTF-8 value.
const NSUTF8StringEncoding = 4

// Object is any Objective-C object: a one-field value around its id.
type Object struct{ id ID }

// ObjectOf wraps an id.
func ObjectOf(id ID) Object { return Object{id} }

// ID is the object's id.
func (o Object) ID() ID { return o.id }

// IsNil reports whether the object is nil.
func (o Object) IsNil() bool { return o.id == 0 }

// Retain is -retain.
func (o Object) Retain() Object {
	if o.id != 0 {
		send_retain(o.id)
	}
	return o
}

// Release is -release. Releasing nil does nothing.
func (o Object) Release() {
	if o.id != 0 {
		send_release(o.id)
	}
}

// RespondsTo is -respondsToSelector:.
func (o Object) RespondsTo(s *Selector) bool {
	return o.id != 0 && send_respondsToSelector(o.id, s.SEL())
}

// SetLabel is setLabel: with a Go string (Metal objects copy it), in
// its own autorelease pool.
func (o Object) SetLabel(label string) {
	WithPool(func() {
		s := NewString(label)
		send_setLabel(o.id, s.id)
		s.Release()
	})
}

// Label is -label.
func (o Object) Label() string { return GoString(send_label(o.id)) }

// Retain is -retain on an id.
func Retain(id ID) ID { return ObjectOf(id).Retain().id }

// Release is -release on an id.
func Release(id ID) { ObjectOf(id).Release() }

// New is [[c alloc] init]: an owned (+1) instance.
func New(c *ClassRef) ID {
	return send_init(send_alloc(c.ID()))
}

// NewString makes an owned NSString from s; release it when done.
func NewString(s string) Object {
	id := send_alloc(class_NSString.ID())
	return Object{send_initWithBytes_length_encoding(id,
		unsafe.Pointer(unsafe.StringData(s)), uint(len(s)), uint(NSUTF8StringEncoding))}
}

// NewFileURL makes an owned file NSURL for path
// (-initFileURLWithPath:); release it when done.
func NewFileURL(path string) Object {
	s := NewString(path)
	defer s.Release()
	return Object{send_initFileURLWithPath(send_alloc(class_NSURL.ID()), s.id)}
}

// ArrayWithObject is +[NSArray arrayWithObject:]: an autoreleased
// one-element array, so call it inside a pool.
func ArrayWithObject(id ID) ID { return send_arrayWithObject(class_NSArray.ID(), id) }

// GoString copies an NSString's UTF-8 text; nil gives "".
func GoString(id ID) string {
	if id == 0 {
		return ""
	}
	return CString(send_UTF8String(id))
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
func ErrorOf(id ID) error {
	if id == 0 {
		return nil
	}
	return &Error{
		Domain:      GoString(send_domain(id)),
		Code:        send_code(id),
		Description: GoString(send_localizedDescription(id)),
	}
}

// ArrayItems returns the elements of an NSArray, not retained.
func ArrayItems(id ID) []ID {
	if id == 0 {
		return nil
	}
	n := send_count(id)
	out := make([]ID, n)
	for i := range out {
		out[i] = send_objectAtIndex(id, uint(i))
	}
	return out
}

// Index is objectAtIndexedSubscript: (the attachment and attribute
// arrays of Metal descriptors).
func Index(id ID, i int) ID {
	return send_objectAtIndexedSubscript(id, uint(i))
}

// CheckResponds checks that obj answers every selector, and returns a
// MissingError naming what, the receiver's description, lacks.
func CheckResponds(obj ID, what string, sels ...*Selector) error {
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
		if !send_instancesRespondToSelector(c.ID(), s.SEL()) {
			miss.Selectors = append(miss.Selectors, c.name+" "+s.name)
		}
	}
	if miss.empty() {
		return nil
	}
	return miss
}
