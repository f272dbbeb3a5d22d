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
	out = append(out, archiveClasses()...)
	out = append(out, renderClasses()...)
	out = append(out, layerClasses()...)
	return out
}

func nsID(v uintptr) ns.ID { return ns.ID(v) }
