"""Catch, on CPython, the allocations MicroPython refuses inside a hard interrupt.

On the device a hard IRQ handler runs with the heap locked: building a list, tuple,
dict, str or bytes, appending, formatting, float maths, a big int, a closure or any
object instance raises MemoryError. CPython allocates for everything, so we cannot
watch the heap; instead ``run_hard(fn, arg)`` runs the handler under ``sys.settrace``
with per-opcode events and ``sys.setprofile`` for calls into C, and raises
``HardIrqAllocationError`` (a MemoryError, as on the device) at the first operation
that would allocate on MicroPython:

* opcodes that build objects: BUILD_LIST/TUPLE/MAP/SET/STRING/SLICE, FORMAT_VALUE,
  LIST_APPEND..., MAKE_FUNCTION, CALL_FUNCTION_EX (``*args``), IMPORT_NAME, true
  division, float constants, ``%``/``+``/``*`` with a str/bytes/tuple constant operand;
* calls into C that allocate: list/bytearray/dict/set methods that grow a container,
  every str/bytes method, repr/format/divmod/sorted/... (seen by the profiler);
* calling a class (``list()``, ``bytearray(4)``, ``str(x)``, ``Foo()``), found by
  reading which global name the CALL instruction's callable was loaded from;
* a float or an int outside MicroPython's small-int range (-2**30..2**30-1) held in a
  local variable or returned.

Code in ``host_sim/fakes`` and the standard library stands for C on the device and is
not checked. This is a net, not a proof: values that never reach a local and callables
reached through attributes or locals can slip through. The proof is the MicroPython-side
test that runs the same handler under ``micropython.heap_lock()``.
"""

import builtins
import dis
import os
import sys
import sysconfig

SMALL_INT_MIN = -(1 << 30)
SMALL_INT_MAX = (1 << 30) - 1


class HardIrqAllocationError(MemoryError):
    """What MicroPython would raise: the handler allocated with the heap locked."""


_BUILD_OPS = {
    "BUILD_LIST", "BUILD_TUPLE", "BUILD_MAP", "BUILD_SET", "BUILD_CONST_KEY_MAP", "BUILD_STRING",
    "BUILD_SLICE", "FORMAT_VALUE", "LIST_APPEND", "LIST_EXTEND", "LIST_TO_TUPLE", "SET_ADD",
    "SET_UPDATE", "MAP_ADD", "DICT_UPDATE", "DICT_MERGE", "MAKE_FUNCTION", "CALL_FUNCTION_EX",
    "IMPORT_NAME", "UNPACK_EX", "BUILD_CLASS", "LOAD_BUILD_CLASS",
}
_TRUE_DIVIDE_ARGS = {11, 24}  # BINARY_OP "/" and "/="
# Builtin functions that return a new object (c_call events name them).
_ALLOCATING_BUILTINS = {
    "repr", "format", "divmod", "sorted", "reversed", "enumerate", "zip", "map", "filter",
    "iter", "hex", "oct", "bin", "chr", "ascii", "print", "open", "vars", "dir", "globals",
    "locals", "input", "round", "pow", "__import__", "__build_class__",
}
# Methods of builtin containers that may grow them (and so reallocate).
_GROWING_METHODS = {"append", "extend", "insert", "add", "update", "setdefault", "copy",
                    "fromkeys", "union", "intersection", "difference", "symmetric_difference",
                    "items", "keys", "values"}
_IMMUTABLE_TEXT = (str, bytes)
# Classes whose call does not allocate on MicroPython for small values.
_NON_ALLOCATING_CLASSES = {int, bool}

_HERE = os.path.dirname(os.path.abspath(__file__))
_NATIVE_DIRS = tuple({_HERE + os.sep, sysconfig.get_paths()["stdlib"] + os.sep,
                      sysconfig.get_paths()["purelib"] + os.sep})


def _is_native(filename):
    """Frames from the fakes or the standard library stand for C code on the device."""
    return os.path.abspath(filename).startswith(_NATIVE_DIRS)


def _pushes(ins):
    """How many values ``ins`` pushes (enough of CPython 3.11's bytecode for our walk)."""
    op = ins.opname
    if op == "LOAD_GLOBAL":
        return 2 if (ins.arg or 0) & 1 else 1
    if op == "LOAD_METHOD":
        return 2
    if op == "LOAD_ATTR" and sys.version_info >= (3, 12):
        return 2 if (ins.arg or 0) & 1 else 1
    if op.startswith(("LOAD_", "BUILD_", "BINARY_", "UNARY_", "COMPARE_", "CALL", "IS_OP",
                      "CONTAINS_OP", "FORMAT_", "COPY", "PUSH_NULL", "GET_LEN", "MATCH_")):
        return 1
    return 0


class _CodeInfo:
    """Per code object: instructions by offset and, per interesting offset, the
    instruction that produced a given operand (found by walking the stack back)."""

    def __init__(self, code):
        self.instrs = list(dis.get_instructions(code))
        self.index = {ins.offset: i for i, ins in enumerate(self.instrs)}
        self.targets = {ins.offset for ins in self.instrs if ins.is_jump_target}

    def producer(self, i, depth):
        """The instruction that pushed the value ``depth`` slots below the top of the
        stack just before instruction ``i`` (1 = top), or None if control flow or an
        unknown opcode makes it uncertain."""
        need = depth
        j = i - 1
        while j >= 0:
            ins = self.instrs[j]
            if ins.opname in ("SWAP", "ROT_TWO", "ROT_THREE", "ROT_N") or ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs:
                return None
            q = _pushes(ins)
            if need <= q:
                return ins
            try:
                effect = dis.stack_effect(ins.opcode, ins.arg, jump=False) if ins.opcode >= dis.HAVE_ARGUMENT \
                    else dis.stack_effect(ins.opcode)
            except ValueError:
                return None
            need = need - q + (q - effect)
            if self.instrs[j].offset in self.targets:
                return None
            j -= 1
        return None


