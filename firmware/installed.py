"""Whether ``make flash`` finished writing the firmware this board runs.

``make flash`` removes its manifest (/slapstack-files.txt) before it writes anything and
writes it again last. The manifest's first line says where the code is: ``rom SHA256 BYTES``
(the SlapStack image's ROMFS partition, mounted at /rom, where the modules run in place), or
``lib`` (the code is files beside it: the host simulator's flash folder). A manifest missing, or a partition whose bytes are not
the image the manifest names (a flash unplugged while it wrote them), means the code must not
run: it may be half there. Kept as source on the filesystem, like main.py, since it must work
when the compiled code is missing or damaged.
"""
FLASH = "/"  # where the filesystem is (the host simulator points it at its flash folder)
MANIFEST = "slapstack-files.txt"
INCOMPLETE = "make flash did not finish writing the firmware."

_found = None  # the answer, found once a start: boot.py asks first, main.py again


def problem():
    """Why the firmware cannot start, a sentence for the screen, or None."""
    global _found
    if _found is None:
        _found = check() or ""
    return _found or None


def check():
    """``problem``, looked at afresh."""
    try:
        with open(FLASH + MANIFEST) as f:
            where = f.readline().split()
    except OSError:
        return INCOMPLETE
    if where[:1] == ["lib"]:
        return None  # the modules are files: one missing shows when it is imported
    if where[:1] != ["rom"] or len(where) != 3:
        return INCOMPLETE
    try:
        import binascii
        import hashlib
        import vfs
        rom = memoryview(vfs.rom_ioctl(2, 0))  # the partition, read in place (an int without one)
    except (ImportError, AttributeError, TypeError, OSError):
        rom = memoryview(b"")
    if len(rom) == 0:
        return "This MicroPython image has no ROMFS partition for the code."
    size = int(where[2])
    if len(rom) < size or binascii.hexlify(hashlib.sha256(rom[:size]).digest()).decode() != where[1]:
        return "The code in flash is not what make flash wrote: it was cut off while writing."
    return None
