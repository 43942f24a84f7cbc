"""Compile a variant's map: `variants/VARIANT/map.txt` + `geo.yaml` -> `variants/VARIANT/map.svg`.

Run with the map compiler's own environment (see `tools/mapc/requirements.txt`):

    /work/mapc-venv/bin/python tools/mapc/compile.py standard [--png /tmp/standard-map.png]

VARIANT is a folder name under `variants/`, or a path to a variant folder (anything with a `/`).

It draws every province from Natural Earth land and the seed points of `geo.yaml`, writes the
SVG, and prints how far the drawn borders agree with the board's adjacencies.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
from shapely.ops import nearest_points, polylabel

from agreement import Agreement, get_agreement, measure_borders
from boardfile import Board, parse_board
from geo import Frame, Projection, find_natural_earth, get_land
from geoconfig import GeoConfig, parse_geo_config
from partition import Grid, Seed, partition_piece, polygons_only
from svgout import DrawnProvince, format_svg

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = ".neutral"


class CompileError(ValueError):
    """The variant's data cannot be drawn."""


@dataclasses.dataclass
class Regions:
    """The partition: label -> geometry, on land and on water, in map pixels."""

    land: dict
    """Label -> what it holds of the land."""
    water: dict
    """Label -> what it holds of the water."""

    def province(self, label: str):
        """Land and water of `label` together."""
        parts = [g for g in (self.land.get(label), self.water.get(label)) if g is not None]
        return shapely.union_all(parts) if parts else shapely.Polygon()


def get_frame(config: GeoConfig) -> Frame:
    """The drawn rectangle described by `projection`, `extent` and `width`."""
    p = config.projection
    projection = Projection(
        str(p.get("type", "lcc")),
        float(p.get("lon0", 0.0)),
        float(p.get("lat1", 0.0)),
        float(p.get("lat2", p.get("lat1", 0.0))),
    )
    return Frame.from_extent(projection, config.extent, config.width)


def get_clean_land(frame: Frame, config: GeoConfig):
    """Natural Earth land in the frame, simplified, without specks and pinholes; and the land of
    the provinces drawn from whole countries (province id -> geometry).
    """
    codes = frozenset(c for geo in config.provinces.values() for c in geo.countries)
    land, countries = get_land(frame, find_natural_earth(), countries=codes)
    tolerance = config.drawing.coast_tolerance
    land = shapely.simplify(land, tolerance, preserve_topology=True)
    keep = []
    for polygon in shapely.get_parts(land):
        if polygon.area < config.drawing.min_island:
            continue
        holes = [h for h in polygon.interiors if shapely.Polygon(h).area >= config.drawing.min_island]
        keep.append(shapely.Polygon(polygon.exterior, holes))
    land = shapely.make_valid(shapely.MultiPolygon(keep))
    carved = {}
    for pid, geo in sorted(config.provinces.items()):
        if geo.countries:
            outline = shapely.union_all([shapely.simplify(countries[c], tolerance) for c in geo.countries])
            carved[pid] = polygons_only(shapely.intersection(land, shapely.make_valid(outline)))
    return land, carved


def _snap(point: shapely.Point, pieces: list, tree: shapely.STRtree, limit: float):
    """(index of the piece under `point`, the point moved onto it) or None when farther than `limit`."""
    hits = tree.query(point, predicate="intersects")
    if len(hits):
        return int(min(hits)), point
    index = int(tree.nearest(point))
    if pieces[index].distance(point) > limit:
        return None
    _, on_edge = nearest_points(point, pieces[index])
    inward = np.array(on_edge.coords[0]) - np.array(point.coords[0])
    length = float(np.hypot(*inward)) or 1.0
    moved = shapely.Point(np.array(on_edge.coords[0]) + inward / length * 0.6)
    if not pieces[index].contains(moved):
        moved = on_edge
    return index, moved


