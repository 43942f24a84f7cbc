"""Position files: YAML to :class:`~judge.core.types.Position` and back. A position file names its
variant and holds the variant's own state, so this reader stands above the variants (the order
reader, :mod:`judge.notation`, stands below them: the variants read their orders with it).

:func:`parse_position` reads a position file (every error located by file and line),
:func:`format_position` writes one (deterministic: the same position, the same bytes), and
:func:`position_to_data` gives the schema as plain data for YAML and JSON (:func:`to_json`).
"""

from __future__ import annotations

import json
from typing import Any, Callable

import yaml

from .core.errors import JudgeError, PositionError
from .core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from .core.variant import Variant
from .reading import SAFE_LOADER, normalise_name, parse_phase
from .notation.words import names_of

def _located(text: str, filename: str) -> tuple[Any, dict[tuple, int]]:
    """Load YAML, remembering the line of every mapping key and list item (by path)."""
    try:
        node = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PositionError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", f"{filename}:{mark.line + 1}" if mark else filename) from None
    lines: dict[tuple, int] = {}
    loader = yaml.SafeLoader("")
    budget = [_MAX_YAML_NODES]

    def construct(n: Any) -> Any:
        try:
            return loader.construct_object(n, deep=True)
        except Exception as exc:  # noqa: BLE001 - the reader raises many kinds on odd tags (!!bool x: KeyError)
            why = getattr(exc, "problem", None) or str(exc) or type(exc).__name__
            raise PositionError(f"cannot read this value: {why}", f"{filename}:{n.start_mark.line + 1}") from None

    def walk(n: Any, path: tuple, inside: frozenset) -> Any:
        where = f"{filename}:{n.start_mark.line + 1}"
        budget[0] -= 1
        if budget[0] < 0:
            raise PositionError(f"too large: more than {_MAX_YAML_NODES} values (aliases expanding?)", where)
        if id(n) in inside:
            raise PositionError("a YAML alias that contains itself", where)
        lines.setdefault(path, n.start_mark.line + 1)
        if isinstance(n, yaml.MappingNode):
            inner = inside | {id(n)}
            out = {}
            for k, v in n.value:
                if not isinstance(k, yaml.ScalarNode):
                    raise PositionError("a key must be a plain name, not a list or a mapping", f"{filename}:{k.start_mark.line + 1}")
                key = construct(k)
                if isinstance(key, (list, dict, set)):  # pragma: no cover - scalars construct to scalars
                    raise PositionError("a key must be a plain name", f"{filename}:{k.start_mark.line + 1}")
                lines[path + (key,)] = k.start_mark.line + 1
                out[key] = walk(v, path + (key,), inner)
            return out
        if isinstance(n, yaml.SequenceNode):
            inner = inside | {id(n)}
            return [walk(v, path + (i,), inner) for i, v in enumerate(n.value)]
        return construct(n)

    if node is None:
        return None, lines
    return walk(node, (), frozenset()), lines


_MAX_YAML_NODES = 200_000
"""A position or settings file is small; more values than this is a mistake or an attack."""


_POSITION_KEYS = ("variant", "phase", "units", "supply_centers", "dislodged", "standoffs")


def parse_position(text: str, filename: str = "<position>", variant: Variant | None = None) -> tuple[Variant, Position]:
    """Read a position file (the schema of ``judge adjudicate``); PositionError with file and line.

    The variant's own keys are read into its typed state (``Position.state``, see
    :class:`judge.variants.description.VariantState`); other top-level keys are kept in
    ``Position.extra``.
    """
    data, lines = _located(text, filename)
    if not isinstance(data, dict):
        raise PositionError("a position file is a mapping with 'variant', 'phase' and 'units'", filename)
    at = _locator(filename, lines)
    variant = _position_variant(data, variant, at)
    if "phase" not in data:
        raise PositionError("missing 'phase' (e.g. 'Spring 1901 Movement')", filename)
    try:
        phase = parse_phase(data["phase"], variant.calendar)
    except JudgeError as exc:
        raise PositionError(exc.message, at("phase")) from None
    reader = _PositionReader(variant, at)
    units = reader.units(data)
    centres = reader.centres(data)
    dislodged = reader.dislodged(data)
    standoffs = reader.standoffs(data)
    if dislodged and phase.kind is not PhaseKind.RETREAT:
        raise PositionError("dislodged units are only for retreat phases", at("dislodged"))
    extra = {k: v for k, v in data.items() if k not in _POSITION_KEYS}
    state = _variant_state(variant, extra, at)
    return variant, Position(variant.name, phase, tuple(units), centres, tuple(dislodged), standoffs, extra, state)


