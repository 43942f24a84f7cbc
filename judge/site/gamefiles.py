"""Reading a game folder for publishing (layout: ``docs/game-layout.md``).

Only reads; never writes. Phase folders are found by name (``<year>-<step>-<season>-<kind>``) and
sorted by year and calendar step; a phase is *finished* once its ``results.yaml`` exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import JudgeError
from ..variants.loader import SAFE_LOADER

__all__ = ["GameFolder", "PhaseFolder", "read_game", "find_games", "load_yaml_file", "SLUG_RE"]

SLUG_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_PHASE_DIR = re.compile(r"^(?P<year>-?\d+)-(?P<step>\d+)-(?P<season>[a-z0-9]+)-(?P<kind>[a-z]+)$")

def load_yaml_file(path: Path) -> Any:
    """A YAML file's data; JudgeError with the file's name when it is not valid YAML."""
    try:
        return yaml.load(path.read_text(encoding="utf-8-sig"), Loader=SAFE_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise JudgeError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", where) from None
    except OSError as exc:
        raise JudgeError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None


@dataclass
class PhaseFolder:
    """One phase folder of a game."""

    path: Path
    year: int
    step: int

    @property
    def name(self) -> str:
        """The folder's name, e.g. ``1901-1-spring-movement``."""
        return self.path.name

    @property
    def finished(self) -> bool:
        """Has the phase been adjudicated?"""
        return (self.path / "results.yaml").is_file()

    @property
    def title(self) -> str:
        """The phase's name from the folder's name, e.g. ``Spring 1901 Movement``."""
        m = _PHASE_DIR.match(self.name)
        assert m is not None
        return f"{m.group('season').capitalize()} {m.group('year')} {m.group('kind').capitalize()}"

    def file(self, name: str) -> Path | None:
        """``path/name`` if it exists."""
        p = self.path / name
        return p if p.is_file() else None

    def press(self) -> list[Path]:
        """The press files, by name."""
        d = self.path / "press"
        return sorted(p for p in d.glob("*.md") if p.is_file()) if d.is_dir() else []

    def order_files(self) -> list[Path]:
        """The orders files (plain or sealed), by name."""
        d = self.path / "orders"
        return sorted(p for p in d.iterdir() if p.is_file() and (p.name.endswith(".txt") or p.name.endswith(".txt.age"))) if d.is_dir() else []


@dataclass
class GameFolder:
    """A game: its settings and its phases in order."""

    path: Path
    settings: dict[str, Any]
    phases: list[PhaseFolder] = field(default_factory=list)

    @property
    def slug(self) -> str:
        """The folder's name."""
        return self.path.name

    @property
    def title(self) -> str:
        """The game's title (``title`` in ``game.yaml``, else the slug)."""
        return str(self.settings.get("title") or self.slug)

    @property
    def variant_name(self) -> str:
        """The variant's name from ``game.yaml``."""
        return str(self.settings.get("variant") or "standard")

    @property
    def status(self) -> str:
        """``active``, ``finished`` or ``paused``."""
        return str(self.settings.get("status") or "active")

    @property
    def players(self) -> dict[str, str]:
        """Power -> player (GitHub login)."""
        raw = self.settings.get("players") or {}
        return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}


def read_game(path: Path) -> GameFolder:
    """A game folder's settings and its phase folders, in play order."""
    settings = load_yaml_file(path / "game.yaml")
    if not isinstance(settings, dict):
        raise JudgeError("game.yaml should be a mapping (title, variant, players, ...)", str(path / "game.yaml"))
    phases = []
    for d in path.iterdir():
        m = _PHASE_DIR.match(d.name)
        if m and d.is_dir():
            phases.append(PhaseFolder(d, int(m.group("year")), int(m.group("step"))))
    phases.sort(key=lambda p: (p.year, p.step))
    return GameFolder(path, settings, phases)


def find_games(games_dir: Path) -> list[Path]:
    """The game folders under ``games_dir`` (folders with a ``game.yaml``), by name."""
    if not games_dir.is_dir():
        return []
    return sorted(d for d in games_dir.iterdir() if d.is_dir() and (d / "game.yaml").is_file())
