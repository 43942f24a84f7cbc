"""Outcomes as data: what became of each order, and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .orders import Order


class Outcome(enum.Enum):
    """The result of an order, in the words of the command line's JSON (``result``)."""

    SUCCESS = "success"
    """The order was carried out (for a hold, support or convoy: it was not undone)."""
    FAILURE = "failure"
    """The order was legal but did not succeed on the board."""
    ILLEGAL = "illegal"
    """Understood but not allowed: the unit holds (seed 003 section 4)."""
    AMBIGUOUS = "ambiguous"
    """Has two meanings: not followed (seed 003 section 4)."""
    INVALID = "invalid"
    """Not understood at all, or for a unit or power that does not exist."""


class Tag(enum.Enum):
    """What happened, in the judges' vocabulary (njudge's results tags)."""

    BOUNCE = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    VOID = "void"
    NO_CONVOY = "no convoy"
    DISRUPTED = "disrupted"
    DISBANDED = "disbanded"
    PARADOX = "paradox"


@dataclass(frozen=True, slots=True, init=False)
class Resolution:
    """What became of one order.

    ``order`` is the order as followed (``None`` for a line that was not understood, then
    ``text`` is what the player wrote); ``reason`` is a sentence a player understands;
    ``tags`` the judges' short marks such as ``bounce`` or ``dislodged``.
    """

    power: str
    order: Order | None
    outcome: Outcome
    reason: str = ""
    tags: tuple[Tag, ...] = ()
    text: str = ""

    def __init__(self, power: str, order: Order | None, outcome: Outcome, reason: str = "",
                 tags: tuple[Tag, ...] = (), text: str = "") -> None:
        # Sets the slots directly: a phase makes one per order, and the __init__ a frozen
        # dataclass generates goes through object.__setattr__ for each field (twice as slow).
        _SET_POWER(self, power)
        _SET_ORDER(self, order)
        _SET_OUTCOME(self, outcome)
        _SET_REASON(self, reason)
        _SET_TAGS(self, tags)
        _SET_TEXT(self, text)

    @property
    def succeeded(self) -> bool:
        """True when the order was carried out."""
        return self.outcome is Outcome.SUCCESS

    @property
    def order_text(self) -> str:
        """The order in the judge's notation, or the player's text when not understood."""
        return str(self.order) if self.order is not None else self.text


_SET_POWER, _SET_ORDER, _SET_OUTCOME, _SET_REASON, _SET_TAGS, _SET_TEXT = (
    getattr(Resolution, f).__set__ for f in ("power", "order", "outcome", "reason", "tags", "text"))
