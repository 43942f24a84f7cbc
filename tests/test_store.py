"""Games in a git repository: a year of play by pull request, the deadline job, atomicity, replays.

Every test works on a real repository in a temporary folder (gitpython), with the clock given.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from judge.core.errors import StoreError
from judge.positions import format_position, parse_position
from judge.store import artifacts, transaction
from judge.store.commands import COMMANDS
from judge.store.layout import GitTree, phase_folder
from judge.store.settings import format_time, parse_settings, parse_time
from judge.store.tick import play_due, tick
from judge.store.verify import verify_game
from judge.variants import find_variant
from test_store_helpers import PLAYERS, T0, said, hours, make_game, make_repo, pr_commit, repo, send_orders, snapshot  # noqa: F401

G = "games/g"
S01, F01, R01, W01, S02, F02 = ("1901-1-spring-movement", "1901-3-fall-movement", "1901-4-fall-retreat",
                                "1901-5-winter-adjustment", "1902-1-spring-movement", "1902-3-fall-movement")

SPRING_1901 = {
    "Austria": "A VIE - GAL\nA BUD - SER\nF TRI - ALB\n",
    "England": "F LON - NTH\nF EDI - NWG\nA LVP - YOR\n",
    "France": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n# ready\n",
    "Germany": "A BER - KIE\nA MUN - RUH\nF KIE - DEN\n",
    "Italy": "A ROM - APU\nA VEN H\nF NAP - ION\n",
    "Russia": "A MOS - UKR\nA WAR - GAL\nF SEV - RUM\nF STP/SC - BOT\n",
    "Turkey": "F ANK - BLA\nA CON - BUL\nA SMY - ARM\n",
}
FALL_1901 = {
    "Austria": "F ALB - GRE\nA SER S A BUL - RUM\nA VIE H\n",
    "England": "F NWG - NOR\nF NTH H\nA YOR H\n",
    "France": "A BUR - BEL\nA SPA H\nF MAO - POR\n",
    "Germany": "A RUH - HOL\nF DEN H\nA KIE H\n",
    "Italy": "F ION C A APU - TUN\nA APU - TUN via convoy\nA VEN H\n",
    "Russia": "F BOT - SWE\nA UKR S F RUM\nA WAR H\nF RUM H\n",
    "Turkey": "A BUL - RUM\nF BLA S A BUL - RUM\nA ARM H\n",
}
WINTER_1901 = {  # Italy sends nothing: civil disorder (its build is waived)
    "Austria": "Build A BUD\nBuild F TRI\n",
    "England": "Build F LON\n",
    "France": "Build A PAR\nBuild A MAR\nBuild F BRE\n",
    "Germany": "Build A BER\nBuild A MUN\n",
    "Russia": "Build F STP/NC\n",
    "Turkey": "Build F ANK\n",
}


def order_path(folder: str, power: str) -> str:
    return f"{G}/{folder}/orders/{power.lower()}.txt"


def results(repo, folder: str) -> dict:
    return yaml.safe_load((Path(repo.working_tree_dir) / G / folder / "results.yaml").read_text())


def position(repo, folder: str):
    return parse_position((Path(repo.working_tree_dir) / G / folder / "position.yaml").read_text())[1]


def send_all(repo, folder: str, orders: dict[str, str], when) -> None:
    for power, text in orders.items():
        verdict = send_orders(repo, order_path(folder, power), text, PLAYERS[power], when)
        assert verdict.accepted, verdict.to_text()


@pytest.fixture
def no_maps(monkeypatch):
    """Draw no maps (the renderer is tested on its own; here it would only cost time)."""
    monkeypatch.setattr(artifacts, "map_files", lambda *a, **k: {})


def test_new_game_writes_settings_and_the_first_phase(repo):
    game = make_game(repo)
    root = Path(repo.working_tree_dir)
    settings = yaml.safe_load((root / G / "game.yaml").read_text())
    assert settings["variant"] == "standard" and settings["players"]["France"] == "fran"
    assert settings["schedule"]["movement"] == {"hours": 72, "at": "22:00"}
    assert settings["schedule"]["retreat"] == {"hours": 24} and settings["orders"] == "public"
    info = yaml.safe_load((root / G / S01 / "phase.yaml").read_text())
    assert info == {"phase": "Spring 1901 Movement", "opened": "2025-01-06T22:00:00Z", "deadline": "2025-01-09T22:00:00Z"}
    assert (root / G / S01 / "position.yaml").read_text() == format_position(find_variant("standard").start)
    assert game.identity is None
    assert repo.git.status("--porcelain") == ""
    with pytest.raises(StoreError, match="already exists"):
        make_game(repo)


def test_a_year_of_play_by_pull_request(repo, no_maps):
    make_game(repo)
    # Spring 1901: everyone sends orders; one Russian line is for Turkey and is refused.
    send_all(repo, S01, dict(SPRING_1901, Russia=SPRING_1901["Russia"] + "Turkey: A CON - SMY\n"), T0 + hours(10))
    assert tick(repo, now=T0 + hours(71)).played == []  # before the deadline, not all ready
    before = repo.head.commit.hexsha
    first = tick(repo, now=T0 + hours(72) + hours(0.2))
    assert first.played == [f"g/{S01}"] and not first.errors
    commit = repo.head.commit
    assert commit.parents[0].hexsha == before
    assert commit.message.startswith("g: Spring 1901 Movement played (deadline)")
    assert repo.tags[f"g/{S01}"].commit == commit
    assert repo.git.status("--porcelain") == ""
    r = results(repo, S01)
    assert {"power": "France", "order": "A PAR - BUR", "result": "success", "reason": "moved to Burgundy", "tags": []} in said(r)
    assert any("orders/russia.txt:5: an order for Turkey in Russia's file is refused" in p for p in r["problems"])
    assert r["next_folder"] == F01
    assert "A BUR" in format_position(position(repo, F01))
    # A second tick right after does nothing.
    head = repo.head.commit.hexsha
    assert tick(repo, now=T0 + hours(72.3)).played == []
    assert repo.head.commit.hexsha == head

    # Fall 1901: Turkey, with Austria's support, dislodges the Russian fleet in Rumania.
    t_fall = parse_time("2025-01-12T22:10:00Z")
    send_all(repo, F01, FALL_1901, t_fall - hours(30))
    assert tick(repo, now=t_fall).played == [f"g/{F01}"]
    r = results(repo, F01)
    assert r["next_folder"] == R01
    assert r["retreats"] == [{"power": "Russia", "unit": "F RUM", "options": ["SEV"]}]
    assert {"power": "Italy", "order": "A APU - TUN via convoy", "result": "success",
            "reason": "moved to Tunis by convoy", "tags": []} in said(r)

    # Fall 1901 retreats: Russia alone has something to decide and marks its orders ready,
    # so the phase is played before its deadline.
    t_ready = parse_time("2025-01-13T10:00:00Z")
    send_all(repo, R01, {"Russia": "F RUM - SEV\n# ready\n"}, t_ready - hours(1))
    played = tick(repo, now=t_ready)
    assert played.played == [f"g/{R01}"]
    info = yaml.safe_load((Path(repo.working_tree_dir) / G / R01 / "phase.yaml").read_text())
    assert info["trigger"] == "ready" and info["adjudicated"] == "2025-01-13T10:00:00Z"
    winter = yaml.safe_load((Path(repo.working_tree_dir) / G / W01 / "phase.yaml").read_text())
    assert winter["opened"] == "2025-01-13T10:00:00Z" and winter["deadline"] == "2025-01-14T10:00:00Z"
    r = results(repo, R01)
    assert {"centre": "RUM", "from": None, "to": "Turkey"} in r["captures"]
    assert r["powers"]["France"] == {"centres": 6, "units": 3}

    # Winter 1901: builds; Italy sends nothing.
    send_all(repo, W01, WINTER_1901, parse_time("2025-01-13T12:00:00Z"))
    assert tick(repo, now=parse_time("2025-01-14T10:10:00Z")).played == [f"g/{W01}"]
    r = results(repo, W01)
    assert "No orders from Italy: civil disorder (builds are waived, removals follow the rule)." in r["notes"]
    assert any("Italy left 1 build(s) unused" in n for n in r["notes"])
    spring = position(repo, S02)
    assert {str(u) for u in spring.units_of("France")} == {"A BEL", "A SPA", "F POR", "A PAR", "A MAR", "F BRE"}
    assert {str(u) for u in spring.units_of("Russia")} >= {"F SEV", "F STP/NC"}

    # Spring 1902: three powers order; the others hold, and say so.
    send_all(repo, S02, {"France": "A PAR - PIC\nF BRE - ENG\n", "Germany": "A MUN - BUR\n",
                         "England": "F LON - NTH\n"}, parse_time("2025-01-15T12:00:00Z"))
    assert tick(repo, now=parse_time("2025-01-17T22:10:00Z")).played == [f"g/{S02}"]
    r = results(repo, S02)
    assert "No orders from Austria: its units hold." in r["notes"]
    assert r["next_folder"] == F02

    tags = sorted(t.name for t in repo.tags)
    assert tags == sorted(f"g/{f}" for f in (S01, F01, R01, W01, S02))
    receipts = yaml.safe_load((Path(repo.working_tree_dir) / G / S01 / "receipts" / "france.yaml").read_text())
    assert receipts["received"] == format_time(T0 + hours(10)) and receipts["pull_request"] == 1
    assert verify_game(GitTree(repo.head.commit), G).ok


def test_a_phase_played_a_day_late_gives_the_next_its_full_time(repo, no_maps):
    """Issue 30: a phase played about a day after its deadline (due 2025-01-09T22:00, played
    2025-01-10T21:49) opened the next at the old deadline, 48 of its 72 hours already gone. Now
    the next phase opens when it is played, with its full time (to the next 22:00), and a run
    never plays a second phase with nobody's orders."""
    make_game(repo)
    late = datetime(2025, 1, 10, 21, 49, tzinfo=timezone.utc)
    result = tick(repo, now=late)
    assert result.played == [f"g/{S01}"]
    info = yaml.safe_load((Path(repo.working_tree_dir) / G / F01 / "phase.yaml").read_text())
    assert info["opened"] == "2025-01-10T21:49:00Z" and info["deadline"] == "2025-01-13T22:00:00Z"
    # The job's log says so (the tick's warnings), and so does the commit.
    said = "g: Fall 1901 Movement opens with its full time, deadline 2025-01-13T22:00:00Z: this run came 23.8 h " \
           "after the deadline of Spring 1901 Movement"
    assert said in result.warnings
    assert said.split(": ", 1)[1] in repo.head.commit.message
    assert tick(repo, now=late + hours(1)).played == []
    # The Gamesmaster sees the real opening time and deadline: the phase's page and judge post.
    from judge.site.generate import generate

    root = Path(repo.working_tree_dir)
    generate(root / "games", root.parent / "src")
    page = (root.parent / "src" / "games" / "g" / f"{F01}.md").read_text()
    assert "Opened 2025-01-10 21:49 UTC. **Orders are due by 2025-01-13 22:00 UTC.**" in page
    from judge.cli import cli

    post = CliRunner().invoke(cli, ["post", str(root / G), S01, "--base-url", "https://x", "--format", "markdown"])
    assert "**Next:** Fall 1901 Movement, opened Fri Jan 10 2025 21:49 UTC" in post.output, post.output


