"""Chance, in one place: every random draw in a game comes from a xorshift32 generator
(prng.py) made here, from one of two seeds, so a game is its seeds plus its timed inputs.

- The deal's seed (``"deal": {"seed": N}`` in a replay): ``shuffle_pack`` shuffles the
  pack each game deals (slaprules.deal, war.deal, money.deal: the slap family's pack or
  packs, War's 52 cards, Money's numeral cards). War's ``gather: "shuffle"`` draws from
  ``gather_stream``, a generator of its own seeded with the same seed, which shuffles each
  won table before it goes under the winner's hand (war_game.py).
- The table's ``bot_seed`` (``Table(bot_seed=...)``; a replay plays no bots): each bot draws
  its reaction times, misses and false slaps from ``bot_stream``, its own generator seeded
  from bot_seed and its seat (bots.py).

On the device the deal's seed is the microsecond of the press that starts the game
(firmware/app/dealing.py), and the bot seed is ``bot_seed_for`` it; on a laptop both are given
(``slapstack bots --seed``, ``tournament``: the game's seed for both).

Nothing else in the engine is random. Set-up only: the generators live on in the games and
bots that draw from them, this module does not.
"""
from slapstack.prng import XorShift32


def shuffle_pack(pack, seed):
    """Shuffle a dealt pack (a bytearray of cards) in place with the deal's seed."""
    XorShift32(seed).shuffle(pack)


def gather_stream(seed):
    """War's generator for shuffling won tables, from the deal's seed."""
    return XorShift32(seed)


def bot_seed_for(deal_seed):
    """The device's bot seed for a game dealt from ``deal_seed``: a stream apart from the deal's."""
    return deal_seed ^ 0x2545F491


def bot_stream(bot_seed, seat):
    """A bot's own generator: the table's bot seed, spread by the seat."""
    return XorShift32(bot_seed ^ ((seat + 1) * 0x9E3779B9))
