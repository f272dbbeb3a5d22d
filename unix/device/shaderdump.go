package device

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"go.uber.org/zap"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
)

// debug.shader_dump_dir: every distinct shader bytecode the game creates
// is written once per process, named by a hash of the bytecode, as
//
//	<hash>.dxso  the bytecode
//	<hash>.asm   our disassembly (mtld3d-disasm reads it back)
//	<hash>.ir    the IR it was lowered to (ir.Format), the lowering drawn
//	<hash>.msl   core/msl's source for the default variant key (draws
//	             may use other variants)
//
// A bytecode the front end refuses leaves what could be made (the
// bytecode, and the disassembly if it parses). The encoder only hashes
// and claims; the text is made and written on a compile worker. A folder
// that cannot be written is one warning, after which it is left alone.

// shaderDumps is one dump folder's state, shared by the process's
// devices so a second device's shaders are not written again.
type shaderDumps struct {
	dir    string
	mu     sync.Mutex
	seen   map[string]bool // hashes claimed
	failed bool            // a write failed: warned once, nothing more written
	made   bool            // the folder exists
}

var shaderDumpFolders = struct {
	mu sync.Mutex
	m  map[string]*shaderDumps
}{m: map[string]*shaderDumps{}}

// openShaderDumps returns the process's state for folder dir.
func openShaderDumps(dir string) *shaderDumps {
	shaderDumpFolders.mu.Lock()
	defer shaderDumpFolders.mu.Unlock()
	sd := shaderDumpFolders.m[dir]
	if sd == nil {
		sd = &shaderDumps{dir: dir, seen: map[string]bool{}}
		shaderDumpFolders.m[dir] = sd
	}
	return sd
}

// shaderHash names a bytecode: the first 16 hex digits of its SHA-256.
func shaderHash(code []byte) string {
	h := sha256.Sum256(code)
	return hex.EncodeToString(h[:8])
}

// claim says whether hash is still to be written, and marks it taken.
func (sd *shaderDumps) claim(hash string) bool {
	sd.mu.Lock()
	defer sd.mu.Unlock()
	if sd.failed || sd.seen[hash] {
		return false
	}
	sd.seen[hash] = true
	return true
}

// dumpShader hands a created shader's bytecode (the frame's copy) and its
// IR (nil if refused) to a compile worker to write, if the device dumps
// shaders and this bytecode is new to the folder.
func (d *Device) dumpShader(code []byte, s *ir.Shader) {
	sd := d.shaderDumps
	if sd == nil {
		return
	}
	hash := shaderHash(code)
	if !sd.claim(hash) {
		return
	}
	code = bytes.Clone(code) // the frame's copy goes with the frame
	log := d.log
	d.later(func() { sd.write(hash, code, s, log) })
}

// shaderFiles makes the text of a shader's dump: file extension to
// contents, in the order written.
func shaderFiles(hash string, code []byte, s *ir.Shader) [][2]string {
	files := [][2]string{{".dxso", string(code)}}
	if p, err := dxso.Parse(tokens(code)); err == nil {
		files = append(files, [2]string{".asm", dxso.Disassemble(p)})
	}
	if s == nil {
		return files
	}
	files = append(files, [2]string{".ir", ir.Format(s)})
	if u, err := msl.Emit(s, msl.VariantKey{}); err == nil {
		files = append(files, [2]string{".msl", fmt.Sprintf("// mtld3d shader %s: the default variant key (draws may use others)\n%s", hash, u.Source)})
	}
	return files
}

// write writes one shader's files; the first failure warns and ends the
// folder's dumps.
func (sd *shaderDumps) write(hash string, code []byte, s *ir.Shader, log *zap.Logger) {
	files := shaderFiles(hash, code, s)
	err := sd.mkdir()
	for _, f := range files {
		if err != nil {
			break
		}
		err = os.WriteFile(filepath.Join(sd.dir, hash+f[0]), []byte(f[1]), 0o644)
	}
	if err == nil {
		log.Debug("shader dumped", zap.String("dir", sd.dir), zap.String("hash", hash), zap.Int("files", len(files)))
		return
	}
	sd.mu.Lock()
	first := !sd.failed
	sd.failed = true
	sd.mu.Unlock()
	if first {
		log.Warn("cannot write shader dumps; no more are written", zap.String("dir", sd.dir), zap.Error(err))
	}
}

func (sd *shaderDumps) mkdir() error {
	sd.mu.Lock()
	defer sd.mu.Unlock()
	if sd.made {
		return nil
	}
	if err := os.MkdirAll(sd.dir, 0o755); err != nil {
		return err
	}
	sd.made = true
	return nil
}
