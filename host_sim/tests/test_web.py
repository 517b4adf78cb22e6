"""The page (``make web``) in a real browser: Debian's Chromium (``apt install chromium``;
CHROMIUM names another), driven by Playwright, against the page built and served here.

What a player would notice: the page loads from its own server alone and shows the main
menu; its screens are the simulator's, pixel for pixel (the goldens, and in every other game
the simulator's own pictures of the same replay); four people play a game to its end on one
touch screen, with slaps on their edges in one instant judged as the handheld's referee
judges them; settings survive a reload; the last replay downloads and ``slapstack replay``
plays it. Most tests run the page on its test clock (``?clock=manual``: time moves only when
the test says, as the simulator's virtual clock), so they do not depend on the machine's
speed; one plays on the browser's own clock.
"""
import base64
import json
import os
import subprocess
import sys
import threading

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import sync_playwright

from host_sim import shots
from host_sim.web import build, serve
from slapstack import events as E
from slapstack import duel_events as D

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
SCREENS = os.path.join(ROOT, "host_sim", "screens")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# as the machine's notes ask: no background networking (this machine's network is closed)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
S = "window.slapstack"
STORE = "slapstack/flash/"
GOLDEN_REPLAYS = {  # replay (host_sim/screens/NAME_replay.json): its moments with goldens (test_e2e_screens.py)
    "demo": ("menu", "rules", "howto", "card:3", "false:1", "slap:1", "challenge:2", "winner", "summary"),
    "war": ("card:4", "war:1", "summary"),
}
# the other games, each a short deal nobody slaps in: their pictures against the simulator's
OTHER_GAMES = {
    "egyptian_war": ([["9C", "KS", "2D", "8S", "3H"], ["4H", "6D", "9H", "QD", "5C"]], ("card:3", "challenge:1", "winner")),
    "ruffle": ([["9C", "JS", "2D", "8S", "3H"], ["4H", "6D", "9H", "QD", "5C"], ["7C", "2H", "10S", "4D", "6S"]],
               ("card:3", "challenge:1", "winner")),
    "beggar": ([["9C", "KS", "2D", "8S"], ["4H", "JD", "3C", "7D"], ["AH", "5S", "10C", "6C"]], ("card:3", "challenge:1", "winner")),
    "money": ([["9C", "4S", "2D", "8S", "3H", "7H"], ["4H", "6D", "9D", "2S", "5C", "7C"]], ("card:3", "choice:1")),
}
LIMIT_MS = 10 * 60 * 1000


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The page, built as make web builds it, on a local server: its address."""
    folder = str(tmp_path_factory.mktemp("web") / "site")
    build.build(folder)
    httpd = serve.server(folder, port=0, bind="127.0.0.1")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1]
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("no Chromium at %s: install Debian's (apt install chromium) or name it in CHROMIUM" % CHROMIUM)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


class Page:
    """One browser tab on the page: its files on the flash set first, its clock the test's."""

    def __init__(self, browser, site, files=None, manual=True, **context):
        self.site = site
        self.context = browser.new_context(**context)
        self.tab = self.context.new_page()
        self.errors = []
        self.requests = []
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.on("request", lambda r: self.requests.append(r.url))
        self.url = site + ("?clock=manual" if manual else "")
        self.tab.goto(site + "index.html#setting-up")  # (the origin whose storage the page reads)
        self.tab.evaluate("([files, prefix]) => { localStorage.clear(); for (const [k, v] of Object.entries(files))"
                          " localStorage.setItem(prefix + k, v); }",
                          [{k: base64.b64encode(v).decode() for k, v in (files or {}).items()}, STORE])
        self.open()

    def open(self):
        self.tab.goto(self.url)
        self.tab.wait_for_function("window.slapstack !== undefined && (window.slapstack.error !== undefined"
                                   " || window.slapstack.readyMs !== undefined)", timeout=30000)
        assert self.js("error") is None, self.js("error")

    def js(self, expr, *args):
        if args:
            return self.tab.evaluate("(args) => %s.%s(...args)" % (S, expr), list(args))
        return self.tab.evaluate("%s.%s" % (S, expr))

    def advance(self, ms):
        self.js("advance", int(ms * 1000))

    def keys(self, *names):
        for name in names:
            self.js("tap", name)

    def go_to(self, label):
        for _ in range(30):
            if self.js("entry()").startswith(label):
                return
            self.keys("down")
        raise AssertionError("no menu entry %r" % label)

    def image(self, pixels=None):
        rgb = base64.b64decode(pixels if pixels is not None else self.js("pixels()"))
        return Image.frombytes("RGB", (320, 240), rgb)

    def watch(self, moments):
        """Watch the last game (the main menu's bottom entry) and take the screen at each
        moment (host_sim/shots.py's), as shots.take takes the simulator's: {moment: image}."""
        wanted = shots.moments([m for m in moments if m not in shots.MENU_MOMENTS and m != "summary"])
        self.keys("up", "ok")
        got = self.js("watch", [{"name": m.text, "kind": m.kind, "a": -1 if m.verdict is None else m.verdict,
                                 "n": m.n} for m in wanted], LIMIT_MS)
        pictures = {name: self.image(px) for name, px in got.items()}
        if "summary" in moments:
            assert self.js("watch", [{"name": "end", "kind": E.GAME_OVER, "a": -1, "n": 1}], LIMIT_MS)
            self.advance(shots.OK_AFTER_MS)
            self.keys("ok")
            self.advance(100)
            pictures["summary"] = self.image()
        return pictures

    def file(self, name):
        self.js("sync()")
        text = self.tab.evaluate("(k) => localStorage.getItem(k)", STORE + name)
        return None if text is None else base64.b64decode(text)

    def close(self):
        self.context.close()


