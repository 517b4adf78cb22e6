"""What letting each module go gives back: the heap each module the firmware unloads holds
while imported, on the board.

    make flash WITH=tests/unload_device.py
    mpremote exec "import unload_device; unload_device.main()"

For every group of modules the firmware lets go (the menus', the game's and the hardware
test's, as each module's ``UNLOAD_WITH`` names its group; what the main menu loads ahead;
``hardware.board``'s power-up modules; and each game's setup, which ``slapstack.games.forget_setup`` lets go), from the main menu as power-up
leaves it (the App made, as main.py makes it): the group let go if the menu had it, a full
collection, the group imported, a full collection, the heap in use measured, then the group
and whatever it brought in let go and collected again. Prints an ``UNLOAD`` line a group:
its name, the bytes it held, the bytes still held once let go (0 when the collector took it
all), and the modules it brought in with it. ``make bench-device`` runs it and
``host_sim/pico_bench.py`` tabulates the lines. Nothing is saved.
"""
import gc
import sys

from slapstack import unload as let_go

# (what the group is, the modules imported, or the firmware group whose modules they are):
# each is let go by the firmware where it says.
GROUPS = (
    ("menus", "menus"),  # at a deal (unload.let_go_of_menus)
    ("game", "game"),  # with the game (unload.let_go_of_game)
    ("board_setup", ("hardware.board_setup", "hardware.pinmap")),  # after power-up (hardware.board)
    ("hw_test", "test"),  # the hardware test left (unload.let_go_of_test)
    ("menus_ahead", "ahead"),  # the menu's cursor on the hardware test (unload.let_go_of_ahead)
    # at a deal (games.forget_setup): each game's setup
    ("slap_setup", ("slapstack.games", "slapstack.slaprules", "slapstack.options", "slapstack.pattern_names")),
    ("war_setup", ("slapstack.games", "slapstack.war", "slapstack.options")),
    ("money_setup", ("slapstack.games", "slapstack.money", "slapstack.options")),
)


def firmware_modules():
    """Every module of the firmware's packages (those beside ``app``, the engine aside), by
    their files: in the ROMFS on the board (/rom/lib), in firmware/ on the laptop."""
    import os
    import app
    path = app.__path__ if isinstance(app.__path__, str) else list(app.__path__)[0]
    lib = path[:path.rfind("/")]
    names = []
    for package in sorted(os.listdir(lib)):
        files = os.listdir(lib + "/" + package) if "." not in package else ()
        if package == "slapstack" or not ("__init__.py" in files or "__init__.mpy" in files):
            continue
        for f in sorted(files):
            stem, _, ext = f.partition(".")
            if ext in ("py", "mpy") and stem != "__init__":
                names.append(package + "." + stem)
    return names


def firmware_groups():
    """{group: its modules' names} for the firmware's modules that name one (``app.unload``'s
    ``group_of``), each imported in turn to read it and let go again with what it brought in
    if it was not imported; and "ahead", the main menu's AHEAD."""
    from app.unload import group_of
    found = {}
    for name in firmware_modules():
        before = set(sys.modules)
        try:
            __import__(name)
        except ImportError:  # (a driver for another board's parts: none the App lets go)
            continue
        group = group_of(sys.modules[name])
        if group is not None:
            found[group] = found.get(group, ()) + (name,)
        if name == "app.menu_screens":
            found["ahead"] = sys.modules[name].AHEAD
        let_go([n for n in sys.modules if n not in before])
        gc.collect()
    return found


def groups():
    """GROUPS, each firmware group's modules found."""
    found = firmware_groups()
    return [(what, found[modules] if isinstance(modules, str) else modules) for what, modules in GROUPS]


def held(modules):
    """(bytes the modules hold imported, bytes left once let go, the modules they brought in).
    Those already imported (the menus' at the main menu) are let go first."""
    let_go(modules)
    before = set(sys.modules)
    gc.collect()
    base = gc.mem_alloc()
    for name in modules:
        __import__(name)
    gc.collect()
    loaded = gc.mem_alloc() - base
    brought = [name for name in sys.modules if name not in before]
    let_go(brought)
    gc.collect()
    return loaded, gc.mem_alloc() - base, [n for n in brought if n not in modules]


def main():
    from app.loop import App
    from hardware import board

    a = App(board.Board())  # power-up: the main menu, the modules a game keeps imported
    image = getattr(sys.implementation, "_build", "?")
    for what, modules in groups():
        loaded, left, brought = held(modules)
        print("UNLOAD %s %s %d %d %s" % (image, what, loaded, left, ",".join(brought) or "-"))
    del a  # (held to the end: the groups are measured beside the App's own heap)
    print("UNLOADS DONE on %s" % getattr(sys.implementation, "_machine", sys.platform))


if __name__ == "__main__":
    main()
