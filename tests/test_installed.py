"""installed.py: a board whose make flash did not finish says so instead of running half its
code. Runs on both MicroPython VMs (the WebAssembly port has no ROMFS partition, as the stock
Pico image has none) and on CPython."""
import os
import sys

import installed  # the firmware's power-up file: firmware/ is on the path of both runtimes

if sys.implementation.name == "micropython":
    FOLDER = "/tmp-installed/"
else:
    import tempfile
    FOLDER = tempfile.mkdtemp(prefix="installed-") + "/"


def _board(manifest):
    """installed.py pointed at a flash holding ``manifest`` (None: no manifest)."""
    try:
        os.mkdir(FOLDER.rstrip("/"))
    except OSError:
        pass
    path = FOLDER + installed.MANIFEST
    try:
        os.remove(path)
    except OSError:
        pass
    if manifest is not None:
        with open(path, "w") as f:
            f.write(manifest)
    installed.FLASH = FOLDER
    return installed.check()


def test_no_manifest_means_make_flash_did_not_finish():
    assert _board(None) == installed.INCOMPLETE


def test_code_in_lib_starts():
    assert _board("lib\n/lib/app.mpy\n/main.py\n") is None


def test_code_said_to_be_in_romfs_on_an_image_without_a_partition_does_not_start():
    reason = _board("rom %s 152084\n/main.py\n" % ("ab" * 32))
    assert reason == "This MicroPython image has no ROMFS partition for the code."


def test_a_manifest_cut_short_or_unknown_does_not_start():
    assert _board("") == installed.INCOMPLETE
    assert _board("rom 1234\n") == installed.INCOMPLETE
    assert _board("frozen\n") == installed.INCOMPLETE


def _started():
    """installed.py as a new start has it: imported afresh, looking at the same flash."""
    del sys.modules["installed"]
    module = __import__("installed")
    module.FLASH = FOLDER
    return module


def test_the_answer_is_found_once_a_start():
    _board(None)
    started = _started()
    assert started.problem() == installed.INCOMPLETE
    _board("lib\n")
    assert started.problem() == installed.INCOMPLETE  # boot.py's answer, main.py's too
    assert _started().problem() is None
