"""Screenshots of the firmware playing a replay file, at chosen moments (headless).

The replay goes onto a fresh simulated flash as ``last_replay.json``; the device boots,
and its own menu entry "Watch last game" plays it, the inputs reaching the table at their
recorded times. A moment is one of:

    menu         the main menu after power-up
    rules        the Rules menu of the game the settings choose (Ratscrew on a new flash)
    howto        the first page of How to play
    card:N       just after the Nth card is on screen
    slap:N       the Nth winning slap's verdict
    false:N      the Nth false slap's verdict
    challenge:N  the Nth challenge (a face card or ace played)
    pile:N       the Nth pile taken
    war:N        the Nth war in War (a tie of the face-up cards)
    choice:N     the Nth choice in Money (buying, giving change)
    winner       the winner screen
    summary      the game's summary, after the winner screen
    t:MS         MS milliseconds after the replay started

(N defaults to 1, at most 9 digits). Each picture is saved as ``<moment>.png`` (":" becomes
"-") in the out folder (``Out``), written beside it first and then moved into place, never
over the replay file itself. Before the device starts, the engine plays the replay through
(``check``): a replay the board cannot seat, or a moment the game never comes to, is refused
at once, and the device is then given the game's own length (plus ``SPARE_MS``) to reach
each moment, however long the game.
"""
import os
import tempfile

from PIL import Image

from host_sim import files
from host_sim.device import Device, MS, PINS
from slapstack import clock
from slapstack import duel_events as D
from slapstack import events as E

KINDS = {
    "card": (E.CARD, None),
    "slap": (E.SLAP, E.V_WIN),
    "false": (E.SLAP, E.V_FALSE),
    "challenge": (E.CHALLENGE, None),
    "pile": (E.PILE_WON, None),
    "war": (D.WAR_TIE, None),
    "choice": (E.MONEY_CHOICE, None),
    "winner": (E.GAME_OVER, None),
}
NOUNS = {"card": "cards", "slap": "winning slaps", "false": "false slaps", "challenge": "challenges",
         "pile": "piles taken", "war": "wars", "choice": "choices", "winner": "winner screens"}
MENU_MOMENTS = {"menu": None, "rules": "Rules...", "howto": "How to play"}  # moment: menu entry
OK_AFTER_MS = 700  # the winner screen takes OK (to the summary) once it has been up 0.6 s
STEP_MS = 2       # the device's steps near a moment
JUMP_MS = 1000    # and further from one than LEAD_MS (the engine's play says when each comes)
LEAD_MS = 1000
SPARE_MS = 60 * 1000  # the device may take this much longer than the engine's game to get there
MAX_MOMENTS = 100
MAX_COUNT_DIGITS = 9
MOMENTS = ("menu, rules, howto, card:N, slap:N, false:N, challenge:N, pile:N, war:N, choice:N, "
           "winner, summary or t:MS")


class OutError(Exception):
    """A problem with the pictures' folder (not with the replay)."""


class Moment:
    def __init__(self, text):
        self.text = text
        name, colon, n = text.partition(":")
        if name in MENU_MOMENTS and not colon:
            self.kind = None
        elif name == "summary" and not colon:
            self.kind = "summary"
        elif name == "t" and colon:
            self.kind = "t"
            self.ms = _ms(text, n)
        elif name in KINDS and (n or not colon):
            self.name = name
            self.kind, self.verdict = KINDS[name]
            self.n = _count(text, n) if n else 1
            self.seen = 0
        else:
            raise ValueError("unknown moment %r: use %s" % (text, MOMENTS))
        self.file = text.replace(":", "-") + ".png"

    def counts(self, ev):
        """Whether event ``ev`` (t, kind, p, a, b, c) is this moment's Nth."""
        if ev[1] != self.kind or (self.verdict is not None and ev[3] != self.verdict):
            return False
        self.seen += 1
        return self.seen == self.n


