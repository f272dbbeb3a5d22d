// Package msgsig is the table of every Objective-C message the Metal
// bindings send: for each selector, the package that sends it, its
// argument kinds and its return kind. It is plain Go data, built
// everywhere; cmd/mtld3d-gen writes from it the C trampolines and Go
// calls of unix/backend/metal/msg (one per distinct signature) and the
// typed senders of the binding packages (one per selector), so the
// signature of a message is stated here and nowhere else.
package msgsig

import (
	"sort"
	"strings"
)

// Kind is the C type of one argument or of the return value.
type Kind uint8

const (
	Void        Kind = iota // return only
	ID                      // id, Class or a block: an object pointer (Go ns.ID)
	SEL                     // SEL (Go ns.SEL)
	UInt                    // NSUInteger, and the Metal enums built on it (Go uint)
	Int                     // NSInteger (Go int)
	UInt64                  // uint64_t (Go uint64)
	UInt32                  // uint32_t (Go uint32)
	UInt8                   // uint8_t (Go uint8)
	Bool                    // BOOL (Go bool)
	Float                   // float (Go float32)
	Double                  // double (Go float64)
	Ptr                     // a C pointer (Go unsafe.Pointer)
	Viewport                // MTLViewport: 6 doubles
	ClearColor              // MTLClearColor: 4 doubles
	CGSize                  // CGSize: 2 doubles
	CGRect                  // CGRect (NSRect): CGPoint then CGSize, 4 doubles
	ScissorRect             // MTLScissorRect: 4 NSUInteger
	Origin                  // MTLOrigin: 3 NSUInteger
	Size                    // MTLSize: 3 NSUInteger
	Region                  // MTLRegion: MTLOrigin then MTLSize, 6 NSUInteger
	Range                   // NSRange: 2 NSUInteger
	Swizzle                 // MTLTextureSwizzleChannels: 4 uint8_t
	numKinds
)

// KindInfo says how a kind is spelled in C and in Go.
type KindInfo struct {
	Name   string // Go constant name
	Letter byte   // in signature names
	// C is the C type of a scalar kind; for a struct, its field type.
	C string
	// Go is the type the low-level call in package msg takes: a scalar,
	// or an array with the struct's fields for a struct.
	Go string
	// Binding is the type the typed sender in a binding package takes
	// (for a struct, the package's own mirror of the C struct).
	Binding string
	// Fields is the number of fields of a struct kind, 0 for a scalar.
	Fields int
}

// Kinds describes every kind, indexed by Kind.
var Kinds = [numKinds]KindInfo{
	Void:        {"Void", 'v', "void", "", "", 0},
	ID:          {"ID", 'o', "unsigned long", "uintptr", "ns.ID", 0},
	SEL:         {"SEL", 's', "unsigned long", "uintptr", "ns.SEL", 0},
	UInt:        {"UInt", 'Q', "unsigned long", "uint", "uint", 0},
	Int:         {"Int", 'q', "long", "int", "int", 0},
	UInt64:      {"UInt64", 'J', "unsigned long long", "uint64", "uint64", 0},
	UInt32:      {"UInt32", 'I', "unsigned int", "uint32", "uint32", 0},
	UInt8:       {"UInt8", 'C', "unsigned char", "uint8", "uint8", 0},
	Bool:        {"Bool", 'B', "mtld3d_BOOL", "bool", "bool", 0},
	Float:       {"Float", 'f', "float", "float32", "float32", 0},
	Double:      {"Double", 'd', "double", "float64", "float64", 0},
	Ptr:         {"Ptr", 'p', "void *", "unsafe.Pointer", "unsafe.Pointer", 0},
	Viewport:    {"Viewport", 'V', "double", "[6]float64", "Viewport", 6},
	ClearColor:  {"ClearColor", 'K', "double", "[4]float64", "ClearColor", 4},
	CGSize:      {"CGSize", 'S', "double", "[2]float64", "CGSize", 2},
	CGRect:      {"CGRect", 'F', "double", "[4]float64", "CGRect", 4},
	ScissorRect: {"ScissorRect", 'R', "unsigned long", "[4]uint", "ScissorRect", 4},
	Origin:      {"Origin", 'O', "unsigned long", "[3]uint", "Origin", 3},
	Size:        {"Size", 'Z', "unsigned long", "[3]uint", "Size", 3},
	Region:      {"Region", 'G', "unsigned long", "[6]uint", "Region", 6},
	Range:       {"Range", 'N', "unsigned long", "[2]uint", "Range", 2},
	Swizzle:     {"Swizzle", 'W', "unsigned char", "[4]uint8", "TextureSwizzleChannels", 4},
}

