"""Reading a game folder for publishing: the judge's own model of a game, on disk.

Only reads; never writes. What a game's folder holds, which folders are phases and in what
order, which names are games, and how each file is read and checked are the store's
(:mod:`judge.store.layout`, ``docs/game-layout.md``): the site reads a working copy through a
:class:`~judge.store.layout.DirTree`, so a broken file gives the site the same located error as
it gives the judge. Here is only what publishing adds: the files on disk that the pages copy,
hash and list (maps, press, the Gamesmaster's notes), and the data cached for one run.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..core.types import Phase, Position, Power
from ..core.variant import Variant
from ..record import PhaseRecord
from ..store.layout import RECEIPTS, DirTree, Game, PhaseInfo, Receipt, find_games as _find_games, game_on_disk
from ..store.settings import Ending, GameSettings

__all__ = ["GameFolder", "PhaseFolder", "read_game", "find_games"]


class PhaseFolder:
    """One phase folder of a game, read once."""

    def __init__(self, game: Game, name: str, path: Path) -> None:
        self.game = game
        self.name = name
        """The folder's name, e.g. ``1901-1-spring-movement``."""
        self.path = path
        self.phase: Phase = game.phase(name)

    @property
    def year(self) -> int:
        return self.phase.year

    @functools.cached_property
    def finished(self) -> bool:
        """Has the phase been adjudicated (has it ``results.yaml``)?"""
        return self.game.finished(self.name)

    @functools.cached_property
    def info(self) -> PhaseInfo:
        """``phase.yaml``: the phase's name, when it opened, its deadline, when it was played."""
        return self.game.info(self.name)

    @property
    def title(self) -> str:
        """The phase's name, e.g. ``Spring 1901 Movement``."""
        return self.info.phase

    @functools.cached_property
    def position(self) -> Position:
        """The position at the start of the phase."""
        return self.game.position(self.name)

    @functools.cached_property
    def results(self) -> PhaseRecord:
        """The phase's record, ``results.yaml`` (an empty one, with no orders, before the phase is played)."""
        return self.game.results(self.name) or PhaseRecord(self.game.slug, self.title, self.name)

    def receipt(self, stem: str) -> Receipt | None:
        """The receipt of the power with order file stem ``stem``, if any (JudgeError if broken)."""
        return self.game.receipt(self.name, stem)

    def file(self, name: str) -> Path | None:
        """``path/name`` if it exists."""
        p = self.path / name
        return p if p.is_file() else None

    def press(self) -> list[Path]:
        """The press files, by name."""
        d = self.path / "press"
        return sorted(p for p in d.glob("*.md") if p.is_file()) if d.is_dir() else []

    def order_files(self) -> dict[Power, str]:
        """The order file of each power, as the judge takes them (file name by power)."""
        return {p: path.rsplit("/", 1)[-1] for p, path in self.game.order_files(self.name)[0].items()}

    def receipt_stems(self) -> list[str]:
        """The order file stems of the powers with a receipt in the folder."""
        names = self.game.tree.listdir(self.game.folder_path(self.name, RECEIPTS))
        return sorted(n.removesuffix(".yaml") for n in names if n.endswith(".yaml"))


class GameFolder:
    """A game: the judge's model of it (:class:`~judge.store.layout.Game`) and its phases in order."""

    def __init__(self, path: Path, game: Game) -> None:
        self.path = path
        self.game = game
        self.phases = [PhaseFolder(game, name, path / name) for name in game.folders()]

    @property
    def settings(self) -> GameSettings:
        """What ``game.yaml`` says."""
        return self.game.settings

    @property
    def variant(self) -> Variant:
        """The game's variant, with its rule options."""
        return self.game.variant

    @property
    def slug(self) -> str:
        """The game's name (its folder's)."""
        return self.game.slug

    @property
    def title(self) -> str:
        """The game's title (``title`` in ``game.yaml``, else the slug)."""
        return self.settings.title

    @property
    def variant_name(self) -> str:
        """The variant's name."""
        return self.variant.name

    @property
    def status(self) -> str:
        """``active``, ``finished`` or ``paused``."""
        return self.settings.status

    @property
    def ended(self) -> Ending | None:
        """How the Gamesmaster ended the game (``judge end``), if they did."""
        return self.settings.ended

    def ends_at(self, i: int) -> bool:
        """Does the ``i``-th phase end the game by the Gamesmaster's hand? A game ended by
        ``judge end`` keeps the folder of the phase that was open (never played): that phase and
        the last one played end it (their pages and posts say how, not a deadline or a next phase)."""
        if self.ended is None or not self.phases or self.phases[-1].finished:
            return False
        return i >= len(self.phases) - 2

    @property
    def players(self) -> dict[str, str]:
        """Power -> player (GitHub login), for the powers somebody plays."""
        return {str(p): login for p, login in self.settings.players.items() if login}


def read_game(path: Path) -> GameFolder:
    """The game in folder ``path`` (``.../games/<name>``), read as the judge reads it
    (:func:`~judge.store.layout.game_on_disk`)."""
    return GameFolder(Path(path), game_on_disk(path))


def find_games(games_dir: Path) -> list[Path]:
    """The game folders under ``games_dir`` (folders with a ``game.yaml``), by name, as the judge
    finds them."""
    games_dir = Path(games_dir)
    full = games_dir.resolve()
    return [games_dir / p.rsplit("/", 1)[-1] for p in _find_games(DirTree(full.parent), under=full.name)]
