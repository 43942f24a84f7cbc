"""The orders page of a game's current phase: players without git send their orders from the site.

The page is static (no server): the player picks a power, sees its units (and the variant's own
state: treasury, influence...), writes the orders, and one button opens GitHub's web editor on that
power's order file with the text filled in (``/new/<branch>/<folder>?filename=...&value=...``: GitHub
then forks the repository if need be and opens the pull request). A file sent before and being
changed is opened in GitHub's editor (``/edit/...``, which cannot be filled in from a link) with the
text copied to the clipboard. In a sealed game the page encrypts the orders in the browser to the
game's age recipient, with the same header ``judge seal`` writes (the header's lines come from
:mod:`judge.sealing`), using the age library served from the site itself
(``assets/vendor/age-encryption.js``, typage by the age authors, BSD licence).

The page does not read the orders itself: the judge's reader runs on the pull request and answers
there within a minute (the ``orders`` workflow), so a player sees how each line was read by the
judge, not by a second reader written in JavaScript.

Where the league's repository is on GitHub comes from ``repo_url`` in ``mkdocs.yml``, else
``$GITHUB_REPOSITORY`` (in a workflow), else the ``origin`` remote (:func:`judge.site.build.github_repository`).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, TypedDict

from markupsafe import Markup

from ..core.errors import JudgeError
from ..core.types import Position, Power
from ..core.variant import Variant
from .gamefiles import GameFolder, PhaseFolder

__all__ = ["orders_page_context"]

class _PowerRow(TypedDict):
    """A power's line in the orders page's data."""

    name: str
    stem: str
    units: list[str]
    centres: int
    sent: str | None




def _orders_help(variant: Variant) -> str:
    """A line about the variant's own orders, shown above the form (from its description)."""
    from ..variants import describe

    description = describe(variant.name)
    return description.orders_help if description is not None else ""


def _options(variant: Variant, position: Position) -> dict[str, Any]:
    """The phase's legal orders (:func:`judge.options.phase_options`) as the page's menus read
    them, compactly: per power, each unit's options as ``[kind, target, to, order, via]`` and the
    orders to no unit (builds, waives, declarations); the builds or removals due; how to write
    the orders with amounts."""
    from ..options import phase_options

    listed = phase_options(variant, position)

    def row(o: Any) -> list[Any]:
        parts = dict(o.parts)
        target = f"{parts.get('target_unit') or ''} {parts['target']}".strip() if parts.get("target") else ""
        return [o.kind, target, str(parts.get("to") or ""), o.order, " ".join(o.via)]

    return {
        "powers": {p.power: {"units": [[u.unit, [row(o) for o in u.options]] for u in p.units],
                             "orders": [row(o) for o in p.orders], "count": p.count} for p in listed.powers},
        "help": list(listed.help),
    }


def _map(variant: Variant, position: Position, folder: PhaseFolder, title: str) -> dict[str, Any] | None:
    """The open phase's map on the page (the site draws it: ``<phase folder>/map.png``) and where
    to draw each order on it (:func:`judge.render.map_geometry`); None when the variant has no map."""
    try:
        from ..render import base_map_path, map_geometry

        if not base_map_path(variant).exists():
            return None
        geometry = map_geometry(variant, position, title=title)
    except (ImportError, OSError, JudgeError):  # no renderer here: the menus work without the map
        return None
    return {"src": f"{folder.name}/map.png", **geometry}


def _power_rows(variant: Variant, position: Position, sent: Mapping[Power, str]) -> list[_PowerRow]:
    """The powers that can send orders: each playable power with a unit or a centre, its units,
    its number of centres and the orders file it sent, if any."""
    from ..store.layout import power_stem

    powers: list[_PowerRow] = []
    for power, info in variant.powers.items():
        if not info.playable:  # Europe 1615's minor states are ordered by the powers they align with
            continue
        units = sorted(str(u) for u in position.units if u.power == power)
        centres = sorted(str(c) for c, owner in position.supply_centers.items() if owner == power)
        if units or centres:
            powers.append({"name": str(power), "stem": power_stem(str(power)), "units": units,
                           "centres": len(centres), "sent": sent.get(power)})
    return powers


def _sealing(game: GameFolder, folder: PhaseFolder) -> dict[str, Any]:
    """What the page's script needs to seal the orders in a sealed game (the game's recipient and
    the header ``judge seal`` writes); nothing to seal with in an open game."""
    from ..sealing import header_lines

    sealed = game.settings.sealed
    return {"sealed": sealed, "recipient": (game.settings.recipient or "") if sealed else "",
            "header": header_lines(game.slug, folder.name, "{power}") if sealed else []}


def orders_page_context(game: GameFolder, variant: Variant, folder: PhaseFolder, position: Position,
                        repository: tuple[str, str] | None, repo_path: str, branch: str = "main",
                        server: str = "https://github.com") -> dict[str, Any]:
    """What the orders template and its script need, for the phase being played."""
    from .state_sections import state_sections

    powers = _power_rows(variant, position, folder.order_files())
    options = _options(variant, position)
    data = {
        "options": options,
        "map": _map(variant, position, folder, f"{game.title}: {position.phase}") if game.settings.maps else None,
        "names": {str(pid): name for pid, name in sorted(variant.board.names.items())},
        "game": game.slug,
        "phase": folder.title,
        "folder": folder.name,
        "path": f"{repo_path}/{folder.name}/orders",
        **_sealing(game, folder),
        "repository": f"{server}/{repository[0]}/{repository[1]}" if repository else "",
        "branch": branch,
        "powers": powers,
    }
    # The players' logins are shown by the template (escaped), never put in the script's data.
    shown = [{**p, "player": game.players.get(p["name"], "")} for p in powers]
    first = next((str(u[1][0][3]) for p in options["powers"].values() for u in p["units"] if u[1]), "")
    return {"title": f"Send orders: {game.title}, {folder.title}", "game_title": game.title, "phase": folder.title,
            "placeholder": f"e.g. {first}" if first else "",
            "state": state_sections(variant, position), "orders_help": _orders_help(variant),
            "sealed": game.settings.sealed, "known": bool(repository), "powers": shown,
            # Trusted: the generator's own JSON (every "<" escaped, so no text can close the script).
            "data_json": Markup(json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c"))}
