"""``python -m host_sim``: the same command line as ``slapstack`` (host_sim/cli.py)."""
import sys

from host_sim import cli

sys.exit(cli.main(prog="python -m host_sim"))
