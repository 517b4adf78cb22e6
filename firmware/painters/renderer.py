"""The screen: the table drawn from a ``TableView`` by regions so a new card costs little,
the winner, menus and messages; what the rest of the firmware draws through.

Layout (320x240, a table seen from all four sides): each seat owns the strip along its edge
(0 bottom, 1 left, 2 top, 3 right) with its card count, colour, bot tag, challenge pips and
status, its text turned to face that seat (``painters.seat_strip``). The middle shows the top
four pile cards, a slap's verdict over them, and under them the pile's size and a banner
line (``painters.pile``, which holds the table's geometry: ``STRIP``, ``MID_X``, ``CARD_W``...;
``STATUS_W`` is read here too).

``update`` compares the view with what was last drawn and repaints only regions whose content
changed, returning a bitmask of them (``PILE``, ``PILE_COUNT``, ``BANNER``, ``SEAT0 << i``),
the pile first (``update_pile`` paints just that and waits until it is on the panel, so a
new card or a verdict is on screen, and the front end can say when, before its count and the
seat strips follow). The pile is painted with the heap locked (``_repaint_pile``).
"""
from micropython import const, heap_lock, heap_unlock

from drawing import colours
from drawing.gfx import Gfx, BAND_BYTES
from drawing.text import text_width, wrap
from painters.layout import H, W
from painters.pile import Pile, STATUS_W  # noqa: F401 (STATUS_W: the banner's width, app.watch's)

PILE = const(1)
PILE_COUNT = const(2)
BANNER = const(4)
SEAT0 = const(8)  # seat i's strip is SEAT0 << i
ALL = const(PILE | PILE_COUNT | BANNER | SEAT0 * 15)

_OTHER = const(0)  # which screen is up: decides whether update() must repaint everything
_TABLE = const(1)
_WINNER = const(2)


