"""Replaying a game's history to check what was committed.

``judge verify`` starts from the first phase folder's position and plays every phase that has
results again, from its own replayed position and the committed orders, exactly as the tick does
(:func:`judge.store.play.play_phase`). Every phase whose committed position (at its start) or
results differ from the replay is named. Sealed games are replayed from the clear text the judge
published after each deadline, so no secret is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import JudgeError
from ..core.types import Position
from ..positions import format_position
from .layout import POSITION, RESULTS, Game, Tree, read_text
from .play import play_phase


@dataclass
class Mismatch:
    """A phase whose committed files differ from the replay."""

    folder: str
    what: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.folder}: {self.what}" + (f" ({self.detail})" if self.detail else "")


@dataclass
class VerifyResult:
    """What a replay found."""

    game: str
    phases: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def _first_difference(a: str, b: str) -> str:
    for no, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False), 1):
        if x != y:
            return f"line {no}: committed {x.strip()!r}, replay {y.strip()!r}"
    la, lb = len(a.splitlines()), len(b.splitlines())
    return f"committed {la} lines, replay {lb}"


def verify_game(tree: Tree, path: str) -> VerifyResult:
    """Replay the game at ``path`` in ``tree`` and compare."""
    game = Game.load(tree, path)
    result = VerifyResult(game.slug)
    folders = game.folders()
    if not folders:
        result.mismatches.append(Mismatch(path, "no phase folder"))
        return result
    replayed: Position = game.position(folders[0])
    for k, folder in enumerate(folders):
        committed = read_text(tree, game.folder_path(folder, POSITION))
        mine = format_position(replayed)
        if k > 0 and committed != mine:
            result.mismatches.append(Mismatch(folder, "position differs from the replay",
                                              _first_difference(committed or "", mine)))
        if read_text(tree, game.folder_path(folder, RESULTS)) is None:
            if k != len(folders) - 1:
                result.mismatches.append(Mismatch(folder, "no results, but later phases exist"))
            break
        info = game.info(folder)
        try:
            played = play_phase(game, folder, identities=[], trigger=None, now=info.adjudicated or info.deadline,
                                next_opened=info.deadline, maps=False, position=replayed, info=info)
        except JudgeError as exc:
            result.mismatches.append(Mismatch(folder, "cannot be replayed", str(exc)))
            break
        result.phases += 1
        try:
            committed_record = game.results(folder)
        except JudgeError as exc:
            result.mismatches.append(Mismatch(folder, "results cannot be read", str(exc)))
        else:
            if committed_record != played.record:
                was = committed_record.to_yaml().decode("utf-8") if committed_record is not None else ""
                result.mismatches.append(Mismatch(folder, "results differ from the replay",
                                                  _first_difference(was, played.record.to_yaml().decode("utf-8"))))
        expected_next = folders[k + 1] if k + 1 < len(folders) else None
        if played.next_folder != expected_next:
            result.mismatches.append(Mismatch(folder, "the next phase differs",
                                              f"committed {expected_next}, replay {played.next_folder}"))
            break
        if played.report is not None:
            replayed = played.report.result.next_position
    return result
