"""Hardening, third round (issue 28): the Gamesmaster's command line. Each case the audit met
gives a clear message and exit code 2 (never 3, an internal error), and ``judge new`` refuses
what its own reader would refuse."""

from __future__ import annotations

import pytest

from judge.cli import main
from test_store_helpers import make_game, make_repo


def _run(argv: list[str], capsys) -> tuple[int, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out + err


@pytest.fixture
def league(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "league")
    monkeypatch.chdir(tmp_path / "league")
    return repo


def test_verify_a_ref_that_does_not_exist(league, capsys):
    make_game(league)
    code, said = _run(["verify", "games/g", "--ref", "nosuch"], capsys)
    assert code == 2 and "no commit 'nosuch'" in said and "internal error" not in said


def test_new_refuses_a_login_its_reader_would_refuse(league, capsys):
    code, said = _run(["new", "games/x", "--players", "France=bad_login!", "--now", "2026-01-01T00:00:00Z"], capsys)
    assert code == 2 and "not a GitHub login: 'bad_login!'" in said
    assert not (league.working_tree_dir and __import__("pathlib").Path(league.working_tree_dir, "games", "x").exists())


@pytest.mark.parametrize("where", ["../outside", "games/a/b", "elsewhere"])
def test_new_writes_only_a_game_folder_of_the_league(league, capsys, where):
    code, said = _run(["new", where, "--now", "2026-01-01T00:00:00Z"], capsys)
    assert code == 2 and "a game's folder is games/<game>" in said


def test_new_outside_a_repository_names_judge_init(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, said = _run(["new", "games/x", "--now", "2026-01-01T00:00:00Z"], capsys)
    assert code == 2 and "judge init" in said
    assert not (tmp_path / "games").exists()


def test_new_names_the_powers_nobody_plays(league, capsys):
    code, said = _run(["new", "games/x", "--players", "France=fran", "England=ed", "--now", "2026-01-01T00:00:00Z"], capsys)
    assert code == 0, said
    assert "note: no player for Austria, Germany, Italy, Russia, Turkey: in civil disorder" in said


def test_tick_refuses_a_number_of_phases_below_one(league, capsys):
    code, said = _run(["tick", "--max-phases", "-1"], capsys)
    assert code == 2 and "-1" in said


def test_a_league_name_with_markup_is_refused_and_never_reaches_a_page(tmp_path, capsys):
    code, said = _run(["init", str(tmp_path / "l"), "--name", "<script>alert(1)</script>"], capsys)
    assert code == 2 and "may not hold" in said
    # A name edited into mkdocs.yml by hand is stripped before the theme prints it.
    from judge.site.mkdocs_plugin import NavPlugin

    cfg = {"site_name": "Spring <script>alert(1)</script> & co", "docs_dir": str(tmp_path), "nav": [{"a": "b.md"}]}
    NavPlugin().on_config(cfg)
    assert cfg["site_name"] == "Spring alert(1) and co"
