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

(N defaults to 1). Each picture is saved as ``<moment>.png`` (":" becomes "-").
"""
import json
import os
import tempfile

from PIL import Image

from host_sim.device import Device, MS
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
MENU_MOMENTS = {"menu": None, "rules": "Rules...", "howto": "How to play"}  # moment: menu entry
OK_AFTER_MS = 700  # the winner screen takes OK (to the summary) once it has been up 0.6 s
STEP_MS = 2
LIMIT_MS = 30 * 60 * 1000


class Moment:
    def __init__(self, text):
        self.text = text
        name, _, n = text.partition(":")
        if name in MENU_MOMENTS and not n:
            self.kind = None
        elif name == "summary" and not n:
            self.kind = "summary"
        elif name == "t" and n:
            self.kind = "t"
            self.ms = _number(text, n)
        elif name in KINDS:
            self.kind, self.verdict = KINDS[name]
            self.n = _number(text, n) if n else 1
            self.seen = 0
        else:
            raise ValueError("unknown moment %r: use menu, rules, howto, card:N, slap:N, false:N, "
                             "challenge:N, pile:N, war:N, choice:N, winner, summary or t:MS" % text)
        self.file = text.replace(":", "-") + ".png"

    def counts(self, ev):
        """Whether event ``ev`` (t, kind, p, a, b, c) is this moment's Nth."""
        if ev[1] != self.kind or (self.verdict is not None and ev[3] != self.verdict):
            return False
        self.seen += 1
        return self.seen == self.n


def _go_to(dev, label):
    """Move the main menu's cursor to the entry that starts with ``label``."""
    m = dev.app.screen.menu
    for _ in range(len(m.entries)):
        if m.items()[m.selected].startswith(label):
            return
        dev.keys("down")
    raise ValueError("no menu entry %r" % label)


def _number(text, n):
    try:
        v = float(n)
    except ValueError:
        v = -1
    if v < 0 or (v != int(v) and not text.startswith("t:")):
        raise ValueError("%r: %r is not a count" % (text, n))
    return v


def take(replay, moments, out_dir, scale=1, flash_dir=None):
    """Save a PNG for each moment (texts as above); returns the paths, in moment order.
    A replay that ``slapstack replay`` refuses is refused with the same message before the
    device starts. The device's flash is ``flash_dir``, or a temporary folder removed afterwards."""
    if flash_dir is None:
        with tempfile.TemporaryDirectory(prefix="slapstack-flash-") as tmp:
            return take(replay, moments, out_dir, scale, tmp)
    wanted = [Moment(m) for m in moments]
    from slapstack import replay as replay_mod
    replay_mod.play(replay_mod.check(replay), lambda *event: None)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(flash_dir, "last_replay.json"), "w") as f:
        json.dump(replay, f)
    dev = Device(flash_dir)
    saved = {}

    def save(m):
        img = dev.image()
        if scale != 1:
            img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
        path = os.path.join(out_dir, m.file)
        img.save(path)
        saved[m.text] = path

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
        while (pending or summary) and dev.now_us - start < LIMIT_MS * MS:
            dev.run_for(STEP_MS)
            new = dev.events[seen:]
            seen = len(dev.events)
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
            notice = dev.app.screen
            if dev.screen_name() == "Notice" and notice.title == "Replay damaged":  # what the device said, not a guess
                raise ValueError(" ".join(line for line in notice.lines if line))
            raise ValueError("the replay never reached %s" % ", ".join(m.text for m in pending))
    finally:
        dev.close()
    return [saved[m.text] for m in wanted]
