"""How the ``slapstack`` command was started, to print another of its subcommands that runs
as printed (the CLI's hints and the window's)."""
import os
import shlex
import sys


def self_command():
    """A shell prefix that runs this command again: ``.venv/bin/slapstack`` or
    ``.venv/bin/python -m host_sim`` (relative where shorter)."""
    def short(p):
        rel = os.path.relpath(p)
        return rel if len(rel) < len(p) else p
    exe = sys.argv[0]
    if os.path.basename(exe) == "slapstack":
        return shlex.quote(short(exe) if os.sep in exe else exe)
    return "%s -m host_sim" % shlex.quote(short(sys.executable))