def get_regions(board: Board, config: GeoConfig, frame: Frame, land, carved: dict) -> Regions:
    """Share every landmass and body of water among the seeds standing on it.

    Provinces drawn from whole countries (`carved`) are cut out of the land first. A landmass
    without seeds joins the nearest province when it is a small island close to it, and is
    neutral otherwise; a body of water without seeds is neutral.

    Raises:
        CompileError: when a province has no seeds, or a seed stands far from its terrain.
    """
    d = config.drawing
    water = shapely.difference(frame.rectangle(), land)
    rest = shapely.difference(land, shapely.union_all(list(carved.values()))) if carved else land
    land_pieces = [p for p in shapely.get_parts(rest) if isinstance(p, shapely.Polygon) and p.area > 0]
    water_pieces = [p for p in shapely.get_parts(water) if isinstance(p, shapely.Polygon) and p.area > 0]
    land_tree, water_tree = shapely.STRtree(land_pieces), shapely.STRtree(water_pieces)
    on_land: dict[int, list[Seed]] = defaultdict(list)
    on_water: dict[int, list[Seed]] = defaultdict(list)
    problems = []

    def place(label: str, lonlat, wanted: str, what: str):
        point = shapely.Point(frame.point(lonlat))
        if not frame.rectangle().contains(point):
            problems.append(f"{what} {list(lonlat)} of {label} is outside the drawing")
            return
        pieces, tree, bucket = (
            (land_pieces, land_tree, on_land) if wanted == "land" else (water_pieces, water_tree, on_water)
        )
        found = _snap(point, pieces, tree, d.snap)
        if found is None:
            problems.append(f"{what} {list(lonlat)} of {label} is not on {wanted}")
            return
        index, moved = found
        bucket[index].append(Seed(moved.x, moved.y, label))

    missing = sorted(set(board.provinces) - set(config.provinces))
    unknown = sorted(set(config.provinces) - set(board.provinces))
    if missing or unknown:
        raise CompileError(f"geo.yaml lacks {missing} and names unknown provinces {unknown}")
    for pid, geo in sorted(config.provinces.items()):
        if not geo.seeds and pid not in carved:
            problems.append(f"{pid} has no seeds")
        terrain = "water" if board.provinces[pid].terrain == "sea" else "land"
        if pid not in carved:
            for point in geo.seeds:
                place(pid, point, terrain, "seed")
        for point in geo.water:
            place(pid, point, "water", "water seed")
    for point in config.neutral:
        where = shapely.Point(frame.point(point))
        place(NEUTRAL, point, "land" if land.contains(where) else "water", "neutral point")
    if problems:
        raise CompileError("; ".join(problems))

    grid = Grid(d.raster, frame.width, frame.height)
    barrier_lines = [
        shapely.LineString([frame.point(p) for p in river.points]) for river in config.rivers if river.barrier
    ]
    barriers = shapely.union_all(barrier_lines) if barrier_lines else None
    result = {}
    for kind, pieces, bucket in (("land", land_pieces, on_land), ("water", water_pieces, on_water)):
        parts = defaultdict(list)
        if kind == "land":
            for pid, geometry in carved.items():
                parts[pid].append(geometry)
        seedless = []
        for index, piece in enumerate(pieces):
            seeds = bucket.get(index)
            if not seeds:
                seedless.append(piece)
                continue
            shares = partition_piece(
                piece, seeds, grid, barriers=barriers if kind == "land" else None, smooth=d.smooth
            )
            for label, geometry in shares.items():
                parts[label].append(geometry)
        if kind == "land":
            seedless = _attach_islands(parts, seedless, d.attach_distance, d.attach_area)
        if seedless:
            parts[NEUTRAL].extend(seedless)
        result[kind] = {label: shapely.union_all(g) for label, g in sorted(parts.items())}
    return Regions(result["land"], result["water"])


def _attach_islands(parts: dict, islands: list, distance: float, largest: float) -> list:
    """Give each small island near a province's land to that province, in rounds, so that a chain
    of islands can join through its nearer members. Returns the islands left over.
    """
    owners = [
        (label, polygon)
        for label in sorted(parts)
        if label != NEUTRAL
        for geometry in parts[label]
        for polygon in shapely.get_parts(geometry)
    ]
    pending = [piece for piece in islands if piece.area <= largest]
    left = [piece for piece in islands if piece.area > largest]
    while pending and owners:
        tree = shapely.STRtree([p for _, p in owners])
        joined, waiting = [], []
        for piece in pending:
            near = tree.query(piece, predicate="dwithin", distance=distance)
            if len(near):
                best = min(near, key=lambda i: (owners[i][1].distance(piece), owners[i][0]))
                joined.append((owners[best][0], piece))
            else:
                waiting.append(piece)
        if not joined:
            break
        for label, piece in joined:
            parts[label].append(piece)
        owners = [(label, piece) for label, piece in joined]
        pending = waiting
    return left + pending