// Info returns the kind's description.
func (k Kind) Info() KindInfo { return Kinds[k] }

// IsStruct reports whether the kind is a C struct passed by value.
func (k Kind) IsStruct() bool { return Kinds[k].Fields > 0 }

// CSize is the kind's size in bytes on both 64-bit targets.
func (k Kind) CSize() uintptr {
	i := Kinds[k]
	n := uintptr(1)
	if i.Fields > 0 {
		n = uintptr(i.Fields)
	}
	switch i.C {
	case "void":
		return 0
	case "double", "unsigned long", "long", "unsigned long long", "void *":
		return 8 * n
	case "unsigned int", "float":
		return 4 * n
	}
	return n // unsigned char, BOOL
}

// Package is a binding package that sends messages.
type Package string

const (
	NS  Package = "ns"
	MTL Package = "mtl"
	CA  Package = "ca"
	// WineMac is unix/backend/metal/winemac (darwin only): the AppKit
	// and Wine Mac driver messages that put a layer in a Wine window.
	WineMac Package = "winemac"
)

// Message is one selector as one package sends it.
type Message struct {
	Pkg      Package
	Selector string
	Ret      Kind
	Args     []Kind
	// Name overrides the sender's name when one package sends the same
	// selector with two signatures (setWriteMask: on a stencil
	// descriptor takes uint32_t, on a colour attachment NSUInteger).
	Name string
	// Batched messages (void ones only) also get a sender that queues
	// them on a msg.Batch, sent by one cgo call at its Flush.
	Batched bool
}

// Sig is the message's signature name: the return letter, an
// underscore, and one letter per argument after self and _cmd ("v_oQQ").
func (m Message) Sig() string { return SigName(m.Ret, m.Args) }

// SigName names a signature.
func SigName(ret Kind, args []Kind) string {
	var b strings.Builder
	b.WriteByte(Kinds[ret].Letter)
	b.WriteByte('_')
	for _, a := range args {
		b.WriteByte(Kinds[a].Letter)
	}
	return b.String()
}

// SenderName is the Go name of the message's typed sender in its
// package: "send_" and the selector as SelVarName spells it, or Name.
func (m Message) SenderName() string {
	if m.Name != "" {
		return m.Name
	}
	return "send_" + strings.TrimPrefix(SelVarName(m.Selector), "sel_")
}

// SelVarName is the package variable a selector is declared under:
// "sel_" and the name with each colon after a keyword turned into an
// underscore and the trailing colon dropped.
func SelVarName(name string) string {
	return "sel_" + strings.ReplaceAll(strings.TrimSuffix(name, ":"), ":", "_")
}

// Signature is one distinct (return, arguments) shape.
type Signature struct {
	Ret  Kind
	Args []Kind
}

// Name is the signature's name (see SigName).
func (s Signature) Name() string { return SigName(s.Ret, s.Args) }

// Signatures returns every distinct signature in Messages, sorted by name.
func Signatures() []Signature {
	seen := map[string]Signature{}
	for _, m := range Messages {
		seen[m.Sig()] = Signature{m.Ret, m.Args}
	}
	out := make([]Signature, 0, len(seen))
	for _, s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Of returns the messages one package sends, in table order.
func Of(p Package) []Message {
	var out []Message
	for _, m := range Messages {
		if m.Pkg == p {
			out = append(out, m)
		}
	}
	return out
}
