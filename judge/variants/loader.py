"""Reading a variant's data: ``map.txt`` into a :class:`~judge.core.board.Board`, ``variant.yaml``
into a :class:`~judge.core.variant.Variant`.

Every problem is reported with its file and line, all of them at once (one-way edges, unknown
provinces or coasts, names used twice), in a :class:`~judge.core.errors.MapError`. Names are
compared, YAML loaded and the start phase read as everywhere else (:mod:`judge.reading`).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.board import Board, Province, Terrain
from ..core.errors import MapError
from ..core.types import Location, Position, Power, ProvinceId, Unit, UnitType
from ..core.variant import STANDARD_CALENDAR, Calendar, PowerInfo, Rules, Variant
from ..reading import load_yaml, normalise_name, parse_phase, read_file

_PROVINCE = re.compile(r"^province\s+(\S+)\s+(\S+)((?:\s+[^\s:]+)*)\s*:\s*(.+?)\s*$", re.I)
_COASTS = re.compile(r"^coasts\s+(\S+)\s*:\s*(.+)$", re.I)
_EDGES = re.compile(r"^(army|fleet)\s+(\S+)\s*:\s*(.*)$", re.I)
_ID = re.compile(r"^[A-Z][A-Z0-9]*$")


def parse_board(text: str, filename: str = "map.txt") -> Board:
    """Build a board from the text of a ``map.txt``; MapError listing every problem."""
    reader = _BoardReader(filename)
    reader.read_lines(text)
    reader.declare_provinces()
    army_edges = reader.army_edges()
    fleet_edges = reader.fleet_edges()
    reader.check_two_way(army_edges, fleet_edges)
    if reader.problems:
        raise MapError(f"{len(reader.problems)} problem(s) in the board:\n" + "\n".join(reader.problems), filename)
    return Board(reader.provinces.values(), army_edges, fleet_edges)


class _BoardReader:
    """The reading of one ``map.txt``, in steps: its lines sorted by kind, the provinces declared
    (with their coasts and names), the army and fleet moves, and a check that every move goes both
    ways. Each problem is noted with its line, and reading goes on, so that all are reported."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[str] = []
        self.provinces: dict[str, Province] = {}
        self.declared_at: dict[str, int] = {}
        self.names: dict[str, tuple[str, int]] = {}
        self.coasts: dict[str, tuple[str, ...]] = {}
        self.army: dict[str, tuple[int, list[str]]] = {}
        self.fleet: dict[str, tuple[int, list[str]]] = {}
        self.pending: list[tuple[int, str, str, str, dict[str, str], list[str]]] = []

    def bad(self, line: int, msg: str) -> None:
        self.problems.append(f"{self.filename}:{line}: {msg}")

    def read_lines(self, text: str) -> None:
        """Sort the lines: provinces (declared once all coasts are known), coasts, moves."""
        for no, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if m := _PROVINCE.match(line):
                self._province_line(no, m)
            elif m := _COASTS.match(line):
                self.coasts[m.group(1).upper()] = tuple(c.upper() for c in m.group(2).split())
                self.declared_at.setdefault("coasts:" + m.group(1).upper(), no)
            elif m := _EDGES.match(line):
                table = self.army if m.group(1).lower() == "army" else self.fleet
                src = m.group(2).upper()
                if src in table:
                    self.bad(no, f"{m.group(1).lower()} moves from {src} are already listed on line {table[src][0]}")
                table[src] = (no, [d.upper() for d in m.group(3).split()])
            else:
                self.bad(no, f"not a province, coasts, army or fleet line: {raw.strip()!r}")

    def _province_line(self, no: int, m: re.Match[str]) -> None:
        """``province ID terrain [flags] : Full name = alias, alias``."""
        pid, terrain, flagtext, rest = m.group(1).upper(), m.group(2).lower(), m.group(3), m.group(4)
        full, _, aliastext = rest.partition("=")
        aliases = [a.strip() for a in aliastext.split(",") if a.strip()]
        flags: dict[str, str] = {}
        for f in flagtext.split():
            k, _, v = f.partition("=")
            flags[k.lower()] = v
        self.pending.append((no, pid, terrain, full.strip(), flags, aliases))

    def declare_provinces(self) -> None:
        """Every province once, with a valid id and terrain and names no other province uses;
        coasts only for provinces that exist."""
        for no, pid, terrain, full, flags, aliases in self.pending:
            if not _ID.match(pid):
                self.bad(no, f"province id {pid!r} must be letters and digits starting with a letter")
            if pid in self.provinces:
                self.bad(no, f"province {pid} is declared twice (first on line {self.declared_at[pid]})")
                continue
            try:
                ter = Terrain(terrain)
            except ValueError:
                self.bad(no, f"unknown terrain {terrain!r} for {pid} (expected land, coast, sea or impassable)")
                ter = Terrain.LAND
            self._claim_names(no, pid, [pid, full, *aliases])
            self.declared_at[pid] = no
            self.provinces[pid] = Province(
                ProvinceId(pid), full, ter, "sc" in flags, self.coasts.get(pid, ()),
                {k: v for k, v in flags.items() if k != "sc"}, tuple(aliases),
            )
        for pid in self.coasts:
            if pid not in self.provinces:
                self.bad(self.declared_at["coasts:" + pid], f"coasts given for unknown province {pid}")

    def _claim_names(self, no: int, pid: str, names: list[str]) -> None:
        """A province's id, full name and aliases, each used by no other province."""
        for n in names:
            key = normalise_name(n)
            if key in self.names and self.names[key][0] != pid:
                self.bad(no, f"name {n!r} of {pid} is already used by {self.names[key][0]} (line {self.names[key][1]})")
            else:
                self.names[key] = (pid, no)

    def location(self, no: int, text: str) -> Location | None:
        """``PROV`` or ``PROV/COAST``, of a declared province and one of its coasts."""
        prov, _, coast = text.partition("/")
        if prov not in self.provinces:
            self.bad(no, f"unknown province {prov!r}")
            return None
        if coast and coast not in self.provinces[prov].coasts:
            self.bad(no, f"{prov} has no coast {coast!r}")
            return None
        return Location(ProvinceId(prov), coast or None)

    def army_edges(self) -> dict[ProvinceId, set[ProvinceId]]:
        """Army moves: from land or coast, to provinces (never coasts)."""
        edges: dict[ProvinceId, set[ProvinceId]] = {}
        for src, (no, dests) in self.army.items():
            if src not in self.provinces:
                self.bad(no, f"unknown province {src!r}")
                continue
            if self.provinces[src].terrain not in (Terrain.LAND, Terrain.COAST):
                self.bad(no, f"army moves listed for {src}, which is {self.provinces[src].terrain.value}")
            edges[ProvinceId(src)] = set()
            for d in dests:
                loc = self.location(no, d)
                if loc is not None:
                    if loc.coast:
                        self.bad(no, f"army moves name provinces, not coasts: {d!r}")
                    edges[ProvinceId(src)].add(loc.province)
        return edges

    def fleet_edges(self) -> dict[Location, set[Location]]:
        """Fleet moves: from and to a coast wherever a province has separate coasts."""
        edges: dict[Location, set[Location]] = {}
        for src, (no, dests) in self.fleet.items():
            sloc = self.location(no, src)
            if sloc is None:
                continue
            if self.provinces[sloc.province].coasts and sloc.coast is None:
                self.bad(no, f"{src} has separate coasts: list fleet moves from each coast")
                continue
            edges[sloc] = set()
            for d in dests:
                loc = self.location(no, d)
                if loc is not None:
                    if self.provinces[loc.province].coasts and loc.coast is None:
                        self.bad(no, f"{d} has separate coasts: name the one reached from {src}")
                        continue
                    edges[sloc].add(loc)
        return edges

    def check_two_way(self, army_edges: dict[ProvinceId, set[ProvinceId]], fleet_edges: dict[Location, set[Location]]) -> None:
        """Every move is listed both ways."""
        for src, reached in army_edges.items():
            for to in sorted(reached):
                if src not in army_edges.get(to, set()):
                    self.bad(self.army[src][0], f"one-way edge: army {src} -> {to}, but not {to} -> {src}")
        for sloc, reached_by_sea in fleet_edges.items():
            for to_loc in sorted(reached_by_sea):
                if sloc not in fleet_edges.get(to_loc, set()):
                    self.bad(self.fleet[str(sloc)][0], f"one-way edge: fleet {sloc} -> {to_loc}, but not {to_loc} -> {sloc}")