def test_a_run_on_time_keeps_the_calendar(repo, no_maps):
    """A run a few minutes after the deadline keeps the schedule's calendar (movement deadlines at
    22:00, three days apart): the next phase opens then, its deadline three days after the last."""
    make_game(repo)
    assert tick(repo, now=T0 + hours(72) + hours(0.2)).played == [f"g/{S01}"]
    info = yaml.safe_load((Path(repo.working_tree_dir) / G / F01 / "phase.yaml").read_text())
    assert info["opened"] == "2025-01-09T22:12:00Z" and info["deadline"] == "2025-01-12T22:00:00Z"


def test_a_game_paused_a_year_and_set_active_by_hand_plays_nothing_with_nobody_s_orders(repo, no_maps):
    """Issue 30: a game paused with its deadline long past and set ``status: active`` by hand
    played phase after phase with nobody's orders. Now its phase opens again with its full time,
    once, and the commit (the job's log) says why; nothing is played."""
    make_game(repo)
    root = Path(repo.working_tree_dir)
    settings = root / G / "game.yaml"
    settings.write_text(settings.read_text().replace("status: active", "status: paused"))
    repo.git.commit("-q", "-am", "paused")
    assert tick(repo, now=T0 + hours(100)).played == []  # paused: nothing is played
    settings.write_text(settings.read_text().replace("status: paused", "status: active"))
    repo.git.commit("-q", "-am", "set active again by hand, a year on")
    a_year_on = T0 + hours(24 * 365)
    result = tick(repo, now=a_year_on)
    assert result.played == [] and result.waiting[0].reason.startswith("Spring 1901 Movement opened again, deadline ")
    assert "passed 362 days ago and nobody sent orders" in repo.head.commit.message
    info = yaml.safe_load((root / G / S01 / "phase.yaml").read_text())
    assert info["opened"] == "2026-01-06T22:00:00Z" and info["deadline"] == "2026-01-09T22:00:00Z"
    assert [p.name for p in (root / G).iterdir() if p.is_dir()] == [S01]  # exactly one phase open
    assert tick(repo, now=a_year_on + hours(1)).played == []
    assert settings.read_text().count("status: active") == 1