def _main_polygon(geometry):
    parts = list(shapely.get_parts(geometry))
    return max(parts, key=lambda g: g.area) if parts else None


def _inside_point(polygon, avoid=None):
    area = polygon if avoid is None else shapely.difference(polygon, avoid)
    area = _main_polygon(area) if area is not None and not area.is_empty else None
    if area is None or area.area < 4:
        area = polygon
    return polylabel(area, tolerance=0.3).coords[0]


def get_drawn_provinces(board: Board, config: GeoConfig, frame: Frame, regions: Regions) -> list[DrawnProvince]:
    """Geometry, label, unit, coast and centre anchors of every province."""
    drawn = []
    d = config.drawing
    sea_union = shapely.union_all(
        [regions.water[pid] for pid, p in board.provinces.items() if p.terrain == "sea" and pid in regions.water]
    )
    for pid, province in sorted(board.provinces.items()):
        geo = config.provinces[pid]
        geometry = regions.province(pid)
        if geometry.is_empty:
            raise CompileError(f"{pid} got no area: move or add its seeds")
        body = _main_polygon(regions.land.get(pid) if province.terrain != "sea" else regions.water.get(pid))
        body = body if body is not None else _main_polygon(geometry)
        unit = frame.point(geo.unit) if geo.unit else _inside_point(body)
        width, height = 0.68 * d.font_size * len(pid), d.font_size
        if geo.label:
            label = frame.point(geo.label)
        else:
            label = _beside(body, unit, d.unit_radius, width, height, avoid=None)
            if label is None:
                label = _inside_point(body, shapely.Point(unit).buffer(d.unit_radius))
        label_box = _box(label, width, height)
        centre = None
        if province.is_centre:
            if geo.centre:
                centre = frame.point(geo.centre)
            else:
                centre = _beside(body, unit, d.unit_radius, 8.0, 8.0, avoid=label_box.buffer(2))
                if centre is None:
                    room = shapely.union_all([shapely.Point(unit).buffer(d.unit_radius), label_box.buffer(3)])
                    centre = _inside_point(body, room)
        coasts = {}
        for coast in board.coasts.get(pid, ()):
            if coast in geo.coasts:
                coasts[coast] = frame.point(geo.coasts[coast])
            else:
                coasts[coast] = _coast_fallback(body, sea_union, unit)
        drawn.append(DrawnProvince(pid, province.terrain, province.name, geometry, label, unit, coasts, centre))
    return drawn


def _box(centre, width: float, height: float):
    return shapely.box(centre[0] - width / 2, centre[1] - height / 2, centre[0] + width / 2, centre[1] + height / 2)


# Places tried around a unit, in order of preference: below, above, right, left, then the corners.
_AROUND = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def _beside(body, unit, radius: float, width: float, height: float, avoid=None):
    """The centre of a `width` x `height` box next to the unit's circle, inside `body`, or None."""
    best, best_room = None, 1.5
    for dx, dy in _AROUND:
        centre = (unit[0] + dx * (radius + width / 2 + 1), unit[1] + dy * (radius + height / 2 + 1))
        if dx and dy:
            centre = (unit[0] + dx * (radius * 0.7 + width / 2), unit[1] + dy * (radius * 0.7 + height / 2))
        box = _box(centre, width, height)
        if not box.within(body) or (avoid is not None and box.intersects(avoid)):
            continue
        room = body.exterior.distance(box)
        if room >= 3.0:
            return centre
        if room > best_room:
            best, best_room = centre, room
    return best


def get_borders(board: Board, regions: Regions, frame: Frame) -> dict[str, object]:
    """The lines to stroke: `coast` (land against water), `land` (between land regions) and `sea`
    (between bodies of water), each without the frame's edge.
    """
    land_like = [regions.land[NEUTRAL]] if NEUTRAL in regions.land else []
    water_like = [regions.water[NEUTRAL]] if NEUTRAL in regions.water else []
    for pid, province in sorted(board.provinces.items()):
        (water_like if province.terrain == "sea" else land_like).append(regions.province(pid))
    edge = frame.rectangle().exterior.buffer(0.05)
    coast = shapely.difference(shapely.union_all(land_like).boundary, edge)
    trim = shapely.union_all([edge, coast.buffer(0.05)])
    lines = {"coast": shapely.line_merge(coast)}
    for name, group in (("land", land_like), ("sea", water_like)):
        outlines = shapely.union_all([g.boundary for g in group])
        lines[name] = shapely.line_merge(shapely.difference(outlines, trim))
    return lines


