#!/usr/bin/env bash
# Builds the SlapStack MicroPython image (board definition hw/image/SLAPSTACK: a Pico with a
# 256 KB ROMFS partition; the C modules hw/image/gfx_native, names, seat_stamps and spi_regs
# built in, as hw/image/modules.cmake lists them)
# from a MicroPython release checkout with its submodules.
#
#   make image MICROPY_DIR=~/micropython          (or: hw/image/build.sh ~/micropython)
#
# Needs the Arm toolchain (Debian/Ubuntu: gcc-arm-none-eabi libnewlib-arm-none-eabi
# libstdc++-arm-none-eabi-newlib), cmake, make and a C compiler. The Pico SDK's CMake downloads
# picotool unless picotool_DIR names an installed one. The build date inside the image is the
# MicroPython commit's, so the same source and toolchain give the same bytes: the script says
# whether the result equals the committed image (hw/image/slapstack-*.uf2.sha256).
# Output: build/image/slapstack-<MicroPython tag>.uf2.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MP=${1:-${MICROPY_DIR:-}}
[[ -n $MP ]] || { echo "usage: make image MICROPY_DIR=<a MicroPython release checkout with its submodules>" >&2; exit 2; }
MP=$(cd "$MP" && pwd)
[[ -f $MP/ports/rp2/Makefile ]] || { echo "$MP is not a MicroPython source tree (no ports/rp2)" >&2; exit 2; }
[[ -f $MP/lib/pico-sdk/pico_sdk_init.cmake ]] || {
    echo "$MP has no submodules: git clone --recursive, or make -C ports/rp2 submodules" >&2; exit 2; }
command -v arm-none-eabi-gcc >/dev/null || {
    echo "no arm-none-eabi-gcc: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib" >&2
    exit 2; }

TAG=$(git -C "$MP" describe --tags --always)
case $TAG in
    v1.28.* | v1.29.*) ;;
    *) echo "warning: MicroPython $TAG: SlapStack supports releases 1.28 and 1.29" >&2 ;;
esac
OUT=$ROOT/build/image
BUILD=$OUT/build-SLAPSTACK
rm -rf "$BUILD"  # configured afresh each time: CMake keeps a build folder's first settings
mkdir -p "$OUT"
# the build date in sys.version is the commit's, not today's: the image is reproducible
export SOURCE_DATE_EPOCH=$(git -C "$MP" log -1 --format=%ct HEAD)
make -C "$MP/mpy-cross" -j "$(nproc)" >/dev/null
# the C modules (hw/image/modules.cmake: the drawing's inner loops, the SPI's registers) are
# built in, in flash
make -C "$MP/ports/rp2" -j "$(nproc)" BOARD_DIR="$HERE/SLAPSTACK" BUILD="$BUILD" \
    USER_C_MODULES="$HERE/modules.cmake" >"$OUT/build.log" 2>&1 ||
    { tail -30 "$OUT/build.log" >&2; echo "build failed: $OUT/build.log" >&2; exit 1; }

# The image must end below the ROMFS partition (the linker script does not check it): the
# filesystem takes the top 1408 KB of the 2048 KB flash, the partition the 256 KB below.
end=$(stat -c %s "$BUILD/firmware.bin")
romfs_at=$(((2048 - 1408 - 256) * 1024))
((end <= romfs_at)) || { echo "the image ($end bytes) overlaps the ROMFS partition at $romfs_at" >&2; exit 1; }

NAME=slapstack-$TAG.uf2
install -m 644 "$BUILD/firmware.uf2" "$OUT/$NAME"
SUM=$(cd "$OUT" && sha256sum "$NAME")
echo "$OUT/$NAME: MicroPython $TAG, $end bytes of code below the ROMFS partition"
echo "$SUM"
if [[ -f $HERE/$NAME.sha256 ]]; then
    if [[ $SUM == "$(cat "$HERE/$NAME.sha256")" ]]; then
        echo "same bytes as the committed hw/image/$NAME"
    else
        echo "differs from the committed hw/image/$NAME ($(cut -d' ' -f1 "$HERE/$NAME.sha256")):" \
             "another toolchain or source, or a changed board definition"
    fi
fi
