package backend

import "mtld3d/core/ir"

// The shader contract. The Metal backend compiles MSL; the reference
// backend cannot, so it runs Go values that implement VertexProgram or
// FragmentProgram (in the product, an interpreter of the shader IR). Both
// are named by one FunctionDesc so the encoder builds pipelines the same way
// for either backend.

// ShaderStage says which pipeline stage a function serves.
type ShaderStage uint8

const (
	StageVertex ShaderStage = iota
	StageFragment
)

// FunctionDesc names a shader function. Metal uses Source and Entry
// (newLibraryWithSource: then newFunctionWithName:); the reference backend
// runs Program, which must be a VertexProgram or a FragmentProgram
// matching Stage, or when Program is nil builds one from IR under Variant
// (unix/backend/irprog), the shader IR Source was emitted from. A backend
// ignores the fields it cannot use; one without CapMSLFunctions never
// reads Source, which may then be empty.
type FunctionDesc struct {
	Stage   ShaderStage
	Source  string        // MSL translation unit
	Entry   string        // function name in Source
	IR      *ir.Shader    // the shader Source was emitted from (core/msl)
	Variant ir.VariantKey // the variant it was emitted for
	Program any           // VertexProgram or FragmentProgram; overrides IR
}

// Function is an MTLFunction. Implementations are pointers, so a Function
// is comparable and can sit in RenderPipelineDesc.
type Function interface {
	Stage() ShaderStage
	Name() string
	Release()
}

// Resources is what a program reads besides its inputs: the buffers,
// textures and samplers bound to its stage.
//
// Texture coordinates are normalised: 1D uses x; 2D uses x, y; 2DArray
// uses x, y and z as the slice index; 3D uses x, y, z; Cube uses x, y, z
// as a direction. Projection (D3D's texldp) is the program's job.
type Resources interface {
	// Buffer returns the bytes bound at index from the bound offset to the
	// end of the buffer, or nil.
	Buffer(index int) []byte
	// Sample is sample(sampler, coord, level(lod)).
	Sample(tex, smp int, coord [4]float32, lod float32) [4]float32
	// SampleCompare is sample_compare(sampler, coord, ref, level(lod)):
	// the fraction of filtered texels for which ref OP texel holds.
	SampleCompare(tex, smp int, coord [4]float32, ref, lod float32) float32
	// Gather is a 2D texture's gather(sampler, coord, int2(0), component):
	// channel comp (0-3) of the four texels a bilinear sample of the base
	// level at coord reads, in Metal's order: x the bottom-left (i0, j1),
	// y the bottom-right (i1, j1), z the top-right (i1, j0), w the
	// top-left (i0, j0), addressed by the sampler.
	Gather(tex, smp int, coord [4]float32, comp int) [4]float32
	// TextureSize is get_width/get_height/get_depth of a level, and
	// get_num_mip_levels; all zero if nothing is bound.
	TextureSize(tex, level int) (width, height, depth, levels int)
}

// QuadResources adds the implicit-LOD calls that need a 2x2 quad.
type QuadResources interface {
	Resources
	// SampleQuad samples for the four lanes with the LOD worked out from
	// the lanes' coordinates (Metal's implicit LOD), plus bias.
	SampleQuad(tex, smp int, coord *[4][4]float32, bias float32, out *[4][4]float32)
	// SampleCompareQuad is sample_compare with implicit LOD.
	SampleCompareQuad(tex, smp int, coord *[4][4]float32, ref *[4]float32, out *[4]float32)
	// SampleLanes is the general sample call for all four lanes, every
	// form of Metal's sample and sample_compare in one (what a shader
	// interpreter needs).
	SampleLanes(tex, smp int, a *SampleArgs, out *[4][4]float32)
}

// SampleMode chooses how SampleLanes finds the LOD.
type SampleMode uint8

const (
	SampleImplicit SampleMode = iota // from the quad's coarse derivatives
	SampleBias                       // implicit plus bias(LOD[lane])
	SampleLevel                      // level(LOD[lane])
	SampleGrad                       // gradient2d/3d/cube(Ddx[lane], Ddy[lane])
)

// SampleArgs are the arguments of SampleLanes. Coordinates follow the
// conventions of Resources. Compare turns on sample_compare against
// Ref; the result is then replicated to all four components.
type SampleArgs struct {
	Mode     SampleMode
	Coord    [QuadLanes][4]float32
	LOD      [QuadLanes]float32 // bias (SampleBias) or level (SampleLevel)
	Ddx, Ddy [QuadLanes][4]float32
	Compare  bool
	Ref      [QuadLanes]float32
}

// VertexSignature declares a vertex program's outputs.
type VertexSignature struct {
	Varyings      int // float4 varyings written, 0..MaxVaryings
	ClipDistances int // 0..MaxClipDistances; a vertex is inside where >= 0
}

