"""Read a variant's `geo.yaml`: where each province of the board lies on the Earth.

The file format is documented at the top of `variants/standard/geo.yaml` and in
`tools/mapc/README.md`. Points are `[longitude, latitude]` in degrees.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

Point = tuple[float, float]


@dataclasses.dataclass(frozen=True, slots=True)
class ProvinceGeo:
    """The drawing facts of one province."""

    seeds: tuple[Point, ...]
    """Points standing on the province: on land for land provinces, on water for seas."""
    water: tuple[Point, ...] = ()
    """Water a land province claims (a strait or inland sea drawn as part of it)."""
    unit: Point | None = None
    """Where a unit stands; computed when absent."""
    label: Point | None = None
    """Where the label goes; computed when absent."""
    centre: Point | None = None
    """Where the supply-centre marker goes; computed when absent."""
    coasts: dict[str, Point] = dataclasses.field(default_factory=dict)
    """Coast name -> where a fleet on that coast stands."""
    countries: tuple[str, ...] = ()
    """Natural Earth `ADM0_A3` codes whose land is this province, border for border."""


@dataclasses.dataclass(frozen=True, slots=True)
class River:
    """A river drawn as a line; a barrier also keeps the land partition from crossing it."""

    name: str
    points: tuple[Point, ...]
    barrier: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Drawing:
    """Tuning of the compiler, in map pixels."""

    raster: float = 2.0
    """Size of a raster cell of the partition."""
    coast_tolerance: float = 0.5
    """Simplification tolerance of coastlines."""
    smooth: float = 3.0
    """Simplification of the borders between provinces, in raster cells."""
    min_island: float = 2.0
    """Islands and lakes smaller than this area (px²) are left out."""
    min_border: float = 6.0
    """Shortest shared border that counts as drawn adjacency."""
    attach_distance: float = 8.0
    """An island without seeds this close to a province's land joins it..."""
    attach_area: float = 400.0
    """...if it is no larger than this (px²); otherwise it is neutral."""
    snap: float = 8.0
    """A seed this close to the right terrain is moved onto it; farther is an error."""
    font_size: float = 11.0
    """Label font size."""
    unit_radius: float = 11.0
    """Room kept around a unit anchor when labels and centre markers are placed."""


@dataclasses.dataclass(frozen=True, slots=True)
class GeoConfig:
    """Everything `geo.yaml` says."""

    projection: dict
    extent: dict
    width: int
    drawing: Drawing
    provinces: dict[str, ProvinceGeo]
    neutral: tuple[Point, ...]
    rivers: tuple[River, ...]


class GeoConfigError(ValueError):
    """`geo.yaml` is malformed."""


def _point(value, where: str) -> Point:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)):
        raise GeoConfigError(f"{where}: expected [lon, lat], got {value!r}")
    return float(value[0]), float(value[1])


def _points(values, where: str) -> tuple[Point, ...]:
    if values is None:
        return ()
    if not isinstance(values, list):
        raise GeoConfigError(f"{where}: expected a list of [lon, lat]")
    return tuple(_point(v, f"{where}[{i}]") for i, v in enumerate(values))


def parse_geo_config(path: Path) -> GeoConfig:
    """Read and check `path`.

    Raises:
        GeoConfigError: on a missing section, an unknown key or a malformed point.
    """
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key in ("projection", "extent", "provinces"):
        if key not in (data or {}):
            raise GeoConfigError(f"{path}: missing section {key!r}")
    unknown = set(data) - {"projection", "extent", "width", "drawing", "provinces", "neutral", "rivers"}
    if unknown:
        raise GeoConfigError(f"{path}: unknown sections {sorted(unknown)}")
    drawing_data = data.get("drawing") or {}
    known = {f.name for f in dataclasses.fields(Drawing)}
    if set(drawing_data) - known:
        raise GeoConfigError(f"{path}: unknown drawing settings {sorted(set(drawing_data) - known)}")
    provinces = {}
    province_keys = {f.name for f in dataclasses.fields(ProvinceGeo)}
    for pid, entry in data["provinces"].items():
        where = f"{path}: provinces.{pid}"
        entry = entry or {}
        if set(entry) - province_keys:
            raise GeoConfigError(f"{where}: unknown keys {sorted(set(entry) - province_keys)}")
        provinces[str(pid).upper()] = ProvinceGeo(
            seeds=_points(entry.get("seeds"), f"{where}.seeds"),
            water=_points(entry.get("water"), f"{where}.water"),
            unit=_point(entry["unit"], f"{where}.unit") if "unit" in entry else None,
            label=_point(entry["label"], f"{where}.label") if "label" in entry else None,
            centre=_point(entry["centre"], f"{where}.centre") if "centre" in entry else None,
            countries=tuple(str(c).upper() for c in entry.get("countries") or ()),
            coasts={
                str(k).upper(): _point(v, f"{where}.coasts.{k}") for k, v in (entry.get("coasts") or {}).items()
            },
        )
    rivers = tuple(
        River(
            name=str(r.get("name", f"river{i}")),
            points=_points(r.get("points"), f"{path}: rivers[{i}].points"),
            barrier=bool(r.get("barrier", False)),
        )
        for i, r in enumerate(data.get("rivers") or [])
    )
    return GeoConfig(
        projection=dict(data["projection"]),
        extent=dict(data["extent"]),
        width=int(data.get("width", 1600)),
        drawing=Drawing(**{k: float(v) for k, v in drawing_data.items()}),
        provinces=provinces,
        neutral=_points(data.get("neutral"), f"{path}: neutral"),
        rivers=rivers,
    )
