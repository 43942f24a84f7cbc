"""Movement adjudication by Kruijswijk's guess-and-check ("The Math of Adjudication").

Each order is a decision: a move *succeeds*, a support is *given*, a convoying fleet is *not
dislodged* (so its convoy stands), a hold is *not dislodged*. ``resolve(i)`` decides order ``i``
by asking the others it depends on; when decisions depend on each other in a cycle, both guesses
are tried: if they agree the answer is that, otherwise the cycle is settled by the backup rule —
circular movement succeeds, and a cycle through a convoy is a convoy paradox settled by the
Szykman rule (the armies convoyed in it hold and cut no support).

The adjudicator knows no map and no variant: it asks the :class:`~judge.core.board.Board` for
edges and the variant's :class:`~judge.core.variant.Rules` for friendship, entry and strength.
It receives legal orders only (one per field unit); illegal orders were replaced by holds by
:mod:`judge.core.phases` before it runs.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from .board import Board
from .orders import Convoy, Hold, Move, SupportHold, SupportMove, UnitOrder
from .types import Position, ProvinceId, UnitType
from .variant import Rules

log = logging.getLogger(__name__)

_HOLD, _MOVE, _SUP_HOLD, _SUP_MOVE, _CONVOY = range(5)
_UNRESOLVED, _GUESSING, _RESOLVED = range(3)


class MoveOutcome(NamedTuple):
    """What the adjudicator decided for one order (indices follow the input order list)."""

    succeeded: bool
    """Move: it moved. Support: given. Convoy: not disrupted. Hold: not dislodged."""
    dislodged_by: int | None
    """Index of the move that dislodged this order's unit, if any."""
    void: bool
    """Support or convoy that matched no order."""
    no_convoy: bool
    """Convoyed move whose convoy failed (or was a paradox)."""
    paradox: bool
    """Convoyed move failed by the Szykman rule."""


_KIND_OF: dict[type, int] = {Hold: _HOLD, Move: _MOVE, SupportHold: _SUP_HOLD, SupportMove: _SUP_MOVE, Convoy: _CONVOY}
"""The decision kind of each order class (a variant's subclass is looked up by ``isinstance``)."""


def _kind_code(order: UnitOrder) -> int:
    code = _KIND_OF.get(type(order))
    if code is not None:
        return code
    for cls, code in _KIND_OF.items():
        if isinstance(order, cls):
            return code
    return _HOLD


_HOOKS: dict[type, tuple[bool, ...]] = {}
"""Which of the adjudicator's hooks each Rules class overrides (classes do not change)."""


def _overrides(rules: Rules, hook: str) -> bool:
    """Does ``rules`` change the standard behaviour of ``hook``? When not, the adjudicator uses the
    standard answer without calling it (the hooks are asked many times per phase). Hooks are
    overridden in a subclass of :class:`Rules`, as every variant does."""
    return getattr(type(rules), hook) is not getattr(Rules, hook)


