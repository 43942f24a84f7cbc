"""What every reader of the judge's text shares: how a file's text is read, how names are compared,
how YAML is loaded (:func:`load_yaml`), how a phase's name is read.

The variants' loader (:mod:`judge.variants.loader`), the notation (:mod:`judge.notation`), the
store and the reports all read names, YAML and phases; they read them here, in one way, so that a
name or a phase the judge accepts in one file it accepts in every other. This module stands just
above the rules core and knows no variant: a phase is read against the calendar it is given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .core.errors import JudgeError, MapError
from .core.types import Phase, PhaseKind, Power
from .core.variant import Calendar, Variant

__all__ = ["read_file", "decode_text", "normalise_name", "power_named", "SAFE_LOADER", "load_yaml",
           "parse_phase", "phase_rank"]


def read_file(path: str | Path, *, latin1: bool = False) -> str:
    """A file's text, UTF-8 (a byte-order mark dropped); JudgeError naming the file (and the line of
    a byte that is not UTF-8) when it cannot be read. With ``latin1``, text that is not UTF-8 is
    read as Latin-1 instead (old judges' mail archives often are)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise JudgeError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    try:
        return decode_text(data, str(path))
    except JudgeError:
        if latin1:
            return data.decode("latin-1")
        raise


def decode_text(data: bytes, where: str) -> str:
    """The text of a file's bytes ``data``, UTF-8 (a byte-order mark dropped): how
    :func:`read_file` and the store (a file of a commit) decode a file. JudgeError located
    ``where:line`` at a byte that is not UTF-8.

    >>> decode_text(b"\\xef\\xbb\\xbfFrance:", "f.txt")
    'France:'
    >>> decode_text(b"ok\\n\\xff", "f.txt")
    Traceback (most recent call last):
    judge.core.errors.JudgeError: f.txt:2: not UTF-8 text
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JudgeError("not UTF-8 text", f"{where}:{data[: exc.start].count(10) + 1}") from None


def normalise_name(text: str) -> str:
    """The form in which names are compared: lower case, words joined by one space, no dots.

    >>> normalise_name("St. Petersburg")
    'st petersburg'
    >>> normalise_name("Gulf-of  Lyon's")
    'gulf of lyons'
    """
    text = text.lower().replace(".", " ").replace("-", " ").replace("'", "")
    return " ".join(text.split())


def power_named(variant: Variant, name: str) -> Power | None:
    """The power of ``variant`` that ``name`` names, in any case; None if it names none: how a
    power written by a player or a Gamesmaster (a command's option, a game's ``players``) is read."""
    wanted = str(name).lower()
    return next((p for p in variant.powers if p.lower() == wanted), None)


SAFE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML was built with it (several times faster), else PyYAML's:
variants, positions, settings and the site's game files are read with it."""


def load_yaml(text: str, filename: str, error: type[JudgeError] = MapError) -> Any:
    """The one YAML reader of the judge's files (a variant's ``variant.yaml``; a game's
    ``game.yaml``, ``phase.yaml``, ``results.yaml`` and receipts, with ``error`` StoreError; the
    position has its own located reader, :func:`judge.positions.parse_position`): plain data only
    (a safe loader: no Python objects), and every failure of the reader (bad syntax, and the odder
    ones: ``!!timestamp nonsense``, numbers too big, nesting too deep) an ``error`` naming the
    file and, when known, the line."""
    try:
        return yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(f"not valid YAML: {getattr(exc, 'problem', None) or exc}",
                    f"{filename}:{mark.line + 1}" if mark else filename) from None
    except Exception as exc:  # noqa: BLE001 - odd tags raise many kinds (!!bool x: KeyError)
        raise error(f"not valid YAML: a value cannot be read ({type(exc).__name__})", filename) from None


def phase_rank(calendar: Calendar, phase: Phase) -> tuple[int, int]:
    """Where ``phase`` comes in a game played on ``calendar``: its year, then its step in the
    year (what phases are sorted by).

    >>> from judge.core.variant import STANDARD_CALENDAR
    >>> phase_rank(STANDARD_CALENDAR, Phase(1901, "Fall", PhaseKind.RETREAT))
    (1901, 3)
    """
    return phase.year, calendar.steps.index((phase.season, phase.kind))


def parse_phase(text: str, calendar: Calendar, where: str = "") -> Phase:
    """Read ``Spring 1901 Movement`` (also ``Spring 1901, Movement``, ``S1901M``), a season by
    any name ``calendar`` gives it (:meth:`~judge.core.variant.Calendar.season_names`: a season's
    own, or one of its other names, such as Maharajah's Winter for its Monsoon).

    Raises:
        MapError: the text is not a phase's name, or the calendar has no such phase (located at
            ``where``).
    """
    t = str(text).replace(",", " ").split()
    kinds = {k.value.lower(): k for k in PhaseKind}
    kinds.update({"build": PhaseKind.ADJUSTMENT, "builds": PhaseKind.ADJUSTMENT, "adjustments": PhaseKind.ADJUSTMENT,
                  "moves": PhaseKind.MOVEMENT, "retreats": PhaseKind.RETREAT})
    seasons = calendar.season_names()
    if len(t) == 3 and t[0].lower() in seasons and t[1].isascii() and t[1].isdigit() and len(t[1]) <= 6 and t[2].lower() in kinds:
        phase = Phase(int(t[1]), seasons[t[0].lower()], kinds[t[2].lower()])
        if (phase.season, phase.kind) not in calendar.steps:
            raise MapError(f"the calendar has no {phase.kind.value.lower()} phase in {phase.season}", where)
        return phase
    raise MapError(
        f"phase {text!r} should read like '{calendar.steps[0][0]} 1901 Movement' "
        f"(seasons: {', '.join(calendar.seasons())})", where)
