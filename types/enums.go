// Every enum of the SDK headers as a Go type, with its members and names.
// Naming rule for all of package types: constants keep the SDK's own C
// names (D3DFMT_A8R8G8B8, D3DRS_ZENABLE) so C and Go grep alike and the
// generators can print a Go constant's name as C; C enum types become Go
// types in Go style (Format, RenderStateType). Values were taken from the
// mingw-w64 headers and consts_test.go has the C compiler confirm them.
// FORCE_DWORD members are left out: they only size the C enum.

package types

import "fmt"

// DeclUsage is C's D3DDECLUSAGE.
type DeclUsage uint32

const (
	D3DDECLUSAGE_POSITION     DeclUsage = 0
	D3DDECLUSAGE_BLENDWEIGHT  DeclUsage = 1
	D3DDECLUSAGE_BLENDINDICES DeclUsage = 2
	D3DDECLUSAGE_NORMAL       DeclUsage = 3
	D3DDECLUSAGE_PSIZE        DeclUsage = 4
	D3DDECLUSAGE_TEXCOORD     DeclUsage = 5
	D3DDECLUSAGE_TANGENT      DeclUsage = 6
	D3DDECLUSAGE_BINORMAL     DeclUsage = 7
	D3DDECLUSAGE_TESSFACTOR   DeclUsage = 8
	D3DDECLUSAGE_POSITIONT    DeclUsage = 9
	D3DDECLUSAGE_COLOR        DeclUsage = 10
	D3DDECLUSAGE_FOG          DeclUsage = 11
	D3DDECLUSAGE_DEPTH        DeclUsage = 12
	D3DDECLUSAGE_SAMPLE       DeclUsage = 13
)

var declUsageNames = map[DeclUsage]string{
	D3DDECLUSAGE_POSITION:     "D3DDECLUSAGE_POSITION",
	D3DDECLUSAGE_BLENDWEIGHT:  "D3DDECLUSAGE_BLENDWEIGHT",
	D3DDECLUSAGE_BLENDINDICES: "D3DDECLUSAGE_BLENDINDICES",
	D3DDECLUSAGE_NORMAL:       "D3DDECLUSAGE_NORMAL",
	D3DDECLUSAGE_PSIZE:        "D3DDECLUSAGE_PSIZE",
	D3DDECLUSAGE_TEXCOORD:     "D3DDECLUSAGE_TEXCOORD",
	D3DDECLUSAGE_TANGENT:      "D3DDECLUSAGE_TANGENT",
	D3DDECLUSAGE_BINORMAL:     "D3DDECLUSAGE_BINORMAL",
	D3DDECLUSAGE_TESSFACTOR:   "D3DDECLUSAGE_TESSFACTOR",
	D3DDECLUSAGE_POSITIONT:    "D3DDECLUSAGE_POSITIONT",
	D3DDECLUSAGE_COLOR:        "D3DDECLUSAGE_COLOR",
	D3DDECLUSAGE_FOG:          "D3DDECLUSAGE_FOG",
	D3DDECLUSAGE_DEPTH:        "D3DDECLUSAGE_DEPTH",
	D3DDECLUSAGE_SAMPLE:       "D3DDECLUSAGE_SAMPLE",
}

func (v DeclUsage) String() string {
	if s, ok := declUsageNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DeclUsage(%d)", uint32(v))
}

// DeclMethod is C's D3DDECLMETHOD.
type DeclMethod uint32

const (
	D3DDECLMETHOD_DEFAULT          DeclMethod = 0
	D3DDECLMETHOD_PARTIALU         DeclMethod = 1
	D3DDECLMETHOD_PARTIALV         DeclMethod = 2
	D3DDECLMETHOD_CROSSUV          DeclMethod = 3
	D3DDECLMETHOD_UV               DeclMethod = 4
	D3DDECLMETHOD_LOOKUP           DeclMethod = 5
	D3DDECLMETHOD_LOOKUPPRESAMPLED DeclMethod = 6
)

var declMethodNames = map[DeclMethod]string{
	D3DDECLMETHOD_DEFAULT:          "D3DDECLMETHOD_DEFAULT",
	D3DDECLMETHOD_PARTIALU:         "D3DDECLMETHOD_PARTIALU",
	D3DDECLMETHOD_PARTIALV:         "D3DDECLMETHOD_PARTIALV",
	D3DDECLMETHOD_CROSSUV:          "D3DDECLMETHOD_CROSSUV",
	D3DDECLMETHOD_UV:               "D3DDECLMETHOD_UV",
	D3DDECLMETHOD_LOOKUP:           "D3DDECLMETHOD_LOOKUP",
	D3DDECLMETHOD_LOOKUPPRESAMPLED: "D3DDECLMETHOD_LOOKUPPRESAMPLED",
}

func (v DeclMethod) String() string {
	if s, ok := declMethodNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DeclMethod(%d)", uint32(v))
}

// DeclType is C's D3DDECLTYPE.
type DeclType uint32

const (
	D3DDECLTYPE_FLOAT1    DeclType = 0
	D3DDECLTYPE_FLOAT2    DeclType = 1
	D3DDECLTYPE_FLOAT3    DeclType = 2
	D3DDECLTYPE_FLOAT4    DeclType = 3
	D3DDECLTYPE_D3DCOLOR  DeclType = 4
	D3DDECLTYPE_UBYTE4    DeclType = 5
	D3DDECLTYPE_SHORT2    DeclType = 6
	D3DDECLTYPE_SHORT4    DeclType = 7
	D3DDECLTYPE_UBYTE4N   DeclType = 8
	D3DDECLTYPE_SHORT2N   DeclType = 9
	D3DDECLTYPE_SHORT4N   DeclType = 10
	D3DDECLTYPE_USHORT2N  DeclType = 11
	D3DDECLTYPE_USHORT4N  DeclType = 12
	D3DDECLTYPE_UDEC3     DeclType = 13
	D3DDECLTYPE_DEC3N     DeclType = 14
	D3DDECLTYPE_FLOAT16_2 DeclType = 15
	D3DDECLTYPE_FLOAT16_4 DeclType = 16
	D3DDECLTYPE_UNUSED    DeclType = 17
)

var declTypeNames = map[DeclType]string{
	D3DDECLTYPE_FLOAT1:    "D3DDECLTYPE_FLOAT1",
	D3DDECLTYPE_FLOAT2:    "D3DDECLTYPE_FLOAT2",
	D3DDECLTYPE_FLOAT3:    "D3DDECLTYPE_FLOAT3",
	D3DDECLTYPE_FLOAT4:    "D3DDECLTYPE_FLOAT4",
	D3DDECLTYPE_D3DCOLOR:  "D3DDECLTYPE_D3DCOLOR",
	D3DDECLTYPE_UBYTE4:    "D3DDECLTYPE_UBYTE4",
	D3DDECLTYPE_SHORT2:    "D3DDECLTYPE_SHORT2",
	D3DDECLTYPE_SHORT4:    "D3DDECLTYPE_SHORT4",
	D3DDECLTYPE_UBYTE4N:   "D3DDECLTYPE_UBYTE4N",
	D3DDECLTYPE_SHORT2N:   "D3DDECLTYPE_SHORT2N",
	D3DDECLTYPE_SHORT4N:   "D3DDECLTYPE_SHORT4N",
	D3DDECLTYPE_USHORT2N:  "D3DDECLTYPE_USHORT2N",
	D3DDECLTYPE_USHORT4N:  "D3DDECLTYPE_USHORT4N",
	D3DDECLTYPE_UDEC3:     "D3DDECLTYPE_UDEC3",
	D3DDECLTYPE_DEC3N:     "D3DDECLTYPE_DEC3N",
	D3DDECLTYPE_FLOAT16_2: "D3DDECLTYPE_FLOAT16_2",
	D3DDECLTYPE_FLOAT16_4: "D3DDECLTYPE_FLOAT16_4",
	D3DDECLTYPE_UNUSED:    "D3DDECLTYPE_UNUSED",
}

func (v DeclType) String() string {
	if s, ok := declTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DeclType(%d)", uint32(v))
}

// QueryType is C's D3DQUERYTYPE.
type QueryType uint32

const (
	D3DQUERYTYPE_VCACHE            QueryType = 4
	D3DQUERYTYPE_RESOURCEMANAGER   QueryType = 5
	D3DQUERYTYPE_VERTEXSTATS       QueryType = 6
	D3DQUERYTYPE_EVENT             QueryType = 8
	D3DQUERYTYPE_OCCLUSION         QueryType = 9
	D3DQUERYTYPE_TIMESTAMP         QueryType = 10
	D3DQUERYTYPE_TIMESTAMPDISJOINT QueryType = 11
	D3DQUERYTYPE_TIMESTAMPFREQ     QueryType = 12
	D3DQUERYTYPE_PIPELINETIMINGS   QueryType = 13
	D3DQUERYTYPE_INTERFACETIMINGS  QueryType = 14
	D3DQUERYTYPE_VERTEXTIMINGS     QueryType = 15
	D3DQUERYTYPE_PIXELTIMINGS      QueryType = 16
	D3DQUERYTYPE_BANDWIDTHTIMINGS  QueryType = 17
	D3DQUERYTYPE_CACHEUTILIZATION  QueryType = 18
	D3DQUERYTYPE_MEMORYPRESSURE    QueryType = 19
)

var queryTypeNames = map[QueryType]string{
	D3DQUERYTYPE_VCACHE:            "D3DQUERYTYPE_VCACHE",
	D3DQUERYTYPE_RESOURCEMANAGER:   "D3DQUERYTYPE_RESOURCEMANAGER",
	D3DQUERYTYPE_VERTEXSTATS:       "D3DQUERYTYPE_VERTEXSTATS",
	D3DQUERYTYPE_EVENT:             "D3DQUERYTYPE_EVENT",
	D3DQUERYTYPE_OCCLUSION:         "D3DQUERYTYPE_OCCLUSION",
	D3DQUERYTYPE_TIMESTAMP:         "D3DQUERYTYPE_TIMESTAMP",
	D3DQUERYTYPE_TIMESTAMPDISJOINT: "D3DQUERYTYPE_TIMESTAMPDISJOINT",
	D3DQUERYTYPE_TIMESTAMPFREQ:     "D3DQUERYTYPE_TIMESTAMPFREQ",
	D3DQUERYTYPE_PIPELINETIMINGS:   "D3DQUERYTYPE_PIPELINETIMINGS",
	D3DQUERYTYPE_INTERFACETIMINGS:  "D3DQUERYTYPE_INTERFACETIMINGS",
	D3DQUERYTYPE_VERTEXTIMINGS:     "D3DQUERYTYPE_VERTEXTIMINGS",
	D3DQUERYTYPE_PIXELTIMINGS:      "D3DQUERYTYPE_PIXELTIMINGS",
	D3DQUERYTYPE_BANDWIDTHTIMINGS:  "D3DQUERYTYPE_BANDWIDTHTIMINGS",
	D3DQUERYTYPE_CACHEUTILIZATION:  "D3DQUERYTYPE_CACHEUTILIZATION",
	D3DQUERYTYPE_MEMORYPRESSURE:    "D3DQUERYTYPE_MEMORYPRESSURE",
}

func (v QueryType) String() string {
	if s, ok := queryTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("QueryType(%d)", uint32(v))
}

// ShaderOpcode is C's D3DSHADER_INSTRUCTION_OPCODE_TYPE.
type ShaderOpcode uint32

