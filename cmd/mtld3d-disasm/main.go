// Command mtld3d-disasm shows a Direct3D 9 shader: its tokens (offset, hex
// value, meaning), its disassembly, the shader IR it lowers to
// (core/dxso/lower, printed with ir.Format) and the Metal source emitted
// for it (core/msl, default variant key).
//
// Usage:
//
//	mtld3d-disasm [-view tokens,asm,ir,msl] [-o out.dxso] file.dxso|file.asm ...
//
// A file ending in .asm, .txt, .vsh or .psh is shader assembly text and is
// assembled first; anything else is raw little-endian bytecode (version
// token to end token). With -o the (assembled) bytecode of the single
// input is written to that file.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
)

// shader is one input, decoded as far as it goes.
type shader struct {
	name  string
	code  []uint32
	notes []dxso.TokenNote
	prog  *dxso.Program // nil when decoding failed
	err   error         // the decoding error, if any

	res      *lower.Result // the IR, once lowered
	lowerErr error
}

// view renders one representation of a shader.
type view struct {
	name string
	help string
	show func(w io.Writer, s *shader) error
}

// views are the available renderings, in output order.
var views = []view{
	{"tokens", "every token: DWORD offset, hex value, meaning", showTokens},
	{"asm", "disassembly in the syntax the assembler reads", showAsm},
	{"ir", "the shader IR the program lowers to (core/dxso/lower)", showIR},
	{"msl", "the Metal source emitted for the IR with the default variant key", showMSL},
}

func showTokens(w io.Writer, s *shader) error {
	fmt.Fprintln(w, "-- tokens")
	noted := map[int]string{}
	for _, n := range s.notes {
		noted[n.Offset] = n.Meaning
	}
	last := len(s.code) - 1
	if s.prog != nil {
		last = s.prog.EndOffset
	}
	for i := 0; i <= last && i < len(s.code); i++ {
		m, ok := noted[i]
		if !ok {
			m = "(not decoded)"
		}
		fmt.Fprintf(w, "%04d  %08x  %s\n", i, s.code[i], m)
	}
	if s.prog != nil && last+1 < len(s.code) {
		fmt.Fprintf(w, "      (%d DWORDs after the end token ignored)\n", len(s.code)-last-1)
	}
	return nil
}

func showAsm(w io.Writer, s *shader) error {
	fmt.Fprintln(w, "-- disassembly")
	if s.prog == nil {
		fmt.Fprintln(w, "(not decoded)")
		return nil
	}
	_, err := io.WriteString(w, dxso.Disassemble(s.prog))
	return err
}

// lowered returns the program's IR, lowering it once.
func (s *shader) lowered() (*lower.Result, error) {
	if s.res == nil && s.lowerErr == nil {
		s.res, s.lowerErr = lower.Lower(s.prog, lower.Options{})
	}
	return s.res, s.lowerErr
}

func showIR(w io.Writer, s *shader) error {
	fmt.Fprintln(w, "-- ir")
	if s.prog == nil {
		fmt.Fprintln(w, "(not decoded)")
		return nil
	}
	res, err := s.lowered()
	if err != nil {
		fmt.Fprintln(w, "(not lowered)")
		return err
	}
	if _, err := io.WriteString(w, ir.Format(res.Shader)); err != nil {
		return err
	}
	if ct := res.Constants; ct != nil {
		for _, c := range ct.Constants {
			fmt.Fprintf(w, "  ctab %s: %v%d, %d registers\n", c.Name, c.RegisterSet, c.RegisterIndex, c.RegisterCount)
		}
	}
	return nil
}

func showMSL(w io.Writer, s *shader) error {
	fmt.Fprintln(w, "-- msl")
	if s.prog == nil {
		fmt.Fprintln(w, "(not decoded)")
		return nil
	}
	res, err := s.lowered()
	if err != nil {
		fmt.Fprintln(w, "(not lowered)")
		return err
	}
	u, err := msl.Emit(res.Shader, msl.VariantKey{})
	if err != nil {
		fmt.Fprintln(w, "(not emitted)")
		return err
	}
	_, err = io.WriteString(w, u.Source)
	return err
}

func isText(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".asm", ".txt", ".vsh", ".psh":
		return true
	}
	return false
}

func load(name string) (*shader, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s := &shader{name: name}
	if isText(name) {
		if s.code, err = dxso.Assemble(string(data)); err != nil {
			return nil, err
		}
	} else if s.code, err = dxso.BytesToTokens(data); err != nil {
		return nil, err
	}
	s.notes, s.prog, s.err = dxso.Annotate(s.code)
	return s, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mtld3d-disasm", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var names []string
	for _, v := range views {
		names = append(names, v.name)
	}
	viewList := fs.String("view", strings.Join(names, ","), "views to print, comma separated: "+strings.Join(names, ", "))
	out := fs.String("o", "", "write the bytecode of the (single) input to this file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mtld3d-disasm [-view tokens,asm,ir,msl] [-o out.dxso] file.dxso|file.asm ...")
		fs.PrintDefaults()
		for _, v := range views {
			fmt.Fprintf(stderr, "  view %-7s %s\n", v.name, v.help)
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || (*out != "" && fs.NArg() != 1) {
		fs.Usage()
		return 2
	}
	var chosen []view
	for _, n := range strings.Split(*viewList, ",") {
		n = strings.TrimSpace(n)
		found := false
		for _, v := range views {
			if v.name == n {
				chosen = append(chosen, v)
				found = true
			}
		}
		if !found && n != "" {
			fmt.Fprintf(stderr, "mtld3d-disasm: unknown view %q\n", n)
			return 2
		}
	}
	status := 0
	for _, name := range fs.Args() {
		s, err := load(name)
		if err != nil {
			fmt.Fprintf(stderr, "mtld3d-disasm: %s: %v\n", name, err)
			status = 1
			continue
		}
		summary := "not decoded"
		if s.prog != nil {
			summary = fmt.Sprintf("%s, %d instructions", s.prog.Version, len(s.prog.Instructions))
			if s.prog.Constants != nil {
				summary += fmt.Sprintf(", CTAB with %d constants", len(s.prog.Constants.Constants))
			}
		}
		fmt.Fprintf(stdout, "== %s: %s, %d DWORDs\n", name, summary, len(s.code))
		for _, v := range chosen {
			if err := v.show(stdout, s); err != nil {
				fmt.Fprintf(stderr, "mtld3d-disasm: %s: %s view: %v\n", name, v.name, err)
				status = 1
			}
		}
		if s.err != nil {
			var pe *dxso.Error
			if errors.As(s.err, &pe) {
				fmt.Fprintf(stdout, "-- error at DWORD %d\n", pe.Offset)
			}
			fmt.Fprintf(stderr, "mtld3d-disasm: %s: %v\n", name, s.err)
			status = 1
		}
		if *out != "" {
			if err := os.WriteFile(*out, dxso.TokensToBytes(s.code), 0o644); err != nil {
				fmt.Fprintf(stderr, "mtld3d-disasm: %v\n", err)
				status = 1
			}
		}
	}
	return status
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
