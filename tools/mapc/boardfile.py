"""Read the few facts of a `map.txt` board that drawing needs.

This is a deliberately small reader of the line format described in `variants/README.md`: the
provinces (id, terrain, flags, full name), their separate coasts, and the army and fleet edges
collapsed to pairs of provinces. The project's own loader does the full checking; this one only
stops at lines it cannot read.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

_PROVINCE = re.compile(r"^province\s+(\w+)\s+(\w+)((?:\s+[\w=.-]+)*)\s*:\s*([^=]*?)\s*(?:=.*)?$", re.I)
_COASTS = re.compile(r"^coasts\s+(\w+)\s*:\s*(.*)$", re.I)
_EDGES = re.compile(r"^(army|fleet)\s+([\w/]+)\s*:\s*(.*)$", re.I)


@dataclasses.dataclass(frozen=True, slots=True)
class Province:
    """One province of the board."""

    id: str
    """Upper-case short name, such as `STP`."""
    terrain: str
    """`land`, `coast`, `sea` or `impassable`."""
    flags: tuple[str, ...]
    """Flags as written (`sc`, `convoy`, `city=3`, ...), lower case."""
    name: str
    """Full name, such as `St Petersburg`."""

    @property
    def is_centre(self) -> bool:
        """Whether the province holds a supply centre."""
        return "sc" in self.flags


@dataclasses.dataclass(frozen=True, slots=True)
class Board:
    """Provinces, separate coasts and rule adjacencies of a board file."""

    provinces: dict[str, Province]
    coasts: dict[str, tuple[str, ...]]
    """Province id -> its coast names (`NC`, `SC`, ...)."""
    adjacent: frozenset[frozenset[str]]
    """Pairs of province ids joined by any army or fleet edge (coasts collapsed)."""


class BoardFileError(ValueError):
    """A line of the board file could not be read."""


def parse_board(path: Path) -> Board:
    """Read `path` (a `map.txt`) into a `Board`.

    Raises:
        BoardFileError: on a line that is not one of the four statements, naming file and line.
    """
    provinces: dict[str, Province] = {}
    coasts: dict[str, tuple[str, ...]] = {}
    adjacent: set[frozenset[str]] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if match := _PROVINCE.match(line):
            pid, terrain, flags, name = match.groups()
            provinces[pid.upper()] = Province(
                pid.upper(), terrain.lower(), tuple(f.lower() for f in flags.split()), name.strip()
            )
        elif match := _COASTS.match(line):
            coasts[match.group(1).upper()] = tuple(c.upper() for c in match.group(2).split())
        elif match := _EDGES.match(line):
            here = match.group(2).split("/")[0].upper()
            for there in match.group(3).split():
                other = there.split("/")[0].upper()
                if other != here:
                    adjacent.add(frozenset((here, other)))
        else:
            raise BoardFileError(f"{path}:{number}: cannot read {raw.strip()!r}")
    return Board(provinces, coasts, frozenset(adjacent))