const (
	D3DSIO_NOP          ShaderOpcode = 0
	D3DSIO_MOV          ShaderOpcode = 1
	D3DSIO_ADD          ShaderOpcode = 2
	D3DSIO_SUB          ShaderOpcode = 3
	D3DSIO_MAD          ShaderOpcode = 4
	D3DSIO_MUL          ShaderOpcode = 5
	D3DSIO_RCP          ShaderOpcode = 6
	D3DSIO_RSQ          ShaderOpcode = 7
	D3DSIO_DP3          ShaderOpcode = 8
	D3DSIO_DP4          ShaderOpcode = 9
	D3DSIO_MIN          ShaderOpcode = 10
	D3DSIO_MAX          ShaderOpcode = 11
	D3DSIO_SLT          ShaderOpcode = 12
	D3DSIO_SGE          ShaderOpcode = 13
	D3DSIO_EXP          ShaderOpcode = 14
	D3DSIO_LOG          ShaderOpcode = 15
	D3DSIO_LIT          ShaderOpcode = 16
	D3DSIO_DST          ShaderOpcode = 17
	D3DSIO_LRP          ShaderOpcode = 18
	D3DSIO_FRC          ShaderOpcode = 19
	D3DSIO_M4x4         ShaderOpcode = 20
	D3DSIO_M4x3         ShaderOpcode = 21
	D3DSIO_M3x4         ShaderOpcode = 22
	D3DSIO_M3x3         ShaderOpcode = 23
	D3DSIO_M3x2         ShaderOpcode = 24
	D3DSIO_CALL         ShaderOpcode = 25
	D3DSIO_CALLNZ       ShaderOpcode = 26
	D3DSIO_LOOP         ShaderOpcode = 27
	D3DSIO_RET          ShaderOpcode = 28
	D3DSIO_ENDLOOP      ShaderOpcode = 29
	D3DSIO_LABEL        ShaderOpcode = 30
	D3DSIO_DCL          ShaderOpcode = 31
	D3DSIO_POW          ShaderOpcode = 32
	D3DSIO_CRS          ShaderOpcode = 33
	D3DSIO_SGN          ShaderOpcode = 34
	D3DSIO_ABS          ShaderOpcode = 35
	D3DSIO_NRM          ShaderOpcode = 36
	D3DSIO_SINCOS       ShaderOpcode = 37
	D3DSIO_REP          ShaderOpcode = 38
	D3DSIO_ENDREP       ShaderOpcode = 39
	D3DSIO_IF           ShaderOpcode = 40
	D3DSIO_IFC          ShaderOpcode = 41
	D3DSIO_ELSE         ShaderOpcode = 42
	D3DSIO_ENDIF        ShaderOpcode = 43
	D3DSIO_BREAK        ShaderOpcode = 44
	D3DSIO_BREAKC       ShaderOpcode = 45
	D3DSIO_MOVA         ShaderOpcode = 46
	D3DSIO_DEFB         ShaderOpcode = 47
	D3DSIO_DEFI         ShaderOpcode = 48
	D3DSIO_TEXCOORD     ShaderOpcode = 64
	D3DSIO_TEXKILL      ShaderOpcode = 65
	D3DSIO_TEX          ShaderOpcode = 66
	D3DSIO_TEXBEM       ShaderOpcode = 67
	D3DSIO_TEXBEML      ShaderOpcode = 68
	D3DSIO_TEXREG2AR    ShaderOpcode = 69
	D3DSIO_TEXREG2GB    ShaderOpcode = 70
	D3DSIO_TEXM3x2PAD   ShaderOpcode = 71
	D3DSIO_TEXM3x2TEX   ShaderOpcode = 72
	D3DSIO_TEXM3x3PAD   ShaderOpcode = 73
	D3DSIO_TEXM3x3TEX   ShaderOpcode = 74
	D3DSIO_TEXM3x3DIFF  ShaderOpcode = 75
	D3DSIO_TEXM3x3SPEC  ShaderOpcode = 76
	D3DSIO_TEXM3x3VSPEC ShaderOpcode = 77
	D3DSIO_EXPP         ShaderOpcode = 78
	D3DSIO_LOGP         ShaderOpcode = 79
	D3DSIO_CND          ShaderOpcode = 80
	D3DSIO_DEF          ShaderOpcode = 81
	D3DSIO_TEXREG2RGB   ShaderOpcode = 82
	D3DSIO_TEXDP3TEX    ShaderOpcode = 83
	D3DSIO_TEXM3x2DEPTH ShaderOpcode = 84
	D3DSIO_TEXDP3       ShaderOpcode = 85
	D3DSIO_TEXM3x3      ShaderOpcode = 86
	D3DSIO_TEXDEPTH     ShaderOpcode = 87
	D3DSIO_CMP          ShaderOpcode = 88
	D3DSIO_BEM          ShaderOpcode = 89
	D3DSIO_DP2ADD       ShaderOpcode = 90
	D3DSIO_DSX          ShaderOpcode = 91
	D3DSIO_DSY          ShaderOpcode = 92
	D3DSIO_TEXLDD       ShaderOpcode = 93
	D3DSIO_SETP         ShaderOpcode = 94
	D3DSIO_TEXLDL       ShaderOpcode = 95
	D3DSIO_BREAKP       ShaderOpcode = 96
	D3DSIO_PHASE        ShaderOpcode = 0xFFFD
	D3DSIO_COMMENT      ShaderOpcode = 0xFFFE
	D3DSIO_END          ShaderOpcode = 0xFFFF
)

var shaderOpcodeNames = map[ShaderOpcode]string{
	D3DSIO_NOP:          "D3DSIO_NOP",
	D3DSIO_MOV:          "D3DSIO_MOV",
	D3DSIO_ADD:          "D3DSIO_ADD",
	D3DSIO_SUB:          "D3DSIO_SUB",
	D3DSIO_MAD:          "D3DSIO_MAD",
	D3DSIO_MUL:          "D3DSIO_MUL",
	D3DSIO_RCP:          "D3DSIO_RCP",
	D3DSIO_RSQ:          "D3DSIO_RSQ",
	D3DSIO_DP3:          "D3DSIO_DP3",
	D3DSIO_DP4:          "D3DSIO_DP4",
	D3DSIO_MIN:          "D3DSIO_MIN",
	D3DSIO_MAX:          "D3DSIO_MAX",
	D3DSIO_SLT:          "D3DSIO_SLT",
	D3DSIO_SGE:          "D3DSIO_SGE",
	D3DSIO_EXP:          "D3DSIO_EXP",
	D3DSIO_LOG:          "D3DSIO_LOG",
	D3DSIO_LIT:          "D3DSIO_LIT",
	D3DSIO_DST:          "D3DSIO_DST",
	D3DSIO_LRP:          "D3DSIO_LRP",
	D3DSIO_FRC:          "D3DSIO_FRC",
	D3DSIO_M4x4:         "D3DSIO_M4x4",
	D3DSIO_M4x3:         "D3DSIO_M4x3",
	D3DSIO_M3x4:         "D3DSIO_M3x4",
	D3DSIO_M3x3:         "D3DSIO_M3x3",
	D3DSIO_M3x2:         "D3DSIO_M3x2",
	D3DSIO_CALL:         "D3DSIO_CALL",
	D3DSIO_CALLNZ:       "D3DSIO_CALLNZ",
	D3DSIO_LOOP:         "D3DSIO_LOOP",
	D3DSIO_RET:          "D3DSIO_RET",
	D3DSIO_ENDLOOP:      "D3DSIO_ENDLOOP",
	D3DSIO_LABEL:        "D3DSIO_LABEL",
	D3DSIO_DCL:          "D3DSIO_DCL",
	D3DSIO_POW:          "D3DSIO_POW",
	D3DSIO_CRS:          "D3DSIO_CRS",
	D3DSIO_SGN:          "D3DSIO_SGN",
	D3DSIO_ABS:          "D3DSIO_ABS",
	D3DSIO_NRM:          "D3DSIO_NRM",
	D3DSIO_SINCOS:       "D3DSIO_SINCOS",
	D3DSIO_REP:          "D3DSIO_REP",
	D3DSIO_ENDREP:       "D3DSIO_ENDREP",
	D3DSIO_IF:           "D3DSIO_IF",
	D3DSIO_IFC:          "D3DSIO_IFC",
	D3DSIO_ELSE:         "D3DSIO_ELSE",
	D3DSIO_ENDIF:        "D3DSIO_ENDIF",
	D3DSIO_BREAK:        "D3DSIO_BREAK",
	D3DSIO_BREAKC:       "D3DSIO_BREAKC",
	D3DSIO_MOVA:         "D3DSIO_MOVA",
	D3DSIO_DEFB:         "D3DSIO_DEFB",
	D3DSIO_DEFI:         "D3DSIO_DEFI",
	D3DSIO_TEXCOORD:     "D3DSIO_TEXCOORD",
	D3DSIO_TEXKILL:      "D3DSIO_TEXKILL",
	D3DSIO_TEX:          "D3DSIO_TEX",
	D3DSIO_TEXBEM:       "D3DSIO_TEXBEM",
	D3DSIO_TEXBEML:      "D3DSIO_TEXBEML",
	D3DSIO_TEXREG2AR:    "D3DSIO_TEXREG2AR",
	D3DSIO_TEXREG2GB:    "D3DSIO_TEXREG2GB",
	D3DSIO_TEXM3x2PAD:   "D3DSIO_TEXM3x2PAD",
	D3DSIO_TEXM3x2TEX:   "D3DSIO_TEXM3x2TEX",
	D3DSIO_TEXM3x3PAD:   "D3DSIO_TEXM3x3PAD",
	D3DSIO_TEXM3x3TEX:   "D3DSIO_TEXM3x3TEX",
	D3DSIO_TEXM3x3DIFF:  "D3DSIO_TEXM3x3DIFF",
	D3DSIO_TEXM3x3SPEC:  "D3DSIO_TEXM3x3SPEC",
	D3DSIO_TEXM3x3VSPEC: "D3DSIO_TEXM3x3VSPEC",
	D3DSIO_EXPP:         "D3DSIO_EXPP",
	D3DSIO_LOGP:         "D3DSIO_LOGP",
	D3DSIO_CND:          "D3DSIO_CND",
	D3DSIO_DEF:          "D3DSIO_DEF",
	D3DSIO_TEXREG2RGB:   "D3DSIO_TEXREG2RGB",
	D3DSIO_TEXDP3TEX:    "D3DSIO_TEXDP3TEX",
	D3DSIO_TEXM3x2DEPTH: "D3DSIO_TEXM3x2DEPTH",
	D3DSIO_TEXDP3:       "D3DSIO_TEXDP3",
	D3DSIO_TEXM3x3:      "D3DSIO_TEXM3x3",
	D3DSIO_TEXDEPTH:     "D3DSIO_TEXDEPTH",
	D3DSIO_CMP:          "D3DSIO_CMP",
	D3DSIO_BEM:          "D3DSIO_BEM",
	D3DSIO_DP2ADD:       "D3DSIO_DP2ADD",
	D3DSIO_DSX:          "D3DSIO_DSX",
	D3DSIO_DSY:          "D3DSIO_DSY",
	D3DSIO_TEXLDD:       "D3DSIO_TEXLDD",
	D3DSIO_SETP:         "D3DSIO_SETP",
	D3DSIO_TEXLDL:       "D3DSIO_TEXLDL",
	D3DSIO_BREAKP:       "D3DSIO_BREAKP",
	D3DSIO_PHASE:        "D3DSIO_PHASE",
	D3DSIO_COMMENT:      "D3DSIO_COMMENT",
	D3DSIO_END:          "D3DSIO_END",
}

func (v ShaderOpcode) String() string {
	if s, ok := shaderOpcodeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderOpcode(%d)", uint32(v))
}

// SamplerTextureType is C's D3DSAMPLER_TEXTURE_TYPE.
type SamplerTextureType uint32

const (
	D3DSTT_UNKNOWN SamplerTextureType = 0x00
	D3DSTT_1D      SamplerTextureType = 0x08000000
	D3DSTT_2D      SamplerTextureType = 0x10000000
	D3DSTT_CUBE    SamplerTextureType = 0x18000000
	D3DSTT_VOLUME  SamplerTextureType = 0x20000000
)

var samplerTextureTypeNames = map[SamplerTextureType]string{
	D3DSTT_UNKNOWN: "D3DSTT_UNKNOWN",
	D3DSTT_1D:      "D3DSTT_1D",
	D3DSTT_2D:      "D3DSTT_2D",
	D3DSTT_CUBE:    "D3DSTT_CUBE",
	D3DSTT_VOLUME:  "D3DSTT_VOLUME",
}

func (v SamplerTextureType) String() string {
	if s, ok := samplerTextureTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("SamplerTextureType(%d)", uint32(v))
}

// ShaderDstMod is C's D3DSHADER_PARAM_DSTMOD_TYPE.
type ShaderDstMod uint32

const (
	D3DSPDM_NONE             ShaderDstMod = 0x00
	D3DSPDM_SATURATE         ShaderDstMod = 0x00100000
	D3DSPDM_PARTIALPRECISION ShaderDstMod = 0x00200000
	D3DSPDM_MSAMPCENTROID    ShaderDstMod = 0x00400000
)

var shaderDstModNames = map[ShaderDstMod]string{
	D3DSPDM_NONE:             "D3DSPDM_NONE",
	D3DSPDM_SATURATE:         "D3DSPDM_SATURATE",
	D3DSPDM_PARTIALPRECISION: "D3DSPDM_PARTIALPRECISION",
	D3DSPDM_MSAMPCENTROID:    "D3DSPDM_MSAMPCENTROID",
}

func (v ShaderDstMod) String() string {
	if s, ok := shaderDstModNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderDstMod(%d)", uint32(v))
}

// ShaderRegisterType is C's D3DSHADER_PARAM_REGISTER_TYPE.
type ShaderRegisterType uint32

const (
	D3DSPR_TEMP        ShaderRegisterType = 0
	D3DSPR_INPUT       ShaderRegisterType = 1
	D3DSPR_CONST       ShaderRegisterType = 2
	D3DSPR_ADDR        ShaderRegisterType = 3
	D3DSPR_TEXTURE     ShaderRegisterType = 3
	D3DSPR_RASTOUT     ShaderRegisterType = 4
	D3DSPR_ATTROUT     ShaderRegisterType = 5
	D3DSPR_TEXCRDOUT   ShaderRegisterType = 6
	D3DSPR_OUTPUT      ShaderRegisterType = 6
	D3DSPR_CONSTINT    ShaderRegisterType = 7
	D3DSPR_COLOROUT    ShaderRegisterType = 8
	D3DSPR_DEPTHOUT    ShaderRegisterType = 9
	D3DSPR_SAMPLER     ShaderRegisterType = 10
	D3DSPR_CONST2      ShaderRegisterType = 11
	D3DSPR_CONST3      ShaderRegisterType = 12
	D3DSPR_CONST4      ShaderRegisterType = 13
	D3DSPR_CONSTBOOL   ShaderRegisterType = 14
	D3DSPR_LOOP        ShaderRegisterType = 15
	D3DSPR_TEMPFLOAT16 ShaderRegisterType = 16
	D3DSPR_MISCTYPE    ShaderRegisterType = 17
	D3DSPR_LABEL       ShaderRegisterType = 18
	D3DSPR_PREDICATE   ShaderRegisterType = 19
)

var shaderRegisterTypeNames = map[ShaderRegisterType]string{
	D3DSPR_TEMP:        "D3DSPR_TEMP",
	D3DSPR_INPUT:       "D3DSPR_INPUT",
	D3DSPR_CONST:       "D3DSPR_CONST",
	D3DSPR_ADDR:        "D3DSPR_ADDR",
	D3DSPR_RASTOUT:     "D3DSPR_RASTOUT",
	D3DSPR_ATTROUT:     "D3DSPR_ATTROUT",
	D3DSPR_TEXCRDOUT:   "D3DSPR_TEXCRDOUT",
	D3DSPR_CONSTINT:    "D3DSPR_CONSTINT",
	D3DSPR_COLOROUT:    "D3DSPR_COLOROUT",
	D3DSPR_DEPTHOUT:    "D3DSPR_DEPTHOUT",
	D3DSPR_SAMPLER:     "D3DSPR_SAMPLER",
	D3DSPR_CONST2:      "D3DSPR_CONST2",
	D3DSPR_CONST3:      "D3DSPR_CONST3",
	D3DSPR_CONST4:      "D3DSPR_CONST4",
	D3DSPR_CONSTBOOL:   "D3DSPR_CONSTBOOL",
	D3DSPR_LOOP:        "D3DSPR_LOOP",
	D3DSPR_TEMPFLOAT16: "D3DSPR_TEMPFLOAT16",
	D3DSPR_MISCTYPE:    "D3DSPR_MISCTYPE",
	D3DSPR_LABEL:       "D3DSPR_LABEL",
	D3DSPR_PREDICATE:   "D3DSPR_PREDICATE",
}

