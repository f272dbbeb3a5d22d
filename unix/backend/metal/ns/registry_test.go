package ns

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestSelectorVarName(t *testing.T) {
	for name, want := range map[string]string{
		"newBufferWithLength:options:": "sel_newBufferWithLength_options",
		"commit":                       "sel_commit",
		"setLabel:":                    "sel_setLabel",
		"replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:": "sel_replaceRegion_mipmapLevel_slice_withBytes_bytesPerRow_bytesPerImage",
	} {
		if got := SelectorVarName(name); got != want {
			t.Errorf("SelectorVarName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestUsesStret(t *testing.T) {
	cases := []struct {
		arch     string
		isStruct bool
		size     uintptr
		want     bool
	}{
		{"amd64", true, 24, true},  // MTLSize, MTLOrigin
		{"amd64", true, 48, true},  // MTLRegion, MTLViewport
		{"amd64", true, 16, false}, // CGSize, NSRange: rax:rdx / xmm0:xmm1
		{"amd64", false, 8, false},
		{"arm64", true, 24, false}, // x8 carries the result pointer
		{"arm64", true, 48, false},
	}
	for _, c := range cases {
		if got := UsesStret(c.arch, c.isStruct, c.size); got != c.want {
			t.Errorf("UsesStret(%s, %v, %d) = %v", c.arch, c.isStruct, c.size, got)
		}
	}
}

func TestFrameworkShort(t *testing.T) {
	if Metal.Short() != "Metal" || QuartzCore.Short() != "QuartzCore" || ObjC.Short() != "libobjc.A.dylib" {
		t.Fatal(Metal.Short(), QuartzCore.Short(), ObjC.Short())
	}
	if Frameworks[0] != ObjC {
		t.Fatal("libobjc must be opened first")
	}
}

func TestMissingErrorText(t *testing.T) {
	e := &MissingError{Classes: []string{"Metal.MTLFoo"}, Selectors: []string{"MTLDevice newBar:"}}
	s := e.Error()
	for _, want := range []string{"Metal.MTLFoo", "MTLDevice newBar:", "classes", "selectors"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q lacks %q", s, want)
		}
	}
}

// TestBindingDeclarations reads the binding sources (whatever their build
// tags) and checks the naming rules: each sel_ variable is named after
// its selector, each selector is declared once per package (Sel hands
// packages that share one the same *Selector), and
// each class_ variable after its class.
func TestBindingDeclarations(t *testing.T) {
	dirs := []string{".", "../mtl", "../ca"}
	seen := map[string]string{}
	nsel, ncls := 0, 0
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
					return true
				}
				name := vs.Names[0].Name
				call, ok := vs.Values[0].(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := ""
				switch f := call.Fun.(type) {
				case *ast.Ident:
					fn = f.Name
				case *ast.SelectorExpr:
					fn = f.Sel.Name
				}
				lit, ok := call.Args[len(call.Args)-1].(*ast.BasicLit)
				if !ok {
					return true
				}
				s, _ := strconv.Unquote(lit.Value)
				switch fn {
				case "Sel":
					nsel++
					if want := SelectorVarName(s); name != want {
						t.Errorf("%s: %s holds %q; name it %s", f, name, s, want)
					}
					key := dir + " " + s
					if prev, dup := seen[key]; dup {
						t.Errorf("%s: selector %q declared again in its package (first in %s)", f, s, prev)
					}
					seen[key] = f
				case "Cls":
					ncls++
					if name != "class_"+s {
						t.Errorf("%s: %s holds class %q; name it class_%s", f, name, s, s)
					}
				}
				return true
			})
		}
	}
	if nsel < 100 || ncls < 8 {
		t.Errorf("found %d selectors and %d classes; the parser missed the declarations", nsel, ncls)
	}
	t.Logf("%d selectors, %d classes", nsel, ncls)
}
