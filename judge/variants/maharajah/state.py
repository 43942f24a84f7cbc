"""Maharajah's own state (seed 004 §3, additional home centres), typed: the home centres as they
stand once some have been acquired, and the claims of units holding a centre through the year.

It lives in :attr:`Position.state` as a :class:`MaharajahState` (the description's ``state``),
read from and written to two top-level keys of the position file by :mod:`judge.notation`, the
file's one reader and writer:

``homes``
    ``{power: [centres]}``: every power's home centres, written only once they differ from the
    descriptor's (``variant.yaml``). A power the file does not list keeps its original centres,
    less any listed as another power's (one home power at a time).
``home_claims``
    ``{centre: {power: P, since: year}}``: a unit of ``P`` has stood on ``centre`` since the
    start of that year's Spring movement; written only while some claim is open.

Every value is checked once, here, when the file is read: a power of the game, a supply centre
of the board, a centre home to one power only, a year. A bad one is a :class:`StateError` with
its path in the file, which the reader turns into ``file:line``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping

from ...core.types import Position, Power, ProvinceId
from ...core.variant import Variant
from ..description import StateError

__all__ = ["Claim", "MaharajahState"]

_HOMES = "homes"
_CLAIMS = "home_claims"


@dataclass(frozen=True)
class Claim:
    """A claim on a centre (seed 004 §3): the power whose unit holds it, and since which year's
    Spring."""

    power: Power
    since: int


@dataclass(frozen=True)
class MaharajahState:
    """The home centres acquired and lost (``homes``: power -> centres, for the powers the file
    lists; empty while every power has its original ones) and the open claims (``claims``:
    centre -> :class:`Claim`), both as sorted pairs so that the value is immutable and
    compares equal whatever order it was built in."""

    KEYS: ClassVar[tuple[str, ...]] = (_HOMES, _CLAIMS)

    homes: tuple[tuple[Power, tuple[ProvinceId, ...]], ...] = ()
    claims: tuple[tuple[ProvinceId, Claim], ...] = ()

    @classmethod
    def make(cls, homes: Mapping[Power, Iterable[ProvinceId]] | None = None,
             claims: Mapping[ProvinceId, Claim] | None = None) -> "MaharajahState":
        """A state from plain mappings (put in canonical order)."""
        return cls(
            tuple(sorted((p, tuple(sorted(cs))) for p, cs in (homes or {}).items())),
            tuple(sorted((claims or {}).items())),
        )

    @classmethod
    def of(cls, position: Position) -> "MaharajahState":
        """The state of ``position``: its typed state, or the start (nothing acquired, nothing
        claimed) for a position that has none, such as the variant's start."""
        return position.state if isinstance(position.state, cls) else cls()

    # -- the file ---------------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variant: Variant) -> "MaharajahState":
        """Read and check ``homes`` and ``home_claims`` (either may be absent)."""
        return cls.make(_read_homes(data.get(_HOMES), variant), _read_claims(data.get(_CLAIMS), variant))

    def to_data(self) -> dict[str, Any]:
        """The two keys as plain data, each only when it has something to say."""
        out: dict[str, Any] = {}
        if self.homes:
            out[_HOMES] = {str(p): [str(c) for c in cs] for p, cs in self.homes}
        if self.claims:
            out[_CLAIMS] = {str(c): {"power": str(k.power), "since": k.since} for c, k in self.claims}
        return out

    # -- reading it -------------------------------------------------------------------------

    def listed_homes(self) -> dict[Power, tuple[ProvinceId, ...]]:
        """The home centres of the powers the state lists (seed 004 §3)."""
        return dict(self.homes)

    def open_claims(self) -> dict[ProvinceId, Claim]:
        """Centre -> its open claim."""
        return dict(self.claims)

    def homes_of(self, power: Power, originals: Iterable[ProvinceId]) -> tuple[ProvinceId, ...]:
        """``power``'s home centres: as listed, or, for a power not listed, its original ones
        (``originals``, the descriptor's) less any listed as another power's."""
        listed = self.listed_homes()
        if power in listed:
            return tuple(sorted(listed[power]))
        taken = {c for p, cs in listed.items() if p != power for c in cs}
        return tuple(sorted(c for c in originals if c not in taken))

    def home_power(self, centre: ProvinceId, besides: Power) -> Power | None:
        """A listed power other than ``besides`` whose home ``centre`` is now."""
        return next((p for p, cs in self.homes if p != besides and centre in cs), None)


# -- checking the file's values ---------------------------------------------------------------------


def _power(variant: Variant, name: Any, *path: Any) -> Power:
    text = str(name)
    for p in variant.powers:
        if p == text or p.lower() == text.lower():
            return p
    raise StateError(f"{text!r} is not a power of {variant.name} (powers: {', '.join(variant.powers)})", *path)


def _centre(variant: Variant, name: Any, *path: Any) -> ProvinceId:
    pid = ProvinceId(str(name).strip().upper())
    prov = variant.board.provinces.get(pid)
    if prov is None:
        raise StateError(f"unknown province {name!r}", *path)
    if not prov.is_supply_center:
        raise StateError(f"{pid} ({prov.name}) is not a supply centre, so it is no home centre", *path)
    return pid


def _read_homes(raw: Any, variant: Variant) -> dict[Power, tuple[ProvinceId, ...]]:
    """``homes``: power -> its home centres; a centre is home to one power at a time (§3)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise StateError("'homes' maps each power to its home centres, like {Delhi: [AGR, AWA, MUZ]}", _HOMES)
    out: dict[Power, tuple[ProvinceId, ...]] = {}
    home_of: dict[ProvinceId, Power] = {}
    for name, centres in raw.items():
        power = _power(variant, name, _HOMES, name)
        if centres is None:
            centres = []
        if not isinstance(centres, list):
            raise StateError(f"the home centres of {power} should be a list like [AGR, AWA]", _HOMES, name)
        mine: list[ProvinceId] = []
        for k, c in enumerate(centres):
            pid = _centre(variant, c, _HOMES, name, k)
            if pid in home_of:
                raise StateError(f"{pid} is listed twice (for {home_of[pid]} and {power}): a centre is a home "
                                 "centre of one power at a time (seed 004 §3)", _HOMES, name, k)
            home_of[pid] = power
            mine.append(pid)
        out[power] = tuple(mine)
    return out


def _read_claims(raw: Any, variant: Variant) -> dict[ProvinceId, Claim]:
    """``home_claims``: centre -> {power, since}."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise StateError("'home_claims' maps each centre to its claim, like {ORI: {power: Delhi, since: 1502}}", _CLAIMS)
    out: dict[ProvinceId, Claim] = {}
    for name, claim in raw.items():
        centre = _centre(variant, name, _CLAIMS, name)
        if not isinstance(claim, Mapping) or "power" not in claim or "since" not in claim:
            raise StateError(f"the claim on {centre} should read like {{power: Delhi, since: 1502}}", _CLAIMS, name)
        power = _power(variant, claim["power"], _CLAIMS, name, "power")
        since = claim["since"]
        if isinstance(since, bool) or not isinstance(since, int) or since < 1:
            raise StateError(f"the claim on {centre}: 'since' is the year it began, not {since!r}", _CLAIMS, name, "since")
        out[centre] = Claim(power, since)
    return out
