"""The Gamesmaster's commands on a real repository: deadline, pause and resume, replace a player,
end a game by votes (draw, concession) or by decision. Each is one commit, or refused changing nothing."""

from __future__ import annotations

import pytest
import yaml
from click.testing import CliRunner

from judge.core.errors import StoreError
from judge.store.gm import end_game, parse_duration, pause, replace_player, resume, set_deadline
from judge.store.gm_commands import GM_COMMANDS
from judge.store.layout import Game, GitTree
from judge.store.settings import parse_time
from judge.store.tick import play_due, tick
from test_store_helpers import PLAYERS, T0, hours, make_game, repo, send_orders, snapshot  # noqa: F401

G = "games/g"
S01 = "1901-1-spring-movement"


def _game(repo) -> Game:
    return Game.load(GitTree(repo.head.commit), G)


def _phase(repo) -> dict:
    return yaml.safe_load(repo.head.commit.tree[f"{G}/{S01}/phase.yaml"].data_stream.read())


@pytest.fixture
def game(repo):
    make_game(repo)
    return repo


def test_parse_duration():
    assert parse_duration("1d12h") == hours(36) and parse_duration("90m") == hours(1.5)
    for bad in ("", "12", "tomorrow", "2x", "0h"):
        with pytest.raises(StoreError):
            parse_duration(bad)


def test_extending_the_deadline_is_one_commit_by_the_gamesmaster(game):
    with game.config_writer() as cw:
        cw.set_value("user", "name", "Grace GM")
        cw.set_value("user", "email", "gm@example.org")
    before = _game(game).info(S01).deadline
    set_deadline(game, G, T0 + hours(1), extend=hours(24))
    assert parse_time(_phase(game)["deadline"]) == before + hours(24)
    assert game.head.commit.author.name == "Grace GM"
    assert "deadline extended" in game.head.commit.message
    # The tick honours it: not due at the old deadline, due at the new one.
    assert tick(game, now=before + hours(1)).played == []
    assert tick(game, now=before + hours(25)).played == [f"g/{S01}"]


def test_a_deadline_in_the_past_is_refused_and_nothing_changes(game):
    was = snapshot(game)
    with pytest.raises(StoreError, match="not in the future.*tick --force"):
        set_deadline(game, G, T0 + hours(1), when=T0)
    with pytest.raises(StoreError, match="either --extend"):
        set_deadline(game, G, T0 + hours(1))
    assert snapshot(game) == was


def test_pause_keeps_the_time_left_and_resume_gives_it_back(game):
    deadline = _game(game).info(S01).deadline
    pause(game, G, deadline - hours(10))
    assert _game(game).settings.status == "paused"
    # Paused: the deadline passes, nothing is played.
    assert tick(game, now=deadline + hours(48)).played == []
    with pytest.raises(StoreError, match="already paused"):
        pause(game, G, deadline + hours(48))
    resume(game, G, deadline + hours(100))
    assert _game(game).settings.status == "active"
    assert parse_time(_phase(game)["deadline"]) == deadline + hours(110)
    assert "left_when_paused" not in _phase(game)
    with pytest.raises(StoreError, match="not paused"):
        resume(game, G, deadline + hours(100))
    # The comments of game.yaml are kept.
    assert "# active | paused | finished" in game.head.commit.tree[f"{G}/game.yaml"].data_stream.read().decode()


def test_a_new_player_takes_over_with_or_without_the_pending_orders(game):
    send_orders(game, f"{G}/{S01}/orders/france.txt", "A PAR - BUR\n", "fran", T0 + hours(1))
    replace_player(game, G, T0 + hours(2), "france", "newfran")
    g = _game(game)
    assert g.settings.players["France"] == "newfran"
    assert f"{G}/{S01}/orders/france.txt" in [b.path for b in game.head.commit.tree.traverse()]
    replace_player(game, G, T0 + hours(3), "France", "third", keep_orders=False)
    paths = [b.path for b in game.head.commit.tree.traverse()]
    assert f"{G}/{S01}/orders/france.txt" not in paths and f"{G}/{S01}/receipts/france.yaml" not in paths
    with pytest.raises(StoreError, match="already played by third"):
        replace_player(game, G, T0 + hours(3), "France", "Third")
    with pytest.raises(StoreError, match="not a power"):
        replace_player(game, G, T0 + hours(3), "Prussia", "x")
    # The new login's pull requests are now France's.
    send_orders(game, f"{G}/{S01}/orders/france.txt", "A PAR - PIC\n", "third", T0 + hours(4))
    assert b"PIC" in game.head.commit.tree[f"{G}/{S01}/orders/france.txt"].data_stream.read()


