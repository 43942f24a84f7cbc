"""The reader's fast path: an order written exactly as the judge writes it is read directly, and
gives the same order, notes and errors as the forum reader (which it skips). Checked on every order
of hundreds of random legal movement phases, and on lines that only look canonical."""

from __future__ import annotations

import pytest

import judge.notation.lines as lines
from helpers_random import movement_phases, orders_text
from judge.notation import parse_orders
from judge.variants import find_variant

STANDARD = find_variant("standard")


def _both(text, position):
    fast = parse_orders(text, STANDARD, position)
    real = lines._canonical
    lines._canonical = lambda *args, **kwargs: None
    try:
        slow = parse_orders(text, STANDARD, position)
    finally:
        lines._canonical = real
    return fast, slow


def test_every_canonical_order_of_random_games_reads_as_the_forum_reader_reads_it():
    taken = 0
    for position, orders in movement_phases(200, seed=11):
        fast, slow = _both(orders_text(orders), position)
        assert [(x.order, x.notes, str(x.error)) for x in fast] == [(y.order, y.notes, str(y.error)) for y in slow]
        taken += sum(lines._canonical(str(o), o.power, STANDARD, position) is not None for o in orders)
    assert taken > 3000, "the fast path is taken"


@pytest.mark.parametrize("line", [
    "A PAR - XYZ", "F STP/XC - BOT", "F PAR/NC - BUR", "A PAR - BUR via", "A PAR S A BUR - PAR",
    "F NTH C A LON - BEL", "F MAO - SPA/NC", "F MAO - SPA", "A par - bur", "A PAR H H",
])
def test_lines_that_look_canonical_read_as_the_forum_reader_reads_them(line):
    position = STANDARD.start
    fast, slow = _both(f"France: {line}\n", position)
    assert [(x.order, x.notes, str(x.error)) for x in fast] == [(y.order, y.notes, str(y.error)) for y in slow]
