"""Maps of the variants: each variant's drawn map keeps the base map contract for its board, and
the renderer draws each variant's own state from the documented keys of ``Position.extra``:

- Machiavelli: province and city control apart (``province_control`` fills the province,
  ``city_control`` colours the city marker), a garrison symbol per garrison (the powers' ``G``
  units and the ``autonomous`` ones), a siege mark per entry of ``sieges``, city values;
- Europe 1615: minor states hatched when aligned (from ``infs``), cross-hatched when neutral,
  untouched when unaligned, edged in the holder's colour when held (its INFs suspended);
  confessional and capture markers (white, red, black) as badges; the minor states counted
  together in the legend;
- Maharajah: the navigable rivers drawn bold; a river convoy as visible as a sea convoy.

These run on the committed ``variants/*/map.svg`` (no geodata needed).
"""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET

import pytest
import yaml

from judge.adjudication import run_phase
from judge.core.types import UnitType
from judge.positions import format_position, parse_position
from judge.mapkit import mix as _mix
from judge.render import load_base_map, render_svg, to_png
from judge.variants import find_variant, variants_dir

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = ("standard", "machiavelli", "maharajah", "europe1615")


def ids(svg: str) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in ET.fromstring(svg).iter() if el.get("id")}


def style_of(el: ET.Element) -> dict[str, str]:
    return dict(part.split(":", 1) for part in (el.get("style") or "").split(";") if ":" in part)


def start(name: str):
    variant = find_variant(name)
    if name == "machiavelli":
        from judge.variants.machiavelli.rules import start_position

        return variant, start_position(variant)
    if name == "europe1615":
        from judge.variants.europe1615.state import start_position

        return variant, start_position(variant)
    return variant, variant.start


def with_data(variant, position, **changes):
    """The position re-read from its file with some top-level keys changed."""
    data = yaml.safe_load(format_position(position))
    data.update(changes)
    return parse_position(yaml.safe_dump(data, sort_keys=False), variant=variant)[1]


# -- the drawn maps ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_map_has_every_province_label_and_anchor(name):
    """Base map contract (tools/mapc/README.md): a region, a label and a unit anchor per province,
    an anchor per separate coast and a centre marker anchor per supply centre."""
    variant = find_variant(name)
    text = (variants_dir() / name / "map.svg").read_text(encoding="utf-8")
    found = {el.get("id") for el in ET.fromstring(text).iter() if el.get("id")}
    board = variant.board
    for pid, province in board.provinces.items():
        assert {f"p-{pid}", f"l-{pid}", f"u-{pid}"} <= found, pid
        for coast in province.coasts:
            assert f"u-{pid}-{coast}" in found, (pid, coast)
    for pid in board.supply_centers():
        assert f"c-{pid}" in found, pid
    assert "<marker" not in text and "<filter" not in text


@pytest.mark.parametrize("name", VARIANTS)
def test_start_renders_within_cairosvg_limits(name):
    """Every variant's start renders: a symbol per unit, no markers or filters, px font sizes only."""
    variant, position = start(name)
    svg = render_svg(variant, position)
    found = ids(svg)
    for u in position.units:
        suffix = "-G" if u.kind is UnitType.GARRISON else ""
        assert f"unit-{u.power}-{u.province}{suffix}" in found, u
    assert "<marker" not in svg and "<filter" not in svg
    sizes = re.findall(r"font-size:([^;\"]+)", svg)
    assert sizes and all(s.endswith("px") for s in sizes)


# -- Machiavelli ------------------------------------------------------------------------------------


def machiavelli_position():
    variant, position = start("machiavelli")
    data = yaml.safe_load(format_position(position))
    data["phase"] = "Spring 1454 Movement"
    data["units"]["Milan"] = ["A MAN", "A MIL", "A PAV"]
    data["units"]["Venice"] = ["F DAL", "A PAD", "G PAD", "G VEN", "A VER"]
    data["units"]["Florence"] = ["A SIE", "A FLO", "F PSA"]
    data["province_control"].update({"MAN": "Milan", "SIE": "Florence", "CRE": "Venice"})
    data["sieges"] = {"MAN": {"by": "Milan", "unit": "MAN"}, "SIE": {"by": "Florence", "unit": "SIE"}}
    return variant, parse_position(yaml.safe_dump(data, sort_keys=False), variant=variant)[1]