func (v ShaderRegisterType) String() string {
	if s, ok := shaderRegisterTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderRegisterType(%d)", uint32(v))
}

// ShaderMiscType is C's D3DSHADER_MISCTYPE_OFFSETS.
type ShaderMiscType uint32

const (
	D3DSMO_POSITION ShaderMiscType = 0
	D3DSMO_FACE     ShaderMiscType = 1
)

var shaderMiscTypeNames = map[ShaderMiscType]string{
	D3DSMO_POSITION: "D3DSMO_POSITION",
	D3DSMO_FACE:     "D3DSMO_FACE",
}

func (v ShaderMiscType) String() string {
	if s, ok := shaderMiscTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderMiscType(%d)", uint32(v))
}

// RastOutOffset is C's D3DVS_RASTOUT_OFFSETS.
type RastOutOffset uint32

const (
	D3DSRO_POSITION   RastOutOffset = 0
	D3DSRO_FOG        RastOutOffset = 1
	D3DSRO_POINT_SIZE RastOutOffset = 2
)

var rastOutOffsetNames = map[RastOutOffset]string{
	D3DSRO_POSITION:   "D3DSRO_POSITION",
	D3DSRO_FOG:        "D3DSRO_FOG",
	D3DSRO_POINT_SIZE: "D3DSRO_POINT_SIZE",
}

func (v RastOutOffset) String() string {
	if s, ok := rastOutOffsetNames[v]; ok {
		return s
	}
	return fmt.Sprintf("RastOutOffset(%d)", uint32(v))
}

// VSAddressMode is C's D3DVS_ADDRESSMODE_TYPE.
type VSAddressMode uint32

const (
	D3DVS_ADDRMODE_ABSOLUTE VSAddressMode = 0x00
	D3DVS_ADDRMODE_RELATIVE VSAddressMode = 0x2000
)

var vSAddressModeNames = map[VSAddressMode]string{
	D3DVS_ADDRMODE_ABSOLUTE: "D3DVS_ADDRMODE_ABSOLUTE",
	D3DVS_ADDRMODE_RELATIVE: "D3DVS_ADDRMODE_RELATIVE",
}

func (v VSAddressMode) String() string {
	if s, ok := vSAddressModeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("VSAddressMode(%d)", uint32(v))
}

// ShaderAddressMode is C's D3DSHADER_ADDRESSMODE_TYPE.
type ShaderAddressMode uint32

const (
	D3DSHADER_ADDRMODE_ABSOLUTE ShaderAddressMode = 0x00
	D3DSHADER_ADDRMODE_RELATIVE ShaderAddressMode = 0x2000
)

var shaderAddressModeNames = map[ShaderAddressMode]string{
	D3DSHADER_ADDRMODE_ABSOLUTE: "D3DSHADER_ADDRMODE_ABSOLUTE",
	D3DSHADER_ADDRMODE_RELATIVE: "D3DSHADER_ADDRMODE_RELATIVE",
}

func (v ShaderAddressMode) String() string {
	if s, ok := shaderAddressModeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderAddressMode(%d)", uint32(v))
}

// ShaderSrcMod is C's D3DSHADER_PARAM_SRCMOD_TYPE.
type ShaderSrcMod uint32

const (
	D3DSPSM_NONE    ShaderSrcMod = 0x00
	D3DSPSM_NEG     ShaderSrcMod = 0x01000000
	D3DSPSM_BIAS    ShaderSrcMod = 0x02000000
	D3DSPSM_BIASNEG ShaderSrcMod = 0x03000000
	D3DSPSM_SIGN    ShaderSrcMod = 0x04000000
	D3DSPSM_SIGNNEG ShaderSrcMod = 0x05000000
	D3DSPSM_COMP    ShaderSrcMod = 0x06000000
	D3DSPSM_X2      ShaderSrcMod = 0x07000000
	D3DSPSM_X2NEG   ShaderSrcMod = 0x08000000
	D3DSPSM_DZ      ShaderSrcMod = 0x09000000
	D3DSPSM_DW      ShaderSrcMod = 0x0A000000
	D3DSPSM_ABS     ShaderSrcMod = 0x0B000000
	D3DSPSM_ABSNEG  ShaderSrcMod = 0x0C000000
	D3DSPSM_NOT     ShaderSrcMod = 0x0D000000
)

var shaderSrcModNames = map[ShaderSrcMod]string{
	D3DSPSM_NONE:    "D3DSPSM_NONE",
	D3DSPSM_NEG:     "D3DSPSM_NEG",
	D3DSPSM_BIAS:    "D3DSPSM_BIAS",
	D3DSPSM_BIASNEG: "D3DSPSM_BIASNEG",
	D3DSPSM_SIGN:    "D3DSPSM_SIGN",
	D3DSPSM_SIGNNEG: "D3DSPSM_SIGNNEG",
	D3DSPSM_COMP:    "D3DSPSM_COMP",
	D3DSPSM_X2:      "D3DSPSM_X2",
	D3DSPSM_X2NEG:   "D3DSPSM_X2NEG",
	D3DSPSM_DZ:      "D3DSPSM_DZ",
	D3DSPSM_DW:      "D3DSPSM_DW",
	D3DSPSM_ABS:     "D3DSPSM_ABS",
	D3DSPSM_ABSNEG:  "D3DSPSM_ABSNEG",
	D3DSPSM_NOT:     "D3DSPSM_NOT",
}

func (v ShaderSrcMod) String() string {
	if s, ok := shaderSrcModNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderSrcMod(%d)", uint32(v))
}

// BackBufferType is C's D3DBACKBUFFER_TYPE.
type BackBufferType uint32

const (
	D3DBACKBUFFER_TYPE_MONO  BackBufferType = 0
	D3DBACKBUFFER_TYPE_LEFT  BackBufferType = 1
	D3DBACKBUFFER_TYPE_RIGHT BackBufferType = 2
)

var backBufferTypeNames = map[BackBufferType]string{
	D3DBACKBUFFER_TYPE_MONO:  "D3DBACKBUFFER_TYPE_MONO",
	D3DBACKBUFFER_TYPE_LEFT:  "D3DBACKBUFFER_TYPE_LEFT",
	D3DBACKBUFFER_TYPE_RIGHT: "D3DBACKBUFFER_TYPE_RIGHT",
}

func (v BackBufferType) String() string {
	if s, ok := backBufferTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("BackBufferType(%d)", uint32(v))
}

// BasisType is C's D3DBASISTYPE.
type BasisType uint32

const (
	D3DBASIS_BEZIER      BasisType = 0
	D3DBASIS_BSPLINE     BasisType = 1
	D3DBASIS_INTERPOLATE BasisType = 2
)

var basisTypeNames = map[BasisType]string{
	D3DBASIS_BEZIER:      "D3DBASIS_BEZIER",
	D3DBASIS_BSPLINE:     "D3DBASIS_BSPLINE",
	D3DBASIS_INTERPOLATE: "D3DBASIS_INTERPOLATE",
}

func (v BasisType) String() string {
	if s, ok := basisTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("BasisType(%d)", uint32(v))
}

// Blend is C's D3DBLEND.
type Blend uint32

const (
	D3DBLEND_ZERO            Blend = 1
	D3DBLEND_ONE             Blend = 2
	D3DBLEND_SRCCOLOR        Blend = 3
	D3DBLEND_INVSRCCOLOR     Blend = 4
	D3DBLEND_SRCALPHA        Blend = 5
	D3DBLEND_INVSRCALPHA     Blend = 6
	D3DBLEND_DESTALPHA       Blend = 7
	D3DBLEND_INVDESTALPHA    Blend = 8
	D3DBLEND_DESTCOLOR       Blend = 9
	D3DBLEND_INVDESTCOLOR    Blend = 10
	D3DBLEND_SRCALPHASAT     Blend = 11
	D3DBLEND_BOTHSRCALPHA    Blend = 12
	D3DBLEND_BOTHINVSRCALPHA Blend = 13
	D3DBLEND_BLENDFACTOR     Blend = 14
	D3DBLEND_INVBLENDFACTOR  Blend = 15
	D3DBLEND_SRCCOLOR2       Blend = 16
	D3DBLEND_INVSRCCOLOR2    Blend = 17
)

var blendNames = map[Blend]string{
	D3DBLEND_ZERO:            "D3DBLEND_ZERO",
	D3DBLEND_ONE:             "D3DBLEND_ONE",
	D3DBLEND_SRCCOLOR:        "D3DBLEND_SRCCOLOR",
	D3DBLEND_INVSRCCOLOR:     "D3DBLEND_INVSRCCOLOR",
	D3DBLEND_SRCALPHA:        "D3DBLEND_SRCALPHA",
	D3DBLEND_INVSRCALPHA:     "D3DBLEND_INVSRCALPHA",
	D3DBLEND_DESTALPHA:       "D3DBLEND_DESTALPHA",
	D3DBLEND_INVDESTALPHA:    "D3DBLEND_INVDESTALPHA",
	D3DBLEND_DESTCOLOR:       "D3DBLEND_DESTCOLOR",
	D3DBLEND_INVDESTCOLOR:    "D3DBLEND_INVDESTCOLOR",
	D3DBLEND_SRCALPHASAT:     "D3DBLEND_SRCALPHASAT",
	D3DBLEND_BOTHSRCALPHA:    "D3DBLEND_BOTHSRCALPHA",
	D3DBLEND_BOTHINVSRCALPHA: "D3DBLEND_BOTHINVSRCALPHA",
	D3DBLEND_BLENDFACTOR:     "D3DBLEND_BLENDFACTOR",
	D3DBLEND_INVBLENDFACTOR:  "D3DBLEND_INVBLENDFACTOR",
	D3DBLEND_SRCCOLOR2:       "D3DBLEND_SRCCOLOR2",
	D3DBLEND_INVSRCCOLOR2:    "D3DBLEND_INVSRCCOLOR2",
}

func (v Blend) String() string {
	if s, ok := blendNames[v]; ok {
		return s
	}
	return fmt.Sprintf("Blend(%d)", uint32(v))
}

// BlendOp is C's D3DBLENDOP.
type BlendOp uint32

const (
	D3DBLENDOP_ADD         BlendOp = 1
	D3DBLENDOP_SUBTRACT    BlendOp = 2
	D3DBLENDOP_REVSUBTRACT BlendOp = 3
	D3DBLENDOP_MIN         BlendOp = 4
	D3DBLENDOP_MAX         BlendOp = 5
)

var blendOpNames = map[BlendOp]string{
	D3DBLENDOP_ADD:         "D3DBLENDOP_ADD",
	D3DBLENDOP_SUBTRACT:    "D3DBLENDOP_SUBTRACT",
	D3DBLENDOP_REVSUBTRACT: "D3DBLENDOP_REVSUBTRACT",
	D3DBLENDOP_MIN:         "D3DBLENDOP_MIN",
	D3DBLENDOP_MAX:         "D3DBLENDOP_MAX",
}

func (v BlendOp) String() string {
	if s, ok := blendOpNames[v]; ok {
		return s
	}
	return fmt.Sprintf("BlendOp(%d)", uint32(v))
}

// CmpFunc is C's D3DCMPFUNC.
type CmpFunc uint32

const (
	D3DCMP_NEVER        CmpFunc = 1
	D3DCMP_LESS         CmpFunc = 2
	D3DCMP_EQUAL        CmpFunc = 3
	D3DCMP_LESSEQUAL    CmpFunc = 4
	D3DCMP_GREATER      CmpFunc = 5
	D3DCMP_NOTEQUAL     CmpFunc = 6
	D3DCMP_GREATEREQUAL CmpFunc = 7
	D3DCMP_ALWAYS       CmpFunc = 8
)

var cmpFuncNames = map[CmpFunc]string{
	D3DCMP_NEVER:        "D3DCMP_NEVER",
	D3DCMP_LESS:         "D3DCMP_LESS",
	D3DCMP_EQUAL:        "D3DCMP_EQUAL",
	D3DCMP_LESSEQUAL:    "D3DCMP_LESSEQUAL",
	D3DCMP_GREATER:      "D3DCMP_GREATER",
	D3DCMP_NOTEQUAL:     "D3DCMP_NOTEQUAL",
	D3DCMP_GREATEREQUAL: "D3DCMP_GREATEREQUAL",
	D3DCMP_ALWAYS:       "D3DCMP_ALWAYS",
}

func (v CmpFunc) String() string {
	if s, ok := cmpFuncNames[v]; ok {
		return s
	}
	return fmt.Sprintf("CmpFunc(%d)", uint32(v))
}

// CubemapFace is C's D3DCUBEMAP_FACES.
type CubemapFace uint32

const (
	D3DCUBEMAP_FACE_POSITIVE_X CubemapFace = 0
	D3DCUBEMAP_FACE_NEGATIVE_X CubemapFace = 1
	D3DCUBEMAP_FACE_POSITIVE_Y CubemapFace = 2
	D3DCUBEMAP_FACE_NEGATIVE_Y CubemapFace = 3
	D3DCUBEMAP_FACE_POSITIVE_Z CubemapFace = 4
	D3DCUBEMAP_FACE_NEGATIVE_Z CubemapFace = 5
)

var cubemapFaceNames = map[CubemapFace]string{
	D3DCUBEMAP_FACE_POSITIVE_X: "D3DCUBEMAP_FACE_POSITIVE_X",
	D3DCUBEMAP_FACE_NEGATIVE_X: "D3DCUBEMAP_FACE_NEGATIVE_X",
	D3DCUBEMAP_FACE_POSITIVE_Y: "D3DCUBEMAP_FACE_POSITIVE_Y",
	D3DCUBEMAP_FACE_NEGATIVE_Y: "D3DCUBEMAP_FACE_NEGATIVE_Y",
	D3DCUBEMAP_FACE_POSITIVE_Z: "D3DCUBEMAP_FACE_POSITIVE_Z",
	D3DCUBEMAP_FACE_NEGATIVE_Z: "D3DCUBEMAP_FACE_NEGATIVE_Z",
}