def _scenario(repo):
    """A repository where a tick will play a phase, writing several files."""
    make_game(repo)
    send_all(repo, S01, {"France": SPRING_1901["France"], "Germany": SPRING_1901["Germany"]}, T0 + hours(1))
    return T0 + hours(150)


def test_a_failure_at_any_step_leaves_the_repository_as_it_was(repo, monkeypatch, no_maps):
    when = _scenario(repo)
    before = snapshot(repo)
    steps: list[str] = []
    monkeypatch.setattr(transaction, "_checkpoint", steps.append)
    # Count the steps of a successful tick on a copy of the history.
    clone = repo.clone(Path(repo.working_tree_dir).parent / "counting")
    clone.git.checkout("-q", "main")
    assert len(tick(clone, now=when).played) == 1  # a run plays one phase with a deadline (issue 30)
    total = len(steps)
    assert total >= 4 and steps[-1].startswith("tag ")
    for k in range(1, total + 1):
        calls = []

        def fail_at_k(step: str, k=k) -> None:
            calls.append(step)
            if len(calls) == k:
                raise OSError(f"disk full at {step}")

        monkeypatch.setattr(transaction, "_checkpoint", fail_at_k)
        result = tick(repo, now=when)
        assert result.played == [] and len(result.errors) == 1
        assert result.errors[0].startswith("games/g: internal error: OSError: disk full at ")
        assert snapshot(repo) == before, f"step {k} ({calls[-1]}) left traces"
    monkeypatch.setattr(transaction, "_checkpoint", lambda step: None)
    assert len(tick(repo, now=when).played) == 1


