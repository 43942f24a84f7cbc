"""Europe 1615 (seed 002): the variant's own orders, its data indexed, and the variant state of
a position read from :attr:`Position.extra`, confessional markers and scoring. The rules are in
:mod:`judge.variants.europe1615`; this module only reads and computes values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ..core.errors import IllegalOrder
from ..core.orders import Order
from ..core.types import Position, Power, ProvinceId
from ..core.variant import Variant

DECLARATION_KINDS = ("war", "alliance", "neutrality", "armistice", "surrender", "break")


# -- orders of the variant's own kinds ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration(Order):
    """A declaration (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015): ``kind``
    is war, alliance, neutrality, armistice, surrender or break (an alliance); ``targets`` the
    powers named; ``amount`` a surrender's indemnity."""

    kind: str
    targets: tuple[str, ...] = ()
    amount: int = 0

    def __str__(self) -> str:
        t = ", ".join(self.targets)
        if self.kind == "war":
            return f"Declare war on {t}"
        if self.kind == "alliance":
            return f"Alliance with {t}"
        if self.kind == "neutrality":
            return "Neutrality"
        if self.kind == "armistice":
            return f"Armistice with {t}"
        if self.kind == "surrender":
            return f"Surrender to {t}" + (f" indemnity {self.amount}" if self.amount else "")
        return "Break alliance"


@dataclass(frozen=True, slots=True)
class PlaceInfluence(Order):
    """``N: STATE`` — place N INFs in a minor state (seed, "Influence and placement")."""

    amount: int
    state: str

    def __str__(self) -> str:
        return f"{self.amount}: {self.state}"


@dataclass(frozen=True, slots=True)
class DiplomaticAttack(Order):
    """``STATE > POWER`` (seed, "The diplomatic attack")."""

    state: str
    target: str

    def __str__(self) -> str:
        return f"{self.state} > {self.target}"


_PLACE = re.compile(r"^\s*(\d+)\s*(?:infs?\s*)?:\s*(.+?)\s*$", re.I)
_ATTACK = re.compile(r"^\s*(.+?)\s*>\s*(.+?)\s*$")
_WAR = re.compile(r"^\s*(?:declare\s+)?(?:war|dow)\s*(?:on|against|with)?\s+(.+?)\s*$", re.I)
_ALLY = re.compile(r"^\s*(?:declare\s+)?(?:an\s+)?(?:alliance|ally)\s*(?:with)?\s+(.+?)\s*$", re.I)
_NEUTRAL = re.compile(r"^\s*(?:declare\s+)?neutral(?:ity)?\s*$", re.I)
_ARMISTICE = re.compile(r"^\s*(?:declare\s+)?(?:armistice|end\s+war|peace)\s*(?:with)?\s+(.+?)\s*$", re.I)
_SURRENDER = re.compile(r"^\s*(?:declare\s+)?surrender\s*(?:to)?\s+(.+?)(?:\s+(?:indemnity|pay(?:ing)?)\s+(\d+))?\s*$", re.I)
_BREAK = re.compile(r"^\s*break\s+(?:the\s+)?alliance(?:\s+with\s+.+)?\s*$", re.I)


# -- the variant's data, indexed ----------------------------------------------------------------


