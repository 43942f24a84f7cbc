"""Share one piece of land or water among labelled seed points, by distance through that piece.

A piece (one landmass, or one connected body of water) is rasterised; a multi-source shortest
path search that moves only inside the piece gives every cell the label of its nearest seed, so
that a cell never goes to a seed across a strait or across a peninsula. Cells the search cannot
reach (narrow parts lost to the raster) take the label of the nearest labelled cell. The label
grid is then turned back into polygons that share their edges exactly, those shared edges are
simplified together (`shapely.coverage_simplify`), and the result is cut by the piece's own
outline, so that coastlines keep their full vector detail.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict

import numpy as np
import shapely
from PIL import Image, ImageDraw
from scipy import ndimage
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra


@dataclasses.dataclass(frozen=True, slots=True)
class Seed:
    """A labelled point in map pixels."""

    x: float
    y: float
    label: str


@dataclasses.dataclass(frozen=True, slots=True)
class Grid:
    """The raster laid over the map: square cells of `cell` pixels."""

    cell: float
    width: int
    height: int

    @property
    def shape(self) -> tuple[int, int]:
        """Rows and columns covering the whole map."""
        return math.ceil(self.height / self.cell), math.ceil(self.width / self.cell)


def partition_piece(piece, seeds: list[Seed], grid: Grid, *, barriers=None, smooth: float = 3.0) -> dict:
    """Split the polygon `piece` among the labels of `seeds` (all standing on it).

    Returns label -> (multi)polygon in map pixels; the parts cover `piece` without overlap.
    `barriers` (lines in map pixels) are cells the search may not cross. `smooth` is the
    simplification tolerance of the borders between labels, in cells.
    """
    labels = sorted({s.label for s in seeds})
    if len(labels) == 1:
        return {labels[0]: piece}
    rows, cols = grid.shape
    minx, miny, maxx, maxy = piece.bounds
    r0 = max(0, int(miny / grid.cell) - 2)
    c0 = max(0, int(minx / grid.cell) - 2)
    r1 = min(rows, int(maxy / grid.cell) + 3)
    c1 = min(cols, int(maxx / grid.cell) + 3)
    h, w = r1 - r0, c1 - c0

    mask = _rasterise(piece, grid.cell, r0, c0, h, w)
    if barriers is not None and not barriers.is_empty:
        mask &= ~_rasterise_lines(barriers, grid.cell, r0, c0, h, w)
    if not mask.any():
        mask[:] = True

    code = {label: i for i, label in enumerate(labels)}
    nearest_in_mask = ndimage.distance_transform_edt(~mask, return_distances=False, return_indices=True)
    starts: dict[tuple[int, int], int] = {}
    for seed in seeds:
        r = min(h - 1, max(0, int(seed.y / grid.cell) - r0))
        c = min(w - 1, max(0, int(seed.x / grid.cell) - c0))
        r, c = int(nearest_in_mask[0][r, c]), int(nearest_in_mask[1][r, c])
        starts.setdefault((r, c), code[seed.label])

    label_grid = np.full((h, w), -1, dtype=np.int32)
    index = np.full((h, w), -1, dtype=np.int64)
    index[mask] = np.arange(int(mask.sum()))
    graph = _grid_graph(index)
    start_nodes = np.array([index[rc] for rc in starts], dtype=np.int64)
    start_codes = np.array(list(starts.values()), dtype=np.int32)
    _, _, sources = dijkstra(graph, directed=False, indices=start_nodes, min_only=True, return_predecessors=True)
    node_code = np.full(graph.shape[0], -1, dtype=np.int32)
    reached = sources >= 0
    position = {int(node): i for i, node in enumerate(start_nodes)}
    node_code[reached] = start_codes[[position[int(s)] for s in sources[reached]]]
    label_grid[mask] = node_code
    unlabelled = label_grid < 0
    if unlabelled.any():
        near = ndimage.distance_transform_edt(unlabelled, return_distances=False, return_indices=True)
        label_grid = label_grid[near[0], near[1]]

    cells = _vectorise(label_grid, smooth)
    parts = {}
    for value, geometry in cells.items():
        geometry = shapely.transform(geometry, lambda xy: (xy + (c0, r0)) * grid.cell)
        part = shapely.intersection(piece, geometry)
        part = polygons_only(part)
        if not part.is_empty:
            parts[labels[value]] = part
    return _absorb_orphans(parts, seeds)


def _rasterise(geometry, cell: float, r0: int, c0: int, h: int, w: int) -> np.ndarray:
    """Cells whose centre lies inside `geometry` (PIL draws pixel centres at integer points)."""
    image = Image.new("1", (w, h), 0)
    draw = ImageDraw.Draw(image)

    def ring_points(ring):
        coords = np.asarray(ring.coords) / cell - (c0 + 0.5, r0 + 0.5)
        return [tuple(p) for p in coords]

    for polygon in getattr(geometry, "geoms", [geometry]):
        draw.polygon(ring_points(polygon.exterior), fill=1)
        for hole in polygon.interiors:
            draw.polygon(ring_points(hole), fill=0)
    return np.array(image, dtype=bool)


def _rasterise_lines(lines, cell: float, r0: int, c0: int, h: int, w: int) -> np.ndarray:
    image = Image.new("1", (w, h), 0)
    draw = ImageDraw.Draw(image)
    for line in getattr(lines, "geoms", [lines]):
        coords = np.asarray(line.coords) / cell - (c0 + 0.5, r0 + 0.5)
        draw.line([tuple(p) for p in coords], fill=1, width=3)
    return np.array(image, dtype=bool)


# Steps of the search, each listed in one direction only: the four king moves and the four knight
# moves. Knight moves make distances nearly Euclidean (within 3% instead of 8%), so that borders in
# open water come out straight rather than as octagon pieces.
_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1), (1, 2), (2, 1), (2, -1), (1, -2))


def _grid_graph(index: np.ndarray):
    """Graph of the cells with an index, linked by the `_STEPS`, weighted by step length."""
    h, w = index.shape
    rows, cols, weights = [], [], []
    for dr, dc in _STEPS:
        weight = math.hypot(dr, dc)
        left, right = max(0, -dc), w - max(0, dc)
        a = index[0 : h - dr, left:right]
        b = index[dr:h, left + dc : right + dc]
        keep = (a >= 0) & (b >= 0)
        rows.append(a[keep])
        cols.append(b[keep])
        weights.append(np.full(int(keep.sum()), weight))
    n = int(index.max()) + 1
    return coo_matrix(
        (np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))), shape=(n, n)
    ).tocsr()


def _vectorise(label_grid: np.ndarray, smooth: float) -> dict:
    """Label grid -> label code -> (multi)polygon in cell units, with shared edges simplified together."""
    h, w = label_grid.shape
    segments = []
    rr, cc = np.nonzero(label_grid[1:, :] != label_grid[:-1, :])
    segments.append(np.stack([np.stack([cc, rr + 1], 1), np.stack([cc + 1, rr + 1], 1)], 1))
    rr, cc = np.nonzero(label_grid[:, 1:] != label_grid[:, :-1])
    segments.append(np.stack([np.stack([cc + 1, rr], 1), np.stack([cc + 1, rr + 1], 1)], 1))
    xs, ys = np.arange(w), np.arange(h)
    for a, b in (
        (np.stack([xs, 0 * xs], 1), np.stack([xs + 1, 0 * xs], 1)),
        (np.stack([xs, 0 * xs + h], 1), np.stack([xs + 1, 0 * xs + h], 1)),
        (np.stack([0 * ys, ys], 1), np.stack([0 * ys, ys + 1], 1)),
        (np.stack([0 * ys + w, ys], 1), np.stack([0 * ys + w, ys + 1], 1)),
    ):
        segments.append(np.stack([a, b], 1))
    lines = shapely.linestrings(np.concatenate(segments).astype(float))
    merged = shapely.line_merge(shapely.multilinestrings(lines))
    faces = list(shapely.get_parts(shapely.polygonize(list(shapely.get_parts(merged)))))
    inside = shapely.point_on_surface(faces)
    px = np.clip(shapely.get_x(inside).astype(int), 0, w - 1)
    py = np.clip(shapely.get_y(inside).astype(int), 0, h - 1)
    codes = label_grid[py, px]
    if smooth > 0:
        faces = list(shapely.coverage_simplify(np.array(faces, dtype=object), smooth))
    by_code = defaultdict(list)
    for face, value in zip(faces, codes):
        by_code[int(value)].append(face)
    return {value: shapely.coverage_union_all(group) for value, group in by_code.items()}


def polygons_only(geometry):
    """The polygons of `geometry` (dropping lines and points an overlay may leave), as one geometry."""
    parts = [g for g in shapely.get_parts(geometry) if isinstance(g, shapely.Polygon) and g.area > 0]
    return shapely.MultiPolygon(parts) if len(parts) != 1 else parts[0]


def _absorb_orphans(parts: dict, seeds: list[Seed]) -> dict:
    """Give every fragment holding none of its label's seeds to the neighbour it borders most."""
    points = defaultdict(list)
    for seed in seeds:
        points[seed.label].append(shapely.Point(seed.x, seed.y))
    pieces = []  # [label, polygon]
    for label, geometry in sorted(parts.items()):
        for polygon in shapely.get_parts(geometry):
            pieces.append([label, polygon])
    orphans = [p for p in pieces if not any(p[1].distance(q) < 2.0 for q in points[p[0]])]
    orphans.sort(key=lambda p: p[1].area)
    for item in orphans:
        label, polygon = item
        halo = polygon.buffer(0.5)
        best, best_length = None, 0.0
        for other_label, other in pieces:
            if other is polygon or other_label == label or not halo.intersects(other):
                continue
            length = halo.intersection(other.boundary).length
            if length > best_length:
                best, best_length = other_label, length
        if best is not None:
            item[0] = best
    grouped = defaultdict(list)
    for label, polygon in pieces:
        grouped[label].append(polygon)
    return {label: shapely.union_all(group) for label, group in grouped.items()}
