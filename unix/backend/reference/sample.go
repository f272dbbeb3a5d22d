package reference

import (
	"math"
	"runtime"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// stageRes is what one stage of one draw reads: its bindings with each
// bound texture's float copy decoded up front, so that raster workers only
// read shared data.
type stageRes struct {
	b   *stageBindings
	tex [backend.MaxTextures]*decoded
	// plain has bit i set where texture i sampled with sampler i reads one
	// level with one filter whatever the LOD (plainLevel's), so
	// SamplePlain skips the LOD.
	plain       uint32
	plainLevel  [backend.MaxTextures]uint8
	plainFilter [backend.MaxTextures]backend.SamplerFilter
}

var _ backend.QuadResources = (*stageRes)(nil)

func newStageRes(b *stageBindings) *stageRes {
	r := &stageRes{}
	r.init(b)
	return r
}

// init points r at b's resources, replacing what it held.
func (r *stageRes) init(b *stageBindings) {
	*r = stageRes{b: b}
	for i, t := range b.textures {
		if t != nil {
			r.tex[i] = t.sampled()
			if i < len(b.samplers) && b.samplers[i] != nil {
				if l, f, ok := plainLevel(t, r.tex[i], &b.samplers[i].desc); ok && l < 256 {
					r.plain |= 1 << i
					r.plainLevel[i], r.plainFilter[i] = uint8(l), f
				}
			}
		}
	}
}

// plainLevel returns the level and filter sampleAt reads t with for
// every LOD, where they are the same for every LOD (ok is false
// elsewhere): a 2D texture without anisotropy that either reads its
// first level only (one level, or no mip filter) with min and mag
// filters alike, or whose LOD clamps to one value (D3D9's
// D3DTEXF_NONE mip filter, which the device sends as a clamp to the
// base level). The LOD then need not be worked out.
func plainLevel(t *Texture, c *decoded, s *backend.SamplerDesc) (level int, filter backend.SamplerFilter, ok bool) {
	if t.desc.Type != backend.TextureType2D || s.MaxAnisotropy > 1 {
		return 0, 0, false
	}
	levels := len(c.levels)
	if (s.MipFilter == backend.MipFilterNone || levels == 1) && s.MinFilter == s.MagFilter {
		return 0, s.MagFilter, true
	}
	if s.LodMinClamp != s.LodMaxClamp {
		return 0, 0, false
	}
	// As sampleAt, for the one LOD every LOD clamps to.
	lod := s.LodMinClamp
	filter = s.MinFilter
	if lod <= 0 {
		filter = s.MagFilter
	}
	lc := float32(math.Max(0, math.Min(float64(lod), float64(levels-1))))
	switch {
	case s.MipFilter == backend.MipFilterNone || levels == 1:
		return 0, filter, true
	case s.MipFilter == backend.MipFilterNearest:
		return min(int(math.Floor(float64(lc)+0.5)), levels-1), filter, true
	}
	l0 := int(lc)
	if lc-float32(l0) != 0 && l0+1 < levels {
		return 0, 0, false // between two levels
	}
	return l0, filter, true
}

// SamplePlain samples texture n with sampler n for the four lanes of a
// quad, without comparison, at any LOD, and reports true, where that
// pair is plain (plainLevel); else it does nothing and reports false.
func (r *stageRes) SamplePlain(n int, coord *[4][4]float32, out *[4][4]float32) bool {
	v, ok := r.plainView(n)
	if !ok {
		return false
	}
	for i := range coord {
		v.at(coord[i][0], coord[i][1], &out[i])
	}
	return true
}

// plainView is what a plain sample of texture n with sampler n reads
// (plainLevel's level and filter).
type plainView struct {
	t *Texture
	l *decodedLevel
	s *backend.SamplerDesc
	f backend.SamplerFilter
}

// plainView returns texture n's plain view, or false where the pair is
// not plain.
func (r *stageRes) plainView(n int) (plainView, bool) {
	if uint(n) >= 32 || r.plain&(1<<n) == 0 {
		return plainView{}, false
	}
	return plainView{r.b.textures[n], &r.tex[n].levels[r.plainLevel[n]], &r.b.samplers[n].desc, r.plainFilter[n]}, true
}

// at samples the view at (u, v) into c.
func (pv *plainView) at(u, v float32, c *[4]float32) {
	if pv.f == backend.FilterNearest {
		if nearest2D(pv.l, pv.s, u, v, c) {
			return
		}
	} else if bilinear2D(pv.l, pv.s, 0, u, v, c) {
		return
	}
	*c = sampleLevel(pv.t, pv.l, pv.s, pv.f, 0, u, v, 0, -1)
}

// fastView is a plain view's common cases in pieces small enough to
// inline: nearest2D's and bilinear2D's footprints of coordinates not
// negative whose texels are inside the level, or are wrapped by
// repeating a power of two. Its zero value has no fast case.
type fastView struct {
	texels [][4]float32
	w      int
	fw, fh float64
	// Per dimension, where the fast case holds (a coordinate in texels
	// below lim) and what wraps it: below 2^30 and the size less one
	// where repeating a power of two; elsewhere below the size (the last
	// texel but one for bilinear) and every bit.
	limU, limV float64
	mu, mv     int
	bilinear   bool
}

// fastView returns pv's fast cases, or false where pv has none.
func (pv *plainView) fastView() (fastView, bool) {
	if pv.f != backend.FilterNearest && pv.f != backend.FilterLinear {
		return fastView{}, false
	}
	l := pv.l
	bilinear := pv.f == backend.FilterLinear
	wrapBy := func(m backend.AddressMode, n int) (float64, int) {
		if repeatsPow2(m, n) {
			return 1 << 30, n - 1
		}
		if bilinear {
			n--
		}
		return float64(n), -1
	}
	f := fastView{texels: l.texels, w: l.w, fw: float64(l.w), fh: float64(l.h), bilinear: bilinear}
	f.limU, f.mu = wrapBy(pv.s.SAddress, l.w)
	f.limV, f.mv = wrapBy(pv.s.TAddress, l.h)
	return f, true
}

// index is the index in texels of nearest2D's texel at (u, v), or false
// outside the fast case. For tu and tv not negative the truncating
// conversion is floorInt's floor.
func (f *fastView) index(u, v float32) (int, bool) {
	tu, tv := float64(u)*f.fw, float64(v)*f.fh
	x, y := int(tu)&f.mu, int(tv)&f.mv
	return y*f.w + x, tu >= 0 && tv >= 0 && tu < f.limU && tv < f.limV
}

// axis is one dimension of bilinear2D's footprint at t (a coordinate in
// texels less a half): its two texel coordinates wrapped by m and the
// second one's weight, or false where t is negative or not below lim.
func axis(t, lim float64, m int) (i0, i1 int, a float32, ok bool) {
	i := int(t) // floorInt's floor, t being not negative
	return i & m, (i + 1) & m, float32(t - float64(i)), t >= 0 && t < lim
}

// lerp4 is bilinear filtering of one channel of the taps a and b (the
// upper row) and c and d, at weights ax across and ay down. Taps and
// weights within 0..1 give a value within 0..1, never -0: a + (b-a)*x
// stays between 0 and a where b < a (|fl(b-a)| <= a), and at or below
// a + fl(b-a) where b > a, which rounds to at most b, or the float after
// a b below 1 (Sterbenz's lemma makes b-a exact where a >= b/2; below
// that the sum is off by at most half an ulp of b-a).
func lerp4(a, b, c, d, ax, ay float32) float32 {
	top := a + (b-a)*ax
	bot := c + (d-c)*ax
	return top + (bot-top)*ay
}

// repeatsPow2 reports that address mode m repeats a dimension of n
// texels, a power of two: wrapping is then a mask of n-1.
func repeatsPow2(m backend.AddressMode, n int) bool {
	return m == backend.AddressRepeat && n&(n-1) == 0
}

// wrapPair addresses the two neighbouring texel coordinates i and i+1 of
// a footprint in a dimension of n texels, as wrap does each; ok is false
// where either reads the border.
func wrapPair(m backend.AddressMode, i, n int) (i0, i1 int, ok bool) {
	i0, i1 = i, i+1
	if uint(i0) < uint(n) && uint(i1) < uint(n) {
		return i0, i1, true
	}
	if repeatsPow2(m, n) {
		return i0 & (n - 1), i1 & (n - 1), true
	}
	i0, i1 = wrap(m, i0, n), wrap(m, i1, n)
	return i0, i1, i0|i1 >= 0
}

// nearest2D is sampleLevel's point sample of a 2D level's first slice,
// into c, where the texel is not the border (it reports false there).
func nearest2D(l *decodedLevel, s *backend.SamplerDesc, u, v float32, c *[4]float32) bool {
	tu, tv := float64(u)*float64(l.w), float64(v)*float64(l.h)
	x, okx := floorFast(tu)
	if !okx {
		x, _ = floorInt(tu)
	}
	y, oky := floorFast(tv)
	if !oky {
		y, _ = floorInt(tv)
	}
	// Repeat over a power of two, the commonest way out, is wrap's mask
	// inline.
	if uint(x) >= uint(l.w) {
		if repeatsPow2(s.SAddress, l.w) {
			x &= l.w - 1
		} else if x = wrap(s.SAddress, x, l.w); x < 0 {
			return false
		}
	}
	if uint(y) >= uint(l.h) {
		if repeatsPow2(s.TAddress, l.h) {
			y &= l.h - 1
		} else if y = wrap(s.TAddress, y, l.h); y < 0 {
			return false
		}
	}
	*c = l.texels[y*l.w+x]
	return true
}

func (r *stageRes) Buffer(i int) []byte {
	if i < 0 || i >= len(r.b.buffers) {
		return nil
	}
	return r.b.buffers[i].data()
}

func (r *stageRes) TextureSize(tex, level int) (w, h, d, levels int) {
	if tex < 0 || tex >= len(r.tex) || r.tex[tex] == nil {
		return 0, 0, 0, 0
	}
	c := r.tex[tex]
	level = max(0, min(level, len(c.levels)-1))
	l := &c.levels[level]
	return l.w, l.h, l.d, len(c.levels)
}

// view is what a sample call needs: the texture, its float copy and the
// sampler. ok is false when either is unbound, and the sample reads 0.
func (r *stageRes) view(tex, smp int) (t *Texture, c *decoded, s *backend.SamplerDesc, ok bool) {
	if tex < 0 || tex >= len(r.tex) || smp < 0 || smp >= len(r.b.samplers) {
		return
	}
	if r.tex[tex] == nil || r.b.samplers[smp] == nil {
		return
	}
	return r.b.textures[tex], r.tex[tex], &r.b.samplers[smp].desc, true
}

func (r *stageRes) Sample(tex, smp int, coord [4]float32, lod float32) [4]float32 {
	t, c, s, ok := r.view(tex, smp)
	if !ok {
		return [4]float32{}
	}
	return sampleAt(t, c, s, coord, lod, nil, -1)
}

func (r *stageRes) SampleCompare(tex, smp int, coord [4]float32, ref, lod float32) float32 {
	t, c, s, ok := r.view(tex, smp)
	if !ok {
		return 0
	}
	return sampleAt(t, c, s, coord, lod, nil, clamp01(ref))[0]
}

func (r *stageRes) Gather(tex, smp int, coord [4]float32, comp int) [4]float32 {
	t, c, s, ok := r.view(tex, smp)
	if !ok || comp < 0 || comp > 3 {
		return [4]float32{}
	}
	slice := 0
	if t.desc.Type == backend.TextureType2DArray {
		slice = clampInt(int(math.Floor(float64(coord[2])+0.5)), 0, t.desc.ArrayLength-1)
	}
	l := &c.levels[0]
	x := int(math.Floor(float64(coord[0])*float64(l.w) - 0.5))
	y := int(math.Floor(float64(coord[1])*float64(l.h) - 0.5))
	at := func(dx, dy int) float32 { return fetch(t, l, s, slice, x+dx, y+dy, 0, -1)[comp] }
	return [4]float32{at(0, 1), at(1, 1), at(1, 0), at(0, 0)}
}

func (r *stageRes) SampleQuad(tex, smp int, coord *[4][4]float32, bias float32, out *[4][4]float32) {
	t, c, s, ok := r.view(tex, smp)
	if !ok {
		*out = [4][4]float32{}
		return
	}
	lod, axis := quadLOD(t, coord, s)
	for i := range coord {
		out[i] = sampleAt(t, c, s, coord[i], lod+bias, axis, -1)
	}
}

func (r *stageRes) SampleCompareQuad(tex, smp int, coord *[4][4]float32, ref *[4]float32, out *[4]float32) {
	t, c, s, ok := r.view(tex, smp)
	if !ok {
		*out = [4]float32{}
		return
	}
	lod, axis := quadLOD(t, coord, s)
	for i := range coord {
		out[i] = sampleAt(t, c, s, coord[i], lod, axis, clamp01(ref[i]))[0]
	}
}

func (r *stageRes) SampleLanes(tex, smp int, a *backend.SampleArgs, out *[4][4]float32) {
	t, c, s, ok := r.view(tex, smp)
	if !ok {
		*out = [4][4]float32{}
		return
	}
	var lod float32
	var axis *aniso
	if a.Mode == backend.SampleImplicit || a.Mode == backend.SampleBias {
		lod, axis = quadLOD(t, &a.Coord, s)
	}
	for i := range a.Coord {
		ref := float32(-1)
		if a.Compare {
			ref = clamp01(a.Ref[i])
		}
		l, ax := lod, axis
		switch a.Mode {
		case backend.SampleBias:
			l += a.LOD[i]
		case backend.SampleLevel:
			l, ax = a.LOD[i], nil
		case backend.SampleGrad:
			var g [4][4]float32
			for k := range g[0] {
				g[0][k] = a.Coord[i][k]
				g[1][k] = a.Coord[i][k] + a.Ddx[i][k]
				g[2][k] = a.Coord[i][k] + a.Ddy[i][k]
			}
			l, ax = quadLOD(t, &g, s)
		}
		out[i] = sampleAt(t, c, s, a.Coord[i], l, ax, ref)
	}
}

// aniso is the major axis of the pixel footprint in normalised texture
// coordinates and the number of taps to take along it.
type aniso struct {
	du, dv, dw float32
	taps       int
}

// quadLOD is Metal's implicit LOD from a quad's coarse derivatives:
// log2 of the longer footprint axis in texels. With anisotropy above 1 it
// is the approximation the package documents: up to MaxAnisotropy taps
// spread along the longer axis, with the LOD chosen from the longer axis
// divided by the tap count.
func quadLOD(t *Texture, c *[4][4]float32, s *backend.SamplerDesc) (float32, *aniso) {
	var dx, dy [3]float64
	w, h, d := float64(t.desc.Width), float64(t.desc.Height), float64(t.desc.Depth)
	switch t.desc.Type {
	case backend.TextureTypeCube:
		// Derivatives of every lane projected on lane 0's face.
		var uv [3][2]float64
		face := cubeFace(c[0])
		for i, lane := range [3]int{0, 1, 2} {
			u, v := cubeFaceUV(face, c[lane])
			uv[i] = [2]float64{float64(u), float64(v)}
		}
		dx = [3]float64{(uv[1][0] - uv[0][0]) * w, (uv[1][1] - uv[0][1]) * h}
		dy = [3]float64{(uv[2][0] - uv[0][0]) * w, (uv[2][1] - uv[0][1]) * h}
	default:
		dx = [3]float64{float64(c[1][0]-c[0][0]) * w, float64(c[1][1]-c[0][1]) * h}
		dy = [3]float64{float64(c[2][0]-c[0][0]) * w, float64(c[2][1]-c[0][1]) * h}
		if t.desc.Type == backend.TextureType1D {
			dx[1], dy[1] = 0, 0
		}
		if t.desc.Type == backend.TextureType3D {
			dx[2], dy[2] = float64(c[1][2]-c[0][2])*d, float64(c[2][2]-c[0][2])*d
		}
	}
	lx := math.Sqrt(dx[0]*dx[0] + dx[1]*dx[1] + dx[2]*dx[2])
	ly := math.Sqrt(dy[0]*dy[0] + dy[1]*dy[1] + dy[2]*dy[2])
	pmax, pmin, major := lx, ly, dx
	if ly > lx {
		pmax, pmin, major = ly, lx, dy
	}
	if s.MaxAnisotropy > 1 && pmin > 0 && pmax > pmin && t.desc.Type != backend.TextureTypeCube {
		n := math.Min(math.Ceil(pmax/pmin), float64(s.MaxAnisotropy))
		if n > 1 {
			a := &aniso{du: float32(major[0] / w), dv: float32(major[1] / h), dw: float32(major[2] / d), taps: int(n)}
			return float32(math.Log2(pmax / n)), a
		}
	}
	if pmax == 0 {
		return -1000, nil
	}
	return float32(math.Log2(pmax)), nil
}

// cubeFace picks the face of the major axis: +X -X +Y -Y +Z -Z.
func cubeFace(c [4]float32) int {
	ax, ay, az := abs32(c[0]), abs32(c[1]), abs32(c[2])
	switch {
	case ax >= ay && ax >= az:
		if c[0] >= 0 {
			return 0
		}
		return 1
	case ay >= az:
		if c[1] >= 0 {
			return 2
		}
		return 3
	}
	if c[2] >= 0 {
		return 4
	}
	return 5
}

// cubeFaceUV projects a direction on a face, with the usual cube map
// orientation (v grows downwards on every face).
func cubeFaceUV(face int, c [4]float32) (float32, float32) {
	x, y, z := c[0], c[1], c[2]
	var sc, tc, ma float32
	switch face {
	case 0:
		sc, tc, ma = -z, -y, x
	case 1:
		sc, tc, ma = z, -y, -x
	case 2:
		sc, tc, ma = x, z, y
	case 3:
		sc, tc, ma = x, -z, -y
	case 4:
		sc, tc, ma = x, -y, z
	default:
		sc, tc, ma = -x, -y, -z
	}
	if ma == 0 {
		return 0.5, 0.5
	}
	return (sc/ma + 1) / 2, (tc/ma + 1) / 2
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// sampleAt samples one lane at a given LOD. ref >= 0 turns on comparison
// (compare calls clamp the reference to 0..1, as for unorm depth):
// each tap becomes 1 where ref OP texel.r holds and 0 elsewhere, then the
// taps are filtered (percentage closer filtering).
func sampleAt(t *Texture, c *decoded, s *backend.SamplerDesc, coord [4]float32, lod float32, an *aniso, ref float32) [4]float32 {
	if an != nil {
		var sum [4]float32
		for i := 0; i < an.taps; i++ {
			f := (float32(i)+0.5)/float32(an.taps) - 0.5
			cc := coord
			cc[0] += an.du * f
			cc[1] += an.dv * f
			if t.desc.Type == backend.TextureType3D {
				cc[2] += an.dw * f
			}
			v := sampleAt(t, c, s, cc, lod, nil, ref)
			for k := range sum {
				sum[k] += v[k]
			}
		}
		for k := range sum {
			sum[k] /= float32(an.taps)
		}
		return sum
	}
	slice, u, v, w := 0, coord[0], coord[1], coord[2]
	switch t.desc.Type {
	case backend.TextureType1D:
		v, w = 0.5, 0
	case backend.TextureType2D, backend.TextureType2DMultisample:
		w = 0
	case backend.TextureType2DArray:
		slice = clampInt(int(math.Floor(float64(coord[2])+0.5)), 0, t.desc.ArrayLength-1)
		w = 0
	case backend.TextureTypeCube:
		slice = cubeFace(coord)
		u, v = cubeFaceUV(slice, coord)
		w = 0
	}
	levels := len(c.levels)
	if !(lod >= s.LodMinClamp) { // a NaN LOD (from NaN or infinite coordinates) too
		lod = s.LodMinClamp
	}
	if lod > s.LodMaxClamp {
		lod = s.LodMaxClamp
	}
	filter := s.MinFilter
	if lod <= 0 {
		filter = s.MagFilter
	}
	lc := float32(math.Max(0, math.Min(float64(lod), float64(levels-1))))
	switch {
	case s.MipFilter == backend.MipFilterNone || levels == 1:
		return sampleLevel(t, &c.levels[0], s, filter, slice, u, v, w, ref)
	case s.MipFilter == backend.MipFilterNearest:
		l := int(math.Floor(float64(lc) + 0.5))
		if l > levels-1 {
			l = levels - 1
		}
		return sampleLevel(t, &c.levels[l], s, filter, slice, u, v, w, ref)
	}
	l0 := int(lc)
	frac := lc - float32(l0)
	a := sampleLevel(t, &c.levels[l0], s, filter, slice, u, v, w, ref)
	if frac == 0 || l0+1 >= levels {
		return a
	}
	b := sampleLevel(t, &c.levels[l0+1], s, filter, slice, u, v, w, ref)
	for k := range a {
		a[k] += (b[k] - a[k]) * frac
	}
	return a
}

// wrap applies an address mode to integer texel coordinate i of a size n
// dimension. It returns -1 for a coordinate that reads the border.
func wrap(m backend.AddressMode, i, n int) int {
	if uint(i) < uint(n) {
		return i // inside: every mode leaves it
	}
	switch m {
	case backend.AddressRepeat:
		if n&(n-1) == 0 {
			return i & (n - 1) // a power of two, negative i too
		}
		i %= n
		if i < 0 {
			i += n
		}
		return i
	case backend.AddressMirrorRepeat:
		p := 2 * n
		i %= p
		if i < 0 {
			i += p
		}
		if i >= n {
			i = p - 1 - i
		}
		return i
	case backend.AddressMirrorClampToEdge:
		if i < 0 {
			i = -1 - i
		}
		return min(i, n-1)
	case backend.AddressClampToZero, backend.AddressClampToBorder:
		if i < 0 || i >= n {
			return -1
		}
		return i
	}
	return clampInt(i, 0, n-1)
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func border(t *Texture, s *backend.SamplerDesc, m backend.AddressMode) [4]float32 {
	if m == backend.AddressClampToZero {
		if f := t.desc.Format; f.Info().Components == 4 || f == pixfmt.A8Unorm {
			return [4]float32{}
		}
		return [4]float32{0, 0, 0, 1}
	}
	switch s.BorderColor {
	case backend.BorderOpaqueBlack:
		return [4]float32{0, 0, 0, 1}
	case backend.BorderOpaqueWhite:
		return [4]float32{1, 1, 1, 1}
	}
	return [4]float32{}
}

// fetch reads one texel after addressing, or the border colour.
func fetch(t *Texture, l *decodedLevel, s *backend.SamplerDesc, slice, x, y, z int, ref float32) [4]float32 {
	if t.desc.Type == backend.TextureTypeCube {
		// Address modes do not apply to cube maps: a tap past a face's
		// edge reads that edge (as D3D9 drivers do; Metal's seamless
		// filtering reads the neighbouring face's edge texel instead).
		x, y = clampInt(x, 0, l.w-1), clampInt(y, 0, l.h-1)
	}
	xi, yi, zi := wrap(s.SAddress, x, l.w), wrap(s.TAddress, y, l.h), 0
	if l.d > 1 {
		zi = wrap(s.RAddress, z, l.d)
	}
	var c [4]float32
	switch {
	case xi < 0:
		c = border(t, s, s.SAddress)
	case yi < 0:
		c = border(t, s, s.TAddress)
	case zi < 0:
		c = border(t, s, s.RAddress)
	default:
		c = l.texels[((slice*l.d+zi)*l.h+yi)*l.w+xi]
	}
	if ref >= 0 {
		r := float32(0)
		if compare(s.CompareFunc, ref, c[0]) {
			r = 1
		}
		return [4]float32{r, r, r, r}
	}
	return c
}

func sampleLevel(t *Texture, l *decodedLevel, s *backend.SamplerDesc, f backend.SamplerFilter, slice int, u, v, w, ref float32) [4]float32 {
	if l.d == 1 && ref < 0 && f != backend.FilterNearest && t.desc.Type != backend.TextureTypeCube && t.desc.Type != backend.TextureType1D {
		var c [4]float32
		if bilinear2D(l, s, slice, u, v, &c) {
			return c
		}
	}
	fu, fv, fw := float64(u)*float64(l.w), float64(v)*float64(l.h), float64(w)*float64(l.d)
	if f == backend.FilterNearest {
		return fetch(t, l, s, slice, int(math.Floor(fu)), int(math.Floor(fv)), int(math.Floor(fw)), ref)
	}
	fu, fv, fw = fu-0.5, fv-0.5, fw-0.5
	x0, y0, z0 := math.Floor(fu), math.Floor(fv), math.Floor(fw)
	ax, ay, az := float32(fu-x0), float32(fv-y0), float32(fw-z0)
	xi, yi, zi := int(x0), int(y0), int(z0)
	if l.d == 1 {
		zi, az = 0, 0
	}
	if l.h == 1 && t.desc.Type == backend.TextureType1D {
		yi, ay = 0, 0
	}
	var out [4]float32
	for dz := 0; dz < 2; dz++ {
		wz := az
		if dz == 0 {
			wz = 1 - az
		}
		if wz == 0 {
			continue
		}
		for dy := 0; dy < 2; dy++ {
			wy := ay
			if dy == 0 {
				wy = 1 - ay
			}
			if wy == 0 {
				continue
			}
			for dx := 0; dx < 2; dx++ {
				wx := ax
				if dx == 0 {
					wx = 1 - ax
				}
				if wx == 0 {
					continue
				}
				c := fetch(t, l, s, slice, xi+dx, yi+dy, zi+dz, ref)
				k := wx * wy * wz
				for i := range out {
					out[i] += c[i] * k
				}
			}
		}
	}
	return out
}

// bilinear2D is the common bilinear footprint of a 2D level: four taps
// that all address texels after wrapping (no border), filtered with two
// lerps a row and one between the rows, into c. It reports false where a
// tap reads the border, which the general path handles.
func bilinear2D(l *decodedLevel, s *backend.SamplerDesc, slice int, u, v float32, c *[4]float32) bool {
	fu, fv := float64(u)*float64(l.w)-0.5, float64(v)*float64(l.h)-0.5
	xi, fast := floorFast(fu)
	x0f := float64(xi)
	if !fast {
		xi, x0f = floorInt(fu)
	}
	yi, fast := floorFast(fv)
	y0f := float64(yi)
	if !fast {
		yi, y0f = floorInt(fv)
	}
	ax, ay := float32(fu-x0f), float32(fv-y0f)
	// Inside the level (the common case) without wrapPair's call.
	x0, x1, y0, y1 := xi, xi+1, yi, yi+1
	if uint(xi) >= uint(l.w-1) || uint(yi) >= uint(l.h-1) {
		var okx, oky bool
		x0, x1, okx = wrapPair(s.SAddress, xi, l.w)
		y0, y1, oky = wrapPair(s.TAddress, yi, l.h)
		if !okx || !oky {
			return false
		}
	}
	r0, r1 := (slice*l.h+y0)*l.w, (slice*l.h+y1)*l.w
	tx := l.texels
	a, b, cc, d := &tx[r0+x0], &tx[r0+x1], &tx[r1+x0], &tx[r1+x1]
	*c = [4]float32{lerp4(a[0], b[0], cc[0], d[0], ax, ay), lerp4(a[1], b[1], cc[1], d[1], ax, ay),
		lerp4(a[2], b[2], cc[2], d[2], ax, ay), lerp4(a[3], b[3], cc[3], d[3], ax, ay)}
	return true
}

// floorFast is int(math.Floor(f)) where ok: on 386, where floorInt is
// a call, for f positive and below 2^30, by a truncating conversion
// (one instruction, inline). Elsewhere it is never ok, as floorInt is
// inline and as cheap. Callers take floorInt where it is not ok, each
// spelling that out: a helper doing both is past 386's inlining budget.
func floorFast(f float64) (i int, ok bool) {
	if runtime.GOARCH != "386" {
		return 0, false
	}
	return int(f), f > 0 && f < 1<<30
}

// floorInt is int(math.Floor(f)) and math.Floor(f). On 386, where
// math.Floor is a call (and this runs per texel tap), it goes through
// integer conversions where f is small enough; elsewhere math.Floor is
// one instruction.
func floorInt(f float64) (int, float64) {
	if runtime.GOARCH == "386" && f > -1<<30 && f < 1<<30 && f != 0 { // 0: math.Floor keeps -0
		i := int(f) // towards zero
		if float64(i) > f {
			i--
		}
		return i, float64(i)
	}
	x := math.Floor(f)
	return int(x), x
}

// compare is Metal's compare function with a the new (or reference) value
// and b the stored one: Less passes when a < b.
func compare(f backend.CompareFunction, a, b float32) bool {
	switch f {
	case backend.CompareNever:
		return false
	case backend.CompareLess:
		return a < b
	case backend.CompareEqual:
		return a == b
	case backend.CompareLessEqual:
		return a <= b
	case backend.CompareGreater:
		return a > b
	case backend.CompareNotEqual:
		return a != b
	case backend.CompareGreaterEqual:
		return a >= b
	}
	return true
}
