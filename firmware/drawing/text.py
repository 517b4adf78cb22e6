"""Text as the drawing measures it: each str encoded to bytes once and its width kept, in a
small cache (``encoded``, ``text_width``, ``pin``, ``keep``, ``forget``), and text wrapped to a
width (``wrap``). ``gfx.Gfx.text`` draws from these bytes; the screens measure and wrap with
them before they paint.
"""
from micropython import const

from drawing.font import FIRST, LAST, WIDTHS

try:
    import gfx_native as native  # the chip: gfx_native.columns measures in C
except ImportError:  # the host simulator, the WebAssembly VM: plain Python
    native = None  # (the device stage sets it None to compare the two)

# Going through a str character by character (text, text_width) gives each character as an
# interned one-character string, and interning a new one allocates (now and then a whole new
# pool of names, a few KB) and can never be freed. So the font's characters are interned
# here, once, and drawing text allocates nothing the first time a character shows either.
for _c in range(FIRST, LAST + 1):
    chr(_c)
del _c

# Going through a str character by character looks each character up among the interned
# names, every pool of them (on the chip about 40 us a character with a game's names
# loaded); a bytes gives small ints. So text is measured and drawn from its bytes, each
# str encoded and measured once: the last CACHE_MAX strs drawn keep their bytes and width (a
# table screen's strings, a few hundred bytes), so a card drawn allocates nothing, and a
# verdict's line is not measured again in every band it is painted in (0.13 ms a time).
CACHE_MAX = const(40)
_enc = {}  # str -> its bytes
_wid = {}  # str -> its width at scale 1
_pinned = ()  # type: tuple  # (str, its bytes, its width) put back as soon as the cache is emptied (``pin``)


def _ascii(s):
    """The str ``s`` as bytes, one per character (a character beyond ASCII as '?', as it is
    drawn)."""
    b = s.encode()
    if len(b) != len(s):
        b = bytes(ord(c) if ord(c) < 128 else 63 for c in s)
    return b


def encoded(s):
    """``s`` as bytes (``_ascii``), kept in the text cache; ``s`` itself when there is no
    heap for its bytes (drawing never needs to allocate: the str is slower)."""
    if type(s) is bytes:
        return s
    b = _enc.get(s)
    if b is None:
        try:
            if len(_enc) >= CACHE_MAX:
                forget()
            b = _ascii(s)
            _wid[s] = _columns(b)
            _enc[s] = b
        except MemoryError:  # the heap is locked (or full)
            return s
    return b


def cached(s):
    """Whether ``s`` is in the text cache, encoded and measured: drawing it allocates
    nothing and goes through its bytes."""
    return s in _enc


def cache_size():
    """How many texts the cache holds now (at most CACHE_MAX)."""
    return len(_enc)


def forget():
    """Empty the text cache but for the pinned texts, which go back as they were encoded
    (encoding them again took 4.5 ms on the chip, inside the verdict that filled it)."""
    _enc.clear()
    _wid.clear()
    for s, b, w in _pinned:
        _enc[s] = b
        _wid[s] = w


def pin(texts):
    """Keep ``texts`` encoded for good: emptying the cache puts them back at once. For
    what is drawn with the heap locked (the pile: Renderer._repaint_pile), where a text not
    in the cache is drawn character by character, some 40 us each."""
    global _pinned
    _pinned = ()  # (a full cache emptied meanwhile keeps none of the old ones)
    kept = []
    for s in texts:
        if s:
            kept.append((s, encoded(s), text_width(s)))
    _pinned = tuple(kept)


def keep(a, b, c=""):
    """Encode and measure ``a``, ``b`` and ``c`` now, emptying the cache first if they would
    not all fit in it: drawing them then allocates nothing (a verdict's lines, laid out
    before its box is painted with the heap locked; one at a time, the last could empty the
    cache of the first)."""
    if len(_enc) + (a not in _enc) + (b not in _enc) + (c != "" and c not in _enc) > CACHE_MAX:
        forget()
    text_width(a)
    text_width(b)
    text_width(c)


def _columns(s):
    """Width of ``s`` (bytes, or a str) at scale 1: glyphs plus one-column gaps."""
    if type(s) is not str:
        return _span(s, 0, len(s))
    w = -1
    first = FIRST
    last = LAST
    widths = WIDTHS
    for ch in s:
        code = ord(ch)
        if code < first or code > last:
            code = 63  # '?'
        w += widths[code - first] + 1
    return w


def _span(b, start, end):
    """Width of bytes ``b[start:end]`` at scale 1 (gfx_native.columns on the chip)."""
    if native is not None:
        return native.columns(b, start, end, WIDTHS)
    w = -1
    first = FIRST
    last = LAST
    widths = WIDTHS
    for i in range(start, end):
        code = b[i]
        if code < first or code > last:
            code = 63
        w += widths[code - first] + 1
    return w


def text_width(s, scale=1):
    """Width in pixels of ``s`` drawn at ``scale`` (glyphs plus one-column gaps)."""
    if not s:
        return 0
    w = _wid.get(s)
    if w is None:
        b = encoded(s)
        w = _wid.get(s) if b is not s else None
        if w is None:
            w = _columns(b)
    return w * scale


def wrap(text, width, scale=2):
    """``text`` split at spaces into lines that fit ``width`` px at ``scale`` (for menus and
    messages: it allocates). Each word is measured once, in the text's bytes, and a line's
    width is the sum of its words' and spaces'; a line is cut from the text once. (Measuring
    each trial line whole went through a str character by character, every line's again
    for each word it gained: on the chip a page of How to play took 40-70 ms to wrap.) The
    text cache is left alone."""
    b = _ascii(text)  # (one byte a character, so its indices are the text's)
    space = WIDTHS[32 - FIRST] + 2  # a space and its gaps either side
    out = []
    n = len(b)
    start = end = 0  # the line so far is text[start:end]
    line_w = 0
    i = 0  # the next word's first character
    while True:
        j = b.find(b" ", i)
        if j < 0:
            j = n
        w = _span(b, i, j)
        if start == end:  # nothing on the line yet (the text began with spaces)
            start = i
            line_w = w
        elif (line_w + space + w) * scale > width:
            out.append(text[start:end])
            start = i
            line_w = w
        else:
            line_w += space + w
        end = j
        if j == n:
            break
        i = j + 1
    out.append(text[start:end])
    return out


def seconds(ms):
    """A time of ``ms`` as seconds to the hundredth, "0.85": how War says a press's time on
    its summary and statistics, as its tags draw it."""
    return "%d.%02d" % (ms // 1000, ms % 1000 // 10)


def number_width(n, scale=1):
    """Width in pixels of the decimal digits of ``n`` (>= 0) at ``scale``."""
    w = -1
    while True:
        w += WIDTHS[48 + n % 10 - FIRST] + 1
        n //= 10
        if n == 0:
            return w * scale
