"""Machiavelli as the movement core sees it: the board with a node for each walled city
(:func:`.geography.core_board`) and the rules hooks of :class:`CoreRules` (special units'
strengths, the rebels' support), with no phase of the core's own and no captures.

Imports :mod:`.state`, :mod:`.geography` and :mod:`.special`; the movement and retreat phases
import it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ...core.board import Board
from ...core.orders import UnitOrder
from ...core.types import Phase, Position, ProvinceId
from ...core.variant import Calendar, Rules, Variant
from . import special
from .geography import core_board
from .state import state_of

__all__ = ["CoreRules", "core_variant"]


class CoreRules(Rules):
    """The hooks the movement core sees while it plays a Machiavelli movement phase on the
    board with city nodes (no phase of its own, no captures): the special units' table, and the
    rebels' support (``{province: power}``, :func:`.movement._rebel_support`)."""

    def __init__(self, outer: Rules, specials: Mapping[str, Any] | None = None,
                 rebel_support: Mapping[str, str] | None = None) -> None:
        super().__init__(outer.options)
        self.outer = outer
        self.specials = specials or {}
        self.rebel_support = rebel_support or {}

    def _strength(self, position: Position, order: UnitOrder) -> int:
        if not self.specials or not state_of(position).special_units:
            return 1
        return special.strength_of(self.specials, position, order.power, order.kind, order.location.province)

    def strength_bonus(self, position: Position, order: UnitOrder, role: str) -> int:
        """rules §Special units: an elite unit has strength 2 in moves and holds; rules §Effects
        of rebellions 6: the rebels support the one other power moving into their province."""
        bonus = self._strength(position, order) - 1
        destination = getattr(order, "destination", None)
        if bonus and role == "attack" and destination is not None:
            # rules §Special units: a unit of strength 2 cannot dislodge a besieger in the
            # siege's second campaign (it attacks with strength 1 there).
            into = destination.province
            if any(s.unit == into for s in state_of(position).sieges_now().values()):
                bonus = 0
        rebels = self.rebel_support
        if rebels and role in ("attack", "prevent", "defend") and destination is not None:
            if rebels.get(destination.province) == order.power:
                bonus += 1
        return bonus

    def support_strength(self, position: Position, support: UnitOrder) -> int:
        """rules §Special units: an elite unit's support counts 2 (cut like any other)."""
        return self._strength(position, support)

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        return self.outer.can_carry_convoy(board, province)

    def captures_now(self, calendar: Calendar, phase: Phase) -> bool:
        return False

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        return self.outer.phase_needed(variant, position)


def core_variant(variant: Variant, *, nodes: bool, rebel_support: Mapping[str, str] | None = None) -> Variant:
    """The variant as the core plays it: on the board with city nodes (``nodes``), with
    :class:`CoreRules`."""
    return dataclasses.replace(
        variant, board=core_board(variant) if nodes else variant.board,
        rules=CoreRules(variant.rules, special.table(variant), rebel_support),
    )
