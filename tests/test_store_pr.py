"""Pull requests of orders: what is accepted, what is refused, receipts, merging and pushing."""

from __future__ import annotations

from pathlib import Path

import git
import pytest
import yaml
from click.testing import CliRunner

from judge.store.pr import Change, accept, check_pr, diff_changes, fetch_pull
from judge.store.tick import run_and_push, tick
from test_store import G, S01, _cli, no_maps, order_path  # noqa: F401
from test_store_helpers import T0, hours, make_game, make_repo, pr_commit, repo, send_orders  # noqa: F401

FRANCE = order_path(S01, "France")
WHEN = T0 + hours(5)


@pytest.fixture
def game_repo(repo):
    make_game(repo)
    return repo


def refused(repo, head, author="fran", when=WHEN):
    verdict = check_pr(repo, "main", head, author, when)
    assert not verdict.accepted
    return " | ".join(f.reason for f in verdict.files if not f.ok) + " | " + " | ".join(verdict.problems)


def test_a_players_own_orders_are_accepted_merged_and_receipted(game_repo):
    repo = game_repo
    head = pr_commit(repo, {FRANCE: b"A PAR - BUR\nA Marseilles -> Spain\n"})
    verdict = check_pr(repo, "main", head, "Fran", WHEN)  # logins compare without case
    assert verdict.accepted, verdict.to_text()
    assert f"{FRANCE}:2: A MAR - SPA" in verdict.readings
    summary = verdict.to_markdown(7)
    assert summary.startswith("## Orders check: accepted") and "Pull request #7 by @Fran" in summary
    before = repo.head.commit.hexsha
    sha = accept(repo, verdict, head, WHEN, pr=7)
    commit = repo.commit(sha)
    assert [p.hexsha for p in commit.parents] == [before, head]  # GitHub then shows the PR merged
    assert commit.message.startswith(f"g: orders of France for {S01} (#7)")
    root = Path(repo.working_tree_dir)
    assert (root / FRANCE).read_bytes() == b"A PAR - BUR\nA Marseilles -> Spain\n"
    receipt = yaml.safe_load((root / G / S01 / "receipts" / "france.yaml").read_text())
    assert receipt["received"] == "2025-01-07T03:00:00Z" and receipt["pull_request"] == 7
    assert receipt["head"] == head and receipt["player"] == "Fran"
    assert receipt["files"]["orders/france.txt"].startswith("sha256:")
    assert repo.git.status("--porcelain") == ""


@pytest.mark.parametrize("case", ["other power", "extra file", "symlink", "rename", "case of name", "case of extension",
                                  "delete another's", "executable", "past phase folder", "outside orders", "sealed file"])
def test_forged_pull_requests_are_refused(game_repo, case):
    repo = game_repo
    germany = order_path(S01, "Germany")
    if case in ("rename", "delete another's"):
        send_orders(repo, germany, "A MUN H\n", "gus", WHEN)
    if case == "other power":
        head = pr_commit(repo, {germany: b"A MUN - BUR\n"})
        expect = "Germany's orders: Germany is played by @gus, not by @fran"
    elif case == "extra file":
        head = pr_commit(repo, {FRANCE: b"A PAR H\n", "README.md": b"pwned\n"})
        expect = "only your power's order file for the current phase may be changed"
    elif case == "symlink":
        head = pr_commit(repo, {}, symlinks={FRANCE: "../../game.yaml"})
        expect = "a symbolic link: not allowed"
    elif case == "rename":
        head = pr_commit(repo, {}, renames={germany: FRANCE})
        expect = f"renamed from `{germany}`: renames and copies are not allowed"
    elif case == "case of name":
        head = pr_commit(repo, {f"{G}/{S01}/orders/France.txt": b"A PAR H\n"})
        expect = "the file name must be exactly `france.txt` (lower case)"
    elif case == "case of extension":
        head = pr_commit(repo, {f"{G}/{S01}/orders/france.TXT": b"A PAR H\n"})
        expect = "the file name must be exactly `france.txt` (lower case)"
    elif case == "delete another's":
        head = pr_commit(repo, {germany: None})
        expect = "Germany's orders: Germany is played by @gus"
    elif case == "executable":
        root = Path(repo.working_tree_dir)
        repo.git.checkout("-q", "-b", "exe", "main")
        (root / FRANCE).parent.mkdir(parents=True)
        (root / FRANCE).write_text("A PAR H\n")
        (root / FRANCE).chmod(0o755)
        repo.git.add(FRANCE)
        repo.git.commit("-q", "-m", "x")
        head = repo.head.commit.hexsha
        repo.git.checkout("-q", "main")
        expect = "mode 100755: only plain files (100644) are allowed"
    elif case == "past phase folder":
        head = pr_commit(repo, {f"{G}/1900-1-spring-movement/orders/france.txt": b"A PAR H\n"})
        expect = f"not the current phase (orders go to `{G}/{S01}/orders/`)"
    elif case == "outside orders":
        head = pr_commit(repo, {f"{G}/{S01}/position.yaml": b"units: {}\n"})
        expect = "only your power's order file"
    else:
        head = pr_commit(repo, {FRANCE + ".age": b"-----BEGIN AGE ENCRYPTED FILE-----\n-----END AGE ENCRYPTED FILE-----\n"})
        expect = "this game's orders are public: commit the `.txt` file"
    assert expect in refused(repo, head)