def test_a_failure_while_adjudicating_names_the_file_and_changes_nothing(repo, no_maps, tmp_path):
    make_game(repo)
    make_game(repo, "other")
    root = Path(repo.working_tree_dir)
    bad = root / G / S01 / "position.yaml"
    bad.write_text(bad.read_text().replace("A PAR", "A PAX"))
    repo.git.commit("-q", "-am", "a typo")
    before = snapshot(repo)
    result = tick(repo, [G], now=T0 + hours(73))
    assert result.errors == [f"{G}/{S01}/position.yaml:6: unknown province 'PAX'"]
    assert snapshot(repo) == before
    # The broken game does not stop the others.
    result = tick(repo, now=T0 + hours(73))
    assert result.played == [f"other/{S01}"] and len(result.errors) == 1


def test_local_changes_are_not_overwritten(repo, no_maps):
    make_game(repo)
    stray = Path(repo.working_tree_dir) / G / S01 / "results.yaml"
    stray.write_text("mine\n")
    before = snapshot(repo)
    result = tick(repo, now=T0 + hours(73))
    assert "local changes would be overwritten" in result.errors[0]
    assert snapshot(repo) == before


def test_orders_received_after_the_deadline_are_not_used(repo, no_maps):
    make_game(repo)
    root = Path(repo.working_tree_dir)
    send_all(repo, S01, {"France": "A PAR - BUR\n"}, T0 + hours(1))
    # A receipt dated after the deadline and its grace (the check ran late, or raced the tick).
    receipt = root / G / S01 / "receipts" / "france.yaml"
    data = yaml.safe_load(receipt.read_text())
    data["received"] = format_time(T0 + hours(72.5))
    receipt.write_text(yaml.safe_dump(data, sort_keys=False))
    repo.git.commit("-q", "-am", "late")
    tick(repo, now=T0 + hours(73))
    r = results(repo, S01)
    assert {"power": "France", "order": "A PAR H", "result": "success", "reason": "no order: held", "tags": []} in said(r)
    assert any("received at 2025-01-09T22:30:00Z, after the deadline" in n for n in r["notes"])


def test_force_plays_the_current_phase_now_and_paused_games_wait(repo, no_maps):
    make_game(repo)
    assert tick(repo, now=T0 + hours(1), force=True).played == [f"g/{S01}"]
    info = yaml.safe_load((Path(repo.working_tree_dir) / G / F01 / "phase.yaml").read_text())
    assert info["opened"] == format_time(T0 + hours(1))
    settings = Path(repo.working_tree_dir) / G / "game.yaml"
    settings.write_text(settings.read_text().replace("status: active", "status: paused"))
    repo.git.commit("-q", "-am", "pause")
    result = tick(repo, now=T0 + hours(500))
    assert result.played == [] and result.waiting[0].reason == "the game is paused"
    assert play_due(repo.working_tree_dir, T0 + hours(2), force=True) == [f"g/{F01}"]


