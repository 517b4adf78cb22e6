"""A Pico's flash image with its filesystem full, filled from outside while the board is
unplugged (``PicoRig.unplugged``): what littlefs-python writes is what the board's littlefs
reads, in a second instead of the minutes the emulated chip takes to write 1.4 MB itself."""
import contextlib

from littlefs import LittleFSError, UserContext, lfs

BLOCK = 4096
MAGIC = b"littlefs"   # in a superblock, 8 bytes into the filesystem's first block
NAME = "filler"       # the files that fill it: /filler0.bin, /filler1.bin...


def _mounted(blocks):
    """littlefs mounted on ``blocks`` (a bytearray) as MicroPython's rp2 port mounts it."""
    cfg = lfs.LFSConfig(UserContext(buffer=blocks), block_size=BLOCK, block_count=len(blocks) // BLOCK,
                        read_size=32, prog_size=32, cache_size=32, lookahead_size=32)
    fs = lfs.LFSFilesystem()
    lfs.mount(fs, cfg)
    return fs, cfg   # (the filesystem reads through cfg: both are kept while it is used)


def _with_file(blocks, name, size):
    """``blocks`` with one more file of ``size`` zero bytes, or None when it does not fit. Each
    try is on a copy: littlefs left with a failed write is not used again."""
    trial = bytearray(blocks)
    fs, _cfg = _mounted(trial)
    try:
        fh = lfs.file_open(fs, name, "wb")
        lfs.file_write(fs, fh, bytes(size))
        lfs.file_close(fs, fh)
        lfs.unmount(fs)
    except LittleFSError:
        return None
    return trial


def fill(image_path):
    """Fill the filesystem in the flash image at ``image_path`` until not one 16-byte file more
    fits: one big file, then ever smaller ones (the last go into the directory's own blocks).
    Returns how many files were written (named as NAME says)."""
    with open(image_path, "rb") as f:
        image = f.read()
    start = next(off for off in range(0, len(image), BLOCK) if image[off + 8:off + 16] == MAGIC)
    blocks = bytearray(image[start:])
    n = 0
    for size in (1 << 20, 1 << 16, BLOCK, 512, 64, 16):
        while True:
            grown = _with_file(blocks, "/%s%d.bin" % (NAME, n), size)
            if grown is None:
                break
            blocks = grown
            n += 1
    with open(image_path, "wb") as f:
        f.write(image[:start] + blocks)
    return n


@contextlib.contextmanager
def full(pico):
    """The board's flash full while the block runs (filled with the board unplugged), then
    as it was before (put back the same way: the chip would take a minute to remove the files)."""
    with pico.unplugged() as image:
        with open(image, "rb") as f:
            before = f.read()
        assert fill(image) > 0
    try:
        yield
    finally:
        with pico.unplugged() as image:
            with open(image, "wb") as f:
                f.write(before)
