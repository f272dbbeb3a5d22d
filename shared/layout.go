package shared

import (
	"fmt"
	"reflect"
)

// Field is one wire struct field as both sides lay it out.
type Field struct {
	Name   string
	CType  string // element C type, e.g. "uint32_t"
	Count  int    // array length, 0 for a scalar
	Nested string // C type of a nested wire struct, "" otherwise
	Offset uintptr
	Size   uintptr
}

// CheckLayout returns the fields of a wire struct, or an error if the
// struct could lay out differently on the two guest widths.
func CheckLayout(t reflect.Type) ([]Field, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s: not a struct", t)
	}
	var out []Field
	var next uintptr
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		elem, count := f.Type, 0
		if elem.Kind() == reflect.Array {
			elem, count = elem.Elem(), elem.Len()
		}
		ctype, size := cType(elem)
		nested := ""
		if elem.Kind() == reflect.Struct && count == 0 {
			if _, err := CheckLayout(elem); err != nil {
				return nil, fmt.Errorf("%s.%s: %v", t.Name(), f.Name, err)
			}
			ctype, size, nested = elem.Name(), uintptr(elem.Align()), CStructName(elem)
		}
		if ctype == "" {
			return nil, fmt.Errorf("%s.%s: type %s cannot cross the wire", t.Name(), f.Name, f.Type)
		}
		if f.Offset != next {
			return nil, fmt.Errorf("%s.%s: implicit padding before offset %d; add an explicit pad field", t.Name(), f.Name, f.Offset)
		}
		if f.Offset%size != 0 {
			return nil, fmt.Errorf("%s.%s: %d-byte field at offset %d is not naturally aligned", t.Name(), f.Name, size, f.Offset)
		}
		out = append(out, Field{Name: f.Name, CType: ctype, Count: count, Offset: f.Offset, Size: f.Type.Size(), Nested: nested})
		next = f.Offset + f.Type.Size()
	}
	if next != t.Size() {
		return nil, fmt.Errorf("%s: implicit tail padding (%d of %d bytes used)", t.Name(), next, t.Size())
	}
	if t.Size()%8 != 0 {
		return nil, fmt.Errorf("%s: size %d is not a multiple of 8", t.Name(), t.Size())
	}
	return out, nil
}

func cType(t reflect.Type) (string, uintptr) {
	switch t.Kind() {
	case reflect.Uint8:
		return "uint8_t", 1
	case reflect.Uint16:
		return "uint16_t", 2
	case reflect.Uint32:
		return "uint32_t", 4
	case reflect.Int32:
		return "int32_t", 4
	case reflect.Uint64:
		return "uint64_t", 8
	case reflect.Int64:
		return "int64_t", 8
	case reflect.Float32:
		return "float", 4
	}
	return "", 0
}

// CStructName is the C name of a wire struct: struct mtld3d_<snake>.
func CStructName(t reflect.Type) string {
	var b []byte
	name := t.Name()
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && (name[i-1] < 'A' || name[i-1] > 'Z') {
				b = append(b, '_')
			}
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return "struct mtld3d_" + string(b)
}
