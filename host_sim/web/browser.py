"""The Chromium the page's test and benchmark drive (through Playwright): ``CHROMIUM`` if set,
else the first found of Debian's (``apt install chromium``) and Google's; Playwright's own
download of a browser is not relied on (it fails on machines with a closed network)."""
import os
import shutil

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# no background networking, no component updates, no sync: a closed network refuses them all
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def find():
    """The browser's path, or None."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named if os.path.exists(named) else None
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def launch(playwright):
    """A headless Chromium from ``find`` (RuntimeError saying how to get one if none)."""
    path = find()
    if path is None and os.environ.get("CHROMIUM"):
        raise RuntimeError("CHROMIUM=%s: no such browser" % os.environ["CHROMIUM"])
    if path is None:
        raise RuntimeError("no Chromium found (looked for %s; CHROMIUM names another): install "
                           "Debian's: apt install chromium" % ", ".join(NAMES))
    return playwright.chromium.launch(executable_path=path, args=FLAGS)
