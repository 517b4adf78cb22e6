"""Runs every MicroPython-side test in tests/ on CPython too, one pytest case each.

tests/test_mpy_*.py are MicroPython-only (heap locking) and run in `make test-mpy`.
"""
import importlib
import os

import pytest

TESTS = os.path.join(os.path.dirname(__file__), "..", "..", "tests")  # on pytest's pythonpath


def _cases():
    out = []
    for name in sorted(os.listdir(TESTS)):
        if name.startswith("test_") and name.endswith(".py") and not name.startswith("test_mpy_"):
            mod = importlib.import_module(name[:-3])
            for attr in sorted(dir(mod)):
                if attr.startswith("test_"):
                    out.append(pytest.param(getattr(mod, attr), id="%s.%s" % (name[:-3], attr)))
    return out


CASES = _cases()


def test_there_are_engine_cases():
    assert len(CASES) > 40


@pytest.mark.parametrize("case", CASES)
def test_engine_case(case):
    case()
