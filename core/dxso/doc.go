// Package dxso reads, writes, assembles and disassembles Direct3D 9 shader
// bytecode (DXSO): vs_1_0 to vs_3_0 and ps_1_0 to ps_3_0, including the
// 2_x and 2_sw/3_sw versions.
//
// The package is plain data plus functions.
//
// Decoding:
//
//	Parse(code []uint32) (*Program, error)   // version token .. end token
//	ParseBytes(b []byte) (*Program, error)   // little-endian bytes
//	Annotate(code) ([]TokenNote, *Program, error) // per-token descriptions
//	ParseCTAB(data []uint32) (*ConstantTable, error)
//
// A Program holds the Version, the Instructions in stream order, the raw
// comment blocks (Comments, each with the index of the instruction it
// precedes and a decoded CTAB when it is one; a malformed CTAB leaves
// CTABError set and does not fail the parse) and the first constant table
// (Constants). Each Instruction carries its Opcode, the controls of its
// instruction token (Comparison for ifc/breakc/setp, TexControl for
// texldp/texldb, Coissue for ps_1_x, Predicated with the Predicate source),
// an optional destination (Dst: register, write mask, saturate, partial
// precision, centroid, ps_1_x shift, relative address), its sources (Src:
// register, swizzle, modifier, relative address), the dcl token (Decl) and
// the immediates of def/defi/defb (Imm). Register types follow D3DSPR_*
// (RegTemp .. RegPredicate); a Register's number is the 11-bit field, so
// c2048.. are RegConst2 etc. LayoutOf gives the operands an opcode takes in
// a version (e.g. tex has no source in ps_1_1, one in ps_1_4 and two in
// ps_2_0; sincos has three sources in 2.x and one in 3.0).
//
// Helpers for consumers: Version.AtLeast/Before/IsPS/IsVS/Token,
// Register.Number/IsConst, Swizzle.Component, Instruction.Floats/Ints/Bool
// (def/defi/defb immediates), Opcode.Name(version), Opcodes().
//
// Parse also enforces the register files D3D9 fixes for some operands
// (ps_1_0..1_3 tex*/texcoord write t#, ps_1_4 texld/texcrd write r#,
// texld/texldl/texldd sample an s#, call/label take l#, loop takes aL and
// i#, rep takes i#, if/callnz take b# or p0, def/defi/defb write c#/i#/b#),
// so the IR lowering can rely on them. As in the bytecode, texkill's
// operand is its Dst (a destination token, write mask = components
// tested), and sgn/sincos keep their 2.x scratch/constant sources.
//
// Relative addressing: in vs_1_x the bit is set and a0.x is implied (no
// token); from 2.0 on a relative-address token follows the parameter and
// names a0.<component> or aL. RelAddr holds that register either way.
//
// Bytecode that is invalid or truncated yields an *Error whose Offset (and
// text) names the offending token in DWORDs. The decoder never reads past
// the input and allocates at most in proportion to it. Declaration fields
// a version ignores (usage of ps_2_0 inputs, texture type of non-samplers)
// are cleared so that equal programs compare equal. Tokens after the end
// token are ignored.
//
// Encoding and text:
//
//	Encode(p *Program) ([]uint32, error)    // instruction lengths recomputed
//	Disassemble(p *Program) string          // assembler syntax
//	Assemble(src string) ([]uint32, error)  // text -> bytecode (checked by Parse)
//	AssembleProgram(src string) (*Program, error)
//	FormatInstruction, FormatDst, FormatSrc, RegisterName
//
// The text syntax is Microsoft's shader assembly: a version line
// ("vs_2_0", "ps_2_x", "ps_1_4"), then one instruction per line with
// instruction modifiers (_sat _pp _centroid _x2 _x4 _x8 _d2 _d4 _d8),
// comparisons (ifc_gt, setp_le), texldp/texldb, dcl forms (dcl_texcoord1
// v2, dcl_2d s0, dcl t0.xy), co-issue "+", predicates "(p0.x)" and
// "(!p0.y)", source modifiers (-r, r_bias, -r_bias, r_bx2, -r_bx2, 1-r,
// r_x2, -r_x2, r_dz, r_dw, r_abs or abs(r), -r_abs, !b), swizzles (.x,
// .xy padded with the last letter, .xyzw, rgba), write masks and relative
// addressing c[a0.x + 3], c[aL + 1], o[aL]. "//" and ";" start comments.
// Immediates print exactly: decimal when that reads back to the same bits,
// otherwise 0xhex (which the assembler takes as raw bits). For everything
// the assembler makes, Assemble(Disassemble(Parse(x))) == x.
package dxso
