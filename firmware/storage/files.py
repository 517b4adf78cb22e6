"""The files the App keeps on the board's flash, besides settings.json (settings.py) and
stats.json (stats.py)."""
from micropython import const

REPLAY_FILE = "last_replay.json"
CRASH_REPLAY_FILE = "crash_replay.json"  # the game an error stopped, to replay on a laptop
RECORD_FILE = "game_inputs.bin"  # the game's input record, spilled from RAM when quiet
ERROR_LOG = "error.log"
ERROR_LOG_MAX = const(4096)      # bytes: older entries make way for new ones