def test_a_draw_needs_every_surviving_power_s_vote(game):
    now = T0 + hours(1)
    for power, login in list(PLAYERS.items())[:-1]:
        send_orders(game, f"{G}/{power.lower()}".replace(f"{G}/", f"{G}/{S01}/orders/") + ".txt",
                    "# vote draw\n", login, now)
    last = list(PLAYERS)[-1]
    was = snapshot(game)
    with pytest.raises(StoreError, match=f"not every vote is in: {last} \\(no vote\\)"):
        end_game(game, G, now, "draw")
    assert snapshot(game) == was
    send_orders(game, f"{G}/{S01}/orders/{last.lower()}.txt", "A X H\n# Vote Draw\n", PLAYERS[last], now)
    end_game(game, G, now, "draw")
    g = _game(game)
    assert g.settings.status == "finished"
    ended = yaml.safe_load(game.head.commit.tree[f"{G}/game.yaml"].data_stream.read())["ended"]
    assert ended["how"] == "draw" and ended["powers"] == sorted(PLAYERS) and set(ended["votes"]) == set(PLAYERS)
    # Over: no tick plays it, no act applies.
    assert play_due(game.working_tree_dir, T0 + hours(500)) == []
    with pytest.raises(StoreError, match="has ended"):
        pause(game, G, now)


def test_a_concession_needs_the_votes_of_every_other_power(game):
    now = T0 + hours(1)
    for power, login in PLAYERS.items():
        if power != "Turkey":
            vote = "# vote concede turkey\n" if power != "Italy" else "# vote draw\n"
            send_orders(game, f"{G}/{S01}/orders/{power.lower()}.txt", vote, login, now)
    with pytest.raises(StoreError, match=r"Italy \('draw'\)"):
        end_game(game, G, now, "concession", winner="Turkey")
    send_orders(game, f"{G}/{S01}/orders/italy.txt", "# vote concede Turkey\n", "ida", now)
    end_game(game, G, now, "concession", winner="turkey")
    ended = yaml.safe_load(game.head.commit.tree[f"{G}/game.yaml"].data_stream.read())["ended"]
    assert ended["winner"] == "Turkey" and "Turkey" not in ended["votes"]


def test_the_gamesmaster_ends_a_game_with_a_reason(game):
    with pytest.raises(StoreError, match="say why"):
        end_game(game, G, T0, "ended")
    end_game(game, G, T0 + hours(1), "ended", reason="  players  left ")
    ended = yaml.safe_load(game.head.commit.tree[f"{G}/game.yaml"].data_stream.read())["ended"]
    assert ended == {"how": "ended", "at": "2025-01-06T23:00:00Z", "phase": "Spring 1901 Movement", "reason": "players left"}


def test_the_commands_on_the_command_line(game, monkeypatch):
    monkeypatch.chdir(game.working_tree_dir)
    run = CliRunner()
    cmds = {c.name: c for c in GM_COMMANDS}
    out = run.invoke(cmds["deadline"], [G, "--extend", "2d", "--now", "2025-01-07T00:00:00Z"])
    assert out.exit_code == 0 and "the deadline is now" in out.output, out.output
    out = run.invoke(cmds["replace"], [G, "England", "nobody"])
    assert out.exit_code == 0 and _game(game).settings.players["England"] is None
    out = run.invoke(cmds["end"], [G, "--draw", "--reason", "x"])
    assert out.exit_code != 0 and "one of them" in str(out.exception)