class MovementAdjudicator:
    """Decides every order of one movement phase. Build it, call :meth:`run`, read the outcomes.

    ``orders`` must hold exactly one legal order per field unit of ``position``. With
    ``shortcuts=False`` every order goes through guess-and-check and every convoy route is worked
    out whenever asked (the tests compare both ways).
    """

    def __init__(self, board: Board, rules: Rules, position: Position, orders: list[UnitOrder],
                 shortcuts: bool = True) -> None:
        self.shortcuts = shortcuts
        self.board = board
        self.rules = rules
        self.position = position
        self.orders = orders
        n = len(orders)
        self.graph = rules.convoy_graph(board)
        # Per order: its decision kind, the province it stands in, the province it moves to,
        # supports into or convoys to, and its power; where each unit stands; who moves where.
        self.kind: list[int] = [_HOLD] * n
        self.src: list[ProvinceId] = [o.location.province for o in orders]
        self.dest: list[ProvinceId | None] = [None] * n
        self.power: list[str] = [o.power for o in orders]
        self.at: dict[ProvinceId, int] = {p: i for i, p in enumerate(self.src)}
        self.moves_to: dict[ProvinceId, list[int]] = {}
        kind, dest, moves_to = self.kind, self.dest, self.moves_to
        self.moves: list[int] = []
        """Indices of the moves."""
        self.aids: list[int] = []
        """Indices of the supports and convoys."""
        kind_of = _KIND_OF
        for i, o in enumerate(orders):
            k = kind_of.get(type(o))
            if k is None:
                k = _kind_code(o)
            if k == _HOLD:
                continue
            kind[i] = k
            if k == _MOVE:
                self.moves.append(i)
                d = dest[i] = o.destination.province  # type: ignore[attr-defined]
                if d in moves_to:
                    moves_to[d].append(i)
                else:
                    moves_to[d] = [i]
            else:
                self.aids.append(i)
                dest[i] = o.target if k == _SUP_HOLD else o.destination  # type: ignore[attr-defined]
        # Hooks a variant left alone are answered here without a call.
        hooks = _HOOKS.get(type(rules))
        if hooks is None:
            hooks = _HOOKS[type(rules)] = tuple(_overrides(rules, h) for h in (
                "are_friends", "may_enter", "strength_bonus", "attack_disrupts_convoy", "support_strength"))
        self._hook_friends, self._hook_enter, self._hook_bonus, self._hook_disrupt, self._hook_support = hooks
        self._match_supports_and_convoys()
        # What each support adds (1, unless the variant weighs supports: Machiavelli's elite units).
        self._support_weight = (
            [rules.support_strength(position, o) for o in orders] if self._hook_support else None)
        self._decide_routes()
        self.state = [_UNRESOLVED] * n
        self.result = [False] * n
        self.deps: list[int] = []
        self.paradox = [False] * n
        self._friend_cache: dict[tuple[str, str], bool] = {}
        self._routes: dict[int, bool] = {}
        """Whether each convoyed move's route stands, once all its fleets are decided."""

    # -- static structure -------------------------------------------------------------------

    def _match_supports_and_convoys(self) -> None:
        """Which supports and convoys match which orders; the rest are void."""
        n = len(self.orders)
        orders, kind, dest, at = self.orders, self.kind, self.dest, self.at
        # Most units get no support and no convoy: they share one empty tuple.
        self.supports: list[list[int] | tuple[()]] = [()] * n
        self.convoys: list[list[int] | tuple[()]] = [()] * n
        self.void = void = [False] * n
        for i in self.aids:
            k = kind[i]
            o = orders[i]
            j = at.get(o.target)  # type: ignore[attr-defined]
            if k == _SUP_HOLD:
                ok = j is not None and kind[j] != _MOVE
                into = self.supports
            elif k == _SUP_MOVE:
                coast = o.coast  # type: ignore[attr-defined]
                ok = (
                    j is not None
                    and kind[j] == _MOVE
                    and dest[j] == dest[i]
                    # A coast named in a support must be the coast moved to (DATC 6.B.9).
                    and (coast is None or orders[j].destination.coast in (None, coast))  # type: ignore[attr-defined]
                )
                into = self.supports
            else:
                ok = j is not None and kind[j] == _MOVE and orders[j].kind is UnitType.ARMY and dest[j] == dest[i]
                into = self.convoys
            if not ok:
                void[i] = True
            elif into[j]:  # type: ignore[index]
                into[j].append(i)  # type: ignore[index,union-attr]
            else:
                into[j] = [i]  # type: ignore[index]

    def _static_route(self, i: int) -> set[int] | None:
        """Convoy orders of move ``i`` that lie on some chain from its origin to its destination
        (ignoring dislodgements); ``None`` when no chain exists."""
        fleets = {self.src[c]: c for c in self.convoys[i]}
        if not fleets:
            return None
        on = self.graph.on_routes(self.src[i], self.dest[i], fleets.keys())  # type: ignore[arg-type]
        return {fleets[p] for p in on} or None

    def _decide_routes(self) -> None:
        """Which moves go by convoy, and which meet head to head.

        An army goes by convoy when its destination is not adjacent, or when it is and the army
        asked for a convoy or a fleet of its own power was ordered to convoy it, even a fleet off
        the route (DATC 4.A.3, the 2000 rulebook's intent; 6.G.6), provided a chain of convoy
        orders exists (else it goes by land, DATC 6.G.8).
        """
        n = len(self.orders)
        self.convoyed = convoyed = [False] * n
        self.h2h: list[int | None] = [None] * n
        kind, src, dest, orders = self.kind, self.src, self.dest, self.orders
        army_edges = self.board.army_edges
        for i in self.moves:
            o = orders[i]
            if o.kind is not UnitType.ARMY:
                continue
            if dest[i] not in army_edges.get(src[i], ()):
                convoyed[i] = True
                continue
            if not self.convoys[i]:
                continue
            route = self._static_route(i)
            if route is None:
                continue
            intent = o.via_convoy or any(self.power[c] == self.power[i] for c in self.convoys[i])  # type: ignore[attr-defined]
            convoyed[i] = intent
        at = self.at
        for i in self.moves:
            if convoyed[i]:
                continue
            j = at.get(dest[i])  # type: ignore[arg-type]
            if j is not None and kind[j] == _MOVE and dest[j] == src[i] and not convoyed[j]:
                self.h2h[i] = j

    # -- the guess-and-check engine ---------------------------------------------------------

    def resolve(self, i: int) -> bool:
        """The decision of order ``i``, settling cycles by guessing (Kruijswijk)."""
        st = self.state[i]
        if st == _RESOLVED:
            return self.result[i]
        if st == _GUESSING:
            # Record the dependency even when ``i`` is listed already: the caller must see that
            # its answer rests on a guess (a length check below tells it so).
            self.deps.append(i)
            return self.result[i]
        old = len(self.deps)
        self.result[i] = False
        self.state[i] = _GUESSING
        first = self._adjudicate(i)
        if len(self.deps) == old:
            # Depends on no guess: final.
            if self.state[i] != _RESOLVED:
                self.result[i] = first
                self.state[i] = _RESOLVED
            return first
        if self.deps[old] != i:
            # Depends on someone else's guess: provisional, the guesser decides.
            self.deps.append(i)
            self.result[i] = first
            return first
        # Our own guess is in the cycle: try the other guess.
        for j in self.deps[old:]:
            self.state[j] = _UNRESOLVED
        del self.deps[old:]
        self.result[i] = True
        self.state[i] = _GUESSING
        second = self._adjudicate(i)
        if first == second:
            for j in self.deps[old:]:
                self.state[j] = _UNRESOLVED
            del self.deps[old:]
            self.result[i] = first
            self.state[i] = _RESOLVED
            return first
        # No consistent answer, or two: the backup rule.
        self._backup_rule(old)
        return self.resolve(i)

    def _backup_rule(self, old: int) -> None:
        cycle = self.deps[old:]
        del self.deps[old:]
        convoys = [j for j in cycle if self.kind[j] == _CONVOY]
        if convoys:
            # Convoy paradox, Szykman rule: every army convoyed by a fleet of the paradox holds.
            log.debug("convoy paradox among %s", [str(self.orders[j]) for j in cycle])
            for c in convoys:
                j = self.at.get(self.orders[c].target)  # type: ignore[attr-defined]
                if j is not None and self.kind[j] == _MOVE and self.convoyed[j]:
                    self.paradox[j] = True
            for j in cycle:
                self.state[j] = _UNRESOLVED
        else:
            # Circular movement: every move of the cycle succeeds.
            log.debug("circular movement among %s", [str(self.orders[j]) for j in cycle])
            for j in cycle:
                if self.kind[j] == _MOVE:
                    self.result[j] = True
                    self.state[j] = _RESOLVED
                else:
                    self.state[j] = _UNRESOLVED

    # -- strengths --------------------------------------------------------------------------

    def _friends(self, a: str, b: str) -> bool:
        if a == b:
            return True
        if not self._hook_friends:
            return False
        key = (a, b)
        hit = self._friend_cache.get(key)
        if hit is None:
            hit = self.rules.are_friends(self.position, a, b)  # type: ignore[arg-type]
            self._friend_cache[key] = hit
        return hit

    def _route_ok(self, i: int) -> bool:
        """Does the convoy of move ``i`` stand (a chain of undislodged convoying fleets)?"""
        if self.paradox[i]:
            return False
        known = self._routes.get(i)
        if known is not None:
            return known
        fleets = set()
        final = True
        for c in self.convoys[i]:
            if self.resolve(c):
                fleets.add(self.src[c])
            final = final and self.state[c] == _RESOLVED
        ok = bool(fleets) and self.graph.route_exists(self.src[i], self.dest[i], fleets)  # type: ignore[arg-type]
        if final and self.shortcuts:
            # Every fleet's fate is decided: so is the route (a decided order is never reopened).
            self._routes[i] = ok
        return ok

    def _support_count(self, i: int, against: str | None = None) -> int:
        total = 0
        for s in self.supports[i]:
            if against is not None and self._friends(self.power[s], against):
                continue
            if self.resolve(s):
                total += 1 if self._support_weight is None else self._support_weight[s]
        return total

    def _bonus(self, i: int, role: str) -> int:
        if not self._hook_bonus:
            return 0
        return self.rules.strength_bonus(self.position, self.orders[i], role)

    def attack_strength(self, i: int) -> int:
        """Strength of move ``i`` against what stands at its destination."""
        if self.convoyed[i] and not self._route_ok(i):
            return 0
        j = self.at.get(self.dest[i])  # type: ignore[arg-type]
        if j is None or (self.kind[j] == _MOVE and self.h2h[i] != j and self.resolve(j)):
            return 1 + self._support_count(i) + self._bonus(i, "attack")
        # The unit at the destination stays (or meets us head to head).
        if self._friends(self.power[i], self.power[j]):
            return 0
        return 1 + self._support_count(i, against=self.power[j]) + self._bonus(i, "attack")

    def hold_strength(self, province: ProvinceId) -> int:
        """Strength with which ``province`` is held against a move into it."""
        j = self.at.get(province)
        if j is None:
            return 0
        if self.kind[j] == _MOVE:
            return 0 if self.resolve(j) else 1
        return 1 + self._support_count(j) + self._bonus(j, "hold")

    def defend_strength(self, i: int) -> int:
        """Strength of move ``i`` against the unit it meets head to head."""
        return 1 + self._support_count(i) + self._bonus(i, "defend")

    def prevent_strength(self, i: int) -> int:
        """Strength with which move ``i`` keeps others out of its destination."""
        if self.convoyed[i] and not self._route_ok(i):
            return 0
        j = self.h2h[i]
        if j is not None and self.resolve(j):
            return 0
        return 1 + self._support_count(i) + self._bonus(i, "prevent")

    # -- one decision -----------------------------------------------------------------------

    def _adjudicate(self, i: int) -> bool:
        k = self.kind[i]
        if k == _MOVE:
            return self._adjudicate_move(i)
        if k in (_SUP_HOLD, _SUP_MOVE):
            return self._adjudicate_support(i)
        if k == _CONVOY:
            return self._convoy_stands(i)
        return not self._is_dislodged(i)

    def _adjudicate_move(self, i: int) -> bool:
        if self.convoyed[i] and not self._route_ok(i):
            return False
        attack = self.attack_strength(i)
        j = self.h2h[i]
        if j is not None:
            if attack <= self.defend_strength(j):
                return False
        elif attack <= self.hold_strength(self.dest[i]):  # type: ignore[arg-type]
            return False
        for k in self.moves_to[self.dest[i]]:  # type: ignore[index]
            if k != i and attack <= self.prevent_strength(k):
                return False
        if self._hook_enter and not self.rules.may_enter(self.position, self.orders[i]):  # type: ignore[arg-type]
            return False
        return True

    def _adjudicate_support(self, i: int) -> bool:
        if self.void[i]:
            return False
        here = self.src[i]
        into = self.dest[i]
        for m in self.moves_to.get(here, ()):
            if self._friends(self.power[m], self.power[i]):
                continue
            if self.convoyed[m] and not self._route_ok(m):
                continue
            if self.src[m] == into:
                # An attack from where the support goes cuts it only by dislodging the supporter.
                if self.resolve(m):
                    return False
                continue
            return False
        return True

    def _is_dislodged(self, i: int) -> bool:
        for m in self.moves_to.get(self.src[i], ()):
            if self.resolve(m):
                return True
        return False

    def _convoy_stands(self, i: int) -> bool:
        """A convoying fleet's convoy stands unless the fleet is dislodged, or the variant lets a
        mere attack disrupt it (Maharajah's river fleets)."""
        if self._is_dislodged(i):
            return False
        if not self._hook_disrupt:
            return True
        for m in self.moves_to.get(self.src[i], ()):
            attacked = bool(self.moves_to.get(self.src[m]))
            if self.rules.attack_disrupts_convoy(self.position, self.orders[m], self.orders[i], attacked):  # type: ignore[arg-type]
                return False
        return True

    # -- running ----------------------------------------------------------------------------

    def decide(self) -> None:
        """Decide every order (:attr:`result` then holds each decision)."""
        if self.shortcuts:
            self._settle_unopposed()
        resolve, state = self.resolve, self.state
        for i in range(len(self.orders)):
            if state[i] != _RESOLVED:
                resolve(i)

    def _settle_unopposed(self) -> None:
        """Decide at once what nothing can change, as the resolver would: a unit nobody moves
        against keeps its hold, support (unless void) or convoy; a move by land into an empty
        province nobody else moves to succeeds. Only when the variant leaves strength and entry
        alone (its hooks could turn either)."""
        if self._hook_enter or self._hook_bonus or self._hook_disrupt or self._hook_support:
            return
        kind, src, dest, at, moves_to = self.kind, self.src, self.dest, self.at, self.moves_to
        result, state, void, convoyed = self.result, self.state, self.void, self.convoyed
        for i, k in enumerate(kind):
            if k == _MOVE:
                if not convoyed[i] and dest[i] not in at and len(moves_to[dest[i]]) == 1:  # type: ignore[index]
                    result[i] = True
                    state[i] = _RESOLVED
            elif src[i] not in moves_to:
                result[i] = not ((k == _SUP_HOLD or k == _SUP_MOVE) and void[i])
                state[i] = _RESOLVED

    def dislodged_by(self, i: int) -> int | None:
        """The move that dislodged the unit of order ``i``, if any (after :meth:`decide`)."""
        if self.kind[i] == _MOVE and self.result[i]:
            return None
        for m in self.moves_to.get(self.src[i], ()):
            if self.result[m]:
                return m
        return None

    def no_convoy(self, i: int) -> bool:
        """Is order ``i`` a convoyed move whose convoy failed (after :meth:`decide`)?"""
        return self.kind[i] == _MOVE and self.convoyed[i] and not self._route_ok(i)

    def convoy_fleets(self, i: int) -> tuple[ProvinceId, ...] | None:
        """Whether order ``i`` is a move that goes by convoy, as :meth:`_decide_routes` decided
        before resolving (the one place that decides it): the provinces of the fleets whose convoy
        orders matched it, sorted (none when no fleet was ordered to carry it), or ``None`` for a
        move by land (DATC 6.G.8: asked for a convoy that no chain of fleets offers) and for
        every other order. What the resolutions carry as
        :attr:`~judge.core.resolution.Resolution.convoyed_by`, for the map to draw."""
        if not self.convoyed[i]:
            return None
        src = self.src
        return tuple(sorted([src[c] for c in self.convoys[i]]))

    def outcome(self, i: int) -> MoveOutcome:
        """What became of order ``i`` (after :meth:`decide`)."""
        return MoveOutcome(self.result[i], self.dislodged_by(i), self.void[i], self.no_convoy(i), self.paradox[i])

    def run(self) -> list[MoveOutcome]:
        """Decide every order and say what became of each."""
        self.decide()
        return [self.outcome(i) for i in range(len(self.orders))]
