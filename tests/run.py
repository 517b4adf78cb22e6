"""Test runner for the real MicroPython VM (no pytest there).

Imports every tests/test_*.py module (or those named on the command line), calls each
top-level function whose name starts with ``test_``, and prints one line per failure and
a closing ``mpy X.Y.Z: N passed, N failed`` line naming the MicroPython release. Exits non-zero if anything failed or nothing ran.
The same modules are collected by pytest on CPython (host_sim/tests/test_engine_cases.py).
"""
import sys
import os


def _modules(names):
    if names:
        return names
    found = [f[:-3] for f in os.listdir("/tests") if f.startswith("test_") and f.endswith(".py")]
    found.sort()
    return found


def main(argv):
    passed = 0
    failed = 0
    for name in _modules(argv[1:]):
        try:
            mod = __import__(name)
        except Exception as e:  # a module that cannot load is a failure, not a crash
            failed += 1
            print("FAIL %s (import): %s: %s" % (name, type(e).__name__, e))
            sys.print_exception(e)
            continue
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_"):
                continue
            fn = getattr(mod, attr)
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on: one failure must not hide others
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(e).__name__, e))
                sys.print_exception(e)
    release = ".".join(str(n) for n in sys.implementation.version[:3])
    print("mpy %s: %d passed, %d failed" % (release, passed, failed))
    if failed or not passed:
        raise SystemExit(1)


main(sys.argv)
