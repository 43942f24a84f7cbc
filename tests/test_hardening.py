"""Hardening: racing deadline jobs, the fan-out of due games, hostile pull requests, secrets that
must not leak before the deadline, and game files that must never run.

Real repositories in temporary folders (gitpython); a bare repository plays GitHub.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import git
import pytest
import yaml

from click.testing import CliRunner

from judge.sealing import seal
from judge.store.tick import due_games, run_and_push, tick
from test_store import G, S01, _cli, no_maps, order_path  # noqa: F401
from test_store_helpers import PLAYERS, T0, hours, make_game, make_repo, pr_commit, repo, said, send_orders, snapshot  # noqa: F401

FRANCE = order_path(S01, "France")
WHEN = T0 + hours(5)
DEADLINE = T0 + hours(73)


def run_cli(repo: git.Repo, args: list[str], monkeypatch):
    """A judge command run in the repository's folder."""
    monkeypatch.chdir(repo.working_tree_dir)
    return CliRunner().invoke(_cli(), args, catch_exceptions=False)


def _origin_with_a_game(tmp_path: Path, **game) -> tuple[Path, git.Repo]:
    """A bare 'GitHub' repository holding one game, and the seed repository it came from."""
    origin = tmp_path / "origin.git"
    seed = make_repo(tmp_path / "seed")
    make_game(seed, **game)
    git.Repo.init(origin, bare=True, initial_branch="main")
    seed.git.push(str(origin), "main")
    return origin, seed


def _ci_clone(origin: Path, where: Path, name: str = "ci") -> git.Repo:
    ci = git.Repo.clone_from(str(origin), where)
    with ci.config_writer() as cw:
        cw.set_value("user", "name", name)
        cw.set_value("user", "email", "ci@example.invalid")
    return ci


