"""``make bench-web``: the page's own timings in Debian's Chromium (figures, not pass/fail).

    python -m host_sim.web.bench [--seconds 30] [--dir build/web]

Serves the page make web built, opens it on the browser's own clock, and plays Ratscrew, you
(seat 1, a key every 1.3 s: mostly wrong slaps, each a verdict) against three bots, for
``--seconds``. Prints:

- load: from asking for the page to the main menu up, ready to play (the page's
  ``performance.now()`` then);
- new card: from the card's due time (its time in the game) to the canvas that shows it:
  how late the pass that turned it was, plus the time from that pass to the next frame
  drawn (the browser draws at its refresh, 60 Hz: 16.7 ms apart);
- verdict: from the slap's press (its stamp) to the canvas showing the verdict;
- passes of the loop a second, frames drawn, and the browser clock's grain.
"""
import argparse
import statistics
import sys
import threading
import time

from playwright.sync_api import sync_playwright

from host_sim.web import browser as chromium, build, serve
from slapstack import events as E


def figures(events, shown):
    """{"card": [ms...], "verdict": [ms...]}: each event's lateness at the engine plus the
    time from that pass to the frame that showed it."""
    out = {"card": [], "verdict": []}
    k = 0
    for i, (t, kind, p, a, b, c, late) in enumerate(events):
        while k < len(shown) and shown[k][0] <= i:
            k += 1
        if k == len(shown):
            break
        if kind == E.CARD:
            out["card"].append(late / 1000 + shown[k][1])
        elif kind == E.SLAP and a in (E.V_WIN, E.V_FALSE):
            out["verdict"].append(late / 1000 + shown[k][1])
    return out


def line(name, values):
    if not values:
        return "%-9s none seen" % name
    return "%-9s median %5.1f ms, 90%% %5.1f ms, max %5.1f ms (%d)" % (
        name, statistics.median(values), sorted(values)[int(len(values) * 0.9)], max(values), len(values))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.web.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--dir", default=build.OUT)
    args = ap.parse_args(argv)
    httpd = serve.server(args.dir, port=0, bind="127.0.0.1")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/?observe" % httpd.server_address[1]
    with sync_playwright() as p:
        try:
            browser = chromium.launch(p)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            return 2
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(url)
        page.wait_for_function("window.slapstack && window.slapstack.readyMs !== undefined", timeout=30000)
        ready = page.evaluate("window.slapstack.readyMs")
        page.evaluate("localStorage.clear()")
        page.keyboard.press("Enter")
        start = time.time()
        passes0 = page.evaluate("window.slapstack.passes()")
        while time.time() - start < args.seconds:
            page.wait_for_timeout(1300)
            page.keyboard.press("1")
        took = time.time() - start
        passes = page.evaluate("window.slapstack.passes()") - passes0
        events = page.evaluate("window.slapstack.events()")
        shown = page.evaluate("window.slapstack.shown()")
        grain = page.evaluate("window.slapstack.grainUs")
        frames = page.evaluate("window.slapstack.frames()")
        version = browser.version
        browser.close()
    httpd.shutdown()
    got = figures(events, shown)
    print("SlapStack's page in Chromium %s (headless), this machine; %.0f s of Ratscrew, 1 person and 3 bots"
          % (version, took))
    print("load      %.0f ms to the main menu, ready to play" % ready)
    print(line("new card", got["card"]))
    print(line("verdict", got["verdict"]))
    print("loop      %.0f passes/s, %d frames drawn; the browser's clock: %d us steps" % (passes / took, frames, grain))
    return 0


if __name__ == "__main__":
    sys.exit(main())