class Renderer:
    """Draws the table, menus and messages on a panel (anything with ``blit``)."""

    def __init__(self, panel, band_bytes=BAND_BYTES):
        self.g = Gfx(panel, band_bytes)
        self.pile = Pile(self.g)  # the middle of the table, its boxes' band views made now
        # War's cards (duel_panels.py) are painted by the pile: its methods, taken once
        self.card = self.pile.card
        self.blank_card = self.pile.blank_card
        self.replace_card = self.pile.replace_card
        self.strips = None  # the seat strips (seat_strip.py), made with the first table
        self.view = None
        self._cover = None  # the panel drawn instead of the pile (view.cover), and its version
        self._cover_v = -1
        self._overlay_v = -1  # the version of the panel over the pile's lower part (view.overlay)
        self._winner = None
        self._winner_banner = None
        self._screen = _OTHER
        self._menus = None  # the MenuPainter while a menu is up (menu_painter.py)
        self._lines = None
        self._title = None
        self.heap_misses = 0  # pile paints that allocated after all, and were painted again (_repaint_pile)
        # bound methods allocate when taken, so take each painter once
        self._paint_winner = self.paint_winner
        self._paint_message = self.paint_message

    # -- table -------------------------------------------------------------------------

    def full(self, view):
        """Draw the whole table screen."""
        self._screen = _OTHER
        return self.update(view)

    def update(self, view):
        """Repaint the regions whose content differs from the last drawing; returns them."""
        self.view = view
        if view.winner is not None:
            if self._screen == _WINNER and view.winner == self._winner and view.banner == self._winner_banner:
                return 0
            self.winner(view)
            return ALL
        redraw = self._screen != _TABLE
        if redraw and self.pile.prepared != self.g.emptied:
            self.pile.prepare()  # (after rest, or menus' regions that pushed the table's out)
        if self.strips is None:  # the first table: the code of its seat strips and verdicts,
            # which no menu needs, made before any card (that allocates nothing)
            from painters.seat_strip import SeatStrips
            from painters.verdict import VerdictBox
            self.strips = SeatStrips()
            self.pile.use_box(VerdictBox())
        self._screen = _TABLE
        self._menus = None  # a menu after the table repaints in full
        mask = self._pile_update(view, redraw)  # the card first, then the pile's count
        if self.pile.update_count(view, redraw):
            mask |= PILE_COUNT
        mask |= self.strips.update(self.g, view, redraw) * SEAT0
        if self.pile.update_banner(view, redraw):
            mask |= BANNER
        for pn in view.panels:  # over the empty seats' bare strips, so after them
            if pn.update(self, redraw):
                mask |= BANNER
        self.g.sync()  # all of it on the panel when this returns
        return mask

    def update_pile(self, view):
        """Repaint just the pile if it changed (a new card, a verdict: its pixels are out
        when this returns); ``update`` then paints the rest, the pile's count first. Returns
        the regions painted."""
        if view.winner is not None or self._screen != _TABLE:
            return 0  # update() paints a whole screen
        self.view = view
        mask = self._pile_update(view, False)
        self.g.sync()
        return mask

    def _pile_update(self, view, redraw):
        cover = view.cover
        pile = self.pile
        if cover is not None:  # a panel instead of the pile (its state stays as last drawn)
            mask = 0
            pile.cover_with(None)
            if redraw or cover is not self._cover or cover.version != self._cover_v:
                whole = redraw or cover is not self._cover
                self._cover = cover
                self._cover_v = cover.version
                cover.repaint(self, whole)
                mask = PILE
        else:
            if self._cover is not None:  # the pile comes back: all of it
                self._cover = None
                redraw = True
            ov = view.overlay
            old = pile.overlay
            if ov is not None:
                ov.lay_out()
            pile.cover_with(ov)  # (the pile's painters draw it over the cards, band by band)
            mask = PILE if self._repaint_pile(view, redraw) else 0
            if ov is not old or redraw and ov is not None:  # one comes or goes: its place,
                # the pile's cards around its corners and the overlay (a redraw drew them all)
                if not redraw:
                    pn = ov if ov is not None else old
                    self.g.paint(pn.x, pn.y, pn.w, pn.h, colours.FELT, pile.painter)
                if ov is not None:
                    ov.on_screen()
                mask = PILE
            elif ov is not None and ov.version != self._overlay_v:
                ov.repaint(self, False)  # what changed on it, inside its frame
                mask = PILE
            self._overlay_v = ov.version if ov is not None else -1
        return mask

    def _repaint_pile(self, view, redraw):
        """``Pile.paint_changes`` with the heap locked, which shows that a card's paint
        allocates nothing: the verdict's lines are encoded first, and the boxes' band views
        are made with the table, and again here if another screen's regions pushed them out.
        Should something allocate after all, or the C stack run out (8 KB on the rp2), the
        boxes' views are made again and the pile is painted again, whole, with the heap
        open, and ``heap_misses`` counts it (the device benchmark and the device stage
        report it). The calls' frames take no heap either way: the SlapStack image keeps
        them on its Python stack (hw/image/README.md)."""
        pile = self.pile
        if pile.prepared != self.g.emptied:
            pile.prepare()
        if view.verdict is not None:
            pile.lay_out(view.verdict)
        heap_lock()
        try:
            painted = pile.paint_changes(view, redraw)
        except MemoryError:  # (one name a clause: a tuple of them would be made here, under the lock)
            painted = None
        except RuntimeError:  # maximum recursion depth exceeded
            painted = None
        finally:
            heap_unlock()
        if painted is None:
            self.heap_misses += 1
            pile.prepare()
            painted = pile.paint_changes(view, True)
        return painted

    def rest(self):
        """Let the band buffers, the boxes' band views (13 KB on the chip) and the encoded
        texts go while the screen stays as drawn: after an error, room to save the game in.
        The next drawing makes the buffers again, and the next table screen the views, so
        no card that follows allocates."""
        self.g.rest()

    def leave_table(self):
        """A game left: what the table held of it goes (its view, War's or Money's panels,
        the seat strips and the verdict box), so that the game's objects and code go with
        it (UNLOAD_WITH = "game") and no menu after it holds them; the next table is
        drawn whole and makes the strips and the box again."""
        self._screen = _OTHER
        self.view = self._cover = self.strips = None
        self.pile.leave_table()

    def forget_texts(self):
        """At a game's end: the encoded texts it drew go (but those pinned, a card's and a
        seat strip's), the band buffers stay (Gfx.rest)."""
        self.g.forget_texts()

    # -- winner, menus, messages ------------------------------------------------------------

    def winner(self, view):
        """Whole screen in the winner's colour: who won, said to the one person playing
        bots as "YOU WIN!" or kindly as "GOOD GAME!" above the bot that won, and the
        banner line."""
        self.view = view
        self._winner = view.winner
        self._winner_banner = view.banner
        self._screen = _WINNER
        self._menus = None
        you = view.person()
        name = view.name[view.winner]
        title = "WINNER" if you < 0 else "YOU WIN!" if you == view.winner else "GOOD GAME!"
        if you == view.winner:
            name = "Well played"
        elif you >= 0:
            name += " wins"
        lines = []  # (text, x, y, scale), measured once, not for every band
        for text, scale, y in ((title, 6, 40), (name, 4, 112), (view.banner, 2, 180)):
            while scale > 2 and text_width(text, scale) > W - 40:
                scale -= 1
            if text:
                lines.append((text, (W - text_width(text, scale)) // 2, y, scale))
        self._lines = lines
        self.g.paint(0, 0, W, H, view.colour[view.winner], self._paint_winner)
        self.g.sync()

    def paint_winner(self, g):
        v = self.view
        fg = colours.contrast(v.colour[v.winner])
        g.frame(6, 6, W - 12, H - 12, 4, fg)
        for text, x, y, scale in self._lines:
            if g.in_band(y, 8 * scale):
                g.text(text, x, y, scale, fg)

    def other(self):
        """Another module paints the whole screen (the rules, how to play, a game's summary):
        the next table or menu is drawn afresh. Returns the Gfx to paint with."""
        self._screen = _OTHER
        self._menus = None
        return self.g

    def menu_shown(self):
        """The MenuScreen of the menu on the screen now (None under any other screen): the
        lines it shows and the first of them in view."""
        return self._menus

    def menu(self, title, items, selected, hint=""):
        """A list to choose from; only the list is repainted when just the selection moves.
        (menu_painter.py draws it: only the menus need that code.)"""
        self._screen = _OTHER
        if self._menus is None:
            from painters.menu_painter import MenuPainter
            self._menus = MenuPainter(self.g)
        self._menus.draw(title, items, selected, hint)

    def message(self, title, lines):
        """A full-screen notice (no board, stuck button, bad input): a title and text lines."""
        self._screen = _OTHER
        self._menus = None
        self._title = title
        self._lines = _wrap(lines, 2, W - 24)
        self.g.paint(0, 0, W, H, colours.MENU_BG, self._paint_message)

    def paint_message(self, g):
        g.rect(0, 0, W, 40, colours.GOLD)
        t = self._title
        s = 3 if text_width(t, 3) <= W - 16 else 2
        g.text(t, (W - text_width(t, s)) // 2, (40 - 7 * s) // 2, s, colours.BLACK)
        y = 52
        for line in self._lines:
            if line:
                g.text(line, 12, y, 2, colours.WHITE)
            y += 22


def _wrap(lines, scale, width):
    """Each line split at spaces to fit ``width`` pixels at ``scale``, a blank line between
    the given lines (messages only, so allocating here is fine)."""
    out = []
    for line in lines:
        if out:
            out.append("")
        out.extend(wrap(line, width, scale))
    return out