def same(a, b):
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def replay_file(name):
    with open(os.path.join(SCREENS, name + "_replay.json"), "rb") as f:
        return f.read()


@pytest.mark.parametrize("name", list(GOLDEN_REPLAYS))
def test_the_pages_screens_are_the_goldens(browser, site, name, tmp_path):
    page = Page(browser, site, {"last_replay.json": replay_file(name)})
    moments = GOLDEN_REPLAYS[name]
    page.advance(400)  # (shots.take's boot)
    pictures = {}
    for m in moments:
        entry = shots.MENU_MOMENTS.get(m, "-")
        if entry == "-":
            continue
        if entry is not None:
            page.go_to(entry)
            page.keys("ok")
        pictures[m] = page.image()
        if entry is not None:
            page.keys("back")
            page.go_to("Play")
    pictures.update(page.watch(moments))
    differ = []
    for m in moments:
        golden = ("" if name == "demo" else name + "-") + m.replace(":", "-") + ".png"
        if m not in pictures or not same(pictures[m], Image.open(os.path.join(GOLDEN, golden))):
            if m in pictures:
                pictures[m].save(str(tmp_path / golden))
            differ.append(golden)
    assert not differ, "the page's %s differ from host_sim/golden (the page's in %s)" % (differ, tmp_path)
    assert not page.errors
    page.close()


@pytest.mark.parametrize("game", list(OTHER_GAMES))
def test_every_other_game_looks_as_in_the_simulator(browser, site, game, tmp_path):
    hands, moments = OTHER_GAMES[game]
    replay = {"game": game, "players": len(hands), "tempo_ms": 600, "deal": {"hands": hands}, "inputs": []}
    sim = dict(zip(moments, shots.take(replay, moments, str(tmp_path))))
    page = Page(browser, site, {"last_replay.json": json.dumps(replay).encode()})
    page.advance(400)
    pictures = page.watch(moments)
    differ = [m for m in moments if m not in pictures or not same(pictures[m], Image.open(sim[m]))]
    for m in differ:
        if m in pictures:
            pictures[m].save(str(tmp_path / ("page-" + m.replace(":", "-") + ".png")))
    assert not differ, "%s: the page's %s differ from the simulator's (both in %s)" % (game, differ, tmp_path)
    page.close()
