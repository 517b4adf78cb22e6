"""The page (``make web``) in a real browser: Debian's Chromium (``apt install chromium``;
host_sim/web/browser.py finds it, or CHROMIUM names another), driven by Playwright, against
the page built and served here.

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
from host_sim.web import browser as chromium, build, serve
from slapstack import events as E
from slapstack import duel_events as D

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
SCREENS = os.path.join(ROOT, "host_sim", "screens")
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
    with sync_playwright() as p:
        try:
            b = chromium.launch(p)
        except RuntimeError as e:
            pytest.fail(str(e))
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
        self.url = site + ("?clock=manual" if manual else "?observe")
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


def test_the_page_loads_from_its_own_server_alone_and_plays_offline(browser, site):
    page = Page(browser, site)
    assert page.js("screen()") == "MainMenu"
    page.advance(400)
    assert same(page.image(), Image.open(os.path.join(GOLDEN, "menu.png")))
    assert page.requests and all(url.startswith(site) for url in page.requests), page.requests
    page.tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.context.set_offline(True)  # once loaded, nothing more is fetched
    page.keys("ok")
    assert page.js("watch", [{"name": "card", "kind": E.CARD, "a": -1, "n": 3}], 10000)
    assert page.js("screen()") == "Playing" and not page.errors
    page.open()  # and with no network at all, it loads again (sw.js)
    page.advance(400)
    assert same(page.image(), Image.open(os.path.join(GOLDEN, "menu.png"))) and not page.errors
    page.close()


class Hands:
    """Four people at the tablet's edges: each watches the pile (the engine's events, as a
    person sees the cards) and slaps a pair or a sandwich 300 ms after its card, the seats
    taking turns; now and then two slap in the same instant (one touch event with two
    fingers), and the first card is slapped wrongly."""

    REACTION_MS = 300

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page.tab)
        self.centre = []
        for i in range(4):
            box = page.tab.locator("#seat-%d" % (i + 1)).bounding_box()
            self.centre.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        self.pile = []            # the ranks on the pile, bottom first (None: a burned card)
        self.next_seat = 0
        self.chances = 0
        self.seen = 0
        self.events = []
        self.cards = 0

    def touch(self, seats):
        points = [{"x": self.centre[s][0], "y": self.centre[s][1], "id": s} for s in seats]
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
        self.page.advance(60)
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def slap_due(self):
        top = self.pile[-3:]
        return len(top) >= 2 and top[-1] is not None and (top[-1] == top[-2] or (len(top) == 3 and top[-1] == top[-3]))

    def play(self, limit_ms):
        waited = 0
        while waited < limit_ms:
            self.page.advance(50)
            waited += 50
            new = self.page.js("events", self.seen)
            self.seen += len(new)
            self.events += new
            for t, kind, p, a, b, c, late in new:
                if kind == E.CARD:
                    self.pile.append(a & 15)
                    self.cards += 1
                    if self.cards == 1:
                        self.page.advance(self.REACTION_MS)
                        self.touch([3])      # the first card: nothing to slap
                    elif self.slap_due():
                        self.page.advance(self.REACTION_MS)
                        waited += self.REACTION_MS
                        s = self.next_seat
                        self.next_seat = (s + 1) % 4
                        self.touch([s, (s + 1) % 4] if s == 2 else [s])
                elif kind == E.BURN:
                    self.pile.insert(0, None)
                elif kind == E.PILE_WON:
                    self.pile = []
                elif kind == E.GAME_OVER:
                    return True
        return False


def test_four_people_play_a_game_to_its_end_on_one_touch_screen(browser, site, tmp_path):
    settings = {"game": "ratscrew", "players": 4, "humans": 4, "tempo": "fast", "minutes": 3}
    page = Page(browser, site, {"settings.json": json.dumps(settings).encode()}, has_touch=True,
                viewport={"width": 1024, "height": 768})
    page.advance(400)
    page.keys("ok")
    hands = Hands(page)
    assert hands.play(6 * 60 * 1000), "the 3-minute game did not end"
    slaps = [e for e in hands.events if e[1] == E.SLAP]
    verdicts = {e[3] for e in slaps}
    assert {E.V_WIN, E.V_FALSE} <= verdicts
    assert {e[2] for e in slaps} == {0, 1, 2, 3}   # a slap from every edge
    ties = [(a, b) for a in slaps for b in slaps if a[2] < b[2] and a[0] == b[0]]
    assert ties and all(a[3] == b[3] for a, b in ties)  # two fingers, one instant: one verdict for both
    assert any(a[3] == E.V_TIE for a, b in ties)
    page.advance(shots.OK_AFTER_MS)
    assert page.js("screen()") == "Winner"
    page.keys("ok")
    page.advance(100)
    assert page.js("screen()") == "GameSummary" and not page.errors

    # the last replay downloads, and slapstack replay plays it: the game, event for event
    with page.tab.expect_download() as download:
        page.tab.click("#download")
    path = str(tmp_path / "downloaded.json")
    download.value.save_as(path)
    slapstack = os.path.join(os.path.dirname(sys.executable), "slapstack")
    run = subprocess.run([slapstack, "replay", path], capture_output=True, text=True, cwd=str(tmp_path))
    assert run.returncode == 0, run.stderr
    played = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(played) == len(hands.events)
    from slapstack import eventlog, replay
    with open(path) as f:
        spec = replay.check(json.load(f))
    rec = eventlog.Recorder()
    replay.play(spec, rec)
    assert [tuple(e[1:6]) for e in hands.events] == [e[0:1] + e[2:] for e in rec.events]
    page.close()


def test_settings_survive_a_reload(browser, site):
    page = Page(browser, site)
    page.advance(400)
    page.go_to("Players")
    before = page.js("entry()")
    page.keys("ok")
    after = page.js("entry()")
    assert after != before
    page.advance(2500)  # (the firmware saves a setting once the menu is left alone 2 s)
    assert page.file("settings.json")
    page.open()
    page.advance(400)
    page.go_to("Players")
    assert page.js("entry()") == after
    page.close()


def test_damaged_files_in_the_browsers_storage_are_said_and_the_page_plays(browser, site):
    files = {"settings.json": b"\x00\xffnot json{", "stats.json": b"[" * 5000, "last_replay.json": b"{}"}
    page = Page(browser, site, files)
    page.tab.evaluate("(k) => localStorage.setItem(k, '%%% not base64')", STORE + "error.log")
    page.open()
    page.advance(400)
    assert page.js("screen()") in ("Notice", "MainMenu") and not page.errors
    for _ in range(5):  # each notice gives way to the next, then the menu
        if page.js("screen()") == "MainMenu":
            break
        page.keys("ok")
    assert page.js("screen()") == "MainMenu"
    assert "error.log" in page.tab.inner_text("#aside")  # (not base64: set aside, and said)
    assert page.tab.evaluate("(k) => localStorage.getItem(k)", "slapstack/set-aside/error.log") == "%%% not base64"
    page.close()


def test_on_the_browsers_own_clock_a_key_deals_and_cards_come(browser, site):
    page = Page(browser, site, manual=False, has_touch=True)
    page.tab.wait_for_timeout(500)
    page.tab.keyboard.press("Enter")
    page.tab.wait_for_function("%s.count(%d) >= 2" % (S, E.CARD), timeout=15000)
    assert page.js("screen()") == "Playing" and not page.errors
    # a slap's time is its touch's, however late the page gets to it (a stuttering laptop):
    # a touch the browser took 250 ms ago is judged at then
    box = page.tab.locator("#seat-1").bounding_box()
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 1}]
    cdp = page.context.new_cdp_session(page.tab)
    then = page.tab.evaluate("Date.now() / 1000") - 0.25
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point, "timestamp": then})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": then + 0.06})
    mine = "%s.events().filter((e) => e[1] === %d && e[2] === 0)" % (S, E.SLAP)  # (not a bot's)
    page.tab.wait_for_function(mine + ".length > 0", timeout=5000)
    slap = page.tab.evaluate(mine)[0]
    assert 240000 <= slap[6] < 2000000  # (judged 250 ms and more after its press)
    assert page.js("notes()") >= 1  # the key's click and the deal's tune reached the sound
    page.tab.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                      " document.dispatchEvent(new Event('visibilitychange'))")
    page.tab.wait_for_timeout(300)
    assert page.js("screen()") == "Paused"  # another tab, a call: the game waits
    grain = page.js("grainUs")
    assert 1 <= grain <= 1000 and page.tab.inner_text("#grain")
    page.close()


def test_a_touch_event_on_a_seats_edge_is_that_seats_slap(browser, site):
    """Touch events as a page's script makes them (no pointer events come with those)."""
    settings = {"game": "ratscrew", "players": 4, "humans": 4, "tempo": "fast"}
    page = Page(browser, site, {"settings.json": json.dumps(settings).encode()}, has_touch=True)
    page.advance(400)
    page.keys("ok")
    assert page.js("watch", [{"name": "card", "kind": E.CARD, "a": -1, "n": 1}], 10000)
    for seat in (1, 3):
        for kind in ("touchstart", "touchend"):
            page.tab.evaluate("""([id, kind]) => {
                const pad = document.getElementById(id), box = pad.getBoundingClientRect();
                const t = new Touch({identifier: 7, target: pad, clientX: box.x + 5, clientY: box.y + 5});
                pad.dispatchEvent(new TouchEvent(kind, {changedTouches: [t], touches: kind === "touchend" ? [] : [t],
                                                        bubbles: true, cancelable: true}));
            }""", ["seat-%d" % (seat + 1), kind])
            page.advance(60)
    slaps = [e for e in page.js("events") if e[1] == E.SLAP]
    assert [e[2] for e in slaps] == [1, 3]
    # every corner is somebody's too: each seat's edge, with the corner on its left as its
    # player sees it (top-left: seat 2's, top-right: 3's, bottom-right: 4's, bottom-left: 1's)
    w, h = page.tab.viewport_size["width"], page.tab.viewport_size["height"]
    cdp = page.context.new_cdp_session(page.tab)
    for x, y in ((3, 3), (w - 3, 3), (w - 3, h - 3), (3, h - 3)):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        page.advance(60)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.advance(200)
    slaps = [e for e in page.js("events") if e[1] == E.SLAP]
    assert [e[2] for e in slaps] == [1, 3, 1, 2, 3, 0]
    page.close()


def test_make_web_serve_prints_the_address_it_serves_the_page_at(site, tmp_path):
    folder = str(tmp_path / "site")
    build.build(folder)
    run = subprocess.Popen([sys.executable, "-m", "host_sim.web.serve", "--port", "0", "--bind", "127.0.0.1",
                            "--dir", folder], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        first = run.stdout.readline()
        assert first.startswith("SlapStack is at http://localhost:"), first
        address = first.split()[3]
        import urllib.request
        with urllib.request.urlopen(address + "index.html", timeout=10) as r:
            assert b"page.js" in r.read()
        with urllib.request.urlopen(address + "micropython.wasm", timeout=10) as r:
            assert r.headers["Content-Type"] == "application/wasm"
    finally:
        run.terminate()
        run.wait(10)
    missing = subprocess.run([sys.executable, "-m", "host_sim.web.serve", "--dir", str(tmp_path / "none")],
                             capture_output=True, text=True, cwd=ROOT)
    assert missing.returncode == 2 and "make web" in missing.stderr