def test_two_racing_ticks_commit_once_and_the_loser_stops(tmp_path, no_maps):
    """Two deadline jobs start from the same commit and play the same due phase at once: one
    push wins; the other is refused, fetches the winner's commit, ticks again, finds nothing
    due and stops. The phase is committed and tagged once."""
    origin, _ = _origin_with_a_game(tmp_path)
    clones = [_ci_clone(origin, tmp_path / f"ci{k}", f"runner {k}") for k in range(2)]
    attempts: list[list[str]] = [[], []]
    outcomes: list = [None, None]
    start = threading.Barrier(2)

    def job(k: int) -> None:
        ci = clones[k]

        def run():
            attempts[k].append(ci.head.commit.hexsha)
            # A minute apart: their commits differ (at the same moment the judge would make the
            # very same commit, a tick's output being deterministic, and the later push is a no-op).
            return tick(ci, now=DEADLINE + hours(k / 60), maps=False)

        start.wait()
        outcomes[k] = run_and_push(ci, str(origin), run, lambda r: r.played)

    threads = [threading.Thread(target=job, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    played = sorted(len(o.played) for o in outcomes)
    assert played == [0, 1], "one job played the phase, the other found it played"
    assert sorted(len(a) for a in attempts) == [1, 2], "the loser ran twice: refused, then nothing due"
    bare = git.Repo(origin)
    log = bare.git.log("--format=%s", "main").splitlines()
    assert sum(1 for m in log if "Spring 1901 Movement" in m) == 1, log
    assert bare.git.tag("--list").split() == [f"g/{S01}"]
    # Both checkouts end on the winner's commit.
    assert clones[0].head.commit == clones[1].head.commit == bare.commit("main")


def test_a_missed_run_is_made_good_and_due_lists_only_games_with_a_phase_to_play(repo, no_maps):
    make_game(repo, "early")
    make_game(repo, "late", now=T0 - hours(200))  # two deadlines passed while the cron missed its runs
    make_game(repo, "paused")
    root = Path(repo.working_tree_dir)
    settings = root / "games/paused/game.yaml"
    settings.write_text(settings.read_text().replace("status: active", "status: paused"))
    repo.git.commit("-q", "-am", "pause")
    due, errors = due_games(repo, now=T0 + hours(1))
    assert due == ["games/late"] and errors == []
    result = tick(repo, due, now=T0 + hours(1), maps=False)
    # One phase: the next opens now with its full time (issue 30), so it is not due in this run.
    assert result.played == ["late/1901-1-spring-movement"], result.played
    assert due_games(repo, now=T0 + hours(1)) == ([], [])
    # A broken game is listed too (its own job then fails and says why); the others are unaffected.
    pos = root / "games/early" / S01 / "position.yaml"
    pos.write_text(pos.read_text().replace("A PAR", "A PAX"))
    repo.git.commit("-q", "-am", "typo")
    due, errors = due_games(repo, now=T0 + hours(1))
    assert due == ["games/early"] and errors == [f"games/early/{S01}/position.yaml:6: unknown province 'PAX'"]


def test_the_due_command_writes_the_matrix_for_the_workflow(repo, no_maps, tmp_path, monkeypatch):
    make_game(repo)
    out = tmp_path / "github_output"
    res = run_cli(repo, ["due", "--now", "2025-01-10T00:00:00Z", "--outputs", str(out)], monkeypatch)
    assert res.exit_code == 0, res.output
    assert res.output.split() == [G]
    lines = dict(line.split("=", 1) for line in out.read_text().splitlines())
    assert json.loads(lines["games"]) == [G] and lines["count"] == "1"
    res = run_cli(repo, ["due", "--now", "2025-01-07T00:00:00Z"], monkeypatch)
    assert res.exit_code == 0 and res.output == ""


# -- pull requests ----------------------------------------------------------------------------


def _refused(repo, head, author="fran", when=WHEN) -> str:
    from judge.store.pr import check_pr

    verdict = check_pr(repo, "main", head, author, when)
    assert not verdict.accepted
    return " | ".join(f.reason for f in verdict.files if not f.ok) + " | " + " | ".join(verdict.problems)


@pytest.mark.parametrize("name", [
    "fr\u0430nce.txt",    # a Cyrillic a
    "france.txt\u200b",   # a zero-width space
    "FRANCE.txt",
    "france.txt ",        # a trailing space
    "france.tx",
    "france",
])
def test_look_alike_order_file_names_are_refused(repo, name):
    make_game(repo)
    head = pr_commit(repo, {f"{G}/{S01}/orders/{name}": b"A PAR H\n"})
    assert "france.txt" in _refused(repo, head) or "only your power's order file" in _refused(repo, head)


def test_orders_for_another_game_of_the_same_player_are_refused(repo):
    make_game(repo)
    make_game(repo, "h", players={"France": "someone-else"})
    head = pr_commit(repo, {f"games/h/{S01}/orders/france.txt": b"A PAR H\n"})
    assert "France is played by @someone-else, not by @fran" in _refused(repo, head)


def test_a_change_to_the_games_settings_or_the_workflows_is_refused(repo):
    make_game(repo)
    for path in (f"{G}/game.yaml", ".github/workflows/judge.yml", f"{G}/{S01}/position.yaml", "mkdocs.yml"):
        head = pr_commit(repo, {FRANCE: b"A PAR H\n", path: b"status: finished\n"})
        assert _refused(repo, head)


# -- secrets ----------------------------------------------------------------------------------


def _every_object_text(repo: git.Repo) -> str:
    """Every blob, tree and commit of the repository (all refs and the reflog), as text."""
    shas = set()
    for line in repo.git.rev_list("--all", "--reflog", "--objects").splitlines():
        shas.add(line.split()[0])
    out = []
    for sha in sorted(shas):
        out.append(repo.git.cat_file("-p", sha, stdout_as_string=False).decode("utf-8", "replace"))
    return "\n".join(out)


def test_sealed_orders_never_appear_in_clear_before_the_deadline(repo, no_maps, monkeypatch):
    game = make_game(repo, sealed=True)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    secret = "A PAR - PIC  # the Channel gambit 7f3a"
    sealed = seal(secret + "\n", recipient=game.recipient, game="g", phase=S01, power="France")
    assert send_orders(repo, order_path(S01, "France") + ".age", sealed, "fran", WHEN).accepted
    # A tick before the deadline reads it (for '# ready') and writes nothing in clear.
    assert tick(repo, now=WHEN + hours(1), maps=False).played == []
    text = _every_object_text(repo)
    assert secret not in text and "Channel gambit" not in text
    assert game.identity not in text
    # After the deadline the orders are published in clear, as a Gamesmaster posts them.
    assert tick(repo, now=DEADLINE, maps=False).played == [f"g/{S01}"]
    assert "Channel gambit" in _every_object_text(repo)
    assert game.identity not in _every_object_text(repo)


# -- nothing from a game folder runs ----------------------------------------------------------


def test_nothing_in_a_game_folder_is_executed(repo, no_maps, tmp_path):
    """YAML tags that would build Python objects, a Python file, a MkDocs hook and a Jinja
    expression in a game's files: none of it runs; the YAML is a located error, the rest data."""
    make_game(repo)
    root = Path(repo.working_tree_dir)
    marker = tmp_path / "pwned"
    (root / G / "conftest.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    (root / G / "hooks.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    (root / G / S01 / "orders").mkdir()
    (root / G / S01 / "orders" / "france.txt").write_text("A PAR - BUR  {{ 7*7 }} {% raw %}\n")
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "hostile files")
    played = tick(repo, now=DEADLINE, maps=False).played
    assert played == [f"g/{S01}"]
    results = yaml.safe_load((root / G / S01 / "results.yaml").read_text())
    assert not marker.exists()
    text = json.dumps(results)
    assert "49" not in text
    # A settings file asking for Python objects is refused with its line; nothing runs.
    settings = root / G / "game.yaml"
    settings.write_text(settings.read_text() + f"evil: !!python/object/apply:os.system ['touch {marker}']\n")
    repo.git.commit("-q", "-am", "evil settings")
    result = tick(repo, now=DEADLINE + hours(100), maps=False)
    assert result.played == [] and len(result.errors) == 1 and "game.yaml" in result.errors[0], result.errors
    assert not marker.exists()
    # The site generator reads the game as data too.
    settings.write_text(settings.read_text().replace(f"evil: !!python/object/apply:os.system ['touch {marker}']\n", ""))
    repo.git.commit("-q", "-am", "fixed")
    out = subprocess.run([str(Path(sys.executable).parent / "judge"), "site", "--out", str(tmp_path / "docs")],
                         cwd=root, capture_output=True, text=True, timeout=300)
    assert not marker.exists(), out.stderr


def test_a_deadline_job_retries_its_push_more_often_than_jobs_run_side_by_side():
    """Each due game is ticked by its own job, all pushing to one branch: a job refused because
    another pushed first fetches and ticks again. With ``max-parallel`` jobs at once, one may lose
    to each of the others in turn, so the number of attempts must exceed it."""
    from judge.store.tick import PUSH_ATTEMPTS

    workflow = yaml.safe_load((Path(__file__).resolve().parents[1] / ".github/workflows/judge.yml").read_text())
    parallel = workflow["jobs"]["tick"]["strategy"]["max-parallel"]
    assert PUSH_ATTEMPTS > parallel, (PUSH_ATTEMPTS, parallel)


# -- limits a Gamesmaster can see and set (hardening, third round) ------------------------------


def _set_limits(repo, **limits) -> None:
    root = Path(repo.working_tree_dir)
    settings = root / G / "game.yaml"
    text = settings.read_text()
    for key, value in limits.items():
        text = re.sub(rf"(?m)^  {key}: .*$", f"  {key}: {value}", text)
    settings.write_text(text)
    repo.git.commit("-q", "-am", "limits")


def test_a_new_game_shows_its_limits(repo):
    make_game(repo)
    text = (Path(repo.working_tree_dir) / G / "game.yaml").read_text()
    assert "limits:" in text and "  order_lines: 200" in text and "  press_files: 10" in text


def test_the_press_flood_and_the_amplification_are_refused_with_the_limit_named(repo, no_maps):
    """The audit's press flood (300 press files of 64 KB in one pull request) and amplification
    (a 64 KB order file of unreadable lines) are refused by the gate, each naming its limit; a
    Gamesmaster may raise a limit in game.yaml."""
    from judge.store.pr import check_pr

    make_game(repo)
    press = {f"{G}/{S01}/press/france-{i}.md": b"x" * 60000 for i in range(30)}
    verdict = check_pr(repo, "main", pr_commit(repo, press), "fran", T0 + hours(2))
    assert not verdict.accepted
    assert all("limits: press_files in game.yaml" in f.reason or "limits: press_bytes" in f.reason for f in verdict.files)
    junk = ("Lorem ipsum dolor sit amet\n" * 2500).encode()
    verdict = check_pr(repo, "main", pr_commit(repo, {order_path(S01, "France"): junk}), "fran", T0 + hours(2))
    assert not verdict.accepted and "an order file is at most 16384 bytes (limits: order_bytes in game.yaml)" in verdict.files[0].reason
    many = ("A PAR H\n" * 300).encode()
    verdict = check_pr(repo, "main", pr_commit(repo, {order_path(S01, "France"): many}), "fran", T0 + hours(2))
    assert not verdict.accepted and "300 lines: an order file is at most 200 lines (limits: order_lines" in verdict.files[0].reason
    # Two press files of 40 KB: each within the bytes of a file, together over the power's 64 KB.
    two = {f"{G}/{S01}/press/france-{i}.md": b"y" * 40000 for i in range(2)}
    verdict = check_pr(repo, "main", pr_commit(repo, two), "fran", T0 + hours(2))
    assert not verdict.accepted and "France's press in this phase would be 80000 bytes: at most 65536" in verdict.files[0].reason
    # The Gamesmaster raises the limits: the same pull requests pass.
    _set_limits(repo, order_lines=400, press_bytes=100000)
    assert check_pr(repo, "main", pr_commit(repo, {order_path(S01, "France"): many}), "fran", T0 + hours(2)).accepted
    assert check_pr(repo, "main", pr_commit(repo, two), "fran", T0 + hours(2)).accepted


def test_an_order_file_over_the_limits_pushed_directly_is_not_used(repo, no_maps):
    make_game(repo)
    root = Path(repo.working_tree_dir)
    (root / G / S01 / "orders").mkdir()
    (root / G / S01 / "orders" / "france.txt").write_text("A PAR - BUR\n" + "# x\n" * 250)
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "a long file pushed directly")
    assert tick(repo, now=T0 + hours(73), maps=False).played == [f"g/{S01}"]
    results = yaml.safe_load((root / G / S01 / "results.yaml").read_text())
    assert any("251 lines, at most 200 (order_lines), the game's limits in game.yaml: France's orders are not used" in n
               for n in results["notes"])
    assert {"power": "France", "order": "A PAR H", "result": "success", "reason": "no order: held", "tags": []} in said(results)


def test_limits_in_game_yaml_are_checked(repo):
    from judge.core.errors import StoreError
    from judge.store.layout import Game, GitTree

    make_game(repo)
    _set_limits(repo, order_lines=0, press_files="many")
    with pytest.raises(StoreError) as exc:
        Game.load(GitTree(repo.head.commit), G)
    assert "the limit order_lines is a whole number from 1, found 0" in str(exc.value)
    assert "the limit press_files is a whole number from 1, found 'many'" in str(exc.value)


def test_one_broken_game_stops_no_other_in_a_tick(repo, no_maps, monkeypatch):
    """Hardening, third round: a Gamesmaster's typo in one game.yaml; the tick plays the other
    games and names the broken one (exit 1: the job says which game needs the Gamesmaster)."""
    make_game(repo, "good")
    make_game(repo, "bad")
    root = Path(repo.working_tree_dir)
    settings = root / "games/bad/game.yaml"
    settings.write_text(settings.read_text().replace("players:", "players: ["))
    repo.git.commit("-q", "-am", "a typo")
    result = tick(repo, now=T0 + hours(73), maps=False)
    assert result.played == [f"good/{S01}"]
    assert len(result.errors) == 1 and result.errors[0].startswith("games/bad/game.yaml")
    res = run_cli(repo, ["tick", "--now", "2025-01-20T00:00:00Z", "--no-maps"], monkeypatch)
    assert res.exit_code == 1 and "games/bad/game.yaml" in res.output
