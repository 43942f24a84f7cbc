"""Europe 1615's state as a typed value (:class:`Europe1615State`, the ``state`` of its
description): what a position holds beyond units and centres, one named field for each
top-level key of the position file the variant owns.

Every value is checked once, when the position file is read (:meth:`Europe1615State.from_data`
raises a :class:`~judge.variants.description.StateError` naming the path of a bad value, which
the reader turns into ``file:line``); the rules, the map, the pages and the reports then read
the fields and never look a key up. A field is ``None`` when its key is absent from the file
(the rules give it its start value: a treasury of 50, the year's INFs, no INFs placed, no
declarations...), so that :meth:`~Europe1615State.to_data` writes back exactly the keys read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable, ClassVar, Mapping

from ...core.types import Location, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from ..description import StateError
from ..state_checks import StateChecks
from .tables import _Index, _index


__all__ = ["Europe1615State", "Relations", "PendingDeclaration", "Revolt", "Scores", "money_data",
           "DECLARATION_KINDS", "CAPTURE_MARKERS"]

DECLARATION_KINDS = ("war", "alliance", "neutrality", "armistice", "surrender", "break")
CAPTURE_MARKERS = ("white", "black")
"""The markers a capture leaves on a province (seed, "Religious rebellion"); a red one is a
revolt, kept under ``revolts``."""


def money_data(x: Fraction) -> int | float:
    """Wealth as the position file writes it: a whole number, or a decimal to 4 places."""
    if x.denominator == 1:
        return int(x)
    return round(float(x), 4)


# -- the parts of the state -------------------------------------------------------------------------


@dataclass(frozen=True)
class Relations:
    """The declarations in force (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015).

    ``war`` holds the pairs of powers at war as declared; war is between alliances, so
    :meth:`at_war` looks at the powers' groups. ``declared`` records who declared each war in
    force, as ``(declarer, target)`` (errata 3-8-2015: a power that joins the declarer's
    alliance must declare that war too); a war read from a position written before the judge
    kept it has no declarer. ``war_declarations`` counts the declarations each power is charged
    (the scoring penalty). The tuples keep the order of the file; the rules write them sorted.
    """

    war: tuple[tuple[str, str], ...] = ()
    alliances: tuple[tuple[str, ...], ...] = ()
    neutral: tuple[str, ...] = ()
    war_declarations: Mapping[str, int] = field(default_factory=dict)
    declared: tuple[tuple[str, str], ...] = ()

    @cached_property
    def _pairs(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(pair) for pair in self.war)

    def group(self, power: str) -> frozenset[str]:
        """``power`` and its allies (one alliance at a time, errata 3-8-2015 [2])."""
        for g in self.alliances:
            if power in g:
                return frozenset(g)
        return frozenset((power,))

    def allied(self, a: str, b: str) -> bool:
        return a != b and b in self.group(a)

    def at_war(self, a: str, b: str) -> bool:
        """War is between alliances (errata 3-8-2015, 3-14-2015): a declaration against a power
        is against its allies too, and binds the declarer's allies."""
        ga, gb = self.group(a), self.group(b)
        return any(frozenset((x, y)) in self._pairs for x in ga for y in gb)

    def wars_declared(self) -> frozenset[tuple[str, str]]:
        """``(declarer, target)`` of each war in force whose declarer is known."""
        return frozenset((d, t) for d, t in self.declared if frozenset((d, t)) in self._pairs)

    @classmethod
    def made(cls, war: Any, alliances: Any, neutral: Any, war_declarations: Mapping[str, int],
             declared: Any) -> "Relations":
        """Relations in the judge's own order (pairs, groups and names sorted; alliances of two
        or more; declarers only of wars in force)."""
        pairs = sorted((a, b) for a, b in (sorted(map(str, w)) for w in {frozenset(w) for w in war} if len(w) == 2))
        in_force = {frozenset(p) for p in pairs}
        return cls(
            tuple(pairs),
            tuple(sorted(tuple(sorted(map(str, g))) for g in alliances if len(g) >= 2)),
            tuple(sorted(map(str, neutral))),
            {str(k): int(v) for k, v in sorted(war_declarations.items())},
            tuple(sorted((str(d), str(t)) for d, t in set(declared) if frozenset((d, t)) in in_force)),
        )

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "war": [list(p) for p in self.war],
            "alliances": [list(g) for g in self.alliances],
            "neutral": list(self.neutral),
            "war_declarations": dict(self.war_declarations),
        }
        if self.declared:
            out["declared"] = [list(p) for p in self.declared]
        return out