def _coast_fallback(body, seas, unit):
    """A point just inside the middle of the province's coastline (used when geo.yaml gives none)."""
    shore = shapely.intersection(body.boundary, seas.buffer(0.5))
    if shore.is_empty:
        return unit
    middle = shapely.line_interpolate_point(_main_line(shore), 0.5, normalized=True)
    towards = np.array(unit) - np.array(middle.coords[0])
    step = towards / (float(np.hypot(*towards)) or 1.0) * 8
    return tuple(np.array(middle.coords[0]) + step)


def _main_line(geometry):
    merged = shapely.line_merge(geometry) if geometry.geom_type == "MultiLineString" else geometry
    parts = [g for g in shapely.get_parts(merged) if g.geom_type == "LineString"]
    return max(parts, key=lambda g: g.length)


def format_report(variant: str, agreement: Agreement, seconds: tuple[float, float], size: int) -> str:
    """The agreement report printed after a compile."""
    a = agreement
    lines = [
        f"{variant}: {a.provinces} provinces, map.svg {size / 1024:.0f} KB,"
        f" {seconds[0]:.1f} s ({seconds[1]:.1f} s CPU)",
        f"rule adjacencies: {len(a.rules)}; drawn as borders: {len(a.rules) - len(a.not_drawn)}"
        f" ({a.rules_drawn_percent:.1f}%)",
        f"drawn borders: {len(a.drawn)}; in the rules: {len(a.drawn) - len(a.not_in_rules)}"
        f" ({a.drawn_in_rules_percent:.1f}%)",
        "in the rules, not drawn (longest shared border in px):",
    ]
    lines += [f"  {x}-{y}  {a.lengths.get(frozenset((x, y)), 0.0):.1f}" for x, y in a.not_drawn] or ["  none"]
    lines.append("drawn, not in the rules (shared border in px):")
    lines += [f"  {x}-{y}  {a.lengths[frozenset((x, y))]:.1f}" for x, y in a.not_in_rules] or ["  none"]
    if a.impassable:
        lines.append("borders of impassable provinces (not counted): " + ", ".join(f"{x}-{y}" for x, y in a.impassable))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Compile one variant's map; exit status 1 on bad data."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="folder name under variants/, or a path to a variant folder")
    parser.add_argument("--png", type=Path, help="also render a PNG here (needs cairosvg)")
    parser.add_argument("--out", type=Path, help="write the SVG here instead of variants/VARIANT/map.svg")
    args = parser.parse_args(argv)
    started, started_cpu = time.perf_counter(), time.process_time()
    folder = Path(args.variant) if "/" in args.variant else ROOT / "variants" / args.variant
    try:
        board = parse_board(folder / "map.txt")
        config = parse_geo_config(folder / "geo.yaml")
        frame = get_frame(config)
        land, carved = get_clean_land(frame, config)
        regions = get_regions(board, config, frame, land, carved)
        provinces = get_drawn_provinces(board, config, frame, regions)
    except (CompileError, ValueError, OSError) as error:
        print(f"mapc: {error}", file=sys.stderr)
        return 1
    neutral_land = regions.land.get(NEUTRAL)
    neutral_water = regions.water.get(NEUTRAL)
    rivers = [
        (river.name.lower().replace(" ", "-"), shapely.LineString([frame.point(p) for p in river.points]))
        for river in config.rivers
    ]
    borders = get_borders(board, regions, frame)
    svg = format_svg(
        frame.width, frame.height, provinces, neutral_land, neutral_water, borders, rivers, config.drawing.font_size
    )
    out = args.out or folder / "map.svg"
    out.write_text(svg, encoding="utf-8")
    lengths = measure_borders({p.id: p.geometry for p in provinces})
    agreement = get_agreement(board, lengths, config.drawing.min_border)
    elapsed = (time.perf_counter() - started, time.process_time() - started_cpu)
    print(format_report(args.variant, agreement, elapsed, len(svg.encode())))
    if args.png:
        import cairosvg

        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(args.png))
    return 0


if __name__ == "__main__":
    sys.exit(main())