def test_paths_with_dot_dot_and_odd_changes_are_refused(game_repo):
    # git itself will not commit a '..' path, but a crafted tree could hold one: refused by name.
    from judge.store.pr import _judge_change
    from judge.store.layout import Game, GitTree
    from judge.store.pr import Verdict

    repo = game_repo
    game = Game.load(GitTree(repo.head.commit), G)
    for path in (f"{G}/{S01}/orders/../orders/france.txt", f"{G}/{S01}/orders/./france.txt", f"{G}//{S01}/orders/france.txt"):
        fv = _judge_change(Change("A", "000000", "100644", "0" * 40, path), "fran", WHEN,
                           lambda slug: game, repo.head.commit, Verdict("fran"))
        assert not fv.ok and "'..'" in fv.reason
    fv = _judge_change(Change("T", "100644", "120000", "0" * 40, FRANCE), "fran", WHEN, lambda s: game,
                       repo.head.commit, Verdict("fran"))
    assert not fv.ok and "kind of file changed" in fv.reason


def test_late_and_stranger_pull_requests_are_refused(game_repo):
    repo = game_repo
    head = pr_commit(repo, {FRANCE: b"A PAR H\n"})
    assert "the deadline (2025-01-09T22:00:00Z, +10 min) has passed" in refused(repo, head, when=T0 + hours(72.2))
    assert check_pr(repo, "main", head, "fran", T0 + hours(72.1)).accepted  # within the grace
    out = refused(repo, head, author="mallory")
    assert "France is played by @fran, not by @mallory" in out and "@mallory plays no power" in out
    empty = pr_commit(repo, {})
    assert "the pull request changes no file" in refused(repo, empty)


def test_withdrawing_ones_own_orders(game_repo):
    repo = game_repo
    send_orders(repo, FRANCE, "A PAR - BUR\n", "fran", WHEN)
    head = pr_commit(repo, {FRANCE: None})
    verdict = check_pr(repo, "main", head, "fran", WHEN)
    assert verdict.accepted and verdict.files[0].reason == "France's orders withdrawn"
    accept(repo, verdict, head, WHEN)
    assert not (Path(repo.working_tree_dir) / FRANCE).exists()


def test_the_check_pr_command_writes_the_summary_and_exits_1_when_refused(game_repo, tmp_path, monkeypatch):
    repo = game_repo
    monkeypatch.chdir(repo.working_tree_dir)
    head = pr_commit(repo, {order_path(S01, "Germany"): b"A MUN H\n"})
    summary = tmp_path / "summary.md"
    out = CliRunner().invoke(_cli(), ["check-pr", "--head", head, "--author", "fran", "--summary", str(summary),
                                      "--pr", "3", "--apply", "--now", "2025-01-07T00:00:00Z"], catch_exceptions=False)
    assert out.exit_code == 1
    assert "## Orders check: refused" in summary.read_text()
    assert repo.head.commit.message == "g: new game"


def test_pushing_retries_after_a_race_and_fetching_a_pull_request(tmp_path, no_maps):
    # A bare "GitHub" with a pull request ref; the CI checkout is a clone of it.
    origin_dir = tmp_path / "origin.git"
    seed = make_repo(tmp_path / "seed")
    make_game(seed)
    git.Repo.init(origin_dir, bare=True, initial_branch="main")
    seed.git.push(str(origin_dir), "main")
    head = pr_commit(seed, {FRANCE: b"A PAR - BUR\n"})
    seed.git.push(str(origin_dir), f"{head}:refs/pull/5/head")
    ci = git.Repo.clone_from(str(origin_dir), tmp_path / "ci")
    with ci.config_writer() as cw:
        cw.set_value("user", "name", "ci")
        cw.set_value("user", "email", "ci@example.invalid")
    fetch_pull(ci, str(origin_dir), 5, head)
    # Meanwhile the Gamesmaster pushes something else to main.
    seed.git.checkout("-q", "main")
    (Path(seed.working_tree_dir) / "notes.md").write_text("news\n")
    seed.git.add("notes.md")
    seed.git.commit("-q", "-m", "news")
    seed.git.push(str(origin_dir), "main")
    attempts = []

    def run():
        attempts.append(ci.head.commit.hexsha)
        verdict = check_pr(ci, "HEAD", head, "fran", WHEN)
        accept(ci, verdict, head, WHEN, pr=5)
        return verdict

    assert run_and_push(ci, str(origin_dir), run, lambda v: []).accepted
    assert len(attempts) == 2  # refused once (not a fast-forward), then done on top of the news
    origin = git.Repo(origin_dir)
    top = origin.commit("main")
    assert top.parents[0].message == "news\n" and top.parents[1].hexsha == head
    assert (top.tree / FRANCE).data_stream.read() == b"A PAR - BUR\n"
    # The tick pushes its commits and tags the same way.
    result = run_and_push(ci, str(origin_dir), lambda: tick(ci, now=T0 + hours(73)), lambda r: r.played)
    assert result.played == [f"g/{S01}"]
    assert origin.git.tag("--list") == f"g/{S01}"


def test_diff_changes_reads_raw_git_output(game_repo):
    repo = game_repo
    head = pr_commit(repo, {FRANCE: b"x\n", f"{G}/{S01}/orders/a b.txt": b"y\n"})
    changes = diff_changes(repo, "main", head)
    assert sorted(c.path for c in changes) == sorted([FRANCE, f"{G}/{S01}/orders/a b.txt"])
    assert {c.status for c in changes} == {"A"}