@dataclass(frozen=True)
class PendingDeclaration:
    """A declaration made and not yet in force (seed, "Declarations and movement": in force from
    the next movement phase): ``kind`` one of :data:`DECLARATION_KINDS`, the powers named, a
    surrender's indemnity."""

    power: str
    kind: str
    targets: tuple[str, ...] = ()
    amount: int = 0

    def to_data(self) -> dict[str, Any]:
        return {"power": self.power, "kind": self.kind, "targets": list(self.targets), "amount": self.amount}


@dataclass(frozen=True)
class Revolt:
    """A religious revolt (seed, "Religious rebellion"): against whom, and the movement phases it
    still lasts."""

    power: str
    left: int

    def to_data(self) -> dict[str, Any]:
        return {"power": self.power, "left": self.left}


@dataclass(frozen=True)
class Scores:
    """The last mid-game or final scoring (seed, "Mid-game and final scoring")."""

    year: int
    final: bool
    points: Mapping[Power, int]
    objectives: Mapping[Power, tuple[str, ...]]

    def to_data(self) -> dict[str, Any]:
        return {"year": self.year, "final": self.final, "points": dict(self.points),
                "objectives": {p: list(ids) for p, ids in self.objectives.items()}}


# -- the state ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Europe1615State:
    """Europe 1615's state in a position; ``None`` for a key the file leaves out (its start value).

    ``treasury``: wealth by power (seed, "Income phase"); ``influence``: INFs still to place this
    year ("Influence and placement"); ``influence_bought``: INFs bought in the Winter Income for
    next year; ``infs``: INFs placed, state -> power -> INFs; ``relations``: the declarations in
    force; ``declarations``: those made and not yet in force; ``transfers``: transfers of control
    announced in the Fall, province -> recipient ("Securing control"); ``control``: who controls
    each paying province without a centre (``None``: nobody, though it has a natural owner);
    ``revolts``: religious revolts running; ``markers``: capture markers (white or black);
    ``new_states``: lost home centres made new pliant states; ``attrition``: armies that have
    retreated once ("Combat attrition rule"); ``activated``: Maghreb states in play
    ("Sanctions"); ``seceded``: BOH and GUY under their optional sanctions; ``objectives``: the
    objectives each player chose; ``scores``: the last scoring.
    """

    KEYS: ClassVar[tuple[str, ...]] = (
        "treasury", "influence", "influence_bought", "infs", "relations", "declarations", "transfers",
        "control", "revolts", "markers", "new_states", "attrition", "activated", "seceded", "objectives", "scores")

    treasury: Mapping[Power, Fraction] | None = None
    influence: Mapping[Power, int] | None = None
    influence_bought: Mapping[Power, int] | None = None
    infs: Mapping[str, Mapping[str, int]] | None = None
    relations: Relations | None = None
    declarations: tuple[PendingDeclaration, ...] | None = None
    transfers: Mapping[ProvinceId, str] | None = None
    control: Mapping[ProvinceId, str | None] | None = None
    revolts: Mapping[ProvinceId, Revolt] | None = None
    markers: Mapping[ProvinceId, str] | None = None
    new_states: tuple[str, ...] | None = None
    attrition: tuple[Unit, ...] | None = None
    activated: tuple[str, ...] | None = None
    seceded: tuple[str, ...] | None = None
    objectives: Mapping[Power, tuple[str, ...]] | None = None
    scores: Scores | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variant: Variant) -> "Europe1615State":
        """The state from the position file's keys, each value checked (StateError with the
        path of a bad one); a key absent or null is left out."""
        check = _Check(variant, _index(variant))
        return cls(**{k: _READERS[k](check, data[k], k) for k in cls.KEYS if data.get(k) is not None})

    def to_data(self) -> dict[str, Any]:
        """The keys as the position file writes them (those read, and those the rules set)."""
        out: dict[str, Any] = {}
        for k in self.KEYS:
            value = getattr(self, k)
            if value is not None:
                out[k] = _WRITERS[k](value)
        return out


# -- checking the values read -------------------------------------------------------------------------