def test_machiavelli_province_and_city_control_drawn_apart():
    """Seed 001, control of provinces and cities: Cremona's province is Venetian while its city
    stays Milanese; the province is filled in Venice's tint, the city marker in Milan's colour."""
    variant, position = machiavelli_position()
    found = ids(render_svg(variant, position))
    venice, milan = variant.powers["Venice"].colour, variant.powers["Milan"].colour
    assert style_of(found["p-CRE"])["fill"] == _mix(venice, "#ffffff", 0.45)
    marker = next(found["sc-CRE"].iter(NS + "circle"))
    assert style_of(marker)["fill"] == milan
    # An autonomous city's marker is not white like an uncontrolled one.
    assert style_of(next(found["sc-FER"].iter(NS + "circle")))["fill"] != "#f5f2ea"


def test_machiavelli_a_garrison_symbol_per_garrison():
    """Rules §Garrisons and §Autonomous garrisons: every garrison, a power's or autonomous, is a
    tower of its own; beside a field unit in the same city it does not hide it."""
    variant, position = machiavelli_position()
    svg = render_svg(variant, position)
    found = ids(svg)
    garrisons = [u for u in position.units if u.kind is UnitType.GARRISON]
    from judge.variants.machiavelli.state import state_of

    autonomous = state_of(position).autonomous
    towers = [el for el in found.values() if el.tag == NS + "g" and "garrison" in (el.get("class") or "").split()]
    assert len(towers) == len(garrisons) + len(autonomous)
    for city in autonomous:
        assert f"garrison-Autonomous-{city}" in found
    # Venice's garrison and army in Padua stand apart.
    army = next(found["unit-Venice-PAD"].iter(NS + "path")).get("d")
    tower = next(found["unit-Venice-PAD-G"].iter(NS + "path")).get("d")
    assert army != tower


def test_machiavelli_a_siege_mark_per_siege():
    """Rules §Sieges: each city in ``sieges`` is ringed in the besieger's colour; no other is."""
    variant, position = machiavelli_position()
    found = ids(render_svg(variant, position))
    marks = sorted(i for i in found if i.startswith("siege-"))
    assert marks == ["siege-MAN", "siege-SIE"]
    ring = list(found["siege-MAN"].iter(NS + "circle"))[-1]
    assert style_of(ring)["stroke"] == variant.powers["Milan"].colour
    # Without sieges, no mark.
    _, plain = start("machiavelli")
    assert not [i for i in ids(render_svg(variant, plain)) if i.startswith("siege-")]


def test_machiavelli_city_values_shown():
    """Seed 001, income: each city's value (map.txt ``city=N``) is written by its marker."""
    variant, position = machiavelli_position()
    found = ids(render_svg(variant, position))
    cities = {pid: p.flags["city"] for pid, p in variant.board.provinces.items() if p.flags.get("city")}
    assert cities
    for pid, value in cities.items():
        assert found[f"city-value-{pid}"].text == str(value)


# -- Europe 1615 ------------------------------------------------------------------------------------


def europe_position(**infs):
    variant, position = start("europe1615")
    return variant, with_data(variant, position, infs=infs)