func (v CubemapFace) String() string {
	if s, ok := cubemapFaceNames[v]; ok {
		return s
	}
	return fmt.Sprintf("CubemapFace(%d)", uint32(v))
}

// Cull is C's D3DCULL.
type Cull uint32

const (
	D3DCULL_NONE Cull = 1
	D3DCULL_CW   Cull = 2
	D3DCULL_CCW  Cull = 3
)

var cullNames = map[Cull]string{
	D3DCULL_NONE: "D3DCULL_NONE",
	D3DCULL_CW:   "D3DCULL_CW",
	D3DCULL_CCW:  "D3DCULL_CCW",
}

func (v Cull) String() string {
	if s, ok := cullNames[v]; ok {
		return s
	}
	return fmt.Sprintf("Cull(%d)", uint32(v))
}

// DebugMonitorToken is C's D3DDEBUGMONITORTOKENS.
type DebugMonitorToken uint32

const (
	D3DDMT_ENABLE  DebugMonitorToken = 0
	D3DDMT_DISABLE DebugMonitorToken = 1
)

var debugMonitorTokenNames = map[DebugMonitorToken]string{
	D3DDMT_ENABLE:  "D3DDMT_ENABLE",
	D3DDMT_DISABLE: "D3DDMT_DISABLE",
}

func (v DebugMonitorToken) String() string {
	if s, ok := debugMonitorTokenNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DebugMonitorToken(%d)", uint32(v))
}

// DegreeType is C's D3DDEGREETYPE.
type DegreeType uint32

const (
	D3DDEGREE_LINEAR    DegreeType = 1
	D3DDEGREE_QUADRATIC DegreeType = 2
	D3DDEGREE_CUBIC     DegreeType = 3
	D3DDEGREE_QUINTIC   DegreeType = 5
)

var degreeTypeNames = map[DegreeType]string{
	D3DDEGREE_LINEAR:    "D3DDEGREE_LINEAR",
	D3DDEGREE_QUADRATIC: "D3DDEGREE_QUADRATIC",
	D3DDEGREE_CUBIC:     "D3DDEGREE_CUBIC",
	D3DDEGREE_QUINTIC:   "D3DDEGREE_QUINTIC",
}

func (v DegreeType) String() string {
	if s, ok := degreeTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DegreeType(%d)", uint32(v))
}

// DevType is C's D3DDEVTYPE.
type DevType uint32

const (
	D3DDEVTYPE_HAL     DevType = 1
	D3DDEVTYPE_REF     DevType = 2
	D3DDEVTYPE_SW      DevType = 3
	D3DDEVTYPE_NULLREF DevType = 4
)

var devTypeNames = map[DevType]string{
	D3DDEVTYPE_HAL:     "D3DDEVTYPE_HAL",
	D3DDEVTYPE_REF:     "D3DDEVTYPE_REF",
	D3DDEVTYPE_SW:      "D3DDEVTYPE_SW",
	D3DDEVTYPE_NULLREF: "D3DDEVTYPE_NULLREF",
}

func (v DevType) String() string {
	if s, ok := devTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DevType(%d)", uint32(v))
}

// FillMode is C's D3DFILLMODE.
type FillMode uint32

const (
	D3DFILL_POINT     FillMode = 1
	D3DFILL_WIREFRAME FillMode = 2
	D3DFILL_SOLID     FillMode = 3
)

var fillModeNames = map[FillMode]string{
	D3DFILL_POINT:     "D3DFILL_POINT",
	D3DFILL_WIREFRAME: "D3DFILL_WIREFRAME",
	D3DFILL_SOLID:     "D3DFILL_SOLID",
}

func (v FillMode) String() string {
	if s, ok := fillModeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("FillMode(%d)", uint32(v))
}

// FogMode is C's D3DFOGMODE.
type FogMode uint32

const (
	D3DFOG_NONE   FogMode = 0
	D3DFOG_EXP    FogMode = 1
	D3DFOG_EXP2   FogMode = 2
	D3DFOG_LINEAR FogMode = 3
)

var fogModeNames = map[FogMode]string{
	D3DFOG_NONE:   "D3DFOG_NONE",
	D3DFOG_EXP:    "D3DFOG_EXP",
	D3DFOG_EXP2:   "D3DFOG_EXP2",
	D3DFOG_LINEAR: "D3DFOG_LINEAR",
}

func (v FogMode) String() string {
	if s, ok := fogModeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("FogMode(%d)", uint32(v))
}

// Format is C's D3DFORMAT.
type Format uint32

const (
	D3DFMT_UNKNOWN             Format = 0
	D3DFMT_R8G8B8              Format = 20
	D3DFMT_A8R8G8B8            Format = 21
	D3DFMT_X8R8G8B8            Format = 22
	D3DFMT_R5G6B5              Format = 23
	D3DFMT_X1R5G5B5            Format = 24
	D3DFMT_A1R5G5B5            Format = 25
	D3DFMT_A4R4G4B4            Format = 26
	D3DFMT_R3G3B2              Format = 27
	D3DFMT_A8                  Format = 28
	D3DFMT_A8R3G3B2            Format = 29
	D3DFMT_X4R4G4B4            Format = 30
	D3DFMT_A2B10G10R10         Format = 31
	D3DFMT_A8B8G8R8            Format = 32
	D3DFMT_X8B8G8R8            Format = 33
	D3DFMT_G16R16              Format = 34
	D3DFMT_A2R10G10B10         Format = 35
	D3DFMT_A16B16G16R16        Format = 36
	D3DFMT_A8P8                Format = 40
	D3DFMT_P8                  Format = 41
	D3DFMT_L8                  Format = 50
	D3DFMT_A8L8                Format = 51
	D3DFMT_A4L4                Format = 52
	D3DFMT_V8U8                Format = 60
	D3DFMT_L6V5U5              Format = 61
	D3DFMT_X8L8V8U8            Format = 62
	D3DFMT_Q8W8V8U8            Format = 63
	D3DFMT_V16U16              Format = 64
	D3DFMT_A2W10V10U10         Format = 67
	D3DFMT_UYVY                Format = 'U' | 'Y'<<8 | 'V'<<16 | 'Y'<<24
	D3DFMT_YUY2                Format = 'Y' | 'U'<<8 | 'Y'<<16 | '2'<<24
	D3DFMT_DXT1                Format = 'D' | 'X'<<8 | 'T'<<16 | '1'<<24
	D3DFMT_DXT2                Format = 'D' | 'X'<<8 | 'T'<<16 | '2'<<24
	D3DFMT_DXT3                Format = 'D' | 'X'<<8 | 'T'<<16 | '3'<<24
	D3DFMT_DXT4                Format = 'D' | 'X'<<8 | 'T'<<16 | '4'<<24
	D3DFMT_DXT5                Format = 'D' | 'X'<<8 | 'T'<<16 | '5'<<24
	D3DFMT_MULTI2_ARGB8        Format = 'M' | 'E'<<8 | 'T'<<16 | '1'<<24
	D3DFMT_G8R8_G8B8           Format = 'G' | 'R'<<8 | 'G'<<16 | 'B'<<24
	D3DFMT_R8G8_B8G8           Format = 'R' | 'G'<<8 | 'B'<<16 | 'G'<<24
	D3DFMT_D16_LOCKABLE        Format = 70
	D3DFMT_D32                 Format = 71
	D3DFMT_D15S1               Format = 73
	D3DFMT_D24S8               Format = 75
	D3DFMT_D24X8               Format = 77
	D3DFMT_D24X4S4             Format = 79
	D3DFMT_D16                 Format = 80
	D3DFMT_L16                 Format = 81
	D3DFMT_D32F_LOCKABLE       Format = 82
	D3DFMT_D24FS8              Format = 83
	D3DFMT_D32_LOCKABLE        Format = 84
	D3DFMT_S8_LOCKABLE         Format = 85
	D3DFMT_VERTEXDATA          Format = 100
	D3DFMT_INDEX16             Format = 101
	D3DFMT_INDEX32             Format = 102
	D3DFMT_Q16W16V16U16        Format = 110
	D3DFMT_R16F                Format = 111
	D3DFMT_G16R16F             Format = 112
	D3DFMT_A16B16G16R16F       Format = 113
	D3DFMT_R32F                Format = 114
	D3DFMT_G32R32F             Format = 115
	D3DFMT_A32B32G32R32F       Format = 116
	D3DFMT_CxV8U8              Format = 117
	D3DFMT_A1                  Format = 118
	D3DFMT_A2B10G10R10_XR_BIAS Format = 119
	D3DFMT_BINARYBUFFER        Format = 199

	// Vendor FourCC formats outside the SDK headers (depth textures,
	// ATI compressed formats, and the magic formats behind driver hacks
	// such as RESZ, alpha-to-coverage and instancing on SM2 hardware).
	D3DFMT_INTZ Format = 'I' | 'N'<<8 | 'T'<<16 | 'Z'<<24
	D3DFMT_DF16 Format = 'D' | 'F'<<8 | '1'<<16 | '6'<<24
	D3DFMT_DF24 Format = 'D' | 'F'<<8 | '2'<<16 | '4'<<24
	D3DFMT_RAWZ Format = 'R' | 'A'<<8 | 'W'<<16 | 'Z'<<24
	D3DFMT_NULL Format = 'N' | 'U'<<8 | 'L'<<16 | 'L'<<24
	D3DFMT_ATI1 Format = 'A' | 'T'<<8 | 'I'<<16 | '1'<<24
	D3DFMT_ATI2 Format = 'A' | 'T'<<8 | 'I'<<16 | '2'<<24
	D3DFMT_RESZ Format = 'R' | 'E'<<8 | 'S'<<16 | 'Z'<<24
	D3DFMT_ATOC Format = 'A' | 'T'<<8 | 'O'<<16 | 'C'<<24
	D3DFMT_INST Format = 'I' | 'N'<<8 | 'S'<<16 | 'T'<<24
	D3DFMT_NVDB Format = 'N' | 'V'<<8 | 'D'<<16 | 'B'<<24
	D3DFMT_A2M0 Format = 'A' | '2'<<8 | 'M'<<16 | '0'<<24
	D3DFMT_A2M1 Format = 'A' | '2'<<8 | 'M'<<16 | '1'<<24
	D3DFMT_SSAA Format = 'S' | 'S'<<8 | 'A'<<16 | 'A'<<24
	D3DFMT_NVHS Format = 'N' | 'V'<<8 | 'H'<<16 | 'S'<<24
	D3DFMT_NVHU Format = 'N' | 'V'<<8 | 'H'<<16 | 'U'<<24
)

var formatNames = map[Format]string{
	D3DFMT_UNKNOWN:             "D3DFMT_UNKNOWN",
	D3DFMT_R8G8B8:              "D3DFMT_R8G8B8",
	D3DFMT_A8R8G8B8:            "D3DFMT_A8R8G8B8",
	D3DFMT_X8R8G8B8:            "D3DFMT_X8R8G8B8",
	D3DFMT_R5G6B5:              "D3DFMT_R5G6B5",
	D3DFMT_X1R5G5B5:            "D3DFMT_X1R5G5B5",
	D3DFMT_A1R5G5B5:            "D3DFMT_A1R5G5B5",
	D3DFMT_A4R4G4B4:            "D3DFMT_A4R4G4B4",
	D3DFMT_R3G3B2:              "D3DFMT_R3G3B2",
	D3DFMT_A8:                  "D3DFMT_A8",
	D3DFMT_A8R3G3B2:            "D3DFMT_A8R3G3B2",
	D3DFMT_X4R4G4B4:            "D3DFMT_X4R4G4B4",
	D3DFMT_A2B10G10R10:         "D3DFMT_A2B10G10R10",
	D3DFMT_A8B8G8R8:            "D3DFMT_A8B8G8R8",
	D3DFMT_X8B8G8R8:            "D3DFMT_X8B8G8R8",
	D3DFMT_G16R16:              "D3DFMT_G16R16",
	D3DFMT_A2R10G10B10:         "D3DFMT_A2R10G10B10",
	D3DFMT_A16B16G16R16:        "D3DFMT_A16B16G16R16",
	D3DFMT_A8P8:                "D3DFMT_A8P8",
	D3DFMT_P8:                  "D3DFMT_P8",
	D3DFMT_L8:                  "D3DFMT_L8",
	D3DFMT_A8L8:                "D3DFMT_A8L8",
	D3DFMT_A4L4:                "D3DFMT_A4L4",
	D3DFMT_V8U8:                "D3DFMT_V8U8",
	D3DFMT_L6V5U5:              "D3DFMT_L6V5U5",
	D3DFMT_X8L8V8U8:            "D3DFMT_X8L8V8U8",
	D3DFMT_Q8W8V8U8:            "D3DFMT_Q8W8V8U8",
	D3DFMT_V16U16:              "D3DFMT_V16U16",
	D3DFMT_A2W10V10U10:         "D3DFMT_A2W10V10U10",
	D3DFMT_UYVY:                "D3DFMT_UYVY",
	D3DFMT_YUY2:                "D3DFMT_YUY2",
	D3DFMT_DXT1:                "D3DFMT_DXT1",
	D3DFMT_DXT2:                "D3DFMT_DXT2",
	D3DFMT_DXT3:                "D3DFMT_DXT3",
	D3DFMT_DXT4:                "D3DFMT_DXT4",
	D3DFMT_DXT5:                "D3DFMT_DXT5",
	D3DFMT_MULTI2_ARGB8:        "D3DFMT_MULTI2_ARGB8",
	D3DFMT_G8R8_G8B8:           "D3DFMT_G8R8_G8B8",
	D3DFMT_R8G8_B8G8:           "D3DFMT_R8G8_B8G8",
	D3DFMT_D16_LOCKABLE:        "D3DFMT_D16_LOCKABLE",
	D3DFMT_D32:                 "D3DFMT_D32",
	D3DFMT_D15S1:               "D3DFMT_D15S1",
	D3DFMT_D24S8:               "D3DFMT_D24S8",
	D3DFMT_D24X8:               "D3DFMT_D24X8",
	D3DFMT_D24X4S4:             "D3DFMT_D24X4S4",
	D3DFMT_D16:                 "D3DFMT_D16",
	D3DFMT_L16:                 "D3DFMT_L16",
	D3DFMT_D32F_LOCKABLE:       "D3DFMT_D32F_LOCKABLE",
	D3DFMT_D24FS8:              "D3DFMT_D24FS8",
	D3DFMT_D32_LOCKABLE:        "D3DFMT_D32_LOCKABLE",
	D3DFMT_S8_LOCKABLE:         "D3DFMT_S8_LOCKABLE",
	D3DFMT_VERTEXDATA:          "D3DFMT_VERTEXDATA",
	D3DFMT_INDEX16:             "D3DFMT_INDEX16",
	D3DFMT_INDEX32:             "D3DFMT_INDEX32",
	D3DFMT_Q16W16V16U16:        "D3DFMT_Q16W16V16U16",
	D3DFMT_R16F:                "D3DFMT_R16F",
	D3DFMT_G16R16F:             "D3DFMT_G16R16F",
	D3DFMT_A16B16G16R16F:       "D3DFMT_A16B16G16R16F",
	D3DFMT_R32F:                "D3DFMT_R32F",
	D3DFMT_G32R32F:             "D3DFMT_G32R32F",
	D3DFMT_A32B32G32R32F:       "D3DFMT_A32B32G32R32F",
	D3DFMT_CxV8U8:              "D3DFMT_CxV8U8",
	D3DFMT_A1:                  "D3DFMT_A1",
	D3DFMT_A2B10G10R10_XR_BIAS: "D3DFMT_A2B10G10R10_XR_BIAS",
	D3DFMT_BINARYBUFFER:        "D3DFMT_BINARYBUFFER",
	D3DFMT_INTZ:                "D3DFMT_INTZ",
	D3DFMT_DF16:                "D3DFMT_DF16",
	D3DFMT_DF24:                "D3DFMT_DF24",
	D3DFMT_RAWZ:                "D3DFMT_RAWZ",
	D3DFMT_NULL:                "D3DFMT_NULL",
	D3DFMT_ATI1:                "D3DFMT_ATI1",
	D3DFMT_ATI2:                "D3DFMT_ATI2",
	D3DFMT_RESZ:                "D3DFMT_RESZ",
	D3DFMT_ATOC:                "D3DFMT_ATOC",
	D3DFMT_INST:                "D3DFMT_INST",
	D3DFMT_NVDB:                "D3DFMT_NVDB",
	D3DFMT_A2M0:                "D3DFMT_A2M0",
	D3DFMT_A2M1:                "D3DFMT_A2M1",
	D3DFMT_SSAA:                "D3DFMT_SSAA",
	D3DFMT_NVHS:                "D3DFMT_NVHS",
	D3DFMT_NVHU:                "D3DFMT_NVHU",
}

