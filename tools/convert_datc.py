#!/usr/bin/env python3
"""Convert the plain-text DATC test cases into the project's YAML case files.

Usage:
    python3 tools/convert_datc.py DATC_TEXT_FILE OUTPUT_DIR

DATC_TEXT_FILE is the jDip/godip plain-text distribution of section 6 of the
Diplomacy Adjudicator Test Cases (by Lucas B. Kruijswijk). OUTPUT_DIR receives
one file per section (6a.yaml, 6b.yaml, ...), in the format described in
tests/data/datc/README.md. Province names are mapped to our ids through
variants/standard/map.txt; any name that cannot be mapped stops the run.

The input file is only read by this tool; the tests read the YAML it writes.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
MAP_FILE = ROOT / "variants" / "standard" / "map.txt"

EXPECTED_CASES = 167  # in the jDip/godip edition of DATC v2.4 section 6

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")

# Case ids that the source gets wrong, keyed by (source id, occurrence number).
# 6.F.5 is written "6.F.E", and 6.F.15 is a second "6.F.14".
ID_FIXES = {
    ("6.F.E", 1): "6.F.5",
    ("6.F.14", 2): "6.F.15",
}

HEADER = (
    "# Diplomacy Adjudicator Test Cases (DATC) v2.4, section {section}, by Lucas B. Kruijswijk.\n"
    "# Converted by tools/convert_datc.py from the plain-text distribution of jDip and godip;"
    " do not edit by hand.\n"
)


class ConversionError(Exception):
    pass


# --------------------------------------------------------------------------
# Province names


def load_names(map_file: Path) -> tuple[dict[str, str], set[str]]:
    """Return (lower-case name or alias -> province id, ids with separate coasts)."""
    names: dict[str, str] = {}
    coasted: set[str] = set()
    for raw in map_file.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("province "):
            head, _, tail = line.partition(":")
            pid = head.split()[1].upper()
            full, _, aliases = tail.partition("=")
            for name in [pid, full, *aliases.split(",")]:
                key = " ".join(name.split()).lower()
                if key:
                    if names.get(key, pid) != pid:
                        raise ConversionError(f"{map_file}: name {key!r} is used twice")
                    names[key] = pid
        elif line.startswith("coasts "):
            coasted.add(line.split()[1].rstrip(":").upper())
    if not names:
        raise ConversionError(f"{map_file}: no provinces found")
    return names, coasted


class Places:
    """Maps the source's province names (with an optional /coast) to our ids."""

    def __init__(self, map_file: Path) -> None:
        self.names, self.coasted = load_names(map_file)

    def place(self, text: str, where: str) -> str:
        name, _, coast = text.partition("/")
        pid = self.names.get(name.strip().lower())
        if pid is None:
            raise ConversionError(f"{where}: unknown province {text!r}")
        if not coast:
            return pid
        coast = coast.strip().upper()
        if pid not in self.coasted or coast not in ("NC", "SC", "EC", "WC"):
            raise ConversionError(f"{where}: unknown coast in {text!r}")
        return f"{pid}/{coast}"


def province(place: str) -> str:
    """The province of a place, without its coast."""
    return place.split("/", 1)[0]


# --------------------------------------------------------------------------
# Reading the source


@dataclass
class Unit:
    power: str
    kind: str  # "A" or "F"
    place: str  # our id, maybe with a coast

    def text(self) -> str:
        return f"{self.kind} {self.place}"


@dataclass
class Result:
    success: bool
    power: str
    order: str


@dataclass
class Case:
    source_id: str
    line: int  # where the case starts in the source
    case_id: str = ""
    phase: str | None = None
    units: list[Unit] = field(default_factory=list)
    centres: list[tuple[str, str]] | None = None
    dislodged: list[Unit] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    post_same: bool = False
    post_units: list[Unit] | None = None
    post_dislodged: list[Unit] = field(default_factory=list)


SECTIONS = {
    "PRESTATE_SUPPLYCENTER_OWNERS",
    "PRESTATE",
    "PRESTATE_DISLODGED",
    "PRESTATE_RESULTS",
    "ORDERS",
    "POSTSTATE",
    "POSTSTATE_DISLODGED",
}

