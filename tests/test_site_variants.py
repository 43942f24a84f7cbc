"""The variants' own state on the published pages (issue 5 with issues 6, 7 and 8): a real site
built with ``mkdocs build --strict`` from small games of each variant played by the judge
(:mod:`judge.site.synthetic`), with state the random play does not reach (sieges, INFs,
declarations) written into the current position as the variants' READMEs document it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from judge.site.build import mkdocs_build
from judge.site.generate import generate
from judge.site.synthetic import write_game
from judge.variants import find_variant

PLANT = "<script>window.__pwned=1</script>"


def _last_position(games: Path, slug: str) -> Path:
    return sorted((games / slug).glob("*/position.yaml"))[-1]


def _add_state(path: Path, **keys: object) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.update(keys)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("variants")
    games = root / "games"
    write_game(games, "machiavelli", find_variant("machiavelli"), phases=8, seed=1, title="Machiavelli game")
    write_game(games, "europe", find_variant("europe1615"), phases=6, seed=1, title="Europe game")
    write_game(games, "maharajah", find_variant("maharajah"), phases=10, seed=1, title="Maharajah game")
    _add_state(_last_position(games, "machiavelli"), sieges={"PAV": {"by": "Venice", "unit": "PAV"}},
               loans={"Florence": [{"principal": 15, "interest": 8, "due": "Summer 1456"}]}, bankrupt=["Turkey"],
               rebellions={"PER": {"against": "Papacy", "city": False}}, famine=["FLO"],
               special_units={"Milan": {"A MIL": "elite_mercenaries"}})
    _add_state(_last_position(games, "europe"),
               infs={"SAV": {"France": 3, "Spain": 1}, "GEN": {"Spain": 2, "Austria": 2}},
               relations={"war": [["France", "Spain"]], "alliances": [["Austria", "Sweden"]], "neutral": ["Dutch"]},
               declarations=[{"power": "England", "kind": "war", "targets": ["Dutch"], "amount": 0}],
               transfers={"MIL": "Spain"}, markers={"BOH": "black"}, revolts={"NET": {"power": "Dutch", "left": 2}},
               new_states=["NAP"], scores={"year": 1625, "final": False, "points": {"Spain": 30, "France": 28},
                                           "objectives": {"Spain": ["spanish_road"]}})
    _add_state(_last_position(games, "maharajah"), home_claims={"AGR": {"power": "Gondwana", "since": 1503}})
    generate(games, root / "src")
    mkdocs_build(root / "src", root / "site")
    return root


def _page(root: Path, slug: str, page: str = "index") -> str:
    return (root / "site" / "games" / slug / f"{page}.html").read_text(encoding="utf-8")


def _rows(page: str, heading: str) -> list[list[str]]:
    """The rows of the first table after ``heading`` (cells as text)."""
    at = re.search(r"<h2[^>]*>" + re.escape(html.escape(heading, quote=False)), page).end()
    table = page[at: page.index("</table>", at)]
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        rows.append([html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tr, re.S)])
    return rows


def test_machiavelli_game_page_shows_treasuries_income_by_source_and_sieges(built: Path) -> None:
    """Issue 6 pages: treasuries, income by source (from the position's ``income``), sieges."""
    games = built / "games" / "machiavelli"
    pos = yaml.safe_load(_last_position(built / "games", "machiavelli").read_text())
    page = _page(built, "machiavelli")
    treasury = {r[0]: r[1] for r in _rows(page, "Treasuries")[1:]}
    assert treasury == {p: str(v) for p, v in pos["treasury"].items()}
    head, *rows = _rows(page, "Income by source")
    assert head[:5] == ["Power", "Provinces", "Cities", "Seas", "Variable"] and head[-1] == "Total"
    for r in rows:
        rec = pos["income"][r[0]]
        assert r[1:5] == [str(rec["provinces"]), str(rec["cities"]), str(rec["seas"]), str(rec["variable"])]
        assert int(r[-1]) == rec["total"] == sum(rec[k] for k in ("provinces", "cities", "seas", "variable"))
    assert _rows(page, "Sieges")[1] == ["Pavia", "Venice", "PAV"]
    assert (games / "game.yaml").is_file()


def test_machiavelli_income_phase_page_shows_the_income_paid(built: Path) -> None:
    """The Winter income phase's page shows what it paid, by source."""
    income_pages = sorted((built / "site" / "games" / "machiavelli").glob("*-winter-income.html"))
    assert income_pages
    page = income_pages[0].read_text(encoding="utf-8")
    head, *rows = _rows(page, "Income by source")
    assert "Dice" in head and len(rows) == 8


def test_europe1615_pages_show_inf_table_alignments_declarations_and_treasuries(built: Path) -> None:
    """Issue 7 pages: the INF table with each state's alignment (the variant's own ``status``),
    the declarations in force and those made, the treasuries."""
    page = _page(built, "europe")
    head, *rows = _rows(page, "Influence (INF table) and alignments")
    by_state = {r[0]: dict(zip(head, r)) for r in rows}
    savoy = next(v for k, v in by_state.items() if k.startswith("Sav"))
    assert savoy["France"] == "3" and savoy["Spain"] == "1" and savoy["Alignment"] == "France"
    genoa = next(v for k, v in by_state.items() if k.startswith("Gen"))
    assert genoa["Alignment"] == "neutral"
    assert "At war: France and Spain" in page and "Allied: Austria, Sweden" in page and "Neutral: Dutch" in page
    assert "England: war — Dutch" in page
    assert {r[0] for r in _rows(page, "Treasuries")[1:]} == {"Austria", "Sweden", "Denmark", "Spain", "France", "Dutch", "England"}


def test_europe1615_state_names_are_escaped(built: Path) -> None:
    """Nothing in a position's state runs as script: a planted state name is refused when the
    position file is read (with its line), and a name that reached the state anyway is shown as
    text by the pages' sections."""
    import dataclasses

    from judge.core.errors import PositionError
    from judge.positions import parse_position
    from judge.site.state_sections import state_sections
    from judge.variants.europe1615.position_state import Relations

    variant = find_variant("europe1615")
    text = _last_position(built / "games", "europe").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["infs"] = {**data["infs"], PLANT: {"France": 1}}
    with pytest.raises(PositionError, match="is not a minor state") as refused:
        parse_position(yaml.safe_dump(data, sort_keys=False), "position.yaml", variant)
    assert "position.yaml:" in str(refused.value.where)
    pos = parse_position(text, "position.yaml", variant)[1]
    planted = pos.evolve(state=dataclasses.replace(pos.state, relations=Relations(war=((PLANT, "Spain"),))))
    body = "\n".join(s["body"] for s in state_sections(variant, planted))
    assert PLANT not in body and "&lt;script&gt;window.\\_\\_pwned=1&lt;/script&gt;" in body
    assert PLANT not in _page(built, "europe")


def test_maharajah_page_shows_acquired_home_centres(built: Path) -> None:
    """Issue 8 pages: home centres acquired (seed 004 §3), from the variant's ``effective_homes``,
    and the centres being held towards a new home."""
    from judge.variants.maharajah.rules import effective_homes  # the expected figures: the rules' own
    from judge.positions import parse_position

    variant = find_variant("maharajah")
    pos = parse_position(_last_position(built / "games", "maharajah").read_text(), "position.yaml", variant)[1]
    expected = {}
    for p, cs in effective_homes(variant, pos).items():
        gained = [variant.board.provinces[c].name for c in cs if c not in variant.homes(p)]
        if gained:
            expected[str(p)] = ", ".join(gained)
    page = _page(built, "maharajah")
    rows = {r[0]: r[1] for r in _rows(page, "Home centres")[1:]} if expected else {}
    assert {p: v for p, v in rows.items() if v != "—"} == expected
    assert "Centres being held towards a new home" in page and "Gondwana, since 1503" in page


def test_standard_game_has_no_variant_sections(tmp_path: Path) -> None:
    """A variant without state keys gets none of these sections."""
    write_game(tmp_path / "games", "std", find_variant("standard"), phases=3, seed=2, title="Std")
    generate(tmp_path / "games", tmp_path / "src")
    text = (tmp_path / "src" / "games" / "std" / "index.md").read_text()
    for title in ("Treasuries", "Income by source", "Sieges", "Influence", "Declarations", "Home centres"):
        assert f"## {title}" not in text


def test_europe1615_pages_show_transfers_markers_revolts_new_states_and_scores(built: Path) -> None:
    """Issue 7 pages: transfers of control announced, confessional markers and revolts, new
    pliant minor states, and the last scoring with the objectives met."""
    page = _page(built, "europe")
    head, *rows = _rows(page, "Transfers of control announced (effective in the Winter)")
    assert len(rows) == 1 and rows[0][0].startswith("Mil") and rows[0][1] == "Spain"
    assert "black marker" in page and "in revolt against Dutch, 2 movement phase(s) left" in page
    assert "New pliant minor states" in page
    head, *rows = _rows(page, "Mid-game scoring, 1625")
    assert rows[0][:2] == ["Spain", "30"] and rows[0][2] == "spanish_road" and rows[1][:2] == ["France", "28"]


def test_machiavelli_pages_show_loans_rebellions_famine_and_special_units(built: Path) -> None:
    """Issue 6 pages: the bank's loans and defaulters, rebellions and famine, special units."""
    page = _page(built, "machiavelli")
    head, *rows = _rows(page, "Loans from the bank")
    assert rows == [["Florence", "15", "8", "Summer 1456"]]
    assert "Defaulted (the bank lends them nothing): Turkey" in page
    assert "rebellion against Papacy (province)" in page and "Famine in Florence" in page
    head, *rows = _rows(page, "Special units")
    assert rows == [["Milan", "A MIL", "elite mercenaries"]]
