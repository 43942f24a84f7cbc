"""Synthetic games for tests and benchmarks: random but legal play, written as game folders.

Each phase folder gets what the judge writes after adjudication (``phase.yaml``,
``position.yaml``, ``results.yaml``; optionally small stand-in maps) and what players write
(``orders/<power>.txt``, optionally ``press/*.md``). The positions are written with
:func:`judge.positions.format_position` and the results come from
:func:`judge.adjudication.run_phase`, the judge's own path. Deterministic for a given seed.
"""

from __future__ import annotations

import random
import struct
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Mapping

import yaml

from ..adjudication import Report, run_phase
from ..core.phases import adjustment_counts, build_sites
from ..core.types import Phase, PhaseKind, Position, ProvinceId, Unit, UnitType
from ..core.variant import Variant
from ..positions import format_position
from ..record import PhaseRecord, record_phase
from ..store.layout import PHASE_FILE, PhaseInfo, phase_folder

__all__ = ["phase_folder_name", "phase_record", "write_game", "tiny_png", "orders_for"]


def phase_folder_name(variant: Variant, phase: Phase) -> str:
    """``1901-1-spring-movement``: the judge's name for the phase's folder (:func:`judge.store.layout.phase_folder`)."""
    return phase_folder(variant.calendar, phase)


def phase_record(variant: Variant, report: Report, folder_of: Callable[[Phase], str] | None = None,
                 game: str = "") -> PhaseRecord:
    """The record (``results.yaml``) of an adjudicated phase, as the judge writes it (:func:`judge.record.record_phase`)."""
    res = report.result
    nxt = None if res.winner else res.next_position
    name = folder_of or (lambda p: phase_folder_name(variant, p))
    return record_phase(variant, report, game=game, folder=name(res.position.phase), next_position=nxt,
                        next_folder=name(nxt.phase) if nxt is not None else None)


def tiny_png(width: int = 64, height: int = 40, rgb: tuple[int, int, int] = (70, 110, 160)) -> bytes:
    """A small one-colour PNG (a stand-in map)."""
    row = b"\x00" + bytes(rgb) * width
    raw = row * height

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _stand_in_svg(position: Position) -> str:
    lines = [f'<text x="8" y="{20 + 14 * i}" font-size="12px">{u.power}: {u}</text>' for i, u in enumerate(position.units[:40])]
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600">'
            '<rect width="400" height="600" fill="#dde7f0"/>' + "".join(lines) + "</svg>\n")


def orders_for(variant: Variant, position: Position, rng: random.Random) -> dict[str, list[str]]:
    """Random orders for every power, as text lines in the judge's notation: moves, supports and
    holds in a movement phase, retreats or disbands in a retreat phase, builds or disbands in an
    adjustment phase."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement_orders(variant, position, rng)
    if kind is PhaseKind.RETREAT:
        return _retreat_orders(variant, position, rng)
    return _adjustment_orders(variant, position, rng)


def _movement_orders(variant: Variant, position: Position, rng: random.Random) -> dict[str, list[str]]:
    """Some units move (to a neighbour); the others support one of those moves or a unit that
    holds next to them, or hold."""
    reach = _reach(variant, position)
    moves = {u.province: rng.choice(reach[u.province]) for u in position.units
             if reach.get(u.province) and rng.random() < 0.6}
    out: dict[str, list[str]] = {}
    for u in position.units:
        if u.province in reach:
            out.setdefault(u.power, []).append(_unit_order(position, u, reach[u.province], moves, rng))
    return out


def _reach(variant: Variant, position: Position) -> dict[ProvinceId, list[str]]:
    """Where each unit that moves (not a garrison) can go, by its province."""
    board = variant.board
    reach: dict[ProvinceId, list[str]] = {}
    for u in position.units:
        if u.kind is UnitType.ARMY:
            reach[u.province] = sorted(str(p) for p in board.army_edges.get(u.province, ()))
        elif u.kind is not UnitType.GARRISON:
            reach[u.province] = sorted(str(loc) for loc in board.fleet_edges.get(u.location, ()))
    return reach


def _unit_order(position: Position, u: Unit, reach: list[str], moves: dict[ProvinceId, str], rng: random.Random) -> str:
    """A unit's order: its move if it moves, else a support of a move or of a hold it can reach, or a hold."""
    if u.province in moves:
        return f"{u} - {moves[u.province]}"
    mine = {d.split("/")[0] for d in reach}
    helps = [(src, dest) for src, dest in sorted(moves.items()) if dest.split("/")[0] in mine and src != u.province]
    holds = [v for v in position.units if v.province in mine and v.province not in moves]
    roll = rng.random()
    if helps and roll < 0.7:
        src, dest = rng.choice(helps)
        return f"{u} S {position.unit_in(src)} - {dest.split('/')[0]}"
    if holds and roll < 0.85:
        return f"{u} S {rng.choice(holds)}"
    return f"{u} H"


