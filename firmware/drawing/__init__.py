"""The drawing engine: band painting, shapes, suits and text, the font, the colours."""
