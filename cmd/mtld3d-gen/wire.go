package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"mtld3d/shared"
)

// snake turns CamelCase into UPPER_SNAKE, keeping digit runs with the
// word before them (GuestArchX86_64 -> GUEST_ARCH_X86_64).
func snake(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		upper := r >= 'A' && r <= 'Z'
		if upper && i > 0 {
			prev := rs[i-1]
			prevLower := (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9')
			nextLower := i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z'
			if prevLower || (nextLower && prev >= 'A' && prev <= 'Z') {
				b.WriteByte('_')
			}
		}
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return strings.ReplaceAll(b.String(), "__", "_")
}

// sharedConstants type-checks package shared from source and returns its
// untyped and integer constants, so the C never restates a wire value.
func sharedConstants(root string) ([][2]string, error) {
	dir := filepath.Join(root, "shared")
	fset := token.NewFileSet()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("mtld3d/shared", fset, files, nil)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !c.Exported() || c.Val().Kind() != constant.Int {
			continue
		}
		if strings.HasPrefix(name, "Status") {
			continue // emitted with the status list
		}
		v, _ := constant.Uint64Val(c.Val())
		out = append(out, [2]string{"MTLD3D_" + snake(name), fmt.Sprintf("%du", v)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out, nil
}

func genWireHeader(root string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString("#ifndef MTLD3D_WIRE_H\n#define MTLD3D_WIRE_H\n\n#include <stddef.h>\n#include <stdint.h>\n\n")
	b.WriteString("/* Thunk codes: the index in shared.Thunks. */\nenum mtld3d_thunk {\n")
	for i, t := range shared.Thunks {
		fmt.Fprintf(&b, "    MTLD3D_THUNK_%s = %d, /* %s */\n", snake(t.Name), i, t.Doc)
	}
	fmt.Fprintf(&b, "    MTLD3D_THUNK_COUNT = %d\n};\n\n", len(shared.Thunks))
	b.WriteString("/* Statuses a thunk returns (NTSTATUS values). */\n")
	for _, s := range shared.Statuses {
		fmt.Fprintf(&b, "#define MTLD3D_STATUS_%s ((int32_t)0x%08Xu)\n", s.Name, uint32(s.Status))
	}
	consts, err := sharedConstants(root)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "\n/* shared.WireHash(): Init carries it; the unix side refuses another build's. */\n#define MTLD3D_WIRE_HASH 0x%016xull\n", shared.WireHash())
	b.WriteString("\n/* Constants of package shared. */\n")
	for _, c := range consts {
		fmt.Fprintf(&b, "#define %s %s\n", c[0], c[1])
	}
	for _, t := range shared.Thunks {
		if t.Params == nil {
			continue
		}
		if err := writeStruct(&b, "struct mtld3d_"+strings.ToLower(snake(t.Params.Name())), t.Params); err != nil {
			return nil, err
		}
	}
	if err := writeRecords(&b); err != nil {
		return nil, err
	}
	b.WriteString("\n#endif\n")
	return b.Bytes(), nil
}

// writeStruct emits one wire struct and its layout asserts.
func writeStruct(b *bytes.Buffer, cname string, t reflect.Type) error {
	fields, err := shared.CheckLayout(t)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "\n%s {\n", cname)
	for _, f := range fields {
		ctype := f.CType
		if f.Nested != "" {
			ctype = f.Nested
		}
		if f.Count > 0 {
			fmt.Fprintf(b, "    %s %s[%d];\n", ctype, f.Name, f.Count)
		} else {
			fmt.Fprintf(b, "    %s %s;\n", ctype, f.Name)
		}
	}
	b.WriteString("};\n")
	fmt.Fprintf(b, "_Static_assert(sizeof(%s) == %d, \"%s size\");\n", cname, t.Size(), t.Name())
	for _, f := range fields {
		fmt.Fprintf(b, "_Static_assert(offsetof(%s, %s) == %d, \"%s.%s\");\n", cname, f.Name, f.Offset, t.Name(), f.Name)
	}
	return nil
}

func writeRecords(b *bytes.Buffer) error {
	b.WriteString("\n/* Frame records (shared/records.go). */\nenum mtld3d_rec {\n")
	recs := append([]shared.Record(nil), shared.Records...)
	sort.Slice(recs, func(i, j int) bool { return recs[i].Code < recs[j].Code })
	for _, r := range recs {
		fmt.Fprintf(b, "    MTLD3D_REC_%s = %d, /* %s */\n", snake(r.Name), r.Code, r.Doc)
	}
	fmt.Fprintf(b, "    MTLD3D_REC_CODE_LIMIT = %d\n};\n", shared.MaxRecordCode)
	for _, t := range []reflect.Type{reflect.TypeFor[shared.ChunkHeader](), reflect.TypeFor[shared.RecordHeader]()} {
		if err := writeStruct(b, "struct mtld3d_"+strings.ToLower(snake(t.Name())), t); err != nil {
			return err
		}
	}
	seen := map[reflect.Type]bool{}
	for _, r := range recs {
		if seen[r.Type] {
			continue // several records may share one layout
		}
		seen[r.Type] = true
		if err := writeStruct(b, "struct mtld3d_"+strings.ToLower(snake(r.Type.Name())), r.Type); err != nil {
			return err
		}
	}
	return nil
}

// genUnixTable writes the table Wine's loader reads from the .so. Each
// entry forwards to the one Go export with its code; the WoW64 table is
// the same because param structs have one layout for both guest widths.
func genUnixTable(string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString("#include <stdint.h>\n\n")
	b.WriteString("extern int32_t mtld3dDispatch(uint32_t code, void *params);\n\n")
	for i, t := range shared.Thunks {
		fmt.Fprintf(&b, "static int32_t thunk_%s(void *p) { return mtld3dDispatch(%d, p); }\n", t.Name, i)
	}
	for _, table := range []string{"__wine_unix_call_funcs", "__wine_unix_call_wow64_funcs"} {
		fmt.Fprintf(&b, "\n__attribute__((visibility(\"default\"))) int32_t (*const %s[])(void *) = {\n", table)
		for _, t := range shared.Thunks {
			fmt.Fprintf(&b, "    thunk_%s,\n", t.Name)
		}
		b.WriteString("};\n")
	}
	return b.Bytes(), nil
}