def test_europe1615_aligned_neutral_and_unaligned_states():
    """Seed 002, Alignments and Neutrality: a state where one power holds at least half the INFs
    is hatched in its colour; two powers equally invested make it neutral (grey cross-hatching);
    a state without INFs is left plain."""
    variant, position = europe_position(BAV={"Austria": 6}, VEN={"Spain": 3, "France": 3}, POLN={"Austria": 8, "Spain": 2})
    svg = render_svg(variant, position)
    found = ids(svg)
    assert found["state-BAV"].get("class") == "state aligned"
    assert style_of(found["state-BAV-BAV"])["fill"] == "url(#hatch-Austria)"
    assert style_of(found["state-BAV-BAV"])["stroke"] == variant.powers["Austria"].colour
    pattern = found["hatch-Austria"]
    assert pattern.tag == NS + "pattern" and pattern.get("patternTransform") is None
    assert found["state-VEN"].get("class") == "state neutral"
    assert style_of(found["state-VEN-VEN"])["fill"] == "url(#hatch-neutral)"
    # A large state is hatched over all its provinces.
    poland = variant.data["states"]["POLN"]["provinces"]
    assert {f"state-POLN-{p}" for p in poland} <= set(found)
    assert "state-SAX" not in found and "state-MEC" not in found


def test_europe1615_confessional_markers():
    """Seed 002, Confessional markers: the Papal State starts with a Catholic marker; Protestant
    INFs alone give a Protestant one; a state with no marker gets no badge."""
    variant, position = europe_position(SAX={"Sweden": 4}, BAV={"Austria": 3, "Sweden": 2})
    found = ids(render_svg(variant, position))
    assert found["marker-PAPL"].get("class") == "confession catholic"
    assert found["marker-SAX"].get("class") == "confession protestant"
    assert next(found["marker-SAX"].iter(NS + "text")).text == "P"
    assert "marker-BAV" not in found  # 3 Catholic against 2 Protestant INFs: no marker
    assert "marker-MEC" not in found


def test_europe1615_legend_counts_minor_states_together():
    """The legend lists the seven powers and one entry for the minor states (pseudo-powers)."""
    variant, position = start("europe1615")
    found = ids(render_svg(variant, position))
    legend = sorted(i for i in found if i.startswith("legend-") and found[i].get("class") == "legend-entry")
    playable = [p for p, info in variant.powers.items() if info.playable]
    assert legend == sorted([f"legend-{p}" for p in playable] + ["legend-Minor_states"])
    text = "".join(found["legend-Minor_states"].itertext())
    minors = [p for p, info in variant.powers.items() if not info.playable]
    centres = sum(1 for owner in position.supply_centers.values() if owner in minors)
    assert f"{centres} centres" in text
    assert "legend-note-1" in found


def test_europe1615_domains_tinted():
    """Seed 002, territorial domains: a power's provinces without a centre (France's Champagne)
    are filled in a light tint of its colour, lighter than its centres."""
    variant, position = start("europe1615")
    found = ids(render_svg(variant, position))
    france = variant.powers["France"].colour
    assert style_of(found["p-PAR"])["fill"] == _mix(france, "#ffffff", 0.45)
    assert style_of(found["p-CHA"])["fill"] == _mix(france, "#ffffff", 0.67)


# -- Maharajah --------------------------------------------------------------------------------------


def test_maharajah_rivers_drawn_bold():
    """Seed 004, navigable rivers: every river of the base map is drawn, in a stroke wide enough
    to read next to the borders."""
    variant, position = start("maharajah")
    base_rivers = {el.get("id") for el in load_base_map(variant).root.iter() if el.get("class") == "river"}
    assert base_rivers
    found = ids(render_svg(variant, position))
    for rid in base_rivers:
        width = float(style_of(found[rid])["stroke-width"])
        assert width >= 2.5, rid


# -- PNG --------------------------------------------------------------------------------------------

ORDERS = {
    "machiavelli": "Milan: A MAN besiege\nMilan: A MIL - CRE\nMilan: A PAV S A MIL - CRE\nVenice: A VER - MAN\n",
    "europe1615": "France: A PAR - CHA\nFrance: A NORM S A PAR - CHA\nSpain: A LUX - LOR\nSweden: F STO - CBA\n",
    "maharajah": "",
}