class _Index:
    """What the rules read from ``variant.yaml`` and ``map.txt``, indexed once per variant."""

    def __init__(self, variant: Variant) -> None:
        data = variant.data
        self.board = variant.board
        pw = data.get("powers") or {}
        self.minors = {Power(p) for p, info in pw.items() if (info or {}).get("minor")}
        self.majors = [Power(p) for p in pw if Power(p) not in self.minors]
        self.confession = {Power(p): (pw[p] or {}).get("confession") for p in self.majors}
        self.start_treasury = {p: (pw[p] or {}).get("treasury", 50) for p in self.majors}
        self.states: dict[str, dict] = {str(k): dict(v) for k, v in (data.get("states") or {}).items()}
        self.domain: dict[ProvinceId, str] = {}
        self.state_of: dict[ProvinceId, str] = {}
        self.income: dict[ProvinceId, int] = {}
        self.prov_confession: dict[ProvinceId, str] = {}
        for pid, prov in variant.board.provinces.items():
            if "domain" in prov.flags:
                self.domain[pid] = prov.flags["domain"]
            if "state" in prov.flags:
                self.state_of[pid] = prov.flags["state"]
            if prov.flags.get("income"):
                self.income[pid] = int(prov.flags["income"])
            if prov.flags.get("confession"):
                self.prov_confession[pid] = prov.flags["confession"]
        self.home_of: dict[ProvinceId, Power] = {}
        for p, info in variant.powers.items():
            for h in info.homes:
                self.home_of[h] = p
        self.attack_order = [Power(p) for p in data.get("diplomatic_attack_order") or self.majors]
        self.progression = data.get("influence_progression") or {}
        self.start_influence = {p: (pw[p] or {}).get("influence", 0) for p in self.majors}
        mc = data.get("military_cost") or {}
        self.cost_percent = {int(k): int(v) for k, v in (mc.get("percent_by_size") or {}).items()}
        self.max_units = int(mc.get("max_units", 15))
        self.floor = int(mc.get("treasury_floor", 25))
        self.sanctions = (data.get("sanctions") or {}).get("enforced") or []
        self.state_names: dict[str, str] = {}
        for sid, s in self.states.items():
            for n in (sid, s.get("name", ""), *(s.get("aliases") or ())):
                if n:
                    self.state_names[_norm(n)] = sid
            for pid in s.get("provinces") or ():
                self.state_names.setdefault(_norm(pid), sid)

    def influence_for(self, power: Power, year: int) -> int:
        """INFs allotted to ``power`` for ``year`` (the Influence Progression Table)."""
        row = self.progression.get(power) or {}
        best = None
        for y, v in row.items():
            if int(y) <= year and (best is None or int(y) > best[0]):
                best = (int(y), int(v))
        return best[1] if best else self.start_influence.get(power, 0)


def _norm(text: str) -> str:
    return " ".join(str(text).lower().replace("-", " ").replace(".", " ").split())


_INDEXES: dict[int, _Index] = {}


def _index(variant: Variant) -> _Index:
    key = id(variant.data)
    idx = _INDEXES.get(key)
    if idx is None:
        idx = _INDEXES[key] = _Index(variant)
    return idx


# -- reading the variant state of a position -----------------------------------------------------


def _money(x: Any) -> Fraction:
    return Fraction(str(x))


def _store_money(x: Fraction) -> int | float:
    if x.denominator == 1:
        return int(x)
    return round(float(x), 4)


def treasuries(variant: Variant, position: Position) -> dict[Power, Fraction]:
    """Every power's treasury (seed, "Income phase": 50 at the start)."""
    idx = _index(variant)
    raw = position.extra.get("treasury") or {}
    return {p: _money(raw.get(p, idx.start_treasury[p])) for p in idx.majors}


def influence_left(variant: Variant, position: Position) -> dict[Power, int]:
    """INFs each power may still place this year."""
    idx = _index(variant)
    raw = position.extra.get("influence") or {}
    return {p: int(raw.get(p, idx.influence_for(p, position.phase.year))) for p in idx.majors}


def placed(position: Position) -> dict[str, dict[str, int]]:
    """INFs placed: state -> power -> INFs."""
    raw = position.extra.get("infs") or {}
    return {str(s): {str(p): int(n) for p, n in (d or {}).items() if int(n) > 0} for s, d in raw.items()}


def status(position: Position, state: str) -> str:
    """``'unaligned'``, ``'neutral'`` or the power the state is aligned to (seed, "Alignments",
    "Neutrality"): a power holding at least half the INFs placed, alone, aligns it; two or more
    equally invested, or three or more with nobody at half, make it neutral."""
    d = placed(position).get(state) or {}
    total = sum(d.values())
    if total == 0:
        return "unaligned"
    ranked = sorted(d.items(), key=lambda kv: -kv[1])
    top, n = ranked[0]
    if 2 * n >= total and (len(ranked) == 1 or ranked[1][1] < n):
        return top
    return "neutral"


@dataclass
class _Relations:
    war: set[frozenset[str]]
    alliances: list[set[str]]
    neutral: set[str]
    war_declarations: dict[str, int]

    @classmethod
    def read(cls, position: Position) -> "_Relations":
        raw = position.extra.get("relations") or {}
        return cls(
            {frozenset(map(str, pair)) for pair in raw.get("war") or () if len(pair) == 2},
            [set(map(str, g)) for g in raw.get("alliances") or () if len(g) >= 2],
            set(map(str, raw.get("neutral") or ())),
            {str(k): int(v) for k, v in (raw.get("war_declarations") or {}).items()},
        )

    def to_data(self) -> dict:
        return {
            "war": sorted(sorted(p) for p in self.war),
            "alliances": sorted(sorted(g) for g in self.alliances if len(g) >= 2),
            "neutral": sorted(self.neutral),
            "war_declarations": dict(sorted(self.war_declarations.items())),
        }

    def group(self, power: str) -> set[str]:
        for g in self.alliances:
            if power in g:
                return set(g)
        return {power}

    def allied(self, a: str, b: str) -> bool:
        return a != b and b in self.group(a)

    def at_war(self, a: str, b: str) -> bool:
        """War is between alliances (errata 3-8-2015, 3-14-2015): a declaration against a power
        is against its allies too, and binds the declarer's allies."""
        ga, gb = self.group(a), self.group(b)
        return any(frozenset((x, y)) in self.war for x in ga for y in gb)


