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
from test_store_helpers import T0, hours, said, make_game, make_repo, pr_commit, repo, send_orders  # noqa: F401

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
    # Only the net change: one new commit on main, the pull request's history left out.
    assert [p.hexsha for p in commit.parents] == [before]
    assert "Co-authored-by: Fran <Fran@users.noreply.github.com>" in commit.message
    assert commit.message.startswith(f"g: orders of France for {S01} (#7)")
    root = Path(repo.working_tree_dir)
    assert (root / FRANCE).read_bytes() == b"A PAR - BUR\nA Marseilles -> Spain\n"
    receipt = yaml.safe_load((root / G / S01 / "receipts" / "france.yaml").read_text())
    assert receipt["received"] == "2025-01-07T03:00:00Z" and receipt["pull_request"] == 7
    assert receipt["head"] == head and receipt["player"] == "Fran"
    assert receipt["files"]["orders/france.txt"].startswith("sha256:")
    assert repo.git.status("--porcelain") == ""


@pytest.mark.parametrize("case", ["other power", "extra file", "symlink", "rename", "case of name", "case of extension",
                                  "delete another's", "executable", "past phase folder", "outside orders", "orders folder too deep", "sealed file"])
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
        expect = f"the file name must be exactly `france.txt` (lower case): `{FRANCE}`"
    elif case == "case of extension":
        head = pr_commit(repo, {f"{G}/{S01}/orders/france.TXT": b"A PAR H\n"})
        expect = f"the file name must be exactly `france.txt` (lower case): `{FRANCE}`"
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
        expect = f"not where France's orders for the current phase go: `{FRANCE}`"
    elif case == "outside orders":
        head = pr_commit(repo, {f"{G}/{S01}/position.yaml": b"units: {}\n"})
        expect = "only your power's order file"
    elif case == "orders folder too deep":
        head = pr_commit(repo, {f"{G}/orders/france.txt": b"A PAR H\n"})
        expect = f"yours go at `{FRANCE}`"
    else:
        head = pr_commit(repo, {FRANCE + ".age": b"-----BEGIN AGE ENCRYPTED FILE-----\n-----END AGE ENCRYPTED FILE-----\n"})
        expect = f"this game's orders are public: commit the `.txt` file: `{FRANCE}`"
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
    assert top.parents[0].message == "news\n" and len(top.parents) == 1
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


# -- '# ready' counts only when every line was understood -----------------------------------------


def _ready_all_but_france(repo, folder: str, orders: dict[str, str], when) -> None:
    from test_store_helpers import PLAYERS

    for power, text in orders.items():
        if power != "France":
            verdict = send_orders(repo, order_path(folder, power), text.replace("# ready\n", "") + "# ready\n",
                                  PLAYERS[power], when)
            assert verdict.accepted, verdict.to_text()