// LightType is C's D3DLIGHTTYPE.
type LightType uint32

const (
	D3DLIGHT_POINT       LightType = 1
	D3DLIGHT_SPOT        LightType = 2
	D3DLIGHT_DIRECTIONAL LightType = 3
)

var lightTypeNames = map[LightType]string{
	D3DLIGHT_POINT:       "D3DLIGHT_POINT",
	D3DLIGHT_SPOT:        "D3DLIGHT_SPOT",
	D3DLIGHT_DIRECTIONAL: "D3DLIGHT_DIRECTIONAL",
}

func (v LightType) String() string {
	if s, ok := lightTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("LightType(%d)", uint32(v))
}

// MaterialColorSource is C's D3DMATERIALCOLORSOURCE.
type MaterialColorSource uint32

const (
	D3DMCS_MATERIAL MaterialColorSource = 0
	D3DMCS_COLOR1   MaterialColorSource = 1
	D3DMCS_COLOR2   MaterialColorSource = 2
)

var materialColorSourceNames = map[MaterialColorSource]string{
	D3DMCS_MATERIAL: "D3DMCS_MATERIAL",
	D3DMCS_COLOR1:   "D3DMCS_COLOR1",
	D3DMCS_COLOR2:   "D3DMCS_COLOR2",
}

func (v MaterialColorSource) String() string {
	if s, ok := materialColorSourceNames[v]; ok {
		return s
	}
	return fmt.Sprintf("MaterialColorSource(%d)", uint32(v))
}

// MultisampleType is C's D3DMULTISAMPLE_TYPE.
type MultisampleType uint32

const (
	D3DMULTISAMPLE_NONE        MultisampleType = 0
	D3DMULTISAMPLE_NONMASKABLE MultisampleType = 1
	D3DMULTISAMPLE_2_SAMPLES   MultisampleType = 2
	D3DMULTISAMPLE_3_SAMPLES   MultisampleType = 3
	D3DMULTISAMPLE_4_SAMPLES   MultisampleType = 4
	D3DMULTISAMPLE_5_SAMPLES   MultisampleType = 5
	D3DMULTISAMPLE_6_SAMPLES   MultisampleType = 6
	D3DMULTISAMPLE_7_SAMPLES   MultisampleType = 7
	D3DMULTISAMPLE_8_SAMPLES   MultisampleType = 8
	D3DMULTISAMPLE_9_SAMPLES   MultisampleType = 9
	D3DMULTISAMPLE_10_SAMPLES  MultisampleType = 10
	D3DMULTISAMPLE_11_SAMPLES  MultisampleType = 11
	D3DMULTISAMPLE_12_SAMPLES  MultisampleType = 12
	D3DMULTISAMPLE_13_SAMPLES  MultisampleType = 13
	D3DMULTISAMPLE_14_SAMPLES  MultisampleType = 14
	D3DMULTISAMPLE_15_SAMPLES  MultisampleType = 15
	D3DMULTISAMPLE_16_SAMPLES  MultisampleType = 16
)

var multisampleTypeNames = map[MultisampleType]string{
	D3DMULTISAMPLE_NONE:        "D3DMULTISAMPLE_NONE",
	D3DMULTISAMPLE_NONMASKABLE: "D3DMULTISAMPLE_NONMASKABLE",
	D3DMULTISAMPLE_2_SAMPLES:   "D3DMULTISAMPLE_2_SAMPLES",
	D3DMULTISAMPLE_3_SAMPLES:   "D3DMULTISAMPLE_3_SAMPLES",
	D3DMULTISAMPLE_4_SAMPLES:   "D3DMULTISAMPLE_4_SAMPLES",
	D3DMULTISAMPLE_5_SAMPLES:   "D3DMULTISAMPLE_5_SAMPLES",
	D3DMULTISAMPLE_6_SAMPLES:   "D3DMULTISAMPLE_6_SAMPLES",
	D3DMULTISAMPLE_7_SAMPLES:   "D3DMULTISAMPLE_7_SAMPLES",
	D3DMULTISAMPLE_8_SAMPLES:   "D3DMULTISAMPLE_8_SAMPLES",
	D3DMULTISAMPLE_9_SAMPLES:   "D3DMULTISAMPLE_9_SAMPLES",
	D3DMULTISAMPLE_10_SAMPLES:  "D3DMULTISAMPLE_10_SAMPLES",
	D3DMULTISAMPLE_11_SAMPLES:  "D3DMULTISAMPLE_11_SAMPLES",
	D3DMULTISAMPLE_12_SAMPLES:  "D3DMULTISAMPLE_12_SAMPLES",
	D3DMULTISAMPLE_13_SAMPLES:  "D3DMULTISAMPLE_13_SAMPLES",
	D3DMULTISAMPLE_14_SAMPLES:  "D3DMULTISAMPLE_14_SAMPLES",
	D3DMULTISAMPLE_15_SAMPLES:  "D3DMULTISAMPLE_15_SAMPLES",
	D3DMULTISAMPLE_16_SAMPLES:  "D3DMULTISAMPLE_16_SAMPLES",
}

func (v MultisampleType) String() string {
	if s, ok := multisampleTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("MultisampleType(%d)", uint32(v))
}

// PatchEdgeStyle is C's D3DPATCHEDGESTYLE.
type PatchEdgeStyle uint32

const (
	D3DPATCHEDGE_DISCRETE   PatchEdgeStyle = 0
	D3DPATCHEDGE_CONTINUOUS PatchEdgeStyle = 1
)

var patchEdgeStyleNames = map[PatchEdgeStyle]string{
	D3DPATCHEDGE_DISCRETE:   "D3DPATCHEDGE_DISCRETE",
	D3DPATCHEDGE_CONTINUOUS: "D3DPATCHEDGE_CONTINUOUS",
}

func (v PatchEdgeStyle) String() string {
	if s, ok := patchEdgeStyleNames[v]; ok {
		return s
	}
	return fmt.Sprintf("PatchEdgeStyle(%d)", uint32(v))
}

// Pool is C's D3DPOOL.
type Pool uint32

const (
	D3DPOOL_DEFAULT   Pool = 0
	D3DPOOL_MANAGED   Pool = 1
	D3DPOOL_SYSTEMMEM Pool = 2
	D3DPOOL_SCRATCH   Pool = 3
)

var poolNames = map[Pool]string{
	D3DPOOL_DEFAULT:   "D3DPOOL_DEFAULT",
	D3DPOOL_MANAGED:   "D3DPOOL_MANAGED",
	D3DPOOL_SYSTEMMEM: "D3DPOOL_SYSTEMMEM",
	D3DPOOL_SCRATCH:   "D3DPOOL_SCRATCH",
}

func (v Pool) String() string {
	if s, ok := poolNames[v]; ok {
		return s
	}
	return fmt.Sprintf("Pool(%d)", uint32(v))
}

// PrimitiveType is C's D3DPRIMITIVETYPE.
type PrimitiveType uint32

const (
	D3DPT_POINTLIST     PrimitiveType = 1
	D3DPT_LINELIST      PrimitiveType = 2
	D3DPT_LINESTRIP     PrimitiveType = 3
	D3DPT_TRIANGLELIST  PrimitiveType = 4
	D3DPT_TRIANGLESTRIP PrimitiveType = 5
	D3DPT_TRIANGLEFAN   PrimitiveType = 6
)

var primitiveTypeNames = map[PrimitiveType]string{
	D3DPT_POINTLIST:     "D3DPT_POINTLIST",
	D3DPT_LINELIST:      "D3DPT_LINELIST",
	D3DPT_LINESTRIP:     "D3DPT_LINESTRIP",
	D3DPT_TRIANGLELIST:  "D3DPT_TRIANGLELIST",
	D3DPT_TRIANGLESTRIP: "D3DPT_TRIANGLESTRIP",
	D3DPT_TRIANGLEFAN:   "D3DPT_TRIANGLEFAN",
}

func (v PrimitiveType) String() string {
	if s, ok := primitiveTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("PrimitiveType(%d)", uint32(v))
}

// RenderStateType is C's D3DRENDERSTATETYPE.
type RenderStateType uint32