def relations(position: Position) -> _Relations:
    """The declarations in force in ``position``."""
    return _Relations.read(position)


def start_position(variant: Variant) -> Position:
    """The start (Spring 1615) with the variant state written out: treasuries, INFs to place,
    no INFs placed, no declarations."""
    pos = variant.start
    extra = dict(pos.extra)
    extra["treasury"] = {p: _store_money(v) for p, v in treasuries(variant, pos).items()}
    extra["influence"] = influence_left(variant, pos)
    extra.setdefault("infs", {})
    extra.setdefault("relations", _Relations(set(), [], set(), {}).to_data())
    return pos.evolve(extra=extra)


def build_cost(variant: Variant, size: int, treasury: Fraction) -> Fraction:
    """What one more unit costs a power of ``size`` units (seed, "Adding a unit for a power":
    the Military Cost Table's percentage of the treasury)."""
    pct = _index(variant).cost_percent.get(size)
    if pct is None:
        raise IllegalOrder(f"no more units can be bought at a size of {size}")
    return treasury * pct / 100


def confession_of(variant: Variant, position: Position, province: ProvinceId) -> str:
    """What a province counts as for religious rebellion: a power's domain, its flag; a
    minor state's province, the state's confessional marker (seed, "Confessional markers":
    Protestant or Catholic INFs alone, or twice the other's; the Papal State starts
    Catholic)."""
    idx = _index(variant)
    sid = idx.state_of.get(province)
    if sid is None:
        return idx.prov_confession.get(province, "mixed")
    d = placed(position).get(sid) or {}
    prot = sum(n for p, n in d.items() if idx.confession.get(p) == "protestant")
    cath = sum(n for p, n in d.items() if idx.confession.get(p) == "catholic")
    if prot == cath == 0:
        m = idx.states.get(sid, {}).get("marker")
        return m if m in ("catholic", "protestant") else "none"
    if cath == 0 or prot >= 2 * cath:
        return "protestant"
    if prot == 0 or cath >= 2 * prot:
        return "catholic"
    return "none"


def score(variant: Variant, position: Position, objectives_met: Mapping[str, int] | None = None) -> dict[Power, int]:
    """Points of every power (seed, "Mid-game and final scoring"; the Scoring Guide is lost:
    ``variant.yaml``'s reconstructed ``scoring`` table): aligned states (and their further
    provinces), confessional markers of the power's confession, foreign centres and paying
    provinces controlled, home centres held, full tens of treasury above the floor, objectives
    met (``objectives_met``: power -> count, judged by the Gamesmaster), less the penalty for
    each declaration of war (errata 3-14-2015)."""
    idx = _index(variant)
    table = variant.data.get("scoring") or {}
    pts = {p: 0 for p in idx.majors}
    for sid, s in idx.states.items():
        st = status(position, sid)
        if st in pts:
            pts[st] += int(table.get("aligned_state", 0)) + int(table.get("aligned_state_extra_province", 0)) * (len(s.get("provinces") or ()) - 1)
        cap = s.get("capital") or (s.get("provinces") or [None])[0]
        mark = confession_of(variant, position, cap) if cap else "none"
        for p in pts:
            if idx.confession.get(p) == mark:
                pts[p] += int(table.get("confessional_marker", 0))
    for prov, owner in position.supply_centers.items():
        if owner in pts:
            home = prov in variant.homes(owner)
            pts[owner] += int(table.get("home_centre" if home else "foreign_centre", 0))
    for prov, owner in (position.extra.get("control") or {}).items():
        if owner in pts:
            pts[owner] += int(table.get("foreign_income_province", 0))
    per = int(table.get("treasury_per", 0))
    for p, money in treasuries(variant, position).items():
        if per:
            pts[p] += int(max(money - idx.floor, 0) // per)
    for p, n in (objectives_met or {}).items():
        if p in pts:
            pts[p] += int(table.get("objective", 0)) * int(n)
    for p, n in relations(position).war_declarations.items():
        if p in pts:
            pts[p] += int(table.get("declaration_of_war", 0)) * n
    return pts
