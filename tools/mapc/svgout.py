"""Write the map SVG that the judge's renderer reads.

The contract (see `tools/mapc/README.md`): a root `<svg>` with `viewBox`, `width` and `height`;
`<g id="provinces">` with one `<path id="p-XXX" class=terrain data-name=...>` per province;
`<g id="neutral">`; `<g id="rivers">` when there are rivers; `<g id="labels">` with one
`<text id="l-XXX">`; `<g id="anchors" display="none">` with `u-XXX`, `u-XXX-COAST` and `c-XXX`
circles. Elements are sorted by id and coordinates are rounded to 0.1 px, so the same input
gives the same bytes.
"""

from __future__ import annotations

import dataclasses
from xml.sax.saxutils import escape, quoteattr

import shapely

STYLE = """\
path{stroke:none;fill-rule:evenodd}
.land,.coast{fill:#efe4c6}
.sea{fill:#bcd6ea}
.impassable{fill:#b9b2a6}
.neutral{fill:#ddd8cc}
.lake{fill:#c9dbe6}
#borders path,.river{fill:none;stroke-linejoin:round;stroke-linecap:round}
.border-land{stroke:#7a6e5f;stroke-width:0.8}
.border-sea{stroke:#8eaac2;stroke-width:0.8}
.coastline{stroke:#4f6476;stroke-width:0.9}
.river{stroke:#6f9cc4;stroke-width:1.4}
text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:%(font)spx;text-anchor:middle;fill:#2b2b2b}
"""


@dataclasses.dataclass(frozen=True, slots=True)
class DrawnProvince:
    """One province as drawn."""

    id: str
    terrain: str
    name: str
    geometry: object
    label: tuple[float, float]
    unit: tuple[float, float]
    coasts: dict[str, tuple[float, float]]
    centre: tuple[float, float] | None


def _number(tenths: int) -> str:
    sign = "-" if tenths < 0 else ""
    whole, part = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{part}" if part else f"{sign}{whole}"


def _join(numbers: list[str]) -> str:
    out = []
    for i, text in enumerate(numbers):
        if i and not text.startswith("-"):
            out.append(" ")
        out.append(text)
    return "".join(out)


def format_path(geometry) -> str:
    """Path data of (multi)polygons or lines: absolute start, relative steps, in tenths of a pixel."""
    commands = []
    polygons = [g for g in shapely.get_parts(geometry) if not g.is_empty]
    for part in polygons:
        if isinstance(part, shapely.Polygon):
            part = shapely.orient_polygons(part)
            rings, closed = [part.exterior, *part.interiors], True
        else:
            rings, closed = [part], False
        for ring in rings:
            points = []
            for x, y in ring.coords[:-1] if closed else ring.coords:
                p = (int(round(x * 10)), int(round(y * 10)))
                if not points or p != points[-1]:
                    points.append(p)
            if closed and len(points) > 1 and points[0] == points[-1]:
                points.pop()
            if len(points) < (3 if closed else 2):
                continue
            steps = [_number(points[0][0]), _number(points[0][1])]
            head = "M" + _join(steps)
            deltas = []
            for (ax, ay), (bx, by) in zip(points, points[1:]):
                deltas += [_number(bx - ax), _number(by - ay)]
            commands.append(head + "l" + _join(deltas) + ("z" if closed else ""))
    return "".join(commands)


def _xy(point: tuple[float, float]) -> str:
    return f'cx="{_number(round(point[0] * 10))}" cy="{_number(round(point[1] * 10))}"'


def format_svg(
    width: int,
    height: int,
    provinces: list[DrawnProvince],
    neutral_land,
    neutral_water,
    borders: dict[str, object],
    rivers: list[tuple[str, object]],
    font_size: float,
) -> str:
    """The whole SVG document as text."""
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        "<style>\n" + STYLE % {"font": _number(round(font_size * 10))} + "</style>",
        '<g id="provinces">',
    ]
    ordered = sorted(provinces, key=lambda p: p.id)
    for p in ordered:
        lines.append(
            f'<path id="p-{p.id}" class="{p.terrain}" data-name={quoteattr(p.name)} d="{format_path(p.geometry)}"/>'
        )
    lines.append("</g>")
    lines.append('<g id="neutral">')
    if neutral_land is not None and not neutral_land.is_empty:
        lines.append(f'<path id="n-land" class="neutral" d="{format_path(neutral_land)}"/>')
    if neutral_water is not None and not neutral_water.is_empty:
        lines.append(f'<path id="n-water" class="lake" d="{format_path(neutral_water)}"/>')
    lines.append("</g>")
    lines.append('<g id="borders">')
    for name, css in (("coast", "coastline"), ("land", "border-land"), ("sea", "border-sea")):
        geometry = borders.get(name)
        if geometry is not None and not geometry.is_empty:
            lines.append(f'<path id="b-{name}" class="{css}" d="{format_path(geometry)}"/>')
    lines.append("</g>")
    if rivers:
        lines.append('<g id="rivers">')
        for rid, geometry in sorted(rivers, key=lambda r: r[0]):
            lines.append(f'<path id="r-{rid}" class="river" d="{format_path(geometry)}"/>')
        lines.append("</g>")
    lines.append('<g id="labels">')
    baseline = font_size * 0.36
    for p in ordered:
        x, y = p.label
        lines.append(
            f'<text id="l-{p.id}" x="{_number(round(x * 10))}" y="{_number(round((y + baseline) * 10))}">'
            f"{escape(p.id)}</text>"
        )
    lines.append("</g>")
    lines.append('<g id="anchors" display="none">')
    anchors = []
    for p in ordered:
        anchors.append((f"u-{p.id}", p.unit))
        for coast, point in p.coasts.items():
            anchors.append((f"u-{p.id}-{coast}", point))
        if p.centre is not None:
            anchors.append((f"c-{p.id}", p.centre))
    for aid, point in sorted(anchors):
        lines.append(f'<circle id="{aid}" {_xy(point)} r="0"/>')
    lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