// VertexIn holds one vertex's fetched attributes, each widened to float4
// (missing components are 0, w is 1), and its IDs.
type VertexIn struct {
	Attr       [MaxVertexAttributes][4]float32
	VertexID   uint32 // index including baseVertex
	InstanceID uint32 // including baseInstance
}

// VertexOut is what a vertex program returns.
type VertexOut struct {
	Position     [4]float32 // clip space; NDC z in 0..1
	PointSize    float32    // in pixels, for point primitives
	ClipDistance [MaxClipDistances]float32
	Varyings     [MaxVaryings][4]float32
}

// VertexProgram runs one vertex. It must not keep in or out, and it must
// be safe to call from several goroutines at once: backends shade
// vertices and quads in parallel.
type VertexProgram interface {
	VertexSignature() VertexSignature
	RunVertex(r Resources, in *VertexIn, out *VertexOut)
}

// VertexBatcher is a VertexProgram that also shades n vertices (1 to 4)
// in one call, giving each what RunVertex would: a compiled program
// runs them as the lanes of one pass over its code. Backends use it
// where a program offers it.
type VertexBatcher interface {
	RunVertices(r Resources, in *[4]VertexIn, out *[4]VertexOut, n int)
}

// Interpolation is how a varying is interpolated across a primitive.
type Interpolation uint8

const (
	InterpPerspective   Interpolation = iota // [[center_perspective]]
	InterpFlat                               // [[flat]]: the first (provoking) vertex's value
	InterpNoPerspective                      // [[center_no_perspective]]
)

// FragmentSignature declares a fragment program's inputs and outputs.
type FragmentSignature struct {
	Varyings    int
	Interp      [MaxVaryings]Interpolation
	Outputs     int  // colour outputs written: attachments 0..Outputs-1
	WritesDepth bool // [[depth(any)]]
	// WritesSampleMask: [[sample_mask]], ANDed with the coverage.
	WritesSampleMask bool
	// Unread has bit j set for each varying j below Varyings that the
	// program never reads, and UnreadPosition says it never reads
	// [[position]]: a rasterizer need not fill those in a Quad. The zero
	// value (everything read) is always correct.
	Unread         uint32
	UnreadPosition bool
}

// Quad lanes are ordered 0 (x, y), 1 (x+1, y), 2 (x, y+1), 3 (x+1, y+1).
const QuadLanes = 4

// Quad is a 2x2 block of fragments. Lanes whose bit is clear in Live are
// helper lanes: they run so derivatives work, and their outputs are
// dropped.
type Quad struct {
	Varyings    [MaxVaryings][QuadLanes][4]float32
	Position    [QuadLanes][4]float32 // [[position]]: pixel centre x, y; depth z; 1/w
	PointCoord  [QuadLanes][2]float32 // [[point_coord]], origin top-left
	FrontFacing bool
	Live        uint8
}

// FragmentOut is what a fragment program returns for a quad.
type FragmentOut struct {
	Color      [MaxColorAttachments][QuadLanes][4]float32
	Depth      [QuadLanes]float32 // read when the signature WritesDepth
	SampleMask [QuadLanes]uint32  // read when the signature WritesSampleMask
	Discard    uint8              // lanes killed by discard_fragment
}

// FragmentProgram shades one quad. It must not keep q or out, and like
// VertexProgram it is called from several goroutines at once.
type FragmentProgram interface {
	FragmentSignature() FragmentSignature
	RunFragment(r QuadResources, q *Quad, out *FragmentOut)
}

// Ddx is dfdx over a quad: the coarse difference of lanes 1 and 0.
func Ddx(v *[QuadLanes][4]float32) [4]float32 {
	return [4]float32{v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2], v[1][3] - v[0][3]}
}

// Ddy is dfdy over a quad: the coarse difference of lanes 2 and 0.
func Ddy(v *[QuadLanes][4]float32) [4]float32 {
	return [4]float32{v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2], v[2][3] - v[0][3]}
}

// VertexFunc adapts a closure to VertexProgram.
type VertexFunc struct {
	Sig VertexSignature
	Run func(r Resources, in *VertexIn, out *VertexOut)
}

func (f *VertexFunc) VertexSignature() VertexSignature { return f.Sig }
func (f *VertexFunc) RunVertex(r Resources, in *VertexIn, out *VertexOut) {
	f.Run(r, in, out)
}

// FragmentFunc adapts a closure to FragmentProgram.
type FragmentFunc struct {
	Sig FragmentSignature
	Run func(r QuadResources, q *Quad, out *FragmentOut)
}

func (f *FragmentFunc) FragmentSignature() FragmentSignature { return f.Sig }
func (f *FragmentFunc) RunFragment(r QuadResources, q *Quad, out *FragmentOut) {
	f.Run(r, q, out)
}
