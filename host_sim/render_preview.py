"""Render a sample table through the real driver into the panel model and save PNGs.

``python -m host_sim.render_preview [outdir] [--panel ili9341]`` writes table.png (and
menu, message, winner and verdict screens) so the layout can be checked by eye.
"""
import os
import sys

from host_sim import display_rig, fakes

from painters import renderer  # noqa: E402  (on sys.path via display_rig)
import sample_views  # noqa: E402
from slapstack import cards  # noqa: E402


def render_all(outdir, kind="st7789"):
    rig = display_rig.make(kind)
    model = rig.model
    r = renderer.Renderer(rig.panel)
    v = sample_views.table()
    paths = []

    def save(name):
        p = os.path.join(outdir, name + ".png")
        model.to_image().save(p)
        paths.append(p)

    r.full(v)
    save("table")
    v.verdict = (0, True, "SANDWICH!", 212, "Red takes 12")
    r.update(v)
    save("verdict")
    v.verdict = None
    v.pile[:] = cards.parse_list(["JK", "AS", "QD", "2C"])
    v.stuck = [2]
    r.update(v)
    save("table2")
    v.winner = 3
    v.banner = "412 cards played"
    r.update(v)
    save("winner")
    r.menu("SlapStack", ["Egyptian Ratscrew", "Egyptian War", "Beggar-my-neighbour", "War",
                         "Money", "Settings"], 2, "Slap to choose")
    save("menu")
    r.message("No board found", ["Check the ribbon cable to the button board, then press "
                                 "any button to try again.", "Error 3: buttons not answering"])
    save("message")
    fakes.uninstall()
    if model.errors:
        raise SystemExit("panel model rejected the stream: %s" % model.errors[:5])
    return paths


def main(argv):
    kind = "st7789"
    if "--panel" in argv:
        i = argv.index("--panel")
        kind = argv[i + 1]
        del argv[i:i + 2]
    outdir = argv[1] if len(argv) > 1 else "build/preview"
    os.makedirs(outdir, exist_ok=True)
    for p in render_all(outdir, kind):
        print("wrote", p)


if __name__ == "__main__":
    main(sys.argv)
