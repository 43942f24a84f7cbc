"""Maps: the SVG's structure (a symbol per unit, an element per drawn order, every province, the
legend), determinism, escaping, PNG output, the command, and every DATC position drawn.

Every test runs on a fake map made here from the board (a grid of squares that follows the base
map contract of ``tools/mapc/svgout.py``), so the tests need nothing outside the repository; the
tests that take a ``base`` also run on the real ``variants/standard/map.svg`` when it exists.
"""

from __future__ import annotations

import dataclasses
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.adjudication import run_phase
from judge.core.orders import Hold, UnitOrder, Waive
from judge.core.resolution import Outcome
from judge.core.types import UnitType
from judge.positions import parse_position
from judge.render import parse_base_map, render_cmd, render_svg, to_png
from judge.render.basemap import _line_subpaths
from judge.variants import find_variant, variants_dir

NS = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parent / "data" / "datc"
REAL_MAP = variants_dir() / "standard" / "map.svg"


def fake_map_svg(board) -> str:
    """A base map for ``board``: one square per province on a grid, anchors at the centres."""
    ids = sorted(board.provinces)
    cols = math.ceil(math.sqrt(len(ids) * 1.4))
    rows = math.ceil(len(ids) / cols)
    cell = 60
    w, h = cols * cell, rows * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           "<style>.land,.coast{fill:#efe4c6;stroke:#6b6154}.sea{fill:#bcd6ea;stroke:#7f9db5}"
           ".impassable{fill:#b9b2a6}text{font-size:9px;text-anchor:middle}</style>", '<g id="provinces">']
    anchors, labels = [], []
    for i, pid in enumerate(ids):
        p = board.provinces[pid]
        x, y = (i % cols) * cell, (i // cols) * cell
        out.append(f'<path id="p-{pid}" class="{p.terrain.value}" data-name="{p.name}" '
                   f'd="M{x} {y}h{cell}v{cell}h-{cell}z"/>')
        cx, cy = x + cell / 2, y + cell / 2
        anchors.append(f'<circle id="u-{pid}" cx="{cx}" cy="{cy}" r="0"/>')
        for k, coast in enumerate(p.coasts):
            anchors.append(f'<circle id="u-{pid}-{coast}" cx="{cx - 14 + 28 * k}" cy="{cy + 8}" r="0"/>')
        if p.is_supply_center:
            anchors.append(f'<circle id="c-{pid}" cx="{x + cell - 10}" cy="{y + cell - 10}" r="0"/>')
        labels.append(f'<text id="l-{pid}" x="{cx}" y="{y + 11}">{pid}</text>')
    out += ["</g>", '<g id="neutral"/>', '<g id="labels">', *labels, "</g>",
            '<g id="anchors" display="none">', *anchors, "</g>", "</svg>"]
    return "\n".join(out)


STANDARD = find_variant("standard")
FAKE = parse_base_map(fake_map_svg(STANDARD.board))
BASES = [pytest.param(FAKE, id="fake")]
if REAL_MAP.exists():
    BASES.append(pytest.param(None, id="real"))


def position_of(data: dict):
    return parse_position(yaml.safe_dump(data, sort_keys=False))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def ids(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id")}


def drawn(resolutions) -> list[int]:
    """The numbers of the orders the renderer should draw (by default)."""
    out = []
    for n, r in enumerate(resolutions, start=1):
        if not isinstance(r.order, UnitOrder) or isinstance(r.order, Waive):
            continue
        if r.outcome in (Outcome.ILLEGAL, Outcome.AMBIGUOUS, Outcome.INVALID):
            continue
        if isinstance(r.order, Hold) and r.reason.startswith("no order"):
            continue
        out.append(n)
    return out


def check_structure(svg: str, variant, position, resolutions=()) -> dict[str, ET.Element]:
    root = parse(svg)
    assert root.tag == NS + "svg"
    found = ids(root)
    for u in position.units:
        suffix = "-G" if u.kind is UnitType.GARRISON else ""
        assert f"unit-{u.power}-{u.province}{suffix}" in found, u
    unit_ids = [i for i in found if i.startswith("unit-")]
    assert len(unit_ids) == len(position.units)
    for d in position.dislodged:
        assert f"dislodged-{d.unit.power}-{d.unit.province}" in found
    orders = sorted(int(i[6:]) for i in found if re.fullmatch(r"order-\d+", i))
    assert orders == drawn(resolutions)
    for pid in variant.board.provinces:
        assert f"p-{pid}" in found
    assert "legend" in found and "title" in found
    for p in variant.powers:
        assert f"legend-{p}" in found
    assert not list(root.iter(NS + "script"))
    return found


# -- a start position with orders ----------------------------------------------------------------

OPENING = """\
England: F LON - NTH
England: F EDI - NWG
England: A LVP - YOR
France: A PAR - BUR
France: A MAR S A PAR - BUR
France: F BRE - MAO
Germany: A MUN - BUR
Germany: A BER H
Germany: F KIE - DEN
Italy: A VEN - TRI
Austria: F TRI S A VIE
Austria: A VIE - GAL
Russia: A WAR - GAL
Russia: F STP/SC - BOT
Turkey: F ANK - BLA
Russia: F SEV - BLA
"""


def start_report():
    return run_phase(STANDARD, STANDARD.start, OPENING)


@pytest.mark.parametrize("base", BASES)
def test_start_position_with_orders(base):
    report = start_report()
    res = report.resolutions()
    svg = render_svg(STANDARD, STANDARD.start, resolutions=res, base_map=base)
    found = check_structure(svg, STANDARD, STANDARD.start, res)
    # A move that failed is marked with a cross; one that succeeded is not.
    by_text = {r.order_text: n for n, r in enumerate(res, start=1)}
    assert f"order-{by_text['A MUN - BUR']}-mark" in found
    assert f"order-{by_text['F LON - NTH']}-mark" not in found
    assert "move" in found[f"order-{by_text['F LON - NTH']}"].get("class")
    # Every supply centre has a marker; owned ones say so.
    for pid in STANDARD.board.supply_centers():
        assert f"sc-{pid}" in found
    assert "owned" in found["sc-LON"].get("class") and "owned" not in found["sc-BEL"].get("class")
    assert found["title"].text == "Spring 1901 Movement"


@pytest.mark.parametrize("base", BASES)
def test_without_orders(base):
    svg = render_svg(STANDARD, STANDARD.start, base_map=base)
    check_structure(svg, STANDARD, STANDARD.start)


def test_deterministic_and_rounded():
    res = start_report().resolutions()
    a = render_svg(STANDARD, STANDARD.start, resolutions=res, base_map=FAKE)
    b = render_svg(STANDARD, STANDARD.start, resolutions=res, base_map=FAKE)
    assert a == b
    # The renderer's coordinates have at most one decimal.
    root = parse(a)
    for el in root.iter():
        for key in ("d", "cx", "cy", "r", "x", "y"):
            v = el.get(key)
            if v:
                assert not re.search(r"\d\.\d\d", v), (key, v)


def test_escaping():
    text = "England: F LON - <script>alert(1)</script>\nEngland: F EDI - NTH </title><script>x</script>"
    report = run_phase(STANDARD, STANDARD.start, text)
    svg = render_svg(STANDARD, STANDARD.start, resolutions=report.resolutions(),
                     title='<script>alert("t")</script> & "quotes"', base_map=FAKE, style={"illegal": "grey"})
    root = parse(svg)
    assert not list(root.iter(NS + "script"))
    assert "<script" not in svg
    assert ids(root)["title"].text == '<script>alert("t")</script> & "quotes"'


def test_illegal_orders_hidden_or_grey():
    report = run_phase(STANDARD, STANDARD.start, "England: F LON - PAR\nFrance: A PAR - BUR\n")
    res = report.resolutions()
    assert res[0].outcome is Outcome.ILLEGAL
    hidden = ids(parse(render_svg(STANDARD, STANDARD.start, resolutions=res, base_map=FAKE)))
    assert "order-1" not in hidden and "order-2" in hidden
    grey = ids(parse(render_svg(STANDARD, STANDARD.start, resolutions=res, base_map=FAKE, style={"illegal": "grey"})))
    assert "order-1" in grey and "illegal" in grey["order-1"].get("class")


def test_unknown_style_option():
    with pytest.raises(ValueError):
        render_svg(STANDARD, STANDARD.start, base_map=FAKE, style={"colour": "red"})


# -- retreats and adjustments ---------------------------------------------------------------------


RETREAT = {
    "variant": "standard", "phase": "Spring 1901 Retreat",
    "units": {"Italy": ["A TRI", "A VEN"], "Austria": ["A VIE"], "Russia": ["A GAL"]},
    "dislodged": {"Austria": {"F TRI": "VEN"}},
}


@pytest.mark.parametrize("base", BASES)
def test_retreat_phase(base):
    variant, position = position_of(RETREAT)
    report = run_phase(variant, position, "Austria: F TRI R ALB\n")
    res = report.resolutions()
    svg = render_svg(variant, position, resolutions=res, base_map=base)
    found = check_structure(svg, variant, position, res)
    options = sorted(i for i in found if i.startswith("retreat-option-Austria-TRI-"))
    assert options == ["retreat-option-Austria-TRI-ADR", "retreat-option-Austria-TRI-ALB"]
    assert "dislodged-unit-Austria-TRI" in found
    assert "retreat" in found["order-1"].get("class")


ADJUST = {
    "variant": "standard", "phase": "Winter 1901 Adjustment",
    "units": {"England": ["F NTH", "F NWG", "A YOR"], "Russia": ["A WAR", "A MOS", "A UKR", "F SEV", "F BOT"]},
    "supply_centers": {"England": ["LON", "EDI", "LVP", "NWY"], "Russia": ["MOS", "SEV", "WAR", "STP"]},
}


@pytest.mark.parametrize("base", BASES)
def test_adjustment_phase(base):
    variant, position = position_of(ADJUST)
    report = run_phase(variant, position, "England: Build F LON\nRussia: Remove A UKR\n")
    res = report.resolutions()
    svg = render_svg(variant, position, resolutions=res, base_map=base)
    found = check_structure(svg, variant, position, res)
    assert "build-England-LON" in found
    assert found["order-2"].find(NS + "path").get("class") == "disband-mark"
    legend = "".join(found["legend-England"].itertext())
    assert "4 centres, 3 units" in legend and "builds 1" in legend


def test_convoy_route_and_dotted_line():
    _, position = position_of({"variant": "standard", "phase": "Spring 1901 Movement",
                               "units": {"England": ["A LON", "F ENG", "F MAO", "F WES"]}})
    report = run_phase(STANDARD, position, "England: A LON - TUN\nEngland: F ENG C A LON - TUN\n"
                                           "England: F MAO C A LON - TUN\nEngland: F WES C A LON - TUN\n")
    res = report.resolutions()
    assert res[0].outcome is Outcome.SUCCESS
    found = check_structure(render_svg(STANDARD, position, resolutions=res, base_map=FAKE), STANDARD, position, res)
    arrow = found["order-1"].find(NS + "path")
    assert len(_line_subpaths(arrow.get("d"))[0][0]) > 10  # curved through the fleets


def _arrow_corners(svg: str, n: int) -> int:
    """How many corners order ``n``'s arrow has: 7 when drawn straight (two on each side of the
    shaft and three for the head), many more when curved through convoying fleets."""
    arrow = ids(parse(svg))[f"order-{n}"].find(NS + "path")
    return len(_line_subpaths(arrow.get("d"))[0][0])


@pytest.mark.parametrize(("units", "orders", "by_convoy"), [
    # DATC 6.G.8's rule: asked for a convoy, but the only convoying fleet (MAO) is on no chain
    # from Brest to Picardy, so the army moves by land.
    pytest.param({"France": ["A BRE", "F MAO"]},
                 "France: A BRE - PIC via convoy\nFrance: F MAO C A BRE - PIC\n", False, id="asked-no-chain"),
    # A foreign fleet offers a chain the army did not ask for: by land (DATC 6.G.6's intent).
    pytest.param({"England": ["A YOR"], "France": ["F NTH"]},
                 "England: A YOR - LON\nFrance: F NTH C A YOR - LON\n", False, id="foreign-unasked"),
    # The same foreign fleet, the convoy asked for: by convoy.
    pytest.param({"England": ["A YOR"], "France": ["F NTH"]},
                 "England: A YOR - LON via convoy\nFrance: F NTH C A YOR - LON\n", True, id="foreign-asked"),
    # A chain through the Channel: by convoy, MAO's convoy off the route included.
    pytest.param({"France": ["A BRE", "F MAO", "F ENG"]},
                 "France: A BRE - PIC via convoy\nFrance: F MAO C A BRE - PIC\nFrance: F ENG C A BRE - PIC\n",
                 True, id="asked-chain"),
])
def test_rule_convoy_intent_the_map_draws_the_route_the_adjudicator_used(units, orders, by_convoy):
    """DATC 6.G.8: the arrow of an army next to its destination is curved through the fleets
    exactly when the adjudicator moved it by convoy (its resolution's ``convoyed_by``), never by
    a rule of the renderer's own."""
    variant, position = position_of({"variant": "standard", "phase": "Spring 1901 Movement", "units": units})
    res = run_phase(variant, position, orders).resolutions()
    assert res[0].outcome is Outcome.SUCCESS
    assert (res[0].convoyed_by is not None) is by_convoy
    assert res[0].reason.endswith("by convoy") is by_convoy
    svg = render_svg(variant, position, resolutions=res, base_map=FAKE)
    check_structure(svg, variant, position, res)
    corners = _arrow_corners(svg, 1)
    assert corners > 10 if by_convoy else corners == 7


def test_units_dislodged_this_phase_are_outlined():
    _, position = position_of({"variant": "standard", "phase": "Spring 1901 Movement",
                               "units": {"Germany": ["A KIE", "A BER", "A SIL"], "Russia": ["A PRU"]}})
    report = run_phase(STANDARD, position, "Germany: A BER - PRU\nGermany: A KIE - BER\n"
                                           "Germany: A SIL S A BER - PRU\nRussia: A PRU - BER\n")
    found = ids(parse(render_svg(STANDARD, position, resolutions=report.resolutions(), base_map=FAKE)))
    assert "dislodged-now" in found["unit-Russia-PRU"].get("class")
    assert "dislodged-now" not in found["unit-Germany-BER"].get("class")


def test_garrison_symbol():
    from judge.core.types import Location, Position, Unit

    phase = STANDARD.start.phase
    units = (Unit("Italy", UnitType.GARRISON, Location("VEN")), Unit("Italy", UnitType.ARMY, Location("VEN")),
             Unit("Austria", UnitType.GARRISON, Location("TRI")))
    position = Position("standard", phase, units, {})
    found = check_structure(render_svg(STANDARD, position, base_map=FAKE), STANDARD, position)
    assert "garrison" in found["unit-Italy-VEN-G"].get("class")
    assert "army" in found["unit-Italy-VEN"].get("class")


def test_style_switches_and_missing_map(tmp_path, monkeypatch):
    found = ids(parse(render_svg(STANDARD, STANDARD.start, base_map=FAKE, style={"legend": False, "title": False})))
    assert "legend" not in found and "title" not in found and "unit-England-LON" in found
    from judge.core.errors import RenderError

    monkeypatch.setenv("JUDGE_VARIANTS", str(tmp_path))
    with pytest.raises(RenderError, match="no drawn map"):
        render_svg(STANDARD, STANDARD.start)


# -- PNG and the command ---------------------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("base", BASES)
def test_png(base):
    svg = render_svg(STANDARD, STANDARD.start, resolutions=start_report().resolutions(), base_map=base)
    w, h = png_size(to_png(svg))
    assert w == 1600 and h > 400
    assert png_size(to_png(svg, width=400))[0] == 400


def test_command(tmp_path, monkeypatch):
    pos = tmp_path / "position.yaml"
    pos.write_text(yaml.safe_dump({"variant": "standard", "phase": "Spring 1901 Movement",
                                   "units": {"France": ["A PAR", "A MAR"], "Germany": ["A MUN"]}}))
    orders = tmp_path / "orders.txt"
    orders.write_text("France: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR\n")
    import judge.render.svg as render

    real = render.load_base_map
    monkeypatch.setattr(render, "load_base_map", lambda v: FAKE if not REAL_MAP.exists() else real(v))
    runner = CliRunner()
    out = tmp_path / "map.svg"
    result = runner.invoke(render_cmd, [str(pos), str(orders), "-o", str(out)])
    assert result.exit_code == 0, result.output
    found = ids(parse(out.read_text()))
    assert {"order-1", "order-2", "order-3"} <= set(found) and "unit-France-PAR" in found
    png = tmp_path / "map.png"
    result = runner.invoke(render_cmd, [str(pos), "-o", str(png), "--width", "300"])
    assert result.exit_code == 0, result.output
    assert png_size(png.read_bytes())[0] == 300
    result = runner.invoke(render_cmd, [str(pos), "-o", str(tmp_path / "map.gif")])
    assert result.exit_code == 2
    orders.write_text("France: A PAR - BUR\nFrance: fly to the moon\n")
    result = runner.invoke(render_cmd, [str(pos), str(orders), "-o", str(out)])
    assert result.exit_code == 1


# -- every DATC position -----------------------------------------------------------------------------


def _datc_cases():
    for f in sorted(DATA.glob("6*.yaml")):
        for case in yaml.safe_load(f.read_text())["cases"]:
            yield case


DATC = list(_datc_cases())


@pytest.mark.parametrize("base", BASES)
def test_every_datc_position(base):
    assert len(DATC) == 167
    for case in DATC:
        variant, position = position_of(case["position"])
        res = run_phase(variant, position, case["orders"]).resolutions()
        svg = render_svg(variant, position, resolutions=res, base_map=base)
        try:
            check_structure(svg, variant, position, res)
        except AssertionError as exc:
            raise AssertionError(f"DATC {case['id']}: {exc}") from exc


def _drawn_box(group: ET.Element) -> tuple[float, float, float, float]:
    """The box round every point of a drawn group's paths and circles (read from the SVG)."""
    xs: list[float] = []
    ys: list[float] = []
    for el in group.iter():
        if el.tag == NS + "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif el.tag == NS + "path":
            for points, _ in _line_subpaths(el.get("d")):
                xs += [x for x, _ in points]
                ys += [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("name", ["standard", "europe1615", "machiavelli", "maharajah"])
def test_no_unit_covers_a_province_label(name):
    """Players read the province names on the map: a label that a unit symbol would cover is
    moved below it, so no label's box (its font size and length) meets a unit's drawn box."""
    variant = find_variant(name)
    root = parse(render_svg(variant, variant.start))
    fs = float(re.search(r"text\s*\{[^}]*font-size:\s*([0-9.]+)px", "".join(el.text or "" for el in root.iter(NS + "style"))).group(1))
    units = [_drawn_box(g) for g in root.iter(NS + "g") if (g.get("class") or "").startswith("unit ")]
    assert len(units) == len(variant.start.units)
    moved = 0
    for el in root.iter(NS + "text"):
        if not (el.get("id") or "").startswith("l-"):
            continue
        x, y = float(el.get("x")), float(el.get("y"))
        half = 0.3 * fs * len(el.text.strip())
        label = (x - half, y - 0.7 * fs, x + half, y + 0.2 * fs)
        for box in units:
            assert not (label[0] < box[2] and box[0] < label[2] and label[1] < box[3] and box[1] < label[3]), (el.get("id"), box)
        moved += "moved" in (el.get("class") or "")
    assert moved >= 5


def test_the_png_is_a_palette_image_that_looks_like_the_full_colour_one():
    """The map is stored with 256 colours: a quarter of the bytes, and each pixel within a few
    levels of the full-colour drawing (flat colours, lines and text survive exactly enough)."""
    from io import BytesIO

    from PIL import Image, ImageChops, ImageStat

    svg = render_svg(STANDARD, STANDARD.start, resolutions=start_report().resolutions())
    small, full = to_png(svg), to_png(svg, palette=False)
    with Image.open(BytesIO(small)) as a, Image.open(BytesIO(full)) as b:
        assert a.mode == "P" and a.size == b.size
        flat = Image.new("RGB", b.size, (255, 255, 255))
        flat.paste(b, mask=b.getchannel("A") if b.mode == "RGBA" else None)
        diff = ImageChops.difference(a.convert("RGB"), flat)
        assert max(ImageStat.Stat(diff).mean) < 2.0, ImageStat.Stat(diff).mean
        # Almost every pixel is exact or nearly so (anti-aliased edges are where the palette rounds).
        close = sum(diff.convert("L").point(lambda v: 255 if v <= 8 else 0).histogram()[255:])
        assert close / (a.size[0] * a.size[1]) > 0.97
    assert len(small) < len(full) / 2.5


@pytest.mark.parametrize("name", ["standard", "europe1615", "machiavelli", "maharajah"])
def test_the_png_is_drawn_as_cairosvg_draws_it(name):
    """``to_png`` draws a map in layers, the base map's heavy groups drawn once and kept (in
    memory, and on disk for the next process); put together, the layers are the map as cairosvg
    draws it whole, for every variant's map (Maharajah's with its magnified callout, which shows
    kept groups again by reference): no pixel more than a few levels off, and those only on
    anti-aliased edges, where one layer's rounding meets another's. Drawn three times: the kept
    layers drawn, then taken from memory, then read from disk."""
    from io import BytesIO

    import cairosvg
    from PIL import Image, ImageChops

    from judge.render import png

    variant = find_variant(name)
    orders = OPENING if name == "standard" else ""
    svg = render_svg(variant, variant.start, resolutions=run_phase(variant, variant.start, orders).resolutions())
    def pixels(png: bytes) -> Image.Image:
        with Image.open(BytesIO(png)) as image:
            flat = Image.new("RGB", image.size, (255, 255, 255))
            flat.paste(image, mask=image.getchannel("A") if image.mode == "RGBA" else None)
        return flat

    expected = pixels(cairosvg.svg2png(bytestring=svg.encode(), output_width=800))
    for run in range(3):
        if run == 2:
            png.forget()  # as a new process would: from the disk
        diff = ImageChops.difference(pixels(to_png(svg, width=800, palette=False)), expected).convert("L")
        levels = diff.histogram()
        assert sum(levels[17:]) == 0 and sum(levels[3:]) < expected.size[0] * expected.size[1] / 40, (name, run, diff.getbbox())


def test_the_base_maps_layers_are_kept_on_disk_by_what_they_are_drawn_from(tmp_path, monkeypatch):
    """A kept layer is a file named by a digest of what it is drawn from: the same map drawn
    again uses it (a damaged file is drawn again and replaced, never a reason to fail), another
    width has files of its own, and the folder keeps only the newest few. The owners' tints are
    named by what they are drawn from only, not by the units and orders drawn over them: the maps
    of a year use the same files."""
    from judge.render import png

    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    png.forget()
    layers = tmp_path / "layers"
    svg = render_svg(STANDARD, STANDARD.start)
    first = to_png(svg, width=300)
    files = sorted(layers.iterdir())
    assert len(files) == 3, "the background and provinces; the owners' tints; the neutral areas and borders"
    png.forget()
    files[0].write_bytes(b"judge-argb32-1\nnot pixels")
    assert to_png(svg, width=300) == first
    assert files[0].read_bytes().startswith(b"judge-argb32-1\n") and len(files[0].read_bytes()) > 100
    # Italy's armies and fleet gone, its centres still its own: the renderer's own style rules
    # change (no Italian unit to draw), the tints do not.
    fewer = dataclasses.replace(STANDARD.start, units=tuple(u for u in STANDARD.start.units if u.power != "Italy"))
    to_png(render_svg(STANDARD, fewer, resolutions=run_phase(STANDARD, fewer, OPENING).resolutions()), width=300)
    assert sorted(layers.iterdir()) == files
    to_png(svg, width=200)
    assert len(list(layers.iterdir())) == 6
    monkeypatch.setattr(png, "KEPT_FILES", 4)
    to_png(svg, width=100)
    assert len(list(layers.iterdir())) == 4
    png.forget()


def test_a_group_drawn_the_same_in_every_map_is_kept_like_the_base_map(tmp_path, monkeypatch):
    """Machiavelli's city values are the board's: its layer marks their group as drawn the same in
    every map, and the PNG keeps it with the base map's groups, named by what it is drawn from (so
    two positions share it); the units over it are drawn for each map."""
    from judge.mapkit import SAME_IN_EVERY_MAP
    from judge.render import png

    variant = find_variant("machiavelli")
    svg = render_svg(variant, variant.start)
    root = parse(svg)
    values = next(g for g in root.iter(NS + "g") if g.get("id") == "city-values")
    assert values.get(SAME_IN_EVERY_MAP) == "true"
    kept = [layer.document for layer in png._layers(svg) if layer.kept]
    assert any('id="city-values"' in doc for doc in kept)
    assert not any('id="units"' in doc for doc in kept)
    later = dataclasses.replace(variant.start, units=variant.start.units[1:])  # a unit fewer
    assert set(kept) & {layer.document for layer in png._layers(render_svg(variant, later)) if layer.kept}


def test_cairosvgs_parts_that_to_png_draws_with_are_as_pinned():
    """``to_png`` draws each layer with cairosvg's ``Tree`` and ``PNGSurface`` (not documented as
    its API: its documented ``svg2png`` writes a PNG, which would be read back) and takes the
    cairo image it drew on (``.cairo``, cairocffi's ``ImageSurface``, premultiplied ARGB32) to
    put the layers together. An upgrade of cairosvg that changes any of these fails here first
    (``pyproject.toml`` bounds it below 3)."""
    import cairocffi
    import cairosvg
    import cairosvg.parser
    import cairosvg.surface

    assert int(cairosvg.__version__.split(".")[0]) == 2
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5" width="10" height="5"><rect width="5" height="5" fill="#ff0000"/></svg>'
    surface = cairosvg.surface.PNGSurface(cairosvg.parser.Tree(bytestring=svg), None, 96, output_width=20).cairo
    assert isinstance(surface, cairocffi.ImageSurface) and surface.get_format() == cairocffi.FORMAT_ARGB32
    assert (surface.get_width(), surface.get_height()) == (20, 10)
    surface.flush()
    data = bytes(surface.get_data())
    red = bytes([0, 0, 255, 255]) if sys.byteorder == "little" else bytes([255, 255, 0, 0])
    assert data[:4] == red and data[15 * 4:16 * 4] == bytes(4), "red on the left, transparent on the right"
