//go:build linux && (amd64 || arm64)

package double

import "mtld3d/unix/backend/metal/ns"

// classTable is every class of the double, superclasses first.
func classTable() []classSpec {
	var out []classSpec
	out = append(out, foundationClasses()...)
	out = append(out, deviceClasses()...)
	out = append(out, commandClasses()...)
	out = append(out, stateClasses()...)
	out = append(out, renderClasses()...)
	// Classes the double declares but does not implement yet: objc_getClass
	// finds them; any message of their own is a "does not implement"
	// violation naming the selector.
	for _, name := range []string{"CAMetalLayer", "CATransaction"} {
		out = append(out, classSpec{name: name, super: "NSObject", headers: []string{name}, public: true})
	}
	return out
}

func nsID(v uintptr) ns.ID { return ns.ID(v) }