const (
	D3DRS_ZENABLE                    RenderStateType = 7
	D3DRS_FILLMODE                   RenderStateType = 8
	D3DRS_SHADEMODE                  RenderStateType = 9
	D3DRS_ZWRITEENABLE               RenderStateType = 14
	D3DRS_ALPHATESTENABLE            RenderStateType = 15
	D3DRS_LASTPIXEL                  RenderStateType = 16
	D3DRS_SRCBLEND                   RenderStateType = 19
	D3DRS_DESTBLEND                  RenderStateType = 20
	D3DRS_CULLMODE                   RenderStateType = 22
	D3DRS_ZFUNC                      RenderStateType = 23
	D3DRS_ALPHAREF                   RenderStateType = 24
	D3DRS_ALPHAFUNC                  RenderStateType = 25
	D3DRS_DITHERENABLE               RenderStateType = 26
	D3DRS_ALPHABLENDENABLE           RenderStateType = 27
	D3DRS_FOGENABLE                  RenderStateType = 28
	D3DRS_SPECULARENABLE             RenderStateType = 29
	D3DRS_FOGCOLOR                   RenderStateType = 34
	D3DRS_FOGTABLEMODE               RenderStateType = 35
	D3DRS_FOGSTART                   RenderStateType = 36
	D3DRS_FOGEND                     RenderStateType = 37
	D3DRS_FOGDENSITY                 RenderStateType = 38
	D3DRS_RANGEFOGENABLE             RenderStateType = 48
	D3DRS_STENCILENABLE              RenderStateType = 52
	D3DRS_STENCILFAIL                RenderStateType = 53
	D3DRS_STENCILZFAIL               RenderStateType = 54
	D3DRS_STENCILPASS                RenderStateType = 55
	D3DRS_STENCILFUNC                RenderStateType = 56
	D3DRS_STENCILREF                 RenderStateType = 57
	D3DRS_STENCILMASK                RenderStateType = 58
	D3DRS_STENCILWRITEMASK           RenderStateType = 59
	D3DRS_TEXTUREFACTOR              RenderStateType = 60
	D3DRS_WRAP0                      RenderStateType = 128
	D3DRS_WRAP1                      RenderStateType = 129
	D3DRS_WRAP2                      RenderStateType = 130
	D3DRS_WRAP3                      RenderStateType = 131
	D3DRS_WRAP4                      RenderStateType = 132
	D3DRS_WRAP5                      RenderStateType = 133
	D3DRS_WRAP6                      RenderStateType = 134
	D3DRS_WRAP7                      RenderStateType = 135
	D3DRS_CLIPPING                   RenderStateType = 136
	D3DRS_LIGHTING                   RenderStateType = 137
	D3DRS_AMBIENT                    RenderStateType = 139
	D3DRS_FOGVERTEXMODE              RenderStateType = 140
	D3DRS_COLORVERTEX                RenderStateType = 141
	D3DRS_LOCALVIEWER                RenderStateType = 142
	D3DRS_NORMALIZENORMALS           RenderStateType = 143
	D3DRS_DIFFUSEMATERIALSOURCE      RenderStateType = 145
	D3DRS_SPECULARMATERIALSOURCE     RenderStateType = 146
	D3DRS_AMBIENTMATERIALSOURCE      RenderStateType = 147
	D3DRS_EMISSIVEMATERIALSOURCE     RenderStateType = 148
	D3DRS_VERTEXBLEND                RenderStateType = 151
	D3DRS_CLIPPLANEENABLE            RenderStateType = 152
	D3DRS_POINTSIZE                  RenderStateType = 154
	D3DRS_POINTSIZE_MIN              RenderStateType = 155
	D3DRS_POINTSPRITEENABLE          RenderStateType = 156
	D3DRS_POINTSCALEENABLE           RenderStateType = 157
	D3DRS_POINTSCALE_A               RenderStateType = 158
	D3DRS_POINTSCALE_B               RenderStateType = 159
	D3DRS_POINTSCALE_C               RenderStateType = 160
	D3DRS_MULTISAMPLEANTIALIAS       RenderStateType = 161
	D3DRS_MULTISAMPLEMASK            RenderStateType = 162
	D3DRS_PATCHEDGESTYLE             RenderStateType = 163
	D3DRS_DEBUGMONITORTOKEN          RenderStateType = 165
	D3DRS_POINTSIZE_MAX              RenderStateType = 166
	D3DRS_INDEXEDVERTEXBLENDENABLE   RenderStateType = 167
	D3DRS_COLORWRITEENABLE           RenderStateType = 168
	D3DRS_TWEENFACTOR                RenderStateType = 170
	D3DRS_BLENDOP                    RenderStateType = 171
	D3DRS_POSITIONDEGREE             RenderStateType = 172
	D3DRS_NORMALDEGREE               RenderStateType = 173
	D3DRS_SCISSORTESTENABLE          RenderStateType = 174
	D3DRS_SLOPESCALEDEPTHBIAS        RenderStateType = 175
	D3DRS_ANTIALIASEDLINEENABLE      RenderStateType = 176
	D3DRS_MINTESSELLATIONLEVEL       RenderStateType = 178
	D3DRS_MAXTESSELLATIONLEVEL       RenderStateType = 179
	D3DRS_ADAPTIVETESS_X             RenderStateType = 180
	D3DRS_ADAPTIVETESS_Y             RenderStateType = 181
	D3DRS_ADAPTIVETESS_Z             RenderStateType = 182
	D3DRS_ADAPTIVETESS_W             RenderStateType = 183
	D3DRS_ENABLEADAPTIVETESSELLATION RenderStateType = 184
	D3DRS_TWOSIDEDSTENCILMODE        RenderStateType = 185
	D3DRS_CCW_STENCILFAIL            RenderStateType = 186
	D3DRS_CCW_STENCILZFAIL           RenderStateType = 187
	D3DRS_CCW_STENCILPASS            RenderStateType = 188
	D3DRS_CCW_STENCILFUNC            RenderStateType = 189
	D3DRS_COLORWRITEENABLE1          RenderStateType = 190
	D3DRS_COLORWRITEENABLE2          RenderStateType = 191
	D3DRS_COLORWRITEENABLE3          RenderStateType = 192
	D3DRS_BLENDFACTOR                RenderStateType = 193
	D3DRS_SRGBWRITEENABLE            RenderStateType = 194
	D3DRS_DEPTHBIAS                  RenderStateType = 195
	D3DRS_WRAP8                      RenderStateType = 198
	D3DRS_WRAP9                      RenderStateType = 199
	D3DRS_WRAP10                     RenderStateType = 200
	D3DRS_WRAP11                     RenderStateType = 201
	D3DRS_WRAP12                     RenderStateType = 202
	D3DRS_WRAP13                     RenderStateType = 203
	D3DRS_WRAP14                     RenderStateType = 204
	D3DRS_WRAP15                     RenderStateType = 205
	D3DRS_SEPARATEALPHABLENDENABLE   RenderStateType = 206
	D3DRS_SRCBLENDALPHA              RenderStateType = 207
	D3DRS_DESTBLENDALPHA             RenderStateType = 208
	D3DRS_BLENDOPALPHA               RenderStateType = 209
)

var renderStateTypeNames = map[RenderStateType]string{
	D3DRS_ZENABLE:                    "D3DRS_ZENABLE",
	D3DRS_FILLMODE:                   "D3DRS_FILLMODE",
	D3DRS_SHADEMODE:                  "D3DRS_SHADEMODE",
	D3DRS_ZWRITEENABLE:               "D3DRS_ZWRITEENABLE",
	D3DRS_ALPHATESTENABLE:            "D3DRS_ALPHATESTENABLE",
	D3DRS_LASTPIXEL:                  "D3DRS_LASTPIXEL",
	D3DRS_SRCBLEND:                   "D3DRS_SRCBLEND",
	D3DRS_DESTBLEND:                  "D3DRS_DESTBLEND",
	D3DRS_CULLMODE:                   "D3DRS_CULLMODE",
	D3DRS_ZFUNC:                      "D3DRS_ZFUNC",
	D3DRS_ALPHAREF:                   "D3DRS_ALPHAREF",
	D3DRS_ALPHAFUNC:                  "D3DRS_ALPHAFUNC",
	D3DRS_DITHERENABLE:               "D3DRS_DITHERENABLE",
	D3DRS_ALPHABLENDENABLE:           "D3DRS_ALPHABLENDENABLE",
	D3DRS_FOGENABLE:                  "D3DRS_FOGENABLE",
	D3DRS_SPECULARENABLE:             "D3DRS_SPECULARENABLE",
	D3DRS_FOGCOLOR:                   "D3DRS_FOGCOLOR",
	D3DRS_FOGTABLEMODE:               "D3DRS_FOGTABLEMODE",
	D3DRS_FOGSTART:                   "D3DRS_FOGSTART",
	D3DRS_FOGEND:                     "D3DRS_FOGEND",
	D3DRS_FOGDENSITY:                 "D3DRS_FOGDENSITY",
	D3DRS_RANGEFOGENABLE:             "D3DRS_RANGEFOGENABLE",
	D3DRS_STENCILENABLE:              "D3DRS_STENCILENABLE",
	D3DRS_STENCILFAIL:                "D3DRS_STENCILFAIL",
	D3DRS_STENCILZFAIL:               "D3DRS_STENCILZFAIL",
	D3DRS_STENCILPASS:                "D3DRS_STENCILPASS",
	D3DRS_STENCILFUNC:                "D3DRS_STENCILFUNC",
	D3DRS_STENCILREF:                 "D3DRS_STENCILREF",
	D3DRS_STENCILMASK:                "D3DRS_STENCILMASK",
	D3DRS_STENCILWRITEMASK:           "D3DRS_STENCILWRITEMASK",
	D3DRS_TEXTUREFACTOR:              "D3DRS_TEXTUREFACTOR",
	D3DRS_WRAP0:                      "D3DRS_WRAP0",
	D3DRS_WRAP1:                      "D3DRS_WRAP1",
	D3DRS_WRAP2:                      "D3DRS_WRAP2",
	D3DRS_WRAP3:                      "D3DRS_WRAP3",
	D3DRS_WRAP4:                      "D3DRS_WRAP4",
	D3DRS_WRAP5:                      "D3DRS_WRAP5",
	D3DRS_WRAP6:                      "D3DRS_WRAP6",
	D3DRS_WRAP7:                      "D3DRS_WRAP7",
	D3DRS_CLIPPING:                   "D3DRS_CLIPPING",
	D3DRS_LIGHTING:                   "D3DRS_LIGHTING",
	D3DRS_AMBIENT:                    "D3DRS_AMBIENT",
	D3DRS_FOGVERTEXMODE:              "D3DRS_FOGVERTEXMODE",
	D3DRS_COLORVERTEX:                "D3DRS_COLORVERTEX",
	D3DRS_LOCALVIEWER:                "D3DRS_LOCALVIEWER",
	D3DRS_NORMALIZENORMALS:           "D3DRS_NORMALIZENORMALS",
	D3DRS_DIFFUSEMATERIALSOURCE:      "D3DRS_DIFFUSEMATERIALSOURCE",
	D3DRS_SPECULARMATERIALSOURCE:     "D3DRS_SPECULARMATERIALSOURCE",
	D3DRS_AMBIENTMATERIALSOURCE:      "D3DRS_AMBIENTMATERIALSOURCE",
	D3DRS_EMISSIVEMATERIALSOURCE:     "D3DRS_EMISSIVEMATERIALSOURCE",
	D3DRS_VERTEXBLEND:                "D3DRS_VERTEXBLEND",
	D3DRS_CLIPPLANEENABLE:            "D3DRS_CLIPPLANEENABLE",
	D3DRS_POINTSIZE:                  "D3DRS_POINTSIZE",
	D3DRS_POINTSIZE_MIN:              "D3DRS_POINTSIZE_MIN",
	D3DRS_POINTSPRITEENABLE:          "D3DRS_POINTSPRITEENABLE",
	D3DRS_POINTSCALEENABLE:           "D3DRS_POINTSCALEENABLE",
	D3DRS_POINTSCALE_A:               "D3DRS_POINTSCALE_A",
	D3DRS_POINTSCALE_B:               "D3DRS_POINTSCALE_B",
	D3DRS_POINTSCALE_C:               "D3DRS_POINTSCALE_C",
	D3DRS_MULTISAMPLEANTIALIAS:       "D3DRS_MULTISAMPLEANTIALIAS",
	D3DRS_MULTISAMPLEMASK:            "D3DRS_MULTISAMPLEMASK",
	D3DRS_PATCHEDGESTYLE:             "D3DRS_PATCHEDGESTYLE",
	D3DRS_DEBUGMONITORTOKEN:          "D3DRS_DEBUGMONITORTOKEN",
	D3DRS_POINTSIZE_MAX:              "D3DRS_POINTSIZE_MAX",
	D3DRS_INDEXEDVERTEXBLENDENABLE:   "D3DRS_INDEXEDVERTEXBLENDENABLE",
	D3DRS_COLORWRITEENABLE:           "D3DRS_COLORWRITEENABLE",
	D3DRS_TWEENFACTOR:                "D3DRS_TWEENFACTOR",
	D3DRS_BLENDOP:                    "D3DRS_BLENDOP",
	D3DRS_POSITIONDEGREE:             "D3DRS_POSITIONDEGREE",
	D3DRS_NORMALDEGREE:               "D3DRS_NORMALDEGREE",
	D3DRS_SCISSORTESTENABLE:          "D3DRS_SCISSORTESTENABLE",
	D3DRS_SLOPESCALEDEPTHBIAS:        "D3DRS_SLOPESCALEDEPTHBIAS",
	D3DRS_ANTIALIASEDLINEENABLE:      "D3DRS_ANTIALIASEDLINEENABLE",
	D3DRS_MINTESSELLATIONLEVEL:       "D3DRS_MINTESSELLATIONLEVEL",
	D3DRS_MAXTESSELLATIONLEVEL:       "D3DRS_MAXTESSELLATIONLEVEL",
	D3DRS_ADAPTIVETESS_X:             "D3DRS_ADAPTIVETESS_X",
	D3DRS_ADAPTIVETESS_Y:             "D3DRS_ADAPTIVETESS_Y",
	D3DRS_ADAPTIVETESS_Z:             "D3DRS_ADAPTIVETESS_Z",
	D3DRS_ADAPTIVETESS_W:             "D3DRS_ADAPTIVETESS_W",
	D3DRS_ENABLEADAPTIVETESSELLATION: "D3DRS_ENABLEADAPTIVETESSELLATION",
	D3DRS_TWOSIDEDSTENCILMODE:        "D3DRS_TWOSIDEDSTENCILMODE",
	D3DRS_CCW_STENCILFAIL:            "D3DRS_CCW_STENCILFAIL",
	D3DRS_CCW_STENCILZFAIL:           "D3DRS_CCW_STENCILZFAIL",
	D3DRS_CCW_STENCILPASS:            "D3DRS_CCW_STENCILPASS",
	D3DRS_CCW_STENCILFUNC:            "D3DRS_CCW_STENCILFUNC",
	D3DRS_COLORWRITEENABLE1:          "D3DRS_COLORWRITEENABLE1",
	D3DRS_COLORWRITEENABLE2:          "D3DRS_COLORWRITEENABLE2",
	D3DRS_COLORWRITEENABLE3:          "D3DRS_COLORWRITEENABLE3",
	D3DRS_BLENDFACTOR:                "D3DRS_BLENDFACTOR",
	D3DRS_SRGBWRITEENABLE:            "D3DRS_SRGBWRITEENABLE",
	D3DRS_DEPTHBIAS:                  "D3DRS_DEPTHBIAS",
	D3DRS_WRAP8:                      "D3DRS_WRAP8",
	D3DRS_WRAP9:                      "D3DRS_WRAP9",
	D3DRS_WRAP10:                     "D3DRS_WRAP10",
	D3DRS_WRAP11:                     "D3DRS_WRAP11",
	D3DRS_WRAP12:                     "D3DRS_WRAP12",
	D3DRS_WRAP13:                     "D3DRS_WRAP13",
	D3DRS_WRAP14:                     "D3DRS_WRAP14",
	D3DRS_WRAP15:                     "D3DRS_WRAP15",
	D3DRS_SEPARATEALPHABLENDENABLE:   "D3DRS_SEPARATEALPHABLENDENABLE",
	D3DRS_SRCBLENDALPHA:              "D3DRS_SRCBLENDALPHA",
	D3DRS_DESTBLENDALPHA:             "D3DRS_DESTBLENDALPHA",
	D3DRS_BLENDOPALPHA:               "D3DRS_BLENDOPALPHA",
}

func (v RenderStateType) String() string {
	if s, ok := renderStateTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("RenderStateType(%d)", uint32(v))
}

// ResourceType is C's D3DRESOURCETYPE.
type ResourceType uint32