def _locator(filename: str, lines: dict[tuple, int]) -> Callable[..., str]:
    """``at(*path)``: ``file:line`` of the value at ``path`` (or of the nearest enclosing one)."""

    def at(*path: Any) -> str:
        for k in range(len(path), -1, -1):
            if path[:k] in lines:
                return f"{filename}:{lines[path[:k]]}"
        return filename

    return at


def _position_variant(data: dict[str, Any], variant: Variant | None, at: Callable[..., str]) -> Variant:
    """The variant named (unless the caller gives it), under the rule options the file sets: a
    Gamesmaster's options (as in game.yaml's ``options:``) over the variant's. They stay in
    ``Position.extra``, so that the next position is played under them too."""
    from .variants import find_variant

    try:
        if variant is None:
            variant = find_variant(data.get("variant", "standard"))
    except JudgeError as exc:
        raise PositionError(exc.message, at("variant")) from None
    if data.get("options") is not None:
        if not isinstance(data["options"], dict):
            raise PositionError("'options' maps option names to values, like {money: false}", at("options"))
        try:
            variant = find_variant(variant.name, {**variant.rules.options, **data["options"]})
        except JudgeError as exc:
            bad = next((k for k in data["options"] if k not in variant.rules.options), None)
            raise PositionError(exc.message, at("options", bad) if bad is not None else at("options")) from None
    return variant


class _PositionReader:
    """The reading of a position file's parts (the units, the centres, the dislodged units, the
    standoffs) for ``variant``, each error located by ``at``."""

    def __init__(self, variant: Variant, at: Callable[..., str]) -> None:
        self.variant = variant
        self.board = variant.board
        self.names = names_of(variant)
        self.at = at

    def power_of(self, name: Any, *path: Any) -> Power:
        """A power of the variant, by its name in any case."""
        variant = self.variant
        if str(name) in variant.powers:
            return Power(str(name))
        for p in variant.powers:
            if p.lower() == str(name).lower():
                return p
        raise PositionError(f"{name!r} is not a power of {variant.name} (powers: {', '.join(variant.powers)})", self.at(*path))

    def province(self, name: Any, *path: Any) -> Location:
        """A place: a province by any of its names, and a coast it has."""
        text = str(name).strip()
        prov, _, coast = text.partition("/")
        pid = self.names.provinces.get(normalise_name(prov))
        if pid is None:
            raise PositionError(f"unknown province {text!r}", self.at(*path))
        c = coast.upper() or None
        if c and c not in self.board.provinces[pid].coasts:
            raise PositionError(f"{pid} has no coast {c!r}", self.at(*path))
        return Location(pid, c)

    def unit(self, text: Any, power: Power, *path: Any) -> Unit:
        """``A PAR``, ``F STP/SC``: a kind of unit the variant has, where it can stand (a fleet
        in a province of two coasts names one)."""
        board = self.board
        parts = str(text).split()
        if len(parts) != 2 or parts[0].upper() not in {k.value for k in self.variant.rules.unit_kinds()}:
            raise PositionError(f"unit {text!r} should read like 'A PAR' or 'F STP/SC'", self.at(*path))
        kind = UnitType(parts[0].upper())
        loc = self.province(parts[1], *path)
        if kind is UnitType.FLEET and not loc.coast and board.provinces[loc.province].coasts:
            raise PositionError(f"fleet {text!r}: name the coast ({', '.join(board.provinces[loc.province].coasts)})", self.at(*path))
        if not board.can_stand(kind, loc):
            raise PositionError(f"a {kind.noun} cannot stand in {board.provinces[loc.province].name}", self.at(*path))
        return Unit(power, kind, loc)

    def units(self, data: dict[str, Any]) -> list[Unit]:
        """``units:``, a list per power; one unit a province (a garrison beside it)."""
        units: list[Unit] = []
        seen: dict[ProvinceId, str] = {}
        raw_units = data.get("units") or {}
        if not isinstance(raw_units, dict):
            raise PositionError("'units' maps each power to a list of units", self.at("units"))
        for pname, lst in raw_units.items():
            p = self.power_of(pname, "units", pname)
            if lst is None:
                continue
            if not isinstance(lst, list):
                raise PositionError(f"the units of {p} should be a list like [A PAR, F BRE]", self.at("units", pname))
            for k, t in enumerate(lst):
                u = self.unit(t, p, "units", pname, k)
                key = u.province if u.kind is not UnitType.GARRISON else ProvinceId(u.province + "#G")
                if key in seen:
                    raise PositionError(f"two units in {u.province}: {seen[key]} and {p} {u}", self.at("units", pname, k))
                seen[key] = f"{p} {u}"
                units.append(u)
        return units

    def centres(self, data: dict[str, Any]) -> dict[ProvinceId, Power]:
        """``supply_centers:``, a list per owner, each centre owned once; the variant's start
        when the key is absent."""
        sc = data.get("supply_centers")
        if "supply_centers" not in data or sc is None:
            return dict(self.variant.start.supply_centers)
        if not isinstance(sc, dict):
            raise PositionError("'supply_centers' maps each owner to a list of centres", self.at("supply_centers"))
        centres: dict[ProvinceId, Power] = {}
        for pname, lst in sc.items():
            p = self.power_of(pname, "supply_centers", pname)
            if lst is not None and not isinstance(lst, list):
                raise PositionError(f"the centres of {p} should be a list like [PAR, BRE]", self.at("supply_centers", pname))
            for k, c in enumerate(lst or []):
                loc = self.province(c, "supply_centers", pname, k)
                if not self.board.provinces[loc.province].is_supply_center:
                    raise PositionError(f"{loc.province} is not a supply centre", self.at("supply_centers", pname, k))
                if loc.province in centres:
                    raise PositionError(f"{loc.province} is owned twice ({centres[loc.province]} and {p})",
                                        self.at("supply_centers", pname, k))
                centres[loc.province] = p
        return centres

    def dislodged(self, data: dict[str, Any]) -> list[Dislodged]:
        """``dislodged:``, per power ``{unit: province the attack came from}`` (nothing, or
        ``convoy``, for an attack by convoy)."""
        dislodged: list[Dislodged] = []
        raw_d = data.get("dislodged") or {}
        if not isinstance(raw_d, dict):
            raise PositionError("'dislodged' maps each power to {unit: province the attack came from}", self.at("dislodged"))
        for pname, mapping in raw_d.items():
            p = self.power_of(pname, "dislodged", pname)
            if not isinstance(mapping, dict):
                raise PositionError(f"dislodged units of {p} should read like {{F TRI: TYR}}", self.at("dislodged", pname))
            for t, frm in mapping.items():
                u = self.unit(t, p, "dislodged", pname, t)
                origin = None if frm in (None, "", "convoy") else self.province(frm, "dislodged", pname, t).province
                dislodged.append(Dislodged(u, origin))
        return dislodged

    def standoffs(self, data: dict[str, Any]) -> frozenset[ProvinceId]:
        """``standoffs:``, the provinces left vacant by a standoff."""
        raw_s = data.get("standoffs") or []
        if not isinstance(raw_s, list):
            raise PositionError("'standoffs' is a list of provinces, like [ALB, BUR]", self.at("standoffs"))
        return frozenset(self.province(s, "standoffs", k).province for k, s in enumerate(raw_s))


