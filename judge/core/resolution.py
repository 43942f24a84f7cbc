"""Outcomes as data: what became of each order, and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .orders import Order
from .types import COMPILED, _fill


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


@dataclass(frozen=True)
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
        if COMPILED:  # a phase makes one per order: set directly when compiled
            self.power = power  # type: ignore[misc]
            self.order = order  # type: ignore[misc]
            self.outcome = outcome  # type: ignore[misc]
            self.reason = reason  # type: ignore[misc]
            self.tags = tags  # type: ignore[misc]
            self.text = text  # type: ignore[misc]
        else:
            _fill(self, power=power, order=order, outcome=outcome, reason=reason, tags=tags, text=text)

    @property
    def succeeded(self) -> bool:
        """True when the order was carried out."""
        return self.outcome is Outcome.SUCCESS

    @property
    def order_text(self) -> str:
        """The order in the judge's notation, or the player's text when not understood."""
        return str(self.order) if self.order is not None else self.text