const (
	D3DRTYPE_SURFACE       ResourceType = 1
	D3DRTYPE_VOLUME        ResourceType = 2
	D3DRTYPE_TEXTURE       ResourceType = 3
	D3DRTYPE_VOLUMETEXTURE ResourceType = 4
	D3DRTYPE_CUBETEXTURE   ResourceType = 5
	D3DRTYPE_VERTEXBUFFER  ResourceType = 6
	D3DRTYPE_INDEXBUFFER   ResourceType = 7
)

var resourceTypeNames = map[ResourceType]string{
	D3DRTYPE_SURFACE:       "D3DRTYPE_SURFACE",
	D3DRTYPE_VOLUME:        "D3DRTYPE_VOLUME",
	D3DRTYPE_TEXTURE:       "D3DRTYPE_TEXTURE",
	D3DRTYPE_VOLUMETEXTURE: "D3DRTYPE_VOLUMETEXTURE",
	D3DRTYPE_CUBETEXTURE:   "D3DRTYPE_CUBETEXTURE",
	D3DRTYPE_VERTEXBUFFER:  "D3DRTYPE_VERTEXBUFFER",
	D3DRTYPE_INDEXBUFFER:   "D3DRTYPE_INDEXBUFFER",
}

func (v ResourceType) String() string {
	if s, ok := resourceTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ResourceType(%d)", uint32(v))
}

// ShadeMode is C's D3DSHADEMODE.
type ShadeMode uint32

const (
	D3DSHADE_FLAT    ShadeMode = 1
	D3DSHADE_GOURAUD ShadeMode = 2
	D3DSHADE_PHONG   ShadeMode = 3
)

var shadeModeNames = map[ShadeMode]string{
	D3DSHADE_FLAT:    "D3DSHADE_FLAT",
	D3DSHADE_GOURAUD: "D3DSHADE_GOURAUD",
	D3DSHADE_PHONG:   "D3DSHADE_PHONG",
}

func (v ShadeMode) String() string {
	if s, ok := shadeModeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShadeMode(%d)", uint32(v))
}

// StateBlockType is C's D3DSTATEBLOCKTYPE.
type StateBlockType uint32

const (
	D3DSBT_ALL         StateBlockType = 1
	D3DSBT_PIXELSTATE  StateBlockType = 2
	D3DSBT_VERTEXSTATE StateBlockType = 3
)

var stateBlockTypeNames = map[StateBlockType]string{
	D3DSBT_ALL:         "D3DSBT_ALL",
	D3DSBT_PIXELSTATE:  "D3DSBT_PIXELSTATE",
	D3DSBT_VERTEXSTATE: "D3DSBT_VERTEXSTATE",
}

func (v StateBlockType) String() string {
	if s, ok := stateBlockTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("StateBlockType(%d)", uint32(v))
}

// StencilOp is C's D3DSTENCILOP.
type StencilOp uint32

const (
	D3DSTENCILOP_KEEP    StencilOp = 1
	D3DSTENCILOP_ZERO    StencilOp = 2
	D3DSTENCILOP_REPLACE StencilOp = 3
	D3DSTENCILOP_INCRSAT StencilOp = 4
	D3DSTENCILOP_DECRSAT StencilOp = 5
	D3DSTENCILOP_INVERT  StencilOp = 6
	D3DSTENCILOP_INCR    StencilOp = 7
	D3DSTENCILOP_DECR    StencilOp = 8
)

var stencilOpNames = map[StencilOp]string{
	D3DSTENCILOP_KEEP:    "D3DSTENCILOP_KEEP",
	D3DSTENCILOP_ZERO:    "D3DSTENCILOP_ZERO",
	D3DSTENCILOP_REPLACE: "D3DSTENCILOP_REPLACE",
	D3DSTENCILOP_INCRSAT: "D3DSTENCILOP_INCRSAT",
	D3DSTENCILOP_DECRSAT: "D3DSTENCILOP_DECRSAT",
	D3DSTENCILOP_INVERT:  "D3DSTENCILOP_INVERT",
	D3DSTENCILOP_INCR:    "D3DSTENCILOP_INCR",
	D3DSTENCILOP_DECR:    "D3DSTENCILOP_DECR",
}

func (v StencilOp) String() string {
	if s, ok := stencilOpNames[v]; ok {
		return s
	}
	return fmt.Sprintf("StencilOp(%d)", uint32(v))
}

// SwapEffect is C's D3DSWAPEFFECT.
type SwapEffect uint32

const (
	D3DSWAPEFFECT_DISCARD SwapEffect = 1
	D3DSWAPEFFECT_FLIP    SwapEffect = 2
	D3DSWAPEFFECT_COPY    SwapEffect = 3
	D3DSWAPEFFECT_OVERLAY SwapEffect = 4
	D3DSWAPEFFECT_FLIPEX  SwapEffect = 5
)

var swapEffectNames = map[SwapEffect]string{
	D3DSWAPEFFECT_DISCARD: "D3DSWAPEFFECT_DISCARD",
	D3DSWAPEFFECT_FLIP:    "D3DSWAPEFFECT_FLIP",
	D3DSWAPEFFECT_COPY:    "D3DSWAPEFFECT_COPY",
	D3DSWAPEFFECT_OVERLAY: "D3DSWAPEFFECT_OVERLAY",
	D3DSWAPEFFECT_FLIPEX:  "D3DSWAPEFFECT_FLIPEX",
}

func (v SwapEffect) String() string {
	if s, ok := swapEffectNames[v]; ok {
		return s
	}
	return fmt.Sprintf("SwapEffect(%d)", uint32(v))
}

// TextureAddress is C's D3DTEXTUREADDRESS.
type TextureAddress uint32

const (
	D3DTADDRESS_WRAP       TextureAddress = 1
	D3DTADDRESS_MIRROR     TextureAddress = 2
	D3DTADDRESS_CLAMP      TextureAddress = 3
	D3DTADDRESS_BORDER     TextureAddress = 4
	D3DTADDRESS_MIRRORONCE TextureAddress = 5
)

var textureAddressNames = map[TextureAddress]string{
	D3DTADDRESS_WRAP:       "D3DTADDRESS_WRAP",
	D3DTADDRESS_MIRROR:     "D3DTADDRESS_MIRROR",
	D3DTADDRESS_CLAMP:      "D3DTADDRESS_CLAMP",
	D3DTADDRESS_BORDER:     "D3DTADDRESS_BORDER",
	D3DTADDRESS_MIRRORONCE: "D3DTADDRESS_MIRRORONCE",
}

func (v TextureAddress) String() string {
	if s, ok := textureAddressNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TextureAddress(%d)", uint32(v))
}

// TextureFilterType is C's D3DTEXTUREFILTERTYPE.
type TextureFilterType uint32

const (
	D3DTEXF_NONE            TextureFilterType = 0
	D3DTEXF_POINT           TextureFilterType = 1
	D3DTEXF_LINEAR          TextureFilterType = 2
	D3DTEXF_ANISOTROPIC     TextureFilterType = 3
	D3DTEXF_FLATCUBIC       TextureFilterType = 4
	D3DTEXF_GAUSSIANCUBIC   TextureFilterType = 5
	D3DTEXF_PYRAMIDALQUAD   TextureFilterType = 6
	D3DTEXF_GAUSSIANQUAD    TextureFilterType = 7
	D3DTEXF_CONVOLUTIONMONO TextureFilterType = 8
)

var textureFilterTypeNames = map[TextureFilterType]string{
	D3DTEXF_NONE:            "D3DTEXF_NONE",
	D3DTEXF_POINT:           "D3DTEXF_POINT",
	D3DTEXF_LINEAR:          "D3DTEXF_LINEAR",
	D3DTEXF_ANISOTROPIC:     "D3DTEXF_ANISOTROPIC",
	D3DTEXF_FLATCUBIC:       "D3DTEXF_FLATCUBIC",
	D3DTEXF_GAUSSIANCUBIC:   "D3DTEXF_GAUSSIANCUBIC",
	D3DTEXF_PYRAMIDALQUAD:   "D3DTEXF_PYRAMIDALQUAD",
	D3DTEXF_GAUSSIANQUAD:    "D3DTEXF_GAUSSIANQUAD",
	D3DTEXF_CONVOLUTIONMONO: "D3DTEXF_CONVOLUTIONMONO",
}

func (v TextureFilterType) String() string {
	if s, ok := textureFilterTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TextureFilterType(%d)", uint32(v))
}

// TextureOp is C's D3DTEXTUREOP.
type TextureOp uint32

const (
	D3DTOP_DISABLE                   TextureOp = 1
	D3DTOP_SELECTARG1                TextureOp = 2
	D3DTOP_SELECTARG2                TextureOp = 3
	D3DTOP_MODULATE                  TextureOp = 4
	D3DTOP_MODULATE2X                TextureOp = 5
	D3DTOP_MODULATE4X                TextureOp = 6
	D3DTOP_ADD                       TextureOp = 7
	D3DTOP_ADDSIGNED                 TextureOp = 8
	D3DTOP_ADDSIGNED2X               TextureOp = 9
	D3DTOP_SUBTRACT                  TextureOp = 10
	D3DTOP_ADDSMOOTH                 TextureOp = 11
	D3DTOP_BLENDDIFFUSEALPHA         TextureOp = 12
	D3DTOP_BLENDTEXTUREALPHA         TextureOp = 13
	D3DTOP_BLENDFACTORALPHA          TextureOp = 14
	D3DTOP_BLENDTEXTUREALPHAPM       TextureOp = 15
	D3DTOP_BLENDCURRENTALPHA         TextureOp = 16
	D3DTOP_PREMODULATE               TextureOp = 17
	D3DTOP_MODULATEALPHA_ADDCOLOR    TextureOp = 18
	D3DTOP_MODULATECOLOR_ADDALPHA    TextureOp = 19
	D3DTOP_MODULATEINVALPHA_ADDCOLOR TextureOp = 20
	D3DTOP_MODULATEINVCOLOR_ADDALPHA TextureOp = 21
	D3DTOP_BUMPENVMAP                TextureOp = 22
	D3DTOP_BUMPENVMAPLUMINANCE       TextureOp = 23
	D3DTOP_DOTPRODUCT3               TextureOp = 24
	D3DTOP_MULTIPLYADD               TextureOp = 25
	D3DTOP_LERP                      TextureOp = 26
)

var textureOpNames = map[TextureOp]string{
	D3DTOP_DISABLE:                   "D3DTOP_DISABLE",
	D3DTOP_SELECTARG1:                "D3DTOP_SELECTARG1",
	D3DTOP_SELECTARG2:                "D3DTOP_SELECTARG2",
	D3DTOP_MODULATE:                  "D3DTOP_MODULATE",
	D3DTOP_MODULATE2X:                "D3DTOP_MODULATE2X",
	D3DTOP_MODULATE4X:                "D3DTOP_MODULATE4X",
	D3DTOP_ADD:                       "D3DTOP_ADD",
	D3DTOP_ADDSIGNED:                 "D3DTOP_ADDSIGNED",
	D3DTOP_ADDSIGNED2X:               "D3DTOP_ADDSIGNED2X",
	D3DTOP_SUBTRACT:                  "D3DTOP_SUBTRACT",
	D3DTOP_ADDSMOOTH:                 "D3DTOP_ADDSMOOTH",
	D3DTOP_BLENDDIFFUSEALPHA:         "D3DTOP_BLENDDIFFUSEALPHA",
	D3DTOP_BLENDTEXTUREALPHA:         "D3DTOP_BLENDTEXTUREALPHA",
	D3DTOP_BLENDFACTORALPHA:          "D3DTOP_BLENDFACTORALPHA",
	D3DTOP_BLENDTEXTUREALPHAPM:       "D3DTOP_BLENDTEXTUREALPHAPM",
	D3DTOP_BLENDCURRENTALPHA:         "D3DTOP_BLENDCURRENTALPHA",
	D3DTOP_PREMODULATE:               "D3DTOP_PREMODULATE",
	D3DTOP_MODULATEALPHA_ADDCOLOR:    "D3DTOP_MODULATEALPHA_ADDCOLOR",
	D3DTOP_MODULATECOLOR_ADDALPHA:    "D3DTOP_MODULATECOLOR_ADDALPHA",
	D3DTOP_MODULATEINVALPHA_ADDCOLOR: "D3DTOP_MODULATEINVALPHA_ADDCOLOR",
	D3DTOP_MODULATEINVCOLOR_ADDALPHA: "D3DTOP_MODULATEINVCOLOR_ADDALPHA",
	D3DTOP_BUMPENVMAP:                "D3DTOP_BUMPENVMAP",
	D3DTOP_BUMPENVMAPLUMINANCE:       "D3DTOP_BUMPENVMAPLUMINANCE",
	D3DTOP_DOTPRODUCT3:               "D3DTOP_DOTPRODUCT3",
	D3DTOP_MULTIPLYADD:               "D3DTOP_MULTIPLYADD",
	D3DTOP_LERP:                      "D3DTOP_LERP",
}

func (v TextureOp) String() string {
	if s, ok := textureOpNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TextureOp(%d)", uint32(v))
}

// TextureStageStateType is C's D3DTEXTURESTAGESTATETYPE.
type TextureStageStateType uint32

const (
	D3DTSS_COLOROP               TextureStageStateType = 1
	D3DTSS_COLORARG1             TextureStageStateType = 2
	D3DTSS_COLORARG2             TextureStageStateType = 3
	D3DTSS_ALPHAOP               TextureStageStateType = 4
	D3DTSS_ALPHAARG1             TextureStageStateType = 5
	D3DTSS_ALPHAARG2             TextureStageStateType = 6
	D3DTSS_BUMPENVMAT00          TextureStageStateType = 7
	D3DTSS_BUMPENVMAT01          TextureStageStateType = 8
	D3DTSS_BUMPENVMAT10          TextureStageStateType = 9
	D3DTSS_BUMPENVMAT11          TextureStageStateType = 10
	D3DTSS_TEXCOORDINDEX         TextureStageStateType = 11
	D3DTSS_BUMPENVLSCALE         TextureStageStateType = 22
	D3DTSS_BUMPENVLOFFSET        TextureStageStateType = 23
	D3DTSS_TEXTURETRANSFORMFLAGS TextureStageStateType = 24
	D3DTSS_COLORARG0             TextureStageStateType = 26
	D3DTSS_ALPHAARG0             TextureStageStateType = 27
	D3DTSS_RESULTARG             TextureStageStateType = 28
	D3DTSS_CONSTANT              TextureStageStateType = 32
)