class _Check(StateChecks):
    """The checks of the values read, against the variant (its powers, states and board)."""

    def __init__(self, variant: Variant, idx: "_Index") -> None:
        super().__init__(variant)
        self.idx = idx
        self.majors = frozenset(idx.majors)
        self.powers = frozenset(variant.powers)

    def major(self, value: Any, path: tuple) -> str:
        if not isinstance(value, str) or value not in self.majors:
            raise StateError(f"{value!r} is not a power (powers: {', '.join(self.idx.majors)})", *path)
        return value

    def power(self, value: Any, path: tuple) -> str:
        """A power or a minor state's pseudo-power."""
        if not isinstance(value, str) or value not in self.powers:
            raise StateError(f"{value!r} is neither a power nor a minor state", *path)
        return str(value)

    def state(self, value: Any, path: tuple) -> str:
        if not isinstance(value, str) or value not in self.idx.states:
            raise StateError(f"{value!r} is not a minor state", *path)
        return str(value)

    def money(self, value: Any, path: tuple) -> Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise StateError(f"expected an amount of wealth, 0 or more, found {value!r}", *path)
        return Fraction(str(value))

    def by_power(self, value: Any, path: tuple, item: Callable[[Any, tuple], Any]) -> dict[Power, Any]:
        m = self.mapping(value, path, "each power to a value")
        return {Power(self.major(p, (*path, p))): item(v, (*path, p)) for p, v in m.items()}


def _read_treasury(c: _Check, value: Any, key: str) -> dict[Power, Fraction]:
    return c.by_power(value, (key,), c.money)


def _read_counts(c: _Check, value: Any, key: str) -> dict[Power, int]:
    return c.by_power(value, (key,), c.count)


def _read_infs(c: _Check, value: Any, key: str) -> dict[str, dict[str, int]]:
    m = c.mapping(value, (key,), "each minor state to the INFs each power placed there")
    return {c.state(s, (key, s)): {str(p): n for p, n in c.by_power(d if d is not None else {}, (key, s), c.count).items()}
            for s, d in m.items()}


def _pair(c: _Check, value: Any, path: tuple) -> tuple[str, str]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise StateError(f"expected a pair of powers, like [France, Spain], found {value!r}", *path)
    return c.major(value[0], (*path, 0)), c.major(value[1], (*path, 1))


def _group(c: _Check, value: Any, path: tuple) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) < 2:
        raise StateError(f"an alliance is a list of two powers or more, found {value!r}", *path)
    return tuple(c.major(p, (*path, i)) for i, p in enumerate(value))


_RELATION_KEYS = ("war", "alliances", "neutral", "war_declarations", "declared")


def _read_relations(c: _Check, value: Any, key: str) -> Relations:
    m = c.mapping(value, (key,), f"{', '.join(_RELATION_KEYS)} to their values")
    for k in m:
        if k not in _RELATION_KEYS:
            raise StateError(f"relations has no {k!r} (keys: {', '.join(_RELATION_KEYS)})", key, k)
    return Relations(
        c.items(m.get("war") or [], (key, "war"), lambda v, p: _pair(c, v, p), "pairs of powers at war"),
        c.items(m.get("alliances") or [], (key, "alliances"), lambda v, p: _group(c, v, p), "alliances"),
        c.items(m.get("neutral") or [], (key, "neutral"), c.major, "powers"),
        {str(p): n for p, n in c.by_power(m.get("war_declarations") or {}, (key, "war_declarations"), c.count).items()},
        c.items(m.get("declared") or [], (key, "declared"), lambda v, p: _pair(c, v, p), "[declarer, target] pairs"),
    )


def _read_declaration(c: _Check, value: Any, path: tuple) -> PendingDeclaration:
    m = c.mapping(value, path, "power, kind, targets and amount")
    kind = m.get("kind")
    if kind not in DECLARATION_KINDS:
        raise StateError(f"a declaration's kind is one of {', '.join(DECLARATION_KINDS)}, found {kind!r}", *path, "kind")
    return PendingDeclaration(c.major(m.get("power"), (*path, "power")), str(kind),
                              c.items(m.get("targets") or [], (*path, "targets"), c.major, "powers"),
                              c.count(m.get("amount") or 0, (*path, "amount")))


def _read_declarations(c: _Check, value: Any, key: str) -> tuple[PendingDeclaration, ...]:
    return c.items(value, (key,), lambda v, p: _read_declaration(c, v, p), "declarations")


def _read_to_power(c: _Check, value: Any, key: str) -> dict[ProvinceId, str]:
    m = c.mapping(value, (key,), "provinces to powers or minor states")
    return {c.area(k, (key, k)): c.power(v, (key, k)) for k, v in m.items()}


def _read_control(c: _Check, value: Any, key: str) -> dict[ProvinceId, str | None]:
    m = c.mapping(value, (key,), "provinces to the power or minor state that controls them (null: nobody)")
    return {c.area(k, (key, k)): None if v is None else c.power(v, (key, k)) for k, v in m.items()}