def test_ready_does_not_count_while_a_line_is_not_understood_and_the_check_says_why(game_repo, tmp_path, monkeypatch,
                                                                                      no_maps):
    """Defect: a file marked '# ready' with a line the judge could not read counted as ready (the
    phase was played early) and the pull-request check said only 'accepted ... ok'. Now the power
    is not ready until every line is understood, and the summary shows how each line was read
    and says why '# ready' does not count. An order understood but illegal still counts."""
    from test_store import SPRING_1901

    repo = game_repo
    _ready_all_but_france(repo, S01, SPRING_1901, WHEN)
    head = pr_commit(repo, {FRANCE: b"A PAR - BUR\nA MAR - Marsbase\nF Brest - Mid\n# ready\n"})
    summary = tmp_path / "summary.md"
    monkeypatch.chdir(repo.working_tree_dir)
    out = CliRunner().invoke(_cli(), ["check-pr", "--head", head, "--author", "fran", "--summary", str(summary),
                                      "--pr", "4", "--apply", "--now", "2025-01-07T03:00:00Z"], catch_exceptions=False)
    assert out.exit_code == 0, out.output  # the orders are taken (and may be fixed before the deadline) ...
    assert "'# ready' does not count: line 2 was not understood" in out.output  # ... but not as ready
    md = summary.read_text()
    assert "| line | text | read as |" in md
    assert "| 1 | A PAR - BUR | A PAR - BUR |" in md
    assert "| 2 | A MAR - Marsbase | **not understood: 'marsbase' is not a province" in md
    assert "| 3 | F Brest - Mid | F BRE - MAO |" in md
    assert "| 4 | &#35; ready | marks the orders ready (**does not count**) |" in md
    assert "**`# ready` does not count** for France: line 2 was not understood" in md
    assert "| `games/g/1901-1-spring-movement/orders/france.txt` | ok: France's orders; 1 line not followed as written " \
           "(line 2); '# ready' does not count: line 2 not understood |" in md
    assert "> [!WARNING]\n> 1 line of France's orders will not be followed as written (line 2)" in md
    assert "France is not ready, and the phase will not be played early" in md

    waiting = tick(repo, now=WHEN + hours(1))
    assert waiting.played == []
    assert "6 of 7 players ready" in waiting.waiting[0].reason
    assert "France's '# ready' does not count: line 2 was not understood" in waiting.waiting[0].reason

    # An illegal order is understood (the rules make the army hold): '# ready' counts.
    verdict = send_orders(repo, FRANCE, "A PAR - BUR\nA MAR - MOS\nF BRE - MAO\n# ready\n", "fran", WHEN + hours(2))
    assert verdict.accepted and verdict.files[0].reason == "France's orders; 1 line not followed as written (line 2), ready"
    md = verdict.to_markdown()
    assert "`# ready` counts: every line was understood; France is ready." in md
    # ... and never missed: named in the file's verdict, a warning above the table, the line in bold.
    assert "| 2 | A MAR - MOS | **illegal: A MAR - MOS: " in md and "> [!WARNING]" in md
    assert tick(repo, now=WHEN + hours(3)).played == [f"g/{S01}"]
    info = yaml.safe_load((Path(repo.working_tree_dir) / G / S01 / "phase.yaml").read_text())
    assert info["trigger"] == "ready"


def test_ready_does_not_count_with_an_order_of_two_meanings(game_repo, no_maps, monkeypatch):
    """The same defect for an order the judge reads two ways (a fleet's move to Spain, which has
    two coasts it could reach): not followed, so '# ready' does not count; ``judge check`` says so."""
    from test_store import F01, SPRING_1901

    repo = game_repo
    assert send_orders(repo, FRANCE, SPRING_1901["France"], "fran", WHEN).accepted
    assert tick(repo, now=T0 + hours(73)).played == [f"g/{S01}"]  # F BRE - MAO
    fall = T0 + hours(80)
    _ready_all_but_france(repo, F01, {p: "" for p in SPRING_1901}, fall)
    verdict = send_orders(repo, order_path(F01, "France"), "A BUR H\nF MAO - SPA\n# ready\n", "fran", fall)
    assert verdict.accepted
    assert verdict.files[0].reason == ("France's orders; 1 line not followed as written (line 2); "
                                       "'# ready' does not count: line 2 not understood")
    assert "'# ready' does not count: line 2 has two meanings (Spain has two coasts" in verdict.to_text()
    assert "| 2 | F MAO - SPA | **ambiguous: F MAO - SPA: Spain has two coasts" in verdict.to_markdown()
    assert tick(repo, now=fall + hours(1)).played == []
    monkeypatch.chdir(repo.working_tree_dir)
    out = CliRunner().invoke(_cli(), ["check", order_path(F01, "France")])
    assert out.exit_code == 1
    assert "marked ready ('# ready'): yes, but it does not count until every line is understood: line 2 has two " \
           "meanings" in out.output


# -- press by pull request ------------------------------------------------------------------------

PRESS_DIR = f"{G}/{S01}/press"