var textureStageStateTypeNames = map[TextureStageStateType]string{
	D3DTSS_COLOROP:               "D3DTSS_COLOROP",
	D3DTSS_COLORARG1:             "D3DTSS_COLORARG1",
	D3DTSS_COLORARG2:             "D3DTSS_COLORARG2",
	D3DTSS_ALPHAOP:               "D3DTSS_ALPHAOP",
	D3DTSS_ALPHAARG1:             "D3DTSS_ALPHAARG1",
	D3DTSS_ALPHAARG2:             "D3DTSS_ALPHAARG2",
	D3DTSS_BUMPENVMAT00:          "D3DTSS_BUMPENVMAT00",
	D3DTSS_BUMPENVMAT01:          "D3DTSS_BUMPENVMAT01",
	D3DTSS_BUMPENVMAT10:          "D3DTSS_BUMPENVMAT10",
	D3DTSS_BUMPENVMAT11:          "D3DTSS_BUMPENVMAT11",
	D3DTSS_TEXCOORDINDEX:         "D3DTSS_TEXCOORDINDEX",
	D3DTSS_BUMPENVLSCALE:         "D3DTSS_BUMPENVLSCALE",
	D3DTSS_BUMPENVLOFFSET:        "D3DTSS_BUMPENVLOFFSET",
	D3DTSS_TEXTURETRANSFORMFLAGS: "D3DTSS_TEXTURETRANSFORMFLAGS",
	D3DTSS_COLORARG0:             "D3DTSS_COLORARG0",
	D3DTSS_ALPHAARG0:             "D3DTSS_ALPHAARG0",
	D3DTSS_RESULTARG:             "D3DTSS_RESULTARG",
	D3DTSS_CONSTANT:              "D3DTSS_CONSTANT",
}

func (v TextureStageStateType) String() string {
	if s, ok := textureStageStateTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TextureStageStateType(%d)", uint32(v))
}

// TextureTransformFlags is C's D3DTEXTURETRANSFORMFLAGS.
type TextureTransformFlags uint32

const (
	D3DTTFF_DISABLE   TextureTransformFlags = 0
	D3DTTFF_COUNT1    TextureTransformFlags = 1
	D3DTTFF_COUNT2    TextureTransformFlags = 2
	D3DTTFF_COUNT3    TextureTransformFlags = 3
	D3DTTFF_COUNT4    TextureTransformFlags = 4
	D3DTTFF_PROJECTED TextureTransformFlags = 256
)

var textureTransformFlagsNames = map[TextureTransformFlags]string{
	D3DTTFF_DISABLE:   "D3DTTFF_DISABLE",
	D3DTTFF_COUNT1:    "D3DTTFF_COUNT1",
	D3DTTFF_COUNT2:    "D3DTTFF_COUNT2",
	D3DTTFF_COUNT3:    "D3DTTFF_COUNT3",
	D3DTTFF_COUNT4:    "D3DTTFF_COUNT4",
	D3DTTFF_PROJECTED: "D3DTTFF_PROJECTED",
}

func (v TextureTransformFlags) String() string {
	if s, ok := textureTransformFlagsNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TextureTransformFlags(%d)", uint32(v))
}

// TransformStateType is C's D3DTRANSFORMSTATETYPE.
type TransformStateType uint32

const (
	D3DTS_VIEW       TransformStateType = 2
	D3DTS_PROJECTION TransformStateType = 3
	D3DTS_TEXTURE0   TransformStateType = 16
	D3DTS_TEXTURE1   TransformStateType = 17
	D3DTS_TEXTURE2   TransformStateType = 18
	D3DTS_TEXTURE3   TransformStateType = 19
	D3DTS_TEXTURE4   TransformStateType = 20
	D3DTS_TEXTURE5   TransformStateType = 21
	D3DTS_TEXTURE6   TransformStateType = 22
	D3DTS_TEXTURE7   TransformStateType = 23
)

var transformStateTypeNames = map[TransformStateType]string{
	D3DTS_VIEW:       "D3DTS_VIEW",
	D3DTS_PROJECTION: "D3DTS_PROJECTION",
	D3DTS_TEXTURE0:   "D3DTS_TEXTURE0",
	D3DTS_TEXTURE1:   "D3DTS_TEXTURE1",
	D3DTS_TEXTURE2:   "D3DTS_TEXTURE2",
	D3DTS_TEXTURE3:   "D3DTS_TEXTURE3",
	D3DTS_TEXTURE4:   "D3DTS_TEXTURE4",
	D3DTS_TEXTURE5:   "D3DTS_TEXTURE5",
	D3DTS_TEXTURE6:   "D3DTS_TEXTURE6",
	D3DTS_TEXTURE7:   "D3DTS_TEXTURE7",
}

func (v TransformStateType) String() string {
	if s, ok := transformStateTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("TransformStateType(%d)", uint32(v))
}

// VertexBlendFlags is C's D3DVERTEXBLENDFLAGS.
type VertexBlendFlags uint32

const (
	D3DVBF_DISABLE  VertexBlendFlags = 0
	D3DVBF_1WEIGHTS VertexBlendFlags = 1
	D3DVBF_2WEIGHTS VertexBlendFlags = 2
	D3DVBF_3WEIGHTS VertexBlendFlags = 3
	D3DVBF_TWEENING VertexBlendFlags = 255
	D3DVBF_0WEIGHTS VertexBlendFlags = 256
)

var vertexBlendFlagsNames = map[VertexBlendFlags]string{
	D3DVBF_DISABLE:  "D3DVBF_DISABLE",
	D3DVBF_1WEIGHTS: "D3DVBF_1WEIGHTS",
	D3DVBF_2WEIGHTS: "D3DVBF_2WEIGHTS",
	D3DVBF_3WEIGHTS: "D3DVBF_3WEIGHTS",
	D3DVBF_TWEENING: "D3DVBF_TWEENING",
	D3DVBF_0WEIGHTS: "D3DVBF_0WEIGHTS",
}

func (v VertexBlendFlags) String() string {
	if s, ok := vertexBlendFlagsNames[v]; ok {
		return s
	}
	return fmt.Sprintf("VertexBlendFlags(%d)", uint32(v))
}

// ZBufferType is C's D3DZBUFFERTYPE.
type ZBufferType uint32

const (
	D3DZB_FALSE ZBufferType = 0
	D3DZB_TRUE  ZBufferType = 1
	D3DZB_USEW  ZBufferType = 2
)

var zBufferTypeNames = map[ZBufferType]string{
	D3DZB_FALSE: "D3DZB_FALSE",
	D3DZB_TRUE:  "D3DZB_TRUE",
	D3DZB_USEW:  "D3DZB_USEW",
}

func (v ZBufferType) String() string {
	if s, ok := zBufferTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ZBufferType(%d)", uint32(v))
}

// SamplerStateType is C's D3DSAMPLERSTATETYPE.
type SamplerStateType uint32

const (
	D3DSAMP_ADDRESSU      SamplerStateType = 1
	D3DSAMP_ADDRESSV      SamplerStateType = 2
	D3DSAMP_ADDRESSW      SamplerStateType = 3
	D3DSAMP_BORDERCOLOR   SamplerStateType = 4
	D3DSAMP_MAGFILTER     SamplerStateType = 5
	D3DSAMP_MINFILTER     SamplerStateType = 6
	D3DSAMP_MIPFILTER     SamplerStateType = 7
	D3DSAMP_MIPMAPLODBIAS SamplerStateType = 8
	D3DSAMP_MAXMIPLEVEL   SamplerStateType = 9
	D3DSAMP_MAXANISOTROPY SamplerStateType = 10
	D3DSAMP_SRGBTEXTURE   SamplerStateType = 11
	D3DSAMP_ELEMENTINDEX  SamplerStateType = 12
	D3DSAMP_DMAPOFFSET    SamplerStateType = 13
)

var samplerStateTypeNames = map[SamplerStateType]string{
	D3DSAMP_ADDRESSU:      "D3DSAMP_ADDRESSU",
	D3DSAMP_ADDRESSV:      "D3DSAMP_ADDRESSV",
	D3DSAMP_ADDRESSW:      "D3DSAMP_ADDRESSW",
	D3DSAMP_BORDERCOLOR:   "D3DSAMP_BORDERCOLOR",
	D3DSAMP_MAGFILTER:     "D3DSAMP_MAGFILTER",
	D3DSAMP_MINFILTER:     "D3DSAMP_MINFILTER",
	D3DSAMP_MIPFILTER:     "D3DSAMP_MIPFILTER",
	D3DSAMP_MIPMAPLODBIAS: "D3DSAMP_MIPMAPLODBIAS",
	D3DSAMP_MAXMIPLEVEL:   "D3DSAMP_MAXMIPLEVEL",
	D3DSAMP_MAXANISOTROPY: "D3DSAMP_MAXANISOTROPY",
	D3DSAMP_SRGBTEXTURE:   "D3DSAMP_SRGBTEXTURE",
	D3DSAMP_ELEMENTINDEX:  "D3DSAMP_ELEMENTINDEX",
	D3DSAMP_DMAPOFFSET:    "D3DSAMP_DMAPOFFSET",
}

func (v SamplerStateType) String() string {
	if s, ok := samplerStateTypeNames[v]; ok {
		return s
	}
	return fmt.Sprintf("SamplerStateType(%d)", uint32(v))
}

// ScanlineOrdering is C's D3DSCANLINEORDERING.
type ScanlineOrdering uint32

const (
	D3DSCANLINEORDERING_UNKNOWN     ScanlineOrdering = 0
	D3DSCANLINEORDERING_PROGRESSIVE ScanlineOrdering = 1
	D3DSCANLINEORDERING_INTERLACED  ScanlineOrdering = 2
)

var scanlineOrderingNames = map[ScanlineOrdering]string{
	D3DSCANLINEORDERING_UNKNOWN:     "D3DSCANLINEORDERING_UNKNOWN",
	D3DSCANLINEORDERING_PROGRESSIVE: "D3DSCANLINEORDERING_PROGRESSIVE",
	D3DSCANLINEORDERING_INTERLACED:  "D3DSCANLINEORDERING_INTERLACED",
}

func (v ScanlineOrdering) String() string {
	if s, ok := scanlineOrderingNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ScanlineOrdering(%d)", uint32(v))
}

// DisplayRotation is C's D3DDISPLAYROTATION.
type DisplayRotation uint32

const (
	D3DDISPLAYROTATION_IDENTITY DisplayRotation = 1
	D3DDISPLAYROTATION_90       DisplayRotation = 2
	D3DDISPLAYROTATION_180      DisplayRotation = 3
	D3DDISPLAYROTATION_270      DisplayRotation = 4
)

var displayRotationNames = map[DisplayRotation]string{
	D3DDISPLAYROTATION_IDENTITY: "D3DDISPLAYROTATION_IDENTITY",
	D3DDISPLAYROTATION_90:       "D3DDISPLAYROTATION_90",
	D3DDISPLAYROTATION_180:      "D3DDISPLAYROTATION_180",
	D3DDISPLAYROTATION_270:      "D3DDISPLAYROTATION_270",
}

func (v DisplayRotation) String() string {
	if s, ok := displayRotationNames[v]; ok {
		return s
	}
	return fmt.Sprintf("DisplayRotation(%d)", uint32(v))
}

// ComposeRectsOp is C's D3DCOMPOSERECTSOP.
type ComposeRectsOp uint32

const (
	D3DCOMPOSERECTS_COPY ComposeRectsOp = 1
	D3DCOMPOSERECTS_OR   ComposeRectsOp = 2
	D3DCOMPOSERECTS_AND  ComposeRectsOp = 3
	D3DCOMPOSERECTS_NEG  ComposeRectsOp = 4
)

var composeRectsOpNames = map[ComposeRectsOp]string{
	D3DCOMPOSERECTS_COPY: "D3DCOMPOSERECTS_COPY",
	D3DCOMPOSERECTS_OR:   "D3DCOMPOSERECTS_OR",
	D3DCOMPOSERECTS_AND:  "D3DCOMPOSERECTS_AND",
	D3DCOMPOSERECTS_NEG:  "D3DCOMPOSERECTS_NEG",
}

func (v ComposeRectsOp) String() string {
	if s, ok := composeRectsOpNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ComposeRectsOp(%d)", uint32(v))
}

// ShaderComparison is C's D3DSHADER_COMPARISON.
type ShaderComparison uint32

const (
	D3DSPC_RESERVED0 ShaderComparison = 0
	D3DSPC_GT        ShaderComparison = 1
	D3DSPC_EQ        ShaderComparison = 2
	D3DSPC_GE        ShaderComparison = 3
	D3DSPC_LT        ShaderComparison = 4
	D3DSPC_NE        ShaderComparison = 5
	D3DSPC_LE        ShaderComparison = 6
	D3DSPC_RESERVED1 ShaderComparison = 7
)

var shaderComparisonNames = map[ShaderComparison]string{
	D3DSPC_RESERVED0: "D3DSPC_RESERVED0",
	D3DSPC_GT:        "D3DSPC_GT",
	D3DSPC_EQ:        "D3DSPC_EQ",
	D3DSPC_GE:        "D3DSPC_GE",
	D3DSPC_LT:        "D3DSPC_LT",
	D3DSPC_NE:        "D3DSPC_NE",
	D3DSPC_LE:        "D3DSPC_LE",
	D3DSPC_RESERVED1: "D3DSPC_RESERVED1",
}

func (v ShaderComparison) String() string {
	if s, ok := shaderComparisonNames[v]; ok {
		return s
	}
	return fmt.Sprintf("ShaderComparison(%d)", uint32(v))
}
