"""What a .uf2 file writes to the Pico's flash.  (CPython; tools/flash.py uses it.)

A UF2 file is 512-byte blocks, each naming the flash address its payload goes to (the format:
github.com/microsoft/uf2). ``flash_code`` puts the payloads of an RP2040 image together from
the start of flash (XIP 0x10000000) to its end: the bytes a board running that image holds
there, which ``probe`` hashes on the board to tell whether it runs this very image.
"""
import struct

FLASH_START = 0x10000000
_BLOCK = 512
_MAGIC = (0x0A324655, 0x9E5D5157)
_MAGIC_END = 0x0AB16F30
_NOT_MAIN_FLASH = 0x00000001  # a block flagged so is not written to flash


class NotAnImage(ValueError):
    """The file is not a .uf2 image that fills flash from its start."""


def flash_code(path):
    """The bytes the .uf2 at ``path`` writes from the start of flash, without gaps."""
    with open(path, "rb") as f:
        data = f.read()
    if not data or len(data) % _BLOCK:
        raise NotAnImage("%s is not a .uf2 file: its size is not a whole number of 512-byte blocks" % path)
    parts = {}
    for at in range(0, len(data), _BLOCK):
        m0, m1, flags, addr, size = struct.unpack_from("<5I", data, at)
        if (m0, m1) != _MAGIC or struct.unpack_from("<I", data, at + _BLOCK - 4)[0] != _MAGIC_END or size > 476:
            raise NotAnImage("%s: block %d is not a UF2 block" % (path, at // _BLOCK))
        if not flags & _NOT_MAIN_FLASH:
            parts[addr] = data[at + 32:at + 32 + size]
    code = bytearray()
    for addr in sorted(parts):
        if addr != FLASH_START + len(code):
            raise NotAnImage("%s leaves a gap in flash at 0x%08x" % (path, FLASH_START + len(code)))
        code += parts[addr]
    if not code:
        raise NotAnImage("%s writes nothing to flash" % path)
    return bytes(code)