def moments(texts, limit=MAX_MOMENTS):
    """The Moments the texts name, each once, in order; ValueError if one is not a moment
    or there are more than ``limit``."""
    out = []
    for text in texts:
        if text not in [m.text for m in out]:
            out.append(Moment(text))
    if len(out) > limit:
        raise ValueError("%d moments: at most %d in one run" % (len(out), limit))
    return out


def _count(text, n):
    if not (n.isdigit() and n.isascii() and len(n) <= MAX_COUNT_DIGITS and int(n) >= 1):
        raise ValueError("%r: N must be a whole number from 1 to %s" % (text, "9" * MAX_COUNT_DIGITS))
    return int(n)


def _ms(text, n):
    from slapstack.replay import MAX_MS
    try:
        v = float(n) if len(n) <= 32 else -1.0
    except ValueError:
        v = -1.0
    if not 0 <= v <= MAX_MS:  # (NaN too)
        raise ValueError("%r: MS must be a time in ms from 0 to %d (a day)" % (text, MAX_MS))
    return v


def board_seats():
    """How many seats (slap buttons) the simulated board has: hw/pins.json's."""
    import json
    with open(PINS) as f:
        return len(json.load(f)["seats"])


class Game:
    """What the engine's play of a replay held: its events (time in ms from the first, kind,
    verdict) and its length."""

    def __init__(self):
        self.events = []
        self.end_ms = 0
        self._last = None

    def sink(self, kind, t, p, a, b, c):
        if self._last is not None:
            self.end_ms += clock.diff(t, self._last) / 1000
        self._last = t
        self.events.append((self.end_ms, kind, a))

    def _matching(self, m):
        return [t for t, kind, a in self.events if kind == m.kind and (m.verdict is None or a == m.verdict)]

    def count(self, m):
        return len(self._matching(m))

    def when(self, m):
        """The ms (from the first event) of moment ``m``'s event; summary: the game's end."""
        return self.end_ms if m.kind == "summary" else self._matching(m)[m.n - 1]


def check(spec):
    """The replay ``slapstack replay`` would play (ValueError with its message if not), played
    through by the engine: its ``Game``. A game for more seats than the board has is refused
    in the device's words."""
    from slapstack import replay as replay_mod
    checked = replay_mod.check(spec)
    seats = board_seats()
    for field in ("seats", "players"):
        n = checked.get(field)
        if type(n) is int and n > seats:
            raise ValueError("A game for %d %s: this board seats %d." % (n, field, seats))
    game = Game()
    replay_mod.play(checked, game.sink)
    return game


class Out:
    """The pictures' folder: made if missing; refused (OutError) if it cannot be, cannot be
    written in, or a picture there would replace one of ``inputs`` (the replay)."""

    def __init__(self, folder, names, inputs=()):
        self.folder = folder
        problem = files.folder_problem(folder)
        if problem:
            raise OutError(problem)
        for name in names:
            path = os.path.join(folder, name)
            for src in inputs:
                if files.same_file(path, src):
                    raise OutError("the picture %s there would replace the replay file %s: "
                                   "choose another folder" % (name, src))

    def save(self, img, name):
        """Write ``img`` as ``name`` in the folder: to a temporary file beside it, then moved
        into place (a link there is replaced, never written through); the path."""
        path = os.path.join(self.folder, name)
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".slapstack-", suffix=".png")
            with os.fdopen(fd, "wb") as f:
                img.save(f, format="PNG")
            os.replace(tmp, path)
            tmp = None
        except OSError as e:
            raise OutError("cannot write %s: %s" % (name, e.strerror or e))
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        return path


def _go_to(dev, label):
    """Move the main menu's cursor to the entry that starts with ``label``."""
    m = dev.app.screen.menu
    for _ in range(len(m.entries)):
        if m.items()[m.selected].startswith(label):
            return
        dev.keys("down")
    raise ValueError("no menu entry %r" % label)