def _variant_state(variant: Variant, extra: dict[str, Any], at: Any) -> Any:
    """The variant's typed state, read (and checked, once) from its keys of the position file,
    which leave ``extra``; None for a variant without a typed state."""
    from .variants import describe
    from .variants.description import StateError

    description = describe(variant.name)
    kind = description.state if description is not None else None
    if kind is None:
        return None
    own = {k: extra.pop(k) for k in kind.KEYS if k in extra}
    try:
        return kind.from_data(own, variant)
    except StateError as exc:
        raise PositionError(exc.message, at(*exc.path)) from None


def position_to_data(position: Position) -> dict[str, Any]:
    """The position in the file schema, as plain data (for YAML and JSON)."""
    units: dict[str, list[str]] = {}
    for u in position.units:
        units.setdefault(u.power, []).append(str(u))
    centres: dict[str, list[str]] = {}
    for prov, owner in position.supply_centers.items():
        centres.setdefault(owner, []).append(prov)
    data: dict[str, Any] = {
        "variant": position.variant,
        "phase": str(position.phase),
        "units": {p: units[p] for p in sorted(units)},
        "supply_centers": {p: sorted(centres[p]) for p in sorted(centres)},
    }
    if position.dislodged:
        dis: dict[str, dict[str, Any]] = {}
        for d in position.dislodged:
            dis.setdefault(d.unit.power, {})[str(d.unit)] = d.attacker_from
        data["dislodged"] = {p: dis[p] for p in sorted(dis)}
    if position.standoffs:
        data["standoffs"] = sorted(position.standoffs)
    own = position.state.to_data() if position.state is not None else {}
    for k in sorted({**position.extra, **own}):
        data[k] = own[k] if k in own else position.extra[k]
    return data


class _Dumper(yaml.SafeDumper):
    pass


def _flow_lists(dumper: yaml.SafeDumper, data: list) -> Any:
    flow = all(isinstance(x, (str, int, float)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _flow_lists)


def format_position(position: Position) -> str:
    """The position file's text: deterministic, the schema ``parse_position`` reads."""
    return yaml.dump(position_to_data(position), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def to_json(data: Any) -> str:
    """Deterministic JSON."""
    return json.dumps(data, indent=2, ensure_ascii=False)