UNIT_LINE = re.compile(r"^([A-Za-z]+):?\s+([AaFf])\s+(\S+)$")
RESULT_LINE = re.compile(r"^(SUCCESS|FAILURE):\s*([A-Za-z]+):\s*(.+)$")
ORDER_LINE = re.compile(r"^[A-Za-z]+:\s*\S.*$")
PHASE_LINE = re.compile(r"^(Spring|Fall|Winter)\s+(\d+),\s*(Movement|Retreat|Adjustment)$", re.I)


def strip_comment(raw: str) -> str:
    return raw.split("#", 1)[0].strip()


def power_name(text: str, where: str) -> str:
    for power in POWERS:
        if power.lower() == text.lower():
            return power
    raise ConversionError(f"{where}: unknown power {text!r}")


def convert_phase(text: str, where: str) -> str:
    match = PHASE_LINE.match(text)
    if not match:
        raise ConversionError(f"{where}: unrecognised phase {text!r}")
    season, year, kind = match.group(1).capitalize(), match.group(2), match.group(3).capitalize()
    if kind == "Adjustment":
        season = "Winter"
    elif season == "Winter":
        raise ConversionError(f"{where}: {kind} phase in winter")
    return f"{season} {year} {kind}"


def parse(path: Path, places: Places) -> list[Case]:
    cases: list[Case] = []
    case: Case | None = None
    section: str | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{number}"
        line = strip_comment(raw)
        if not line:
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if case is None:
            if word == "VARIANT_ALL":
                if rest.lower() != "standard":
                    raise ConversionError(f"{where}: variant {rest!r} is not standard")
            elif word == "CASE":
                case = Case(source_id=rest, line=number)
                section = None
            else:
                raise ConversionError(f"{where}: expected CASE, got {line!r}")
            continue
        if word == "END" and not rest:
            cases.append(case)
            case, section = None, None
        elif word == "PRESTATE_SETPHASE":
            case.phase = convert_phase(rest, where)
        elif word == "POSTSTATE_SAME" and not rest:
            case.post_same = True
            section = None
        elif line in SECTIONS:
            section = line
            if section == "PRESTATE_SUPPLYCENTER_OWNERS" and case.centres is None:
                case.centres = []
            elif section == "POSTSTATE" and case.post_units is None:
                case.post_units = []
        elif section in ("PRESTATE", "PRESTATE_DISLODGED", "POSTSTATE", "POSTSTATE_DISLODGED",
                         "PRESTATE_SUPPLYCENTER_OWNERS"):
            match = UNIT_LINE.match(line)
            if not match:
                raise ConversionError(f"{where}: expected 'Power: A|F place', got {line!r}")
            power = power_name(match.group(1), where)
            place = places.place(match.group(3), where)
            unit = Unit(power, match.group(2).upper(), place)
            if section == "PRESTATE":
                case.units.append(unit)
            elif section == "PRESTATE_DISLODGED":
                case.dislodged.append(unit)
            elif section == "POSTSTATE":
                case.post_units.append(unit)
            elif section == "POSTSTATE_DISLODGED":
                case.post_dislodged.append(unit)
            else:  # ownership only: the unit letter means nothing here
                case.centres.append((power, province(place)))
        elif section == "PRESTATE_RESULTS":
            match = RESULT_LINE.match(line)
            if not match:
                raise ConversionError(f"{where}: expected 'SUCCESS|FAILURE: Power: order', got {line!r}")
            power = power_name(match.group(2), where)
            case.results.append(Result(match.group(1) == "SUCCESS", power, match.group(3).strip()))
        elif section == "ORDERS":
            if not ORDER_LINE.match(line):
                raise ConversionError(f"{where}: expected 'Power: order', got {line!r}")
            case.orders.append(line)
        else:
            raise ConversionError(f"{where}: unexpected line {line!r}")
    if case is not None:
        raise ConversionError(f"{path.name}: case {case.source_id} has no END")
    return cases


# --------------------------------------------------------------------------
# Building the project's records