def take(replay, wanted, out, scale=1, flash_dir=None, game=None):
    """Save a PNG for each moment (Moments, or their texts) in ``out`` (an ``Out`` or a
    folder); returns the paths, in moment order. A replay that ``slapstack replay`` refuses
    is refused with the same message before the device starts (ValueError), as is a moment
    the game never comes to. The device's flash is ``flash_dir``, or a temporary folder
    removed afterwards."""
    if flash_dir is None:
        with tempfile.TemporaryDirectory(prefix="slapstack-flash-") as tmp:
            return take(replay, wanted, out, scale, tmp, game)
    if wanted and isinstance(wanted[0], str):
        wanted = moments(wanted)
    if game is None:
        game = check(replay)
    if not isinstance(out, Out):
        out = Out(out, [m.file for m in wanted])
    for m in wanted:
        if m.kind == "t" and m.ms > game.end_ms:
            raise ValueError("%s: the game ends at %d ms" % (m.text, game.end_ms))
        if m.kind is not None and m.kind not in ("t", "summary"):
            had = game.count(m)
            if had < m.n:
                raise ValueError("%s: the game has %d %s" % (m.text, had, NOUNS[m.name]))
    import json
    with open(os.path.join(flash_dir, "last_replay.json"), "w") as f:
        f.write(json.dumps(replay))  # (dumps: C's encoder; dump's streaming one is 20x slower)
    dev = Device(flash_dir)
    saved = {}

    def save(m):
        img = dev.image()
        if scale != 1:
            img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
        saved[m.text] = out.save(img, m.file)

    limit_us = int((game.end_ms + SPARE_MS) * MS)
    try:
        dev.boot(run_ms=400)
        for m in wanted:
            if m.kind is None:
                entry = MENU_MOMENTS[m.text]
                if entry is not None:
                    _go_to(dev, entry)
                    dev.keys("ok")
                save(m)
                if entry is not None:
                    dev.keys("back")
                    _go_to(dev, "Play")
        dev.keys("up", "ok")  # the bottom entry of the main menu: Watch last game
        start = dev.now_us
        seen = len(dev.events)
        pending = [m for m in wanted if m.kind is not None and m.kind != "summary"]
        summary = [m for m in wanted if m.kind == "summary"]   # after the game: play to its end
        offset_us = None  # the device's time of the engine's first event
        while (pending or summary) and dev.now_us - start < limit_us and dev.screen_name() != "Notice":
            step_us = STEP_MS * MS
            if offset_us is not None:  # far from the next moment: on in bigger steps
                due = min([start + m.ms * MS if m.kind == "t" else offset_us + game.when(m) * MS
                           for m in pending + summary])
                step_us = max(step_us, min(JUMP_MS * MS, int(due - LEAD_MS * MS - dev.now_us)))
            dev.run_until(dev.now_us + step_us)
            new = dev.events[seen:]
            seen = len(dev.events)
            if offset_us is None and new:
                offset_us = new[0][0] - int(game.events[0][0] * MS)
            for m in list(pending):
                hit = (dev.now_us - start >= m.ms * MS) if m.kind == "t" else any(m.counts(ev) for ev in new)
                if hit:
                    save(m)
                    pending.remove(m)
            if any(ev[1] == E.GAME_OVER for ev in new):
                break
        if summary and dev.of(E.GAME_OVER):
            dev.run_for(OK_AFTER_MS)
            dev.keys("ok")
            dev.run_for(100)
            save(summary[0])
        elif summary:
            pending += summary
        if pending:
            if dev.screen_name() == "Notice":  # what the device said, not a guess
                notice = dev.app.screen
                raise ValueError("the device says: %s: %s" % (notice.title, " ".join(line for line in notice.lines if line)))
            raise ValueError("the device's replay never reached %s within the game's length and %d s more "
                             "(%d s of play)" % (", ".join(m.text for m in pending), SPARE_MS // 1000,
                                                 limit_us // (1000 * MS)))
    finally:
        dev.close()
    return [saved[m.text] for m in wanted]
