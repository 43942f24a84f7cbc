"""A player's check of an order file before sending it: offline, no secret, no git.

Reads the file against the current position of the game (from the player's working copy) and
says how each line was understood, what the judge would refuse (orders for another power,
illegal orders, replaced orders), which units have no order, and whether the file is marked
ready. The legality checks are the core's own, run on this power's orders alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import StoreError
from ..core.types import Power
from ..notation import is_header_prose, is_prose
from ..reading import power_named
from ..verdict import OrderFile, Verdict
from .layout import ORDERS, Game, game_on_disk, parse_folder
from .submissions import read_submission


@dataclass
class CheckReport:
    """What ``judge check`` found."""

    heading: str
    lines: list[str] = field(default_factory=list)
    problems: int = 0
    canonical: list[str] | None = None
    """With ``--canonical``: the orders as read, one a line, ready to be the power's order file."""
    file: OrderFile | None = None
    """The judge's one reading of the file (:func:`judge.verdict.read_order_file`)."""

    def __str__(self) -> str:
        out = [self.heading] + [f"  {ln}" for ln in self.lines]
        if self.canonical is not None:
            out += ["", *self.canonical]
        return "\n".join(out)


def locate(orders_file: Path, game_dir: Path | None, power: str | None,
           folder: str | None) -> tuple[Game, str, Power, str | None]:
    """The game, phase folder and power an order file is for: from its place
    (``games/<game>/<phase>/orders/<power>.txt``) or from the options; and, for a file in a game's
    ``orders/`` folder, why the pull request would refuse it there (its name and place are read by
    :meth:`Game.order_file`, as the pull request's check reads them), None when it would not."""
    orders_file = orders_file.resolve()
    parts = orders_file.parts
    home = Path(*parts[:-3]) if len(parts) >= 4 and parts[-2] == ORDERS else None
    if home is not None and not (home / "game.yaml").is_file():
        home = None
    if game_dir is None:
        if home is None:
            raise StoreError("which game? Give --game games/<game> (the file is not in a game's orders folder: a "
                             "power's orders go at games/<game>/<phase folder>/orders/<power>.txt)", str(orders_file))
        game_dir = home
    game = game_on_disk(game_dir)
    inferred_folder, inferred_power, place = None, None, None
    if home is not None and home.resolve() == Path(game_dir).resolve():
        try:
            inferred_folder, inferred_power = game.order_file(f"{game.path}/{'/'.join(parts[-3:])}")
        except StoreError as exc:
            place = f"the pull request will refuse this file: {exc.message}"
            inferred_folder = parts[-3]
    folder = folder or inferred_folder or game.current()
    if folder is None or parse_folder(folder, game.variant.calendar) is None:
        raise StoreError("the game has no phase to play", str(game_dir))
    name = power or inferred_power or orders_file.name.split(".", 1)[0]
    found = power_named(game.variant, name)
    if found is None:
        example = next(iter(game.variant.powers))
        raise StoreError(f"which power? {name!r} is not a power of {game.variant.name}: give --power (each power's "
                         f"orders go at their own path, e.g. `{game.order_path(example)}`)", str(orders_file))
    return game, folder, found, place


def check_orders(text: str, game: Game, folder: str, power: Power, filename: str,
                 canonical: bool = False, place: str | None = None) -> CheckReport:
    """How the judge would read ``text`` as ``power``'s orders for ``folder``.

    ``canonical``: ``text`` may be a whole forum post; lines of prose (no order word, unit or place
    to begin with) are reported as skipped, not as errors, and the orders read are given last in
    canonical form, ready to be the power's order file. ``place``: why the pull request would
    refuse the file where it is (:func:`locate`), a problem said first.
    """
    variant = game.variant
    position = game.position(folder)
    report = CheckReport(f"{filename}: {power}'s orders for {position.phase} in {game.settings.title}")
    if place:
        report.lines.append(place)
        report.problems += 1
    current = game.current()
    if current and folder != current:
        report.lines.append(f"warning: the phase being played is {current}, not {folder}")
    if canonical:
        # "Here are my orders:" is no power's header: blank it, so the lines after stay this power's.
        text = "\n".join("" if is_header_prose(ln, variant) else ln for ln in text.splitlines())
    reading = read_submission(variant, position, power, text, filename)
    report.file = reading
    for ln in reading.lines:
        if canonical and ln.verdict is Verdict.UNREAD and not ln.order and is_prose(ln.text, variant):
            report.lines.append(f"line {ln.line}: skipped, not an order: {ln.text!r}")
            continue
        report.lines.append(f"line {ln.line}: {ln.read_as}" + ("" if not ln.verdict.is_problem or ln.order else f": {ln.text!r}"))
        report.problems += ln.verdict.is_problem
    for order, why in reading.unordered:
        report.lines.append(f"no order: {order}: {why}")
    report.lines += [f"note: {n}" for n in reading.notes]
    if not reading.decides:
        report.lines.append(f"note: {power} has nothing to decide in this phase")
    ready = "no"
    if reading.marked_ready:
        problems = reading.ready_problems
        ready = ("yes, but it does not count until every line is understood: " + "; ".join(problems)) if problems else "yes"
    report.lines.append("marked ready ('# ready'): " + ready)
    if canonical:
        report.canonical = [f"# {power}'s orders for {position.phase}, as the judge read them", f"{power}:", *reading.orders]
    return report