@pytest.mark.parametrize("name", ["machiavelli", "europe1615", "maharajah"])
def test_variant_png_with_orders(name):
    """cairosvg draws each variant's map with its own marks (patterns, badges, towers, rings)."""
    if name == "machiavelli":
        variant, position = machiavelli_position()
    elif name == "europe1615":
        variant, position = europe_position(BAV={"Austria": 6}, VEN={"Spain": 3, "France": 3})
    else:
        variant, position = start(name)
    report = run_phase(variant, position, ORDERS[name])
    assert not report.unreadable
    svg = render_svg(variant, position, resolutions=report.resolutions())
    data = to_png(svg, width=400)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24])[0] == 400


def test_rules_machiavelli_own_orders_are_drawn_as_tags():
    """Rules §Sieges: a besiege order (an order of the variant's own) is drawn as its verb in a tag
    under the unit, in the power's colour: players see every order of the phase on the map."""
    variant, position = machiavelli_position()
    report = run_phase(variant, position, ORDERS["machiavelli"])
    assert not report.unreadable
    root = ET.fromstring(render_svg(variant, position, resolutions=report.resolutions()))
    tags = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "besiege" in (g.get("class") or "").split()]
    assert len(tags) == 1
    texts = [t.text for t in tags[0].iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["besiege"]
    assert tags[0].get("data-order", "").endswith("besiege")
    # The tag covers no province label (a label in its way moves).
    rect = next(tags[0].iter("{http://www.w3.org/2000/svg}rect"))
    x0, y0 = float(rect.get("x")), float(rect.get("y"))
    x1, y1 = x0 + float(rect.get("width")), y0 + float(rect.get("height"))
    for el in root.iter("{http://www.w3.org/2000/svg}text"):
        if (el.get("id") or "").startswith("l-"):
            x, y = float(el.get("x")), float(el.get("y"))
            half = 0.3 * 11 * len(el.text.strip())
            assert not (x - half < x1 and x0 < x + half and y - 8 < y1 and y0 < y + 2), el.get("id")


# -- fixes: river convoys, Europe 1615 capture markers and held states, the Hooghly mouth -----------


def test_maharajah_river_convoy_drawn_as_visibly_as_a_sea_convoy():
    """Seed 004 §2, clarification 3: a river fleet's convoy (F BEN, on land among the bold rivers)
    gets the same dotted ring as a sea fleet's (F BOB) and, under it, a pale halo, so that it reads
    as clearly against the land as a sea convoy does against the sea."""
    variant = find_variant("maharajah")
    position = parse_position("variant: maharajah\nphase: Spring 1501 Movement\nunits:\n"
                              "  Gondwana: [F BEN, A ASS, F BOB, F NIS]\n", variant=variant)[1]
    report = run_phase(variant, position, "Gondwana: F BEN C A ASS - JAF\nGondwana: A ASS - JAF\n"
                                          "Gondwana: F BOB C A ASS - JAF\nGondwana: F NIS C A ASS - JAF\n")
    assert not report.unreadable
    found = ids(render_svg(variant, position, resolutions=report.resolutions()))
    river = next(g for g in found.values() if g.get("data-order") == "F BEN C A ASS - JAF")
    sea = next(g for g in found.values() if g.get("data-order") == "F BOB C A ASS - JAF")
    assert "river-convoy" in river.get("class").split() and "river-convoy" not in sea.get("class").split()
    rings = [[style_of(c) for c in g.iter(NS + "circle") if c.get("class") == "ring"] for g in (river, sea)]
    assert rings[0] == rings[1] and rings[0]
    halo = [c for c in river.iter(NS + "circle") if c.get("class") == "halo"]
    assert len(halo) == 1 and style_of(halo[0])["stroke"] == "#ffffff"
    assert float(style_of(halo[0])["stroke-width"]) > float(rings[0][0]["stroke-width"])


def europe_captures():
    """LOR (Spanish INFs) held by France; NET in revolt against the Dutch; MIL captured by a
    power of its own confession (white); HES's revolt over (black); SAX with Protestant INFs."""
    variant, position = start("europe1615")
    data = yaml.safe_load(format_position(position))
    centres = data["supply_centers"]
    for owner in list(centres):
        centres[owner] = [c for c in centres[owner] if c not in ("LOR", "NET")]
    centres.setdefault("France", []).append("LOR")
    centres.setdefault("Dutch", []).append("NET")
    data["infs"] = {"LOR": {"Spain": 4}, "SAX": {"Sweden": 4}}
    data["revolts"] = {"NET": {"power": "Dutch", "left": 3}}
    data["markers"] = {"MIL": "white", "HES": "black"}
    return variant, parse_position(yaml.safe_dump(data, sort_keys=False), variant=variant)[1]


def test_europe1615_capture_markers_red_white_black_drawn():
    """Seed 002, Religious rebellion: after a capture a centre carries a white marker (captor of
    its confession), a red one while it revolts (``revolts``), a black one once the revolt is over
    (``markers``); each is drawn as a badge, so a revolt can be seen on the map."""
    from judge.variants.europe1615.state import markers

    variant, position = europe_captures()
    assert {p: m for p, m in markers(variant, position).items() if m in ("white", "red", "black")} == \
        {"NET": "red", "MIL": "white", "HES": "black"}
    found = ids(render_svg(variant, position))
    for pid, colour, fill in (("NET", "red", "#d7191c"), ("MIL", "white", "#ffffff"), ("HES", "black", "#111111")):
        badge = found[f"capture-marker-{pid}"]
        assert badge.get("class") == f"capture {colour}"
        assert style_of(next(badge.iter(NS + "circle")))["fill"] == fill
    assert found["marker-SAX"].get("class") == "confession protestant"
    assert "marker-LOR" not in found  # a held state's marker is suspended with its INFs
    assert "R red" in "".join(found["legend-note-2"].itertext())


def test_europe1615_held_state_not_hatched_in_its_suspended_influence():
    """Seed 002, Securing control: LOR held by France keeps its Spanish INFs in suspension; it is
    not hatched Spanish, but edged (dashed) in France's colour, its holder."""
    variant, position = europe_captures()
    found = ids(render_svg(variant, position))
    assert found["state-LOR"].get("class") == "state controlled"
    style = style_of(found["state-LOR-LOR"])
    assert style["fill"] == "none" and style["stroke"] == variant.powers["France"].colour
    assert "hatch-Spain" not in found
    assert style_of(found["p-LOR"])["fill"] == _mix(variant.powers["France"].colour, "#ffffff", 0.45)


def test_maharajah_hooghly_mouth_callout_magnifies_the_river_borders():
    """Seed 004, clarification 5 (F Benares - Sambalpur against F Sambalpur's river convoy): the
    river borders of Benares, Sambalpur and Bengal at the Hooghly mouth are shown again in a
    callout, magnified, by reference to the drawn provinces, borders, rivers and labels (no id
    copied), placed clear of every unit anchor, centre and label of the map."""
    from judge.variants.maharajah.layer import MaharajahLayer

    variant, position = start("maharajah")
    svg = render_svg(variant, position)
    root = ET.fromstring(svg)
    found = ids(svg)
    view = found["callout-hooghly-view"]
    assert view.get("clip-path") == "url(#hooghly-clip)" and "scale(2)" in view.get("transform")
    refs = [u.get("href") for u in view.iter(NS + "use")]
    assert refs == ["#provinces", "#borders", "#rivers", "#labels"]
    all_ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(all_ids) == len(set(all_ids))
    sx, sy, sw, sh = MaharajahLayer.CALLOUT["source"]
    base = load_base_map(variant)
    for pid in ("BEN", "SBA"):
        x, y = base.anchors[f"u-{pid}"]
        assert sx <= x <= sx + sw and sy <= y <= sy + sh, pid
    ax, ay = MaharajahLayer.CALLOUT["at"]
    k = MaharajahLayer.CALLOUT["scale"]
    points = list(base.anchors.values()) + [(float(el.get("x")), float(el.get("y"))) for el in base.root.iter()
                                            if (el.get("id") or "").startswith("l-") and el.get("x")]
    for x, y in points:
        assert not (ax - 10 < x < ax + sw * k + 10 and ay - 10 < y < ay + sh * k + 10), (x, y)
    data = to_png(svg, width=400)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