def _retreat_orders(variant: Variant, position: Position, rng: random.Random) -> dict[str, list[str]]:
    """Most dislodged units retreat where they may; the others disband."""
    out: dict[str, list[str]] = {}
    for d in position.dislodged:
        opts = variant.rules.retreat_options(variant, position, d)
        order = f"{d.unit} R {rng.choice(opts)}" if opts and rng.random() < 0.85 else f"Disband {d.unit}"
        out.setdefault(d.unit.power, []).append(order)
    return out


def _adjustment_orders(variant: Variant, position: Position, rng: random.Random) -> dict[str, list[str]]:
    """Every build due (an army, or now and then a fleet on a coast) and every removal due."""
    out: dict[str, list[str]] = {}
    for power, delta in sorted(adjustment_counts(position).items()):
        if delta > 0:
            sites = build_sites(variant, position, power)
            rng.shuffle(sites)
            for s in sites[:delta]:
                prov = variant.board.provinces[s]
                fleet = prov.terrain.value == "coast" and not prov.coasts and rng.random() < 0.4
                out.setdefault(power, []).append(f"Build {'F' if fleet else 'A'} {s}")
        elif delta < 0:
            own = [u for u in position.units if u.power == power]
            rng.shuffle(own)
            for u in own[:-delta]:
                out.setdefault(power, []).append(f"Disband {u}")
    return out


def write_game(root: Path, slug: str, variant: Variant, *, phases: int = 12, seed: int = 0,
               title: str | None = None, players: Mapping[str, str] | None = None,
               maps: bool = True, press: Mapping[int, Mapping[str, str]] | None = None,
               extra_orders: Mapping[int, Mapping[str, str]] | None = None,
               leave_current: bool = True, start: datetime | None = None,
               status: str = "active") -> Path:
    """Write a game folder ``root/slug`` with ``phases`` adjudicated phases (and, with
    ``leave_current``, one more folder for the phase now open).

    ``press`` and ``extra_orders`` map a phase index to ``{file name: text}``: press files, and
    extra lines for an orders file (they are adjudicated with the rest).
    """
    rng = random.Random(seed)
    game = root / slug
    game.mkdir(parents=True, exist_ok=True)
    settings = {
        "title": title or slug.replace("-", " ").capitalize(),
        "variant": variant.name,
        "options": {},
        "players": dict(players) if players is not None else {p: f"player-{p.lower()}" for p in variant.powers},
        "schedule": {"timezone": "UTC", "movement": {"hours": 72, "at": "22:00"}, "retreat": {"hours": 24},
                     "adjustment": {"hours": 24}, "grace_minutes": 10},
        "orders": "public",
        "status": status,
    }
    (game / "game.yaml").write_text(yaml.safe_dump(settings, sort_keys=False, allow_unicode=True), encoding="utf-8")
    when = start or datetime(2025, 1, 6, 22, 0, tzinfo=timezone.utc)
    position = variant.start
    for i in range(phases + (1 if leave_current else 0)):
        folder = game / phase_folder_name(variant, position.phase)
        folder.mkdir(parents=True, exist_ok=True)
        opened = when
        when = when + timedelta(hours=72 if position.phase.kind is PhaseKind.MOVEMENT else 24)
        (folder / PHASE_FILE).write_text(PhaseInfo(str(position.phase), opened, when).to_text(), encoding="utf-8")
        (folder / "position.yaml").write_text(format_position(position), encoding="utf-8")
        for name, text in ((press or {}).get(i) or {}).items():
            (folder / "press").mkdir(exist_ok=True)
            (folder / "press" / name).write_text(text, encoding="utf-8")
        if i >= phases:
            break
        orders = orders_for(variant, position, rng)
        extra = (extra_orders or {}).get(i) or {}
        texts = []
        (folder / "orders").mkdir(exist_ok=True)
        for power in sorted(set(orders) | {n.split(".")[0].capitalize() for n in extra}):
            name = f"{power.lower()}.txt"
            body = f"{power}:\n" + "".join(f"{line}\n" for line in orders.get(power, [])) + (extra.get(name) or "")
            (folder / "orders" / name).write_text(body, encoding="utf-8")
            texts.append(body)
        report = run_phase(variant, position, "".join(texts), "orders")
        (folder / "results.yaml").write_bytes(phase_record(variant, report, game=game.name).to_yaml())
        if maps:
            (folder / "map.png").write_bytes(tiny_png(rgb=(60 + (i * 37) % 150, 110, 160)))
            (folder / "map.svg").write_text(_stand_in_svg(position), encoding="utf-8")
        position = report.result.next_position
        if report.result.winner:
            break
    return game