def test_a_player_sends_press_by_pull_request_with_a_receipt(game_repo, no_maps):
    """Defect: ``press/*.md`` in the current phase's folder (players' press, per
    docs/game-layout.md) was refused by the pull-request check. A player's own power's press files
    (``press/<power>.md``, ``press/<power>-<words>.md``) are accepted, merged and receipted."""
    repo = game_repo
    root = Path(repo.working_tree_dir)
    assert send_orders(repo, FRANCE, "A PAR - BUR\n", "fran", WHEN).accepted
    press = {f"{PRESS_DIR}/france.md": b"**Vive la France!**\n", f"{PRESS_DIR}/france-to-england.md": b"Dear ed,\n"}
    head = pr_commit(repo, press)
    verdict = check_pr(repo, "main", head, "fran", WHEN + hours(1))
    assert verdict.accepted, verdict.to_text()
    assert {f.reason for f in verdict.files} == {"France's press (published on the phase's page)"}
    sha = accept(repo, verdict, head, WHEN + hours(1), pr=8)
    assert repo.commit(sha).message.startswith(f"g: press of France for {S01} (#8)")
    for path, data in press.items():
        assert (root / path).read_bytes() == data
    receipt = yaml.safe_load((root / G / S01 / "receipts" / "france.yaml").read_text())
    assert receipt["pull_request"] == 8 and receipt["received"] == "2025-01-07T04:00:00Z"
    assert sorted(receipt["files"]) == ["orders/france.txt", "press/france-to-england.md", "press/france.md"]
    # Changing one's press is accepted too.
    assert send_orders(repo, f"{PRESS_DIR}/france.md", "Vive la France !\n", "fran", WHEN + hours(2)).accepted
    assert (root / PRESS_DIR / "france.md").read_text() == "Vive la France !\n"
    # The orders sent before the press are used as received (not as "changed after its receipt").
    assert tick(repo, now=T0 + hours(73)).played == [f"g/{S01}"]
    r = yaml.safe_load((root / G / S01 / "results.yaml").read_text())
    assert not [n for n in r["notes"] if "receipt" in n], r["notes"]
    assert {"power": "France", "order": "A PAR - BUR", "result": "success", "reason": "moved to Burgundy",
            "tags": []} in said(r)


@pytest.mark.parametrize("case", ["another power's", "no power in the name", "upper case", "not markdown",
                                  "the next phase", "deleting", "with another file", "late", "not text",
                                  "a longer name"])
def test_press_pull_requests_other_than_ones_own_press_are_refused(game_repo, case):
    repo = game_repo
    mine = f"{PRESS_DIR}/france.md"
    when = WHEN
    files: dict[str, bytes | None] = {}
    if case == "another power's":
        files, expect = {f"{PRESS_DIR}/germany-to-france.md": b"hi\n"}, "Germany's press: Germany is played by @gus"
    elif case == "no power in the name":
        files, expect = {f"{PRESS_DIR}/news.md": b"hi\n"}, "a press file is named after its power"
    elif case == "upper case":
        files, expect = {f"{PRESS_DIR}/France.md": b"hi\n"}, "a press file is named after its power"
    elif case == "not markdown":
        files, expect = {f"{PRESS_DIR}/france.html": b"<script>x</script>\n"}, "a press file is named after its power"
    elif case == "the next phase":
        files = {f"{G}/1901-3-fall-movement/press/france.md": b"hi\n"}
        expect = f"not the current phase (press goes to `{PRESS_DIR}/`)"
    elif case == "deleting":
        assert send_orders(repo, mine, "hi\n", "fran", WHEN).accepted
        files, expect = {mine: None}, "press, once published, stays"
    elif case == "with another file":
        files, expect = {mine: b"hi\n", f"{G}/gm.md": b"pwned\n"}, "only your power's order file"
    elif case == "late":
        files, expect, when = {mine: b"hi\n"}, "the deadline (2025-01-09T22:00:00Z, +10 min) has passed", T0 + hours(72.2)
    elif case == "not text":
        files, expect = {mine: b"\xff\xfe\x00x"}, "not UTF-8 text"
    else:
        files, expect = {f"{PRESS_DIR}/francey.md": b"hi\n"}, "a press file is named after its power"
    head = pr_commit(repo, files)
    assert expect in refused(repo, head, when=when)