def test_verify_names_a_hand_edited_position_and_results(repo, no_maps, monkeypatch):
    make_game(repo)
    send_all(repo, S01, SPRING_1901, T0 + hours(1))
    tick(repo, now=T0 + hours(160))
    assert verify_game(GitTree(repo.head.commit), G).ok
    root = Path(repo.working_tree_dir)
    pos = root / G / F01 / "position.yaml"
    pos.write_text(pos.read_text().replace("A BUR", "A MUN").replace("A MUN, A RUH", "A RUH"))
    res = root / G / S01 / "results.yaml"
    res.write_text(res.read_text().replace("moved to Burgundy", "moved to Burgundy!"))
    repo.git.commit("-q", "-am", "tampering")
    found = verify_game(GitTree(repo.head.commit), G)
    assert [m.folder for m in found.mismatches] == [S01, F01]
    assert "results differ" in found.mismatches[0].what and "position differs" in found.mismatches[1].what
    runner = CliRunner()
    cli = _cli()
    out = runner.invoke(cli, ["verify", str(root / G)], catch_exceptions=False)
    assert out.exit_code == 1 and f"{F01}: position differs from the replay" in out.output
    # With no game named, every game of the repository is replayed (the upgrade workflow's check).
    monkeypatch.chdir(root)
    out = runner.invoke(cli, ["verify"], catch_exceptions=False)
    assert out.exit_code == 1 and f"{G}/{F01}: position differs from the replay" in out.output
    repo.git.revert("--no-edit", "HEAD")
    out = runner.invoke(cli, ["verify"], catch_exceptions=False)
    assert out.exit_code == 0 and "phase(s) replayed, all as committed" in out.output


def _cli() -> click.Group:
    group = click.Group("judge")
    for command in COMMANDS:
        group.add_command(command)
    return group