class _Guard:
    def __init__(self):
        self._infos = {}

    def _info(self, code):
        info = self._infos.get(code)
        if info is None:
            info = self._infos[code] = _CodeInfo(code)
        return info

    def _fail(self, frame, what):
        line = frame.f_lineno
        src = ""
        try:
            import linecache
            src = linecache.getline(frame.f_code.co_filename, line).strip()
        except Exception:  # a missing source line only costs the quote
            pass
        raise HardIrqAllocationError(
            "hard IRQ handler allocates (%s) at %s:%d%s: MicroPython raises MemoryError here"
            % (what, os.path.relpath(frame.f_code.co_filename), line, (" `%s`" % src) if src else ""))

    def _check_value(self, frame, name, v):
        if type(v) is float:
            self._fail(frame, "float %s = %r" % (name, v))
        if type(v) is int and not SMALL_INT_MIN <= v <= SMALL_INT_MAX:
            self._fail(frame, "big int %s = %d" % (name, v))

    def _resolve(self, frame, ins, info):
        """The object a LOAD_GLOBAL/LOAD_NAME/module-attribute load refers to, if known."""
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            name = ins.argval
            if name in frame.f_globals:
                return True, frame.f_globals[name]
            if hasattr(builtins, name):
                return True, getattr(builtins, name)
            return False, None
        if ins.opname in ("LOAD_METHOD", "LOAD_ATTR"):
            owner = info.producer(info.index[ins.offset], 1)
            if owner is not None and owner.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
                known, obj = self._resolve(frame, owner, info)
                if known and type(obj).__name__ == "module" and hasattr(obj, ins.argval):
                    return True, getattr(obj, ins.argval)
        return False, None

    def _check_opcode(self, frame):
        code = frame.f_code
        info = self._info(code)
        i = info.index.get(frame.f_lasti)
        if i is None:
            return
        ins = info.instrs[i]
        op = ins.opname
        if op in _BUILD_OPS:
            if op == "BUILD_TUPLE" and ins.arg == 0:
                return
            self._fail(frame, op)
        if op == "LOAD_CONST" and type(ins.argval) in (float, complex):
            self._fail(frame, "float constant %r" % ins.argval)
        if op == "BINARY_OP":
            if ins.arg in _TRUE_DIVIDE_ARGS:
                self._fail(frame, "true division makes a float")
            for depth in (1, 2):
                p = info.producer(i, depth)
                if p is not None and p.opname == "LOAD_CONST" and isinstance(p.argval, (str, bytes, tuple)) \
                        and p.argval != ():
                    self._fail(frame, "%s with a %s constant" % (ins.argrepr, type(p.argval).__name__))
        if op in ("PRECALL", "CALL") and (op == "PRECALL" or "PRECALL" not in dis.opmap):
            argc = ins.arg or 0
            p = info.producer(i, argc + 1)
            if p is None:
                return
            known, callee = self._resolve(frame, p, info)
            if callee is range and self._feeds_for_loop(info, i):
                return  # MicroPython compiles `for x in range(...)` to a counter: no object
            if known and isinstance(callee, type) and callee not in _NON_ALLOCATING_CLASSES:
                self._fail(frame, "calling class %s() creates an object" % callee.__name__)

    @staticmethod
    def _feeds_for_loop(info, i):
        following = [ins.opname for ins in info.instrs[i + 1:i + 3]]
        return "GET_ITER" in following

    def local_trace(self, frame, event, arg):
        if event == "opcode":
            self._check_opcode(frame)
        elif event in ("line", "return"):
            for name, v in frame.f_locals.items():
                self._check_value(frame, name, v)
            if event == "return":
                self._check_value(frame, "return value", arg)
        return self.local_trace

    def global_trace(self, frame, event, arg):
        if _is_native(frame.f_code.co_filename):
            return None
        frame.f_trace_opcodes = True
        return self.local_trace

    def profile(self, frame, event, arg):
        if event != "c_call" or _is_native(frame.f_code.co_filename):
            return
        name = getattr(arg, "__name__", "")
        owner = getattr(arg, "__self__", None)
        if isinstance(owner, _IMMUTABLE_TEXT):
            self._fail(frame, "%s.%s() makes a new %s" % (type(owner).__name__, name, type(owner).__name__))
        if isinstance(owner, (list, bytearray, dict, set)) and name in _GROWING_METHODS:
            self._fail(frame, "%s.%s() grows a container" % (type(owner).__name__, name))
        if type(owner).__name__ == "module" and owner is builtins and name in _ALLOCATING_BUILTINS:
            self._fail(frame, "%s() returns a new object" % name)


def run_hard(fn, *args):
    """Call ``fn(*args)`` as a hard IRQ handler: raise HardIrqAllocationError where
    MicroPython would raise MemoryError. Restores any tracer/profiler (coverage) after."""
    guard = _Guard()
    old_trace, old_profile = sys.gettrace(), sys.getprofile()
    caller = sys._getframe(0)
    sys.setprofile(guard.profile)
    sys.settrace(guard.global_trace)
    try:
        return fn(*args)
    finally:
        sys.settrace(old_trace)
        sys.setprofile(old_profile)
        if old_trace is not None:
            caller.f_trace = old_trace
