"""Outcomes as data: what became of each order, and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .orders import Order
from .types import COMPILED, ProvinceId, _fill


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
    ``tags`` the judges' short marks such as ``bounce`` or ``dislodged``; ``convoyed_by`` says
    whether a move went by convoy, as the adjudicator decided it.
    """

    power: str
    order: Order | None
    outcome: Outcome
    reason: str = ""
    tags: tuple[Tag, ...] = ()
    text: str = ""
    convoyed_by: tuple[ProvinceId, ...] | None = None
    """For an army's move that went by convoy, the provinces of the fleets whose convoy orders
    matched it, sorted (possibly none, when no fleet was ordered to carry a move to a province
    out of the army's reach); ``None`` for a move by land and for every other order.

    The adjudicator decides which moves go by convoy once, before it resolves anything
    (:meth:`judge.core.movement.MovementAdjudicator.convoy_fleets`; DATC 4.A.3, 6.G.6, 6.G.8):
    an army next to its destination goes by land unless it asked for a convoy or a fleet of its
    own power was ordered to convoy it, and even then only along a chain of convoy orders. The
    decision travels here, with the rest of what became of the order, so that whatever is drawn
    or written from the resolutions (the map curves a convoyed army's arrow through the fleets)
    shows the route the judge used without deciding it a second time; the data still flow one
    way, orders to adjudication to renderings, and the core knows nothing of drawing. It is
    no part of a phase's record (``results.yaml``), which keeps the reason instead (a
    successful move's says "by convoy")."""

    def __init__(self, power: str, order: Order | None, outcome: Outcome, reason: str = "",
                 tags: tuple[Tag, ...] = (), text: str = "", convoyed_by: tuple[ProvinceId, ...] | None = None) -> None:
        if COMPILED:  # a phase makes one per order: set directly when compiled
            self.power = power  # type: ignore[misc]
            self.order = order  # type: ignore[misc]
            self.outcome = outcome  # type: ignore[misc]
            self.reason = reason  # type: ignore[misc]
            self.tags = tags  # type: ignore[misc]
            self.text = text  # type: ignore[misc]
            self.convoyed_by = convoyed_by  # type: ignore[misc]
        elif convoyed_by is None:
            # Most orders: the field keeps the class's default (``None``), which a frozen
            # dataclass holds as a class attribute, and plain Python fills one field fewer.
            _fill(self, power=power, order=order, outcome=outcome, reason=reason, tags=tags, text=text)
        else:
            _fill(self, power=power, order=order, outcome=outcome, reason=reason, tags=tags, text=text,
                  convoyed_by=convoyed_by)

    @property
    def succeeded(self) -> bool:
        """True when the order was carried out."""
        return self.outcome is Outcome.SUCCESS

    @property
    def order_text(self) -> str:
        """The order in the judge's notation, or the player's text when not understood."""
        return str(self.order) if self.order is not None else self.text
