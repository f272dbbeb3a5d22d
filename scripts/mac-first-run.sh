#!/bin/sh
# First run of mtld3d's Metal backend on a Mac (docs/METAL.md, "First run
# on a Mac"): the Metal smoke tests, the e2e suite and Wine's d3d9
# conformance files with the metal backend, every step's output and the
# programs' mtld3d logs packed into one archive to send back.
#
#   sh scripts/mac-first-run.sh            # from the repository root
#
# Needs: Go, a Wine for macOS on PATH (wine, wineserver; CrossOver's or a
# wine-crossover build), mingw-w64 (x86_64-w64-mingw32-gcc and
# i686-w64-mingw32-gcc; `brew install mingw-w64`), make. A step that fails
# is recorded and the next one runs.
set -u
cd "$(dirname "$0")/.."
stamp=$(date +%Y%m%d-%H%M%S)
out="build/mac-first-run-$stamp"
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"

step() { # step NAME COMMAND...: runs COMMAND, logging to $out/NAME.log
	name=$1
	shift
	printf '== %s: %s\n' "$name" "$*"
	start=$(date +%s)
	if "$@" >"$out/$name.log" 2>&1; then st=ok; else st="FAILED ($?)"; fi
	printf '%-28s %-12s %4ss   %s\n' "$name" "$st" "$(($(date +%s) - start))" "$*" | tee -a "$summary"
}

{
	sw_vers 2>/dev/null
	uname -a
	sysctl -n machdep.cpu.brand_string 2>/dev/null
	system_profiler SPDisplaysDataType 2>/dev/null | sed -n '1,30p'
	go version
	command -v wine && wine --version
	file "$(command -v wine 2>/dev/null)" 2>/dev/null
	command -v x86_64-w64-mingw32-gcc i686-w64-mingw32-gcc
	git rev-parse HEAD
	git status --short
} >"$out/machine.txt" 2>&1

# 1. The Metal bindings on this Mac, natively and (Apple silicon) as
# x86_64 under Rosetta, which takes the objc_msgSend_stret paths.
step smoke-native env MTLD3D_METAL_SMOKE=1 go test -v -count=1 -run Smoke ./unix/backend/metal/ ./unix/backend/metal/winemac/
if [ "$(uname -m)" = arm64 ] && arch -x86_64 /usr/bin/true 2>/dev/null; then
	step smoke-rosetta env MTLD3D_METAL_SMOKE=1 GOARCH=amd64 CGO_ENABLED=1 CC="clang -arch x86_64" \
		go test -v -count=1 -run Smoke ./unix/backend/metal/ ./unix/backend/metal/winemac/
fi

# 2. The build, for the architecture of this Wine's unix side (x86_64 for
# CrossOver and the usual builds, under Rosetta on Apple silicon).
if file "$(command -v wine 2>/dev/null)" 2>/dev/null | grep -q arm64 && ! file "$(command -v wine)" | grep -q x86_64; then
	wine_arch=aarch64
else
	wine_arch=x86_64
	export GOARCH=amd64 CGO_ENABLED=1 CC="clang -arch x86_64"
fi
echo "Wine's unix side: $wine_arch" >>"$summary"
step build make all HOST_ARCH=$wine_arch

# 3. Our own end-to-end programs, both guest architectures, on Metal; the
# programs' logs are kept.
step e2e env MTLD3D_E2E_REQUIRED=1 MTLD3D_E2E_BACKEND=metal MTLD3D_E2E_KEEP=1 \
	go test -count=1 -timeout 90m -v ./tests/

# 4. Wine's own d3d9 conformance files on Metal, against the baselines
# the reference backend meets on Linux.
step conformance go run ./conformance -file stateblock,d3d9ex,device -arch x86_64,i686 -no-wine -backend metal -keep
step conformance-visual go run ./conformance -file visual -arch x86_64 -no-wine -backend metal -keep

# 5. Pack: step logs, conformance results, every mtld3d log the runs left.
mkdir -p "$out/mtld3d-logs" "$out/conformance"
cp -R build/conformance/results build/conformance/logs "$out/conformance/" 2>/dev/null
find "${TMPDIR:-/tmp}" /tmp -maxdepth 6 -type d -name mtld3d-logs 2>/dev/null | while read -r d; do
	cp -R "$d" "$out/mtld3d-logs/$(echo "$d" | tr '/' '_')" 2>/dev/null
done
tar -czf "$out.tar.gz" -C build "$(basename "$out")"
echo
cat "$summary"
echo "Send back: $out.tar.gz"
