package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/core/msl/clangcheck"
)

// shaderArray is a DWORD array in a test file whose first token is a
// vs or ps version token: bytecode from Microsoft's tools.
type shaderArray struct {
	name   string // file.c:line:name
	tokens []uint32
}

var (
	arrayRE   = regexp.MustCompile(`(?m)^\s*(?:static\s+)?const\s+DWORD\s+(\w+)\s*\[\s*\]\s*=\s*\{`)
	commentRE = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	numberRE  = regexp.MustCompile(`^(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$`)
)

// extractShaders finds the shader token arrays in a C source: arrays of
// number literals only (others are skipped) starting with a vs
// (0xFFFE01xx to 0xFFFE03xx) or ps (0xFFFF01xx to 0xFFFF03xx) version token.
func extractShaders(file, src string) []shaderArray {
	var out []shaderArray
	for _, m := range arrayRE.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		body := src[m[1]:]
		end := strings.IndexByte(body, '}')
		if end < 0 {
			continue
		}
		body = commentRE.ReplaceAllString(body[:end], " ")
		var toks []uint32
		ok := true
		for _, f := range strings.Split(body, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if !numberRE.MatchString(f) {
				ok = false
				break
			}
			v, err := strconv.ParseUint(strings.TrimRight(f, "uUlL"), 0, 32)
			if err != nil {
				ok = false
				break
			}
			toks = append(toks, uint32(v))
		}
		// A version token: vs (0xFFFE) or ps (0xFFFF), major 1 to 3 (a
		// vertex colour array such as 0xffff0000 is not a ps_0_0 shader).
		if !ok || len(toks) == 0 || (toks[0]>>16 != 0xfffe && toks[0]>>16 != 0xffff) ||
			toks[0]>>8&0xff < 1 || toks[0]>>8&0xff > 3 {
			continue
		}
		line := strings.Count(src[:m[0]], "\n") + 1
		if src[m[0]] == '\n' {
			line++
		}
		out = append(out, shaderArray{name: fmt.Sprintf("%s.c:%d:%s", file, line, name), tokens: toks})
	}
	return out
}

// shaderStats counts how far the arrays get through our shader chain.
type shaderStats struct {
	total, parsed, roundTrip, lowered, mslOK int
	failures                                 []string
	clangSkipped                             string
}

// checkShaders runs each array through the parser, the disassembler and
// assembler round trip (the reassembled program must parse to the same
// instructions and print the same text), the lowering to IR and the MSL
// emission, then clang's check of all emitted MSL.
func checkShaders(arrays []shaderArray, shim string) shaderStats {
	var st shaderStats
	var units []clangcheck.Unit
	for _, a := range arrays {
		st.total++
		p, err := dxso.Parse(a.tokens)
		if err != nil {
			st.failures = append(st.failures, fmt.Sprintf("%s: parse: %v", a.name, err))
			continue
		}
		st.parsed++
		if err := roundTrip(p); err != nil {
			st.failures = append(st.failures, fmt.Sprintf("%s: round trip: %v", a.name, err))
		} else {
			st.roundTrip++
		}
		res, err := lower.Lower(p, lower.Options{})
		if err == nil {
			err = ir.Validate(res.Shader)
		}
		if err != nil {
			st.failures = append(st.failures, fmt.Sprintf("%s: lower: %v", a.name, err))
			continue
		}
		st.lowered++
		u, err := msl.Emit(res.Shader, msl.VariantKey{})
		if err != nil {
			st.failures = append(st.failures, fmt.Sprintf("%s: MSL emit: %v", a.name, err))
			continue
		}
		units = append(units, clangcheck.Unit{Name: a.name, Source: u.Source})
	}
	c, err := clangcheck.New(shim)
	if err != nil {
		st.clangSkipped = err.Error()
		return st
	}
	defer c.Close()
	bad := map[string]bool{}
	for _, f := range c.Batch(units, 1) {
		bad[f.Name] = true
		first, _, _ := strings.Cut(strings.TrimSpace(f.Output), "\n")
		st.failures = append(st.failures, fmt.Sprintf("%s: clang: %s", f.Name, first))
	}
	for _, u := range units {
		if !bad[u.Name] {
			st.mslOK++
		}
	}
	return st
}

func roundTrip(p *dxso.Program) error {
	text := dxso.Disassemble(p)
	code, err := dxso.Assemble(text)
	if err != nil {
		return fmt.Errorf("assemble: %v", firstLine(err.Error()))
	}
	q, err := dxso.Parse(code)
	if err != nil {
		return fmt.Errorf("parse of the reassembled code: %v", err)
	}
	if t := dxso.Disassemble(q); t != text {
		return fmt.Errorf("reassembled code disassembles differently")
	}
	if !reflect.DeepEqual(p.Instructions, q.Instructions) {
		for i := range p.Instructions {
			if i >= len(q.Instructions) || !reflect.DeepEqual(p.Instructions[i], q.Instructions[i]) {
				return fmt.Errorf("instruction %d differs after reassembly: %s", i, dxso.FormatInstruction(&p.Instructions[i], p.Version))
			}
		}
		return fmt.Errorf("%d instructions after reassembly, want %d", len(q.Instructions), len(p.Instructions))
	}
	return nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// shaderReport extracts the files' shader arrays, checks them and prints
// the counts and each failure (reported, never fatal).
func shaderReport(w io.Writer, cache string, tfs []*testFile) {
	root := filepath.Dir(filepath.Dir(cache))
	shim := filepath.Join(root, "core", "msl", msl.ShimPath)
	fmt.Fprintf(w, "\nshader bytecode in the test files (Microsoft's tools): parsed / round-tripped / lowered / MSL ok\n")
	var all []string
	for _, tf := range tfs {
		b, err := os.ReadFile(filepath.Join(cache, testsDir, tf.name+".c"))
		if err != nil {
			fmt.Fprintf(w, "  %s.c: %v\n", tf.name, err)
			continue
		}
		st := checkShaders(extractShaders(tf.name, string(b)), shim)
		fmt.Fprintf(w, "  %-10s %3d arrays: %3d parsed, %3d round-tripped, %3d lowered, %3d MSL ok\n",
			tf.name, st.total, st.parsed, st.roundTrip, st.lowered, st.mslOK)
		if st.clangSkipped != "" {
			fmt.Fprintf(w, "    MSL check skipped: %s\n", st.clangSkipped)
		}
		all = append(all, st.failures...)
	}
	for _, f := range all {
		fmt.Fprintf(w, "  %s\n", f)
	}
	_ = os.MkdirAll(filepath.Join(cache, "results"), 0o755)
	if err := os.WriteFile(filepath.Join(cache, "results", "shaders.txt"), []byte(strings.Join(all, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintf(w, "  %v\n", err)
	}
}
