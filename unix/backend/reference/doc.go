// Package reference is a CPU implementation of the backend interface that
// follows Metal's rules, so the whole stack can be tested and run headless
// anywhere and its images compared with Metal's.
//
// Rules it follows:
//   - Clip space: 0 <= z <= w (unless depth clamp), clip distances >= 0;
//     x and y are clipped only at a guard band that keeps window
//     coordinates within 2^20 pixels, which changes no pixel.
//   - Viewport: y grows downwards; pixel centres at .5; pixels outside the
//     viewport, the scissor or the target are never written.
//   - Triangles: 8 bits of sub-pixel precision, the top-left fill rule,
//     winding as seen on screen, the first vertex provokes flat values.
//   - Interpolation: perspective-correct, no-perspective or flat, at pixel
//     centres (also under multisampling, where coverage, depth and stencil
//     are per sample and shading is per pixel, as Metal does by default).
//   - Fragments run as 2x2 quads with helper lanes, so derivatives and
//     implicit LOD work; depth and stencil tests follow the shader (early
//     rejection only where it cannot change the result).
//   - Depth is quantised to the attachment's format before the test and
//     clamped to the viewport's depth range. Depth bias is
//     bias*r + slopeScale*max|dz/dx, dz/dy|, clamped, with r one step of
//     the depth format (for floats, at the triangle's largest depth).
//   - Blending on unorm targets clamps source and constant to 0..1 first;
//     sRGB targets decode before blending and encode after.
//   - Sampling: Metal's address modes and border colours, nearest/linear
//     filters, mip filters none/nearest/linear, LOD clamps, comparison
//     with percentage-closer filtering for linear filters.
//
// Approximations, chosen and stated:
//   - Anisotropic filtering takes up to MaxAnisotropy trilinear taps along
//     the longer axis of the pixel footprint, at the LOD of the longer axis
//     divided by the tap count. Cube maps filter isotropically, within a
//     face (no seamless filtering across faces).
//   - Thin lines light one pixel per step of the major axis, the pixel
//     under the line's centre there, leaving the last one out (close to
//     the diamond-exit rule). Wireframe triangles draw the edges of the
//     clipped polygon.
//   - Points are squares of PointSize pixels (at least 1) centred on the
//     vertex, dropped when the centre is clipped.
//   - Load action DontCare keeps the old contents, and store action
//     DontCare stores: deterministic where Metal is undefined.
//
// Execution: command buffers run in commit order on a goroutine per
// queue; a panic in a program fails the buffer, not the process. A render
// pass is turned into primitives first (vertex fetch and shading, then
// clipping and setup: contiguous runs of draws on every worker, their
// primitives joined in draw order, and big draws' vertices in parallel
// chunks), then rasterized
// by one worker per core, each owning interleaved bands of 16 rows and
// drawing every primitive in order within them, so the output does not
// depend on GOMAXPROCS. Visibility results are counted per worker and
// summed. Textures are sampled from a float copy decoded once per write.
package reference