def _read_revolt(c: _Check, value: Any, path: tuple) -> Revolt:
    m = c.mapping(value, path, "power and left (the movement phases the revolt still lasts)")
    return Revolt(c.power(m.get("power"), (*path, "power")), c.count(m.get("left"), (*path, "left")))


def _read_revolts(c: _Check, value: Any, key: str) -> dict[ProvinceId, Revolt]:
    m = c.mapping(value, (key,), "provinces to {power, left}")
    return {c.area(k, (key, k)): _read_revolt(c, v, (key, k)) for k, v in m.items()}


def _read_markers(c: _Check, value: Any, key: str) -> dict[ProvinceId, str]:
    m = c.mapping(value, (key,), "provinces to a capture marker (white or black)")
    out = {}
    for k, v in m.items():
        if v not in CAPTURE_MARKERS:
            raise StateError(f"a capture marker is white or black (red is a revolt), found {v!r}", key, k)
        out[c.area(k, (key, k))] = str(v)
    return out


def _read_states(c: _Check, value: Any, key: str) -> tuple[str, ...]:
    return c.items(value, (key,), c.state, "minor states")


def _read_mark(c: _Check, value: Any, path: tuple) -> Unit:
    """``Power: A PROV``, an army (or unit) that has retreated once."""
    power, _, unit = str(value).partition(": ")
    kind, _, where = unit.partition(" ")
    if kind not in ("A", "F") or not where:
        raise StateError(f"an attrition mark reads like 'Spain: A LOR', found {value!r}", *path)
    loc = Location.parse(where)
    c.area(loc.province, path)
    return Unit(Power(c.power(power, path)), UnitType(kind), loc)


def _read_attrition(c: _Check, value: Any, key: str) -> tuple[Unit, ...]:
    return c.items(value, (key,), lambda v, p: _read_mark(c, v, p), "marks like 'Spain: A LOR'")


def _objective_ids(c: _Check, value: Any, path: tuple) -> tuple[str, ...]:
    """Ids of objectives of the power the path names (``(key, power, ...)``), each of its table."""
    table = c.idx.objectives[Power(path[-1])]
    out = c.items(value, path, c.text, "objective ids")
    for i, x in enumerate(out):
        if x not in table:
            raise StateError(f"{path[-1]} has no objective {x!r} (ids: {', '.join(table)})", *path, i)
    return out


def _read_chosen(c: _Check, value: Any, key: str) -> dict[Power, tuple[str, ...]]:
    return c.by_power(value, (key,), lambda v, p: _objective_ids(c, v, p))


def _read_scores(c: _Check, value: Any, key: str) -> Scores:
    m = c.mapping(value, (key,), "year, final, points and objectives")
    year = m.get("year")
    if isinstance(year, bool) or not isinstance(year, int):
        raise StateError(f"the year of a scoring is a year, found {year!r}", key, "year")
    if not isinstance(m.get("final", False), bool):
        raise StateError(f"final is true or false, found {m.get('final')!r}", key, "final")

    def points(v: Any, path: tuple) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise StateError(f"points are a whole number, found {v!r}", *path)
        return v

    return Scores(year, bool(m.get("final", False)), c.by_power(m.get("points") or {}, (key, "points"), points),
                  c.by_power(m.get("objectives") or {}, (key, "objectives"), lambda v, p: _objective_ids(c, v, p)))


_READERS: dict[str, Callable[[_Check, Any, str], Any]] = {
    "treasury": _read_treasury, "influence": _read_counts, "influence_bought": _read_counts, "infs": _read_infs,
    "relations": _read_relations, "declarations": _read_declarations, "transfers": _read_to_power,
    "control": _read_control, "revolts": _read_revolts, "markers": _read_markers, "new_states": _read_states,
    "attrition": _read_attrition, "activated": _read_states, "seceded": _read_states, "objectives": _read_chosen,
    "scores": _read_scores,
}

_WRITERS: dict[str, Callable[[Any], Any]] = {
    "treasury": lambda m: {p: money_data(v) for p, v in m.items()},
    "influence": dict, "influence_bought": dict,
    "infs": lambda m: {s: dict(d) for s, d in m.items()},
    "relations": Relations.to_data,
    "declarations": lambda ds: [d.to_data() for d in ds],
    "transfers": dict, "control": dict,
    "revolts": lambda m: {p: r.to_data() for p, r in m.items()},
    "markers": dict, "new_states": list,
    "attrition": lambda units: [f"{u.power}: {u}" for u in units],
    "activated": list, "seceded": list,
    "objectives": lambda m: {p: list(ids) for p, ids in m.items()},
    "scores": Scores.to_data,
}