def assign_ids(cases: list[Case]) -> None:
    seen: dict[str, int] = {}
    applied = set()
    for case in cases:
        source = case.source_id.split()[0].rstrip(".")
        seen[source] = seen.get(source, 0) + 1
        key = (source, seen[source])
        case.case_id = ID_FIXES.get(key, source)
        if key in ID_FIXES:
            applied.add(key)
    ids = [case.case_id for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ConversionError(f"duplicate case ids: {', '.join(duplicates)}")
    unused = set(ID_FIXES) - applied
    if unused:
        raise ConversionError(f"id fixes that no longer apply: {sorted(unused)}")


MOVE = re.compile(r"^([AaFf])\s+(\S+?)\s*-\s*(\S+)(\s+via\s+convoy)?$", re.I)
CONVOY = re.compile(r"^[AaFf]\s+\S+\s+(?:C|convoys?)\s+[Aa]\s+(\S+?)\s*-\s*(\S+)$", re.I)


@dataclass
class Move:
    success: bool
    power: str
    origin: str  # province
    target: str  # province
    via_convoy: bool


def moves_of(case: Case, places: Places) -> list[Move]:
    where = f"case {case.source_id} results"
    convoys: list[tuple[bool, str, str]] = []
    for result in case.results:
        match = CONVOY.match(result.order)
        if match:
            convoys.append((result.success,
                            province(places.place(match.group(1), where)),
                            province(places.place(match.group(2), where))))
    moves = []
    for result in case.results:
        match = MOVE.match(result.order)
        if not match:
            continue
        origin = province(places.place(match.group(2), where))
        target = province(places.place(match.group(3), where))
        convoyed = bool(match.group(4)) or any(o == origin and t == target for _, o, t in convoys)
        moves.append(Move(result.success, result.power, origin, target, convoyed))
    return moves


def retreat_situation(case: Case, places: Places) -> tuple[dict[str, dict[str, str | None]], list[str]]:
    """The dislodged units (with their attackers' origins) and the standoffs.

    An attacker that came by convoy is written as None: by DATC 4.A.5 the
    dislodged unit may retreat to where such an attacker started.
    """
    moves = moves_of(case, places)
    winners = {m.target: m for m in moves if m.success}
    dislodged: dict[str, dict[str, str | None]] = {}
    dislodger_origin: dict[str, str] = {}
    for unit in case.dislodged:
        attack = winners.get(province(unit.place))
        if attack is None:
            raise ConversionError(
                f"case {case.source_id}: no successful move into {unit.place} dislodged {unit.text()}")
        dislodged.setdefault(unit.power, {})[unit.text()] = None if attack.via_convoy else attack.origin
        dislodger_origin[province(unit.place)] = attack.origin

    occupied = {province(u.place) for u in case.units}
    convoy_failed = {(province(places.place(m.group(1), "")), province(places.place(m.group(2), "")))
                     for r in case.results if not r.success
                     for m in [CONVOY.match(r.order)] if m}
    standoffs: list[str] = []
    for move in moves:
        if move.success or move.target in occupied or move.target in winners:
            continue
        # A unit that lost a head-to-head battle leaves no standoff in its
        # attacker's province (DATC 4.A.7); nor does a convoyed move whose
        # convoy failed.
        if dislodger_origin.get(move.origin) == move.target:
            continue
        if move.via_convoy and (move.origin, move.target) in convoy_failed:
            continue
        if move.target not in standoffs:
            standoffs.append(move.target)
    return dislodged, sorted(standoffs)


def by_power(units: list[Unit]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for unit in units:
        grouped.setdefault(unit.power, []).append(unit.text())
    return {power: grouped[power] for power in sorted(grouped)}


def record(case: Case, places: Places, notes: list[str]) -> dict:
    phase = case.phase or "Spring 1901 Movement"
    retreat = phase.endswith("Retreat")
    if (case.dislodged or case.results) and not retreat:
        raise ConversionError(
            f"case {case.source_id} (line {case.line}): dislodged units outside a retreat phase")

    position: dict = {"variant": "standard", "phase": phase, "units": by_power(case.units)}
    if case.centres is not None:
        centres: dict[str, list[str]] = {}
        for power, prov in case.centres:
            centres.setdefault(power, []).append(prov)
        position["supply_centers"] = {p: centres[p] for p in sorted(centres)}
    if retreat:
        position["dislodged"], position["standoffs"] = retreat_situation(case, places)
        position["dislodged"] = {p: position["dislodged"][p] for p in sorted(position["dislodged"])}

    if case.post_same and case.post_units is not None:
        raise ConversionError(f"case {case.source_id}: both POSTSTATE and POSTSTATE_SAME")
    if case.post_same:
        post_units = case.units
        if retreat:
            # After a retreat phase no unit is still dislodged: POSTSTATE_SAME
            # can only mean that every dislodged unit was disbanded.
            notes.append(f"{case.case_id}: POSTSTATE_SAME in a retreat phase, read as "
                         "'no unit moves, every dislodged unit is disbanded'")
    elif case.post_units is not None:
        post_units = case.post_units
    else:
        raise ConversionError(f"case {case.source_id} (line {case.line}): no POSTSTATE")

    orders = "".join(order + "\n" for order in case.orders)
    return {
        "id": case.case_id,
        "position": position,
        "orders": orders,
        "expect": {
            "units": by_power(post_units),
            "dislodged": by_power(case.post_dislodged),
        },
    }


# --------------------------------------------------------------------------
# Writing YAML


class CaseDumper(yaml.SafeDumper):
    """Block mappings, flow lists and flow innermost mappings, literal orders."""


def _str(dumper: yaml.SafeDumper, data: str):
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


def _list(dumper: yaml.SafeDumper, data: list):
    flow = all(not isinstance(item, (dict, list)) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _dict(dumper: yaml.SafeDumper, data: dict):
    flow = not data or all(not isinstance(v, (dict, list)) for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


CaseDumper.add_representer(str, _str)
CaseDumper.add_representer(list, _list)
CaseDumper.add_representer(dict, _dict)


def dump(records: list[dict]) -> str:
    return yaml.dump({"cases": records}, Dumper=CaseDumper, sort_keys=False,
                     allow_unicode=True, width=100)


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="the DATC plain-text file")
    parser.add_argument("outdir", type=Path, help="where to write 6a.yaml, 6b.yaml, ...")
    args = parser.parse_args(argv)

    try:
        places = Places(MAP_FILE)
        cases = parse(args.source, places)
        assign_ids(cases)
        notes: list[str] = []
        sections: dict[str, list[dict]] = {}
        for case in cases:
            parts = case.case_id.split(".")
            if len(parts) < 3 or parts[0] != "6" or not re.fullmatch(r"[A-Z]", parts[1]):
                raise ConversionError(f"case id {case.case_id!r} is not of the form 6.X.n")
            sections.setdefault(parts[1], []).append(record(case, places, notes))
    except ConversionError as error:
        print(f"convert_datc: {error}", file=sys.stderr)
        return 1

    args.outdir.mkdir(parents=True, exist_ok=True)
    for letter, records in sections.items():
        text = HEADER.format(section=f"6.{letter}") + dump(records)
        if yaml.safe_load(text) != {"cases": records}:
            raise AssertionError(f"section 6.{letter} does not load back as written")
        (args.outdir / f"6{letter.lower()}.yaml").write_text(text, encoding="utf-8")

    total = sum(len(r) for r in sections.values())
    phases = [rec["position"]["phase"] for recs in sections.values() for rec in recs]
    print("cases per section:")
    for letter, records in sections.items():
        print(f"  6.{letter}: {len(records)}")
    print(f"total: {total}")
    if total != EXPECTED_CASES:
        print(f"warning: expected {EXPECTED_CASES} cases in DATC v2.4 section 6", file=sys.stderr)
    print(f"retreat cases: {sum(p.endswith('Retreat') for p in phases)}")
    print(f"adjustment cases: {sum(p.endswith('Adjustment') for p in phases)}")
    renamed = [f"{c.source_id.split()[0]} -> {c.case_id}" for c in cases
               if c.source_id.split()[0].rstrip(".") != c.case_id]
    if renamed:
        print("case ids corrected: " + "; ".join(renamed))
    for note in notes:
        print("note: " + note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
