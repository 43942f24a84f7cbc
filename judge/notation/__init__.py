"""Text to orders: what players write.

Orders are read the way forum players write them: ``A PAR - BUR``, ``A Par-Bur``,
``Army Paris -> Burgundy``, ``F London supports A Wales-Belgium``, ``F NTH C A LON - BEL``,
``A LON - BEL via convoy``, ``F SPA/NC``, ``Spain (nc)``, ``Spain north coast``, ``hold``,
``Build A PAR``, ``Remove F KIE``, ``Waive``; any case, full names, ids or aliases. Seed 003
section 4 is the law: a badly written order with one meaning is followed (with a note saying how
it was read), an order with two meanings is not followed, an order that cannot be read is
reported. Nothing here raises past :func:`parse_orders`: every line comes back with an order or
an error, located by file and line.

The reader is in three modules, each with one job, read in this order:

- :mod:`judge.notation.words` — a line's words made into tokens (:class:`Names`: a variant's
  names of provinces and powers);
- :mod:`judge.notation.orders` — tokens to one order;
- :mod:`judge.notation.lines` — lines and files of orders (:func:`parse_orders`,
  :func:`parse_line`, :func:`parse_order`).

Every name a program needs is importable from here. Position files (which name their variant, and
hold its own state) are read and written by :mod:`judge.positions`, above the variants.
"""

from __future__ import annotations

from .lines import ParsedLine, Piece, hook_notes, is_header_prose, is_prose, parse_line, parse_order, parse_orders
from .words import Names, Token, damerau, names_of, tokenise

__all__ = [
    "Names", "ParsedLine", "Piece", "Token", "damerau", "hook_notes", "is_header_prose",
    "is_prose", "names_of", "parse_line", "parse_order", "parse_orders", "tokenise",
]