def parse_unit(text: str, power: str, board: Board, where: str) -> Unit:
    """Read ``A PAR`` / ``F STP/SC`` / ``G FLO`` (ids, as data files write them)."""
    parts = str(text).split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F", "G"):
        raise MapError(f"unit {text!r} should read like 'A PAR' or 'F STP/SC'", where)
    loc = Location.parse(parts[1])
    if loc.province not in board.provinces:
        raise MapError(f"unit {text!r}: unknown province {loc.province}", where)
    kind = UnitType(parts[0].upper())
    if not board.can_stand(kind, loc):
        raise MapError(f"unit {text!r}: a {kind.noun} cannot stand there", where)
    return Unit(Power(power), kind, loc)


def build_variant(directory: Path, rules: Rules, calendar: Calendar = STANDARD_CALENDAR) -> Variant:
    """Load ``directory/variant.yaml`` and its board into a Variant using ``rules``."""
    desc_path = directory / "variant.yaml"
    data = load_yaml(read_file(desc_path), str(desc_path))
    if not isinstance(data, dict):
        raise MapError("variant.yaml must be a mapping", str(desc_path))
    map_path = directory / data.get("map", "map.txt")
    board = parse_board(read_file(map_path), str(map_path))
    powers: dict[Power, PowerInfo] = {}
    units: list[Unit] = []
    centres: dict[ProvinceId, Power] = {}
    for pname, info in (data.get("powers") or {}).items():
        homes = tuple(ProvinceId(h.upper()) for h in info.get("homes", []))
        for h in homes:
            if h not in board.provinces:
                raise MapError(f"home centre {h} of {pname} is not on the board", str(desc_path))
            if board.provinces[h].is_supply_center:
                centres[h] = Power(pname)
        pu = tuple(parse_unit(u, pname, board, str(desc_path)) for u in info.get("units", []))
        units += pu
        powers[Power(pname)] = PowerInfo(Power(pname), info.get("adjective", pname), info.get("colour", "#888888"), homes, pu,
                                          playable=not info.get("minor", False))
    start_phase = parse_phase((data.get("start") or {}).get("phase", "Spring 1901 Movement"), calendar, str(desc_path))
    start = Position(data["name"], start_phase, tuple(units), centres)
    return Variant(
        name=data["name"],
        title=data["title"] if "title" in data else data["name"],
        board=board,
        powers=powers,
        start=start,
        calendar=calendar,
        victory_centres=int(data.get("victory_centres", 18)),
        rules=rules,
        aliases=tuple(data.get("aliases", ())),
        data=data,
    )