def test_the_commands(tmp_path, monkeypatch, no_maps):
    repo = make_repo(tmp_path / "r")
    root = Path(repo.working_tree_dir)
    monkeypatch.chdir(root)
    runner = CliRunner()
    cli = _cli()
    out = runner.invoke(cli, ["new", "games/cli", "--title", "By hand", "--players", "France=fran", "England=ed",
                              "--now", "2025-01-06T22:00:00Z", "--commit", "--no-maps"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "England: ed" in (root / "games/cli/game.yaml").read_text()
    # A player checks an order file before sending it.
    orders = root / "games/cli" / S01 / "orders" / "france.txt"
    orders.parent.mkdir(parents=True)
    orders.write_text("A Paris -> Burgundy\nF BRE - KIE\nGermany: A MUN H\n# ready\n")
    out = runner.invoke(cli, ["check", str(orders)], catch_exceptions=False)
    assert out.exit_code == 1
    assert "line 1: A PAR - BUR" in out.output
    assert "illegal: F BRE - KIE" in out.output
    assert "line 3: an order for Germany in France's file" in out.output
    assert "no order: A MAR H" in out.output and "marked ready ('# ready'): yes" in out.output
    orders.unlink()
    out = runner.invoke(cli, ["tick", "--now", "2025-01-08T00:00:00Z", "--no-maps"], catch_exceptions=False)
    assert out.exit_code == 0 and "waiting cli: Spring 1901 Movement: deadline 2025-01-09T22:00:00Z" in out.output
    out = runner.invoke(cli, ["tick", "games/cli", "--now", "2025-01-09T22:10:00Z", "--no-maps",
                              "--outputs", str(tmp_path / "out")], catch_exceptions=False)
    assert out.exit_code == 0 and f"played cli/{S01}" in out.output
    assert (tmp_path / "out").read_text() == "played=1\n"
    out = runner.invoke(cli, ["verify", "games/cli"], catch_exceptions=False)
    assert out.exit_code == 0 and "1 phase(s) replayed, all as committed" in out.output


@pytest.fixture
def drawn(monkeypatch) -> list:
    """The maps drawn (phase, with orders?, title), by a stand-in for :mod:`judge.render` whose
    SVG names the phase and whose PNG is ``png <width> <svg>``."""
    calls: list = []

    class FakeRender:
        @staticmethod
        def render_svg(variant, position, *, resolutions=None, title=None):
            calls.append((str(position.phase), resolutions is not None, title))
            return f"<svg>{position.phase}</svg>"

        @staticmethod
        def to_png(svg, *, width=1600):
            return f"png {width} {svg}".encode()

    real = artifacts._optional
    monkeypatch.setattr(artifacts, "_optional", lambda name: FakeRender if name == "judge.render" else real(name))
    return calls


def test_maps_and_results_text_are_written_into_each_phase_folder(repo, drawn):
    real = artifacts._optional
    make_game(repo)
    root = Path(repo.working_tree_dir)
    assert not list((root / G / S01).glob("map*")) and drawn == [], "a new game stores no map: the site draws the open phase's"
    tick(repo, now=T0 + hours(73))
    assert (root / G / S01 / "map.png").read_bytes() == b"png 1600 <svg>Spring 1901 Movement</svg>"
    assert not (root / G / S01 / "map-thumb.png").exists(), "no thumbnail: nothing shows it"
    assert not (root / G / S01 / "map.svg").exists(), "by default a phase stores its map once, as a PNG"
    assert not list((root / G / F01).glob("map*")), "the next phase's map is drawn by the site, not committed"
    assert drawn == [("Spring 1901 Movement", True, "G: Spring 1901 Movement")], "one map a tick: the played phase's, with its orders"
    # Each image is committed once in the history: the played phase's map, never replaced.
    images = [c for c in repo.iter_commits() if any(p.endswith(".png") for p in c.stats.files)]
    assert len(images) == 1
    if real("judge.reports") is not None:
        assert (root / G / S01 / "results.txt").read_text().startswith("Movement results for Spring of 1901.")


def test_a_game_may_ask_for_its_maps_as_svg_too_or_for_none(repo, drawn):
    """game.yaml's ``maps:``: the PNG by default; ``[png, svg]`` stores the SVG it is drawn from
    too; ``[]`` stores no map; anything else is refused at its line."""
    v = find_variant("standard")
    start = v.start
    assert set(artifacts.map_files(v, start)) == {"map.png"}
    assert artifacts.map_files(v, start, formats=("png", "svg"))["map.svg"] == b"<svg>Spring 1901 Movement</svg>"
    assert artifacts.map_files(v, start, formats=()) == {}
    make_game(repo)
    root = Path(repo.working_tree_dir)
    settings = root / G / "game.yaml"
    settings.write_text(settings.read_text() + "maps: [png, svg]\n")
    repo.index.add([str(settings)])
    repo.index.commit("maps as svg too")
    tick(repo, now=T0 + hours(73))
    assert (root / G / S01 / "map.svg").read_text() == "<svg>Spring 1901 Movement</svg>"
    assert (root / G / S01 / "map.png").read_bytes() == b"png 1600 <svg>Spring 1901 Movement</svg>"
    assert not list((root / G / F01).glob("map*"))
    for bad in ("maps: gif\n", "maps: {png: true}\n"):
        with pytest.raises(StoreError, match=r"game.yaml:\d+: 'maps' is png, svg or a list"):
            parse_settings(settings.read_text().replace("maps: [png, svg]\n", bad), "game.yaml", "g")


def test_phase_folders_sort_and_read():
    v = find_variant("standard")
    names = [phase_folder(v.calendar, p) for p in (v.start.phase,)]
    assert names == [S01]
    assert sorted([S02, W01, F01, S01, R01]) == [S01, F01, R01, W01, S02]


def test_the_bundled_example_replays_and_the_demo_plays_it_on(tmp_path):
    import git

    from judge.store.tick import prepare_demo_repo

    root = Path(__file__).resolve().parents[1]
    if not (root / "games" / "example" / "game.yaml").exists():
        pytest.skip("no bundled example game (tools/make_example_game.py makes it)")
    dest = prepare_demo_repo(root, tmp_path / "demo")
    repo = git.Repo(dest)
    assert verify_game(GitTree(repo.head.commit), "games/example").ok
    example = Path(dest) / "games" / "example"
    assert (example / R01 / "results.yaml").exists()  # a retreat was played
    winter = yaml.safe_load((example / W01 / "results.yaml").read_text())
    assert any(o["order"].startswith("Build") and o["result"] == "success" for o in winter["orders"])
    assert "No orders from Italy: civil disorder (builds are waived, removals follow the rule)." in winter["notes"]
    assert play_due(dest) == []  # paused, like every bundled example: the schedule leaves them alone
    played = play_due(dest, force=True, maps=False)  # one phase of each bundled game
    assert f"example/{F02}" in played
    games = sorted(p.parent.name for p in (Path(dest) / "games").glob("*/game.yaml"))
    assert sorted(tag.split("/")[0] for tag in played) == games
    for game in games:
        assert verify_game(GitTree(repo.head.commit), f"games/{game}").ok, game


def test_a_new_game_in_a_repository_without_commits(tmp_path):
    import git

    from judge.store.tick import create_game, new_game

    repo = git.Repo.init(tmp_path / "fresh", initial_branch="main")
    create_game(repo, new_game("games/first", "standard", now=T0), commit=True, now=T0)
    assert repo.head.commit.message == "first: new game"
    assert repo.git.status("--porcelain") == ""


# -- ordinary problems: a located message and exit 2, never "internal error" (exit 3) ---------------


def _judge(args: list[str], cwd: Path, **env: str):
    """Run the installed ``judge`` command as a user would (no proxy: the remotes here are local
    or refused at once)."""
    import os
    import subprocess
    import sys

    clean = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    return subprocess.run([str(Path(sys.executable).parent / "judge"), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={**clean, "GIT_TERMINAL_PROMPT": "0", **env})


def test_an_unknown_time_zone_and_a_missing_head_commit_exit_2_with_a_located_message(tmp_path):
    """Defect: ``judge new --timezone Mars/Base`` and ``judge check-pr --head deadbeef`` ended in
    "internal error" (exit 3). Each now names the option and the reason, and exits 2."""
    repo = make_repo(tmp_path / "r")
    root = Path(repo.working_tree_dir)
    out = _judge(["new", "games/g", "--timezone", "Mars/Base", "--players", "France=fran", "--commit", "--no-maps"], root)
    assert out.returncode == 2, out
    assert "judge: --timezone: unknown time zone 'Mars/Base'" in out.stderr and "internal error" not in out.stderr
    assert not (root / "games").exists() and repo.head.commit.message == "init\n"
    make_game(repo)
    out = _judge(["check-pr", "--head", "deadbeef", "--author", "fran"], root)
    assert out.returncode == 2, out
    assert "judge: --head: no commit 'deadbeef' in this repository" in out.stderr and "internal error" not in out.stderr
    out = _judge(["check-pr", "--head", "HEAD", "--base", "nosuchbranch", "--author", "fran"], root)
    assert out.returncode == 2 and "judge: --base: no commit 'nosuchbranch'" in out.stderr, out
    # A pull request that cannot be fetched: the remote is named, exit 2.
    out = _judge(["check-pr", "--head", "deadbeef", "--author", "fran", "--pr", "3", "--fetch", str(tmp_path / "nowhere")],
                 root)
    assert out.returncode == 2 and "cannot fetch pull request #3" in out.stderr and "internal error" not in out.stderr, out


def _local_state(repo) -> dict:
    git_dir = Path(repo.git_dir)
    logs = {p.relative_to(git_dir).as_posix(): p.read_bytes() for p in sorted((git_dir / "logs").rglob("*")) if p.is_file()}
    extra = {name: (git_dir / name).read_bytes() if (git_dir / name).exists() else None
             for name in ("ORIG_HEAD", "FETCH_HEAD", "packed-refs")}
    return {**snapshot(repo), "logs": logs, "extra": extra}


@pytest.mark.parametrize("remote", ["https://127.0.0.1:9/x.git", "nowhere/x.git"])
def test_a_push_that_fails_leaves_the_local_repository_as_it_was(tmp_path, remote):
    """Defect: ``judge tick GAME --push URL`` with an unreachable remote failed with "internal
    error" (exit 3), leaving the phase committed locally with its tag deleted. Now the push's
    failure is named with the remote (exit 2), and the local repository is as before the run."""
    repo = make_repo(tmp_path / "r")
    make_game(repo)
    root = Path(repo.working_tree_dir)
    if not remote.startswith("https:"):
        remote = str(tmp_path / remote)
    before = _local_state(repo)
    out = _judge(["tick", "games/g", "--now", "2025-01-13T00:00:00Z", "--no-maps", "--push", remote], root)
    assert out.returncode == 2, out
    assert f"judge: {remote}: the push failed: fatal:" in out.stderr and "internal error" not in out.stderr
    assert "the local repository is as it was before this run" in out.stderr
    assert _local_state(repo) == before
    # The same for a pull request accepted with --apply --push.
    head = pr_commit(repo, {order_path(S01, "France"): b"A PAR - BUR\n"})
    out = _judge(["check-pr", "--head", head, "--author", "fran", "--apply", "--push", remote,
                  "--now", "2025-01-07T00:00:00Z"], root)
    assert out.returncode == 2 and "the push failed" in out.stderr and "as it was before this run" in out.stderr, out
    assert _local_state(repo) == before
    # Reachable again: the same tick plays and pushes.
    import git

    origin = tmp_path / "origin.git"
    git.Repo.init(origin, bare=True, initial_branch="main")
    out = _judge(["tick", "games/g", "--now", "2025-01-13T00:00:00Z", "--no-maps", "--push", str(origin)], root)
    assert out.returncode == 0 and f"played g/{S01}" in out.stdout, out
    assert git.Repo(origin).commit("main") == repo.head.commit


def test_check_canonical_reads_a_pasted_forum_post(tmp_path, monkeypatch, no_maps):
    """``judge check --canonical``: prose around the orders is skipped (not an error), the orders
    come back in canonical form, ready to be the power's order file."""
    repo = make_repo(tmp_path / "r")
    root = Path(repo.working_tree_dir)
    monkeypatch.chdir(root)
    runner = CliRunner()
    cli = _cli()
    out = runner.invoke(cli, ["new", "games/cli", "--title", "By hand", "--players", "France=fran", "England=ed",
                              "--now", "2025-01-06T22:00:00Z", "--commit", "--no-maps"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    post = root / "post.txt"
    post.write_text("Hi all, here are my orders for the spring:\n\n**France:**\n"
                    "F Bre-Mid, A Par-Bur (a must move!)\nA Marseilles -> Spain\n\nGood luck everyone!\n")
    out = runner.invoke(cli, ["check", str(post), "--game", "games/cli", "--power", "France", "--canonical"],
                        catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "skipped, not an order: 'Good luck everyone!'" in out.output
    assert "skipped, not an order: 'Hi all, here are my orders for the spring:'" in out.output
    block = out.output.split("as the judge read them\n", 1)[1].splitlines()
    assert block == ["France:", "F BRE - MAO", "A PAR - BUR", "A MAR - SPA"]
    # Without --canonical, the prose is an error, as it is for the judge.
    out = runner.invoke(cli, ["check", str(post), "--game", "games/cli", "--power", "France"], catch_exceptions=False)
    assert out.exit_code == 1 and "as the judge read them" not in out.output


def test_a_tick_pushes_the_phase_tags_an_interrupted_run_left_behind(tmp_path):
    """Defect (hardening, third round): a run killed between its commit and its push, on a
    checkout that is used again, left a phase tag that later ticks never pushed (they pushed the
    branch, which carried the phase's commit, but only their own tags). Now each push takes every
    phase tag of the branch that the remote lacks."""
    import git

    repo = make_repo(tmp_path / "r")
    make_game(repo)
    origin = tmp_path / "origin.git"
    git.Repo.init(origin, bare=True, initial_branch="main")
    repo.git.push(str(origin), "main")
    # The interrupted run: Spring 1901 played, committed and tagged, never pushed.
    assert tick(repo, now=T0 + hours(73), maps=False).played == [f"g/{S01}"]
    remote_tags = lambda: set(git.Repo(origin).git.tag().split())  # noqa: E731
    assert remote_tags() == set()
    # The next tick, with its push, plays Fall 1901 and takes Spring's tag along.
    out = _judge(["tick", "--now", "2025-01-14T00:00:00Z", "--no-maps", "--push", str(origin), "--max-phases", "1"],
                 Path(repo.working_tree_dir))
    assert out.returncode == 0, out
    assert {f"g/{S01}", "g/1901-3-fall-movement"} <= remote_tags()
    assert git.Repo(origin).tags[f"g/{S01}"].commit.hexsha == repo.tags[f"g/{S01}"].commit.hexsha


def test_a_phase_with_nothing_to_decide_is_played_at_once_and_says_so(tmp_path, no_maps):
    """A new Machiavelli game opens at its Winter income, where nobody has anything to decide: the
    next run plays it at once, as "automatic" (not as if every player had marked orders ready),
    and its page says so."""
    import git

    from judge.site.generate import generate
    from judge.store.tick import create_game, new_game

    repo = make_repo(tmp_path / "r")
    create_game(repo, new_game("games/m", "machiavelli", now=T0), commit=True, now=T0)
    result = tick(repo, now=T0 + hours(1))
    assert result.played == ["m/1453-7-winter-income"]
    assert repo.head.commit.message.startswith("m: Winter 1453 Income played (automatic)")
    info = yaml.safe_load((Path(repo.working_tree_dir) / "games/m/1453-7-winter-income/phase.yaml").read_text())
    assert info["trigger"] == "automatic"
    generate(Path(repo.working_tree_dir) / "games", tmp_path / "out")
    page = (tmp_path / "out" / "games" / "m" / "1453-7-winter-income.md").read_text()
    assert "Played at once, on " in page and "nobody had anything to decide in it" in page
    assert isinstance(repo, git.Repo)
