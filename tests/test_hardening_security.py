"""Security: pull requests that try to reach past the player's own order file, sealed orders that
must not show before the deadline, and game files that must never run.

Complements ``tests/test_store_pr.py`` (the plain forgeries) and ``tests/test_hardening.py``.
Every refused pull request is also checked not to be mergeable (:func:`accept` refuses it) and to
have changed nothing.
"""

from __future__ import annotations

import binascii
import re
import json
import subprocess
import sys
from pathlib import Path

import git
import pytest
import yaml
from click.testing import CliRunner

from judge.core.errors import StoreError
from judge.sealing import seal
from judge.store import transaction
from judge.store.pr import accept, check_pr
from judge.store.tick import tick
from test_store import G, S01, _cli, no_maps, order_path  # noqa: F401
from test_store_helpers import T0, hours, make_game, pr_commit, repo, send_orders  # noqa: F401

FRANCE = order_path(S01, "France")
WHEN = T0 + hours(5)
DEADLINE = T0 + hours(73)


def _git(repo: git.Repo, *args: str, input: bytes | None = None) -> str:
    return subprocess.run(["git", *args], cwd=repo.working_tree_dir, input=input, capture_output=True,
                          check=True).stdout.decode().strip()


def _tree(repo: git.Repo, entries: list[tuple[str, str, str]]) -> str:
    """A tree object written as given (git's own checks bypassed, as an attacker would)."""
    data = b"".join(m.encode() + b" " + n.encode() + b"\0" + binascii.unhexlify(s)
                    for m, n, s in sorted(entries, key=lambda e: e[1]))
    return _git(repo, "hash-object", "-t", "tree", "-w", "--literally", "--stdin", input=data)


def _entries(repo: git.Repo, tree: str) -> list[tuple[str, str, str]]:
    out = []
    for line in _git(repo, "ls-tree", tree).splitlines():
        meta, name = line.split("\t", 1)
        mode, _, sha = meta.split()
        out.append((mode.lstrip("0") if mode.startswith("04") else mode, name, sha))
    return out


def _crafted(repo: git.Repo, folder: list[str], extra: list[tuple[str, str, str]]) -> str:
    """A commit on main whose tree has ``extra`` entries added in the folder ``folder``."""
    def rebuild(tree: str, path: list[str]) -> str:
        entries = _entries(repo, tree)
        if not path:
            return _tree(repo, entries + extra)
        return _tree(repo, [(m, n, rebuild(s, path[1:]) if n == path[0] else s) for m, n, s in entries])

    root = rebuild(repo.head.commit.tree.hexsha, folder)
    return _git(repo, "commit-tree", root, "-p", repo.head.commit.hexsha, "-m", "crafted")


def _refused_and_unmergeable(repo: git.Repo, head: str, author: str = "fran", when=WHEN) -> str:
    before = (repo.head.commit.hexsha, repo.git.status("--porcelain", "--untracked-files=all"))
    verdict = check_pr(repo, "main", head, author, when)
    assert not verdict.accepted, verdict.to_text()
    with pytest.raises(StoreError):
        accept(repo, verdict, head, when, pr=9)
    assert (repo.head.commit.hexsha, repo.git.status("--porcelain", "--untracked-files=all")) == before
    return verdict.to_text()


ORDERS = f"{G}/{S01}/orders"


@pytest.mark.parametrize("path", [
    f"{G}/{S01}/Orders/france.txt",                # case of a folder
    f"{G}/{S01}/ORDERS/france.txt",
    f"games/G/{S01}/orders/france.txt",            # case of the game
    f"Games/g/{S01}/orders/france.txt",
    f"{G}/1901-1-Spring-movement/orders/france.txt",
    f"{G}/{S01}/\u043erders/france.txt",           # Cyrillic o
    f"gam\u0435s/g/{S01}/orders/france.txt",       # Cyrillic e
    f"{G}/\uff11901-1-spring-movement/orders/france.txt",  # a full-width digit
    f"{ORDERS}/france\u202etxt.",                  # a right-to-left override
    f"{ORDERS}/france\u0301.txt",                  # a combining accent
    f"{ORDERS}/france.txt\u00a0",                  # a no-break space
    f"{ORDERS}\\france.txt",                       # a backslash in a name
    f"{ORDERS}/france.txt/orders.txt",             # a folder named like the file
    f"{G}/1901-3-fall-movement/orders/france.txt",  # the next phase, not open yet
    f"{G}/{S01}/receipts/france.yaml",             # a forged receipt (the time of receipt)
    f"{G}/{S01}/phase.yaml",                       # a later deadline
    f"{G}/game.yaml",
    f"{G}/.gitattributes",
    ".gitattributes",
    ".github/workflows/evil.yml",
    f"games/new/game.yaml",                        # a new game
])
def test_a_path_other_than_ones_own_order_file_is_refused(repo, path):
    make_game(repo)
    head = pr_commit(repo, {FRANCE: b"A PAR - BUR\n", path: b"A PAR - BUR\n"})
    _refused_and_unmergeable(repo, head)


def test_another_games_files_are_refused_even_for_its_player(repo):
    make_game(repo)
    make_game(repo, "h")  # fran plays France there too
    h = f"games/h/{S01}"
    send_orders(repo, f"{h}/orders/germany.txt", "A MUN H\n", "gus", WHEN)
    for files in ({f"games/h/game.yaml": b"status: finished\n"},
                  {f"{h}/position.yaml": b"phase: Spring 1901 Movement\n"},
                  {f"{h}/orders/germany.txt": None},
                  {f"{h}/orders/france.txt": b"A PAR H\n", f"{h}/orders/germany.txt": b"A MUN - BUR\n"}):
        _refused_and_unmergeable(repo, pr_commit(repo, files))
    # A rename from another game's file into one's own, and a symbolic link to it, likewise.
    out = _refused_and_unmergeable(repo, pr_commit(repo, {}, renames={f"{h}/orders/germany.txt": FRANCE}))
    assert "renames and copies are not allowed" in out
    out = _refused_and_unmergeable(repo, pr_commit(repo, {}, symlinks={FRANCE: f"../../../h/{S01}/orders/germany.txt"}))
    assert "a symbolic link" in out


def test_a_symlinked_orders_folder_a_submodule_and_a_huge_file_are_refused(repo):
    make_game(repo)
    out = _refused_and_unmergeable(repo, pr_commit(repo, {}, symlinks={ORDERS: "../../../.github"}))
    assert "a symbolic link" in out
    # A submodule (gitlink) where the order file goes.
    repo.git.checkout("-q", "-b", "sub", "main")
    repo.git.update_index("--add", "--cacheinfo", f"160000,{repo.head.commit.hexsha},{FRANCE}")
    repo.git.commit("-q", "-m", "gitlink")
    head = repo.head.commit.hexsha
    repo.git.checkout("-q", "-f", "main")
    assert "a submodule" in _refused_and_unmergeable(repo, head)
    big = b"A PAR H\n" * 10_000
    assert "an order file is at most" in _refused_and_unmergeable(repo, pr_commit(repo, {FRANCE: big}))


def test_a_look_alike_login_is_not_the_player(repo):
    make_game(repo)
    head = pr_commit(repo, {FRANCE: b"A PAR H\n"})
    for login in ("fr\u0430n", "fran-", "fran ", "\u200bfran", "FRAN\u0130"):
        assert "not by @" in _refused_and_unmergeable(repo, head, author=login)


def test_hand_made_trees_with_dot_dot_or_a_slash_in_a_name_are_refused_cleanly(repo):
    """git refuses such trees on checkout but stores them: a pull request can carry one."""
    make_game(repo)
    blob = _git(repo, "hash-object", "-w", "--stdin", input=b"A PAR - BUR\n")
    inner = _tree(repo, [("100644", "france.txt", blob)])
    orders = _tree(repo, [("40000", "orders", inner)])
    cases = {
        # games/g/<phase>/../orders/france.txt
        "dot dot": _crafted(repo, ["games", "g", S01], [("40000", "..", orders)]),
        # an entry named 'orders/france.txt': the same path as the real file, in a diff
        "slash": _crafted(repo, ["games", "g", S01], [("100644", "orders/france.txt", blob)]),
        # an entry named '.git' in the game's folder
        "dot git": _crafted(repo, ["games", "g"], [("40000", ".git", orders)]),
    }
    for name, head in cases.items():
        out = _refused_and_unmergeable(repo, head)
        assert "refused" in out, (name, out)


# -- sealed orders ----------------------------------------------------------------------------

SECRET = "A PAR - PIC  # the Channel gambit 7f3a"


def _all_objects(repo: git.Repo) -> bytes:
    """Every object in the object store, reachable or not (``--batch-all-objects``)."""
    return subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"], cwd=repo.working_tree_dir,
                          capture_output=True, check=True).stdout


def _all_files(root: Path) -> bytes:
    return b"\n".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink())


def test_sealed_orders_are_in_no_object_file_or_log_before_the_deadline(repo, no_maps, monkeypatch, tmp_path):
    """Sent by pull request through the commands a CI job runs (check-pr with its job summary,
    tick before the deadline, a tick at the deadline that fails and is undone): the clear text
    is in no git object (reachable or not), no file of the checkout or of .git, no output."""
    game = make_game(repo, sealed=True)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    monkeypatch.chdir(repo.working_tree_dir)
    sealed = seal(SECRET + "\n# ready\n", recipient=game.recipient, game="g", phase=S01, power="France")
    head = pr_commit(repo, {FRANCE + ".age": sealed})
    summary = tmp_path / "summary.md"
    outputs = []
    res = CliRunner().invoke(_cli(), ["check-pr", "--head", head, "--author", "fran", "--pr", "4", "--apply",
                                      "--now", "2025-01-07T03:00:00Z", "--summary", str(summary)])
    assert res.exit_code == 0, res.output
    outputs.append(res.output)
    res = CliRunner().invoke(_cli(), ["tick", "--now", "2025-01-08T00:00:00Z", "--no-maps"])
    assert res.exit_code == 0 and "played" not in res.output, res.output
    outputs.append(res.output)
    # At the deadline the judge decrypts and writes the clear text; a failure before the branch
    # moves undoes it all, the new objects included.
    calls = []

    def fail_at_ref(step: str) -> None:
        calls.append(step)
        if step == "ref":
            raise OSError("the runner was stopped")

    monkeypatch.setattr(transaction, "_checkpoint", fail_at_ref)
    res = CliRunner().invoke(_cli(), ["tick", "--now", "2025-01-10T00:00:00Z", "--no-maps"])
    assert res.exit_code == 1 and "ref" in calls, res.output
    outputs.append(res.output)
    monkeypatch.setattr(transaction, "_checkpoint", lambda step: None)
    for blob in (_all_objects(repo), _all_files(Path(repo.working_tree_dir)), summary.read_bytes(),
                 "\n".join(outputs).encode()):
        assert b"Channel gambit" not in blob
        assert game.identity.encode() not in blob
    # Once played, the orders are published in clear, as a Gamesmaster posts them.
    assert tick(repo, now=DEADLINE, maps=False).played == [f"g/{S01}"]
    assert b"Channel gambit" in _all_objects(repo)
    assert game.identity.encode() not in _all_objects(repo)


def test_a_tick_before_the_deadline_prints_no_word_of_a_sealed_file(repo, no_maps, monkeypatch):
    """Defect (hardening, third round): a tick on a game not yet due printed the unread word of a
    sealed order (``'lemberg' is not a province``) to the public job log. Now it names the lines only."""
    game = make_game(repo, sealed=True)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    monkeypatch.chdir(repo.working_tree_dir)
    sealed = seal("A PAR - Lemberg\nF BRE - MAO\n# ready\n", recipient=game.recipient, game="g", phase=S01, power="France")
    head = pr_commit(repo, {FRANCE + ".age": sealed})
    res = CliRunner().invoke(_cli(), ["check-pr", "--head", head, "--author", "fran", "--pr", "4", "--apply",
                                      "--now", "2025-01-07T03:00:00Z"])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(_cli(), ["tick", "--now", "2025-01-08T00:00:00Z", "--no-maps"])
    assert res.exit_code == 0, res.output
    # (the line's number in the clear text the judge publishes after the deadline, header included)
    assert re.search(r"France's '# ready' does not count: line \d+ not understood \(see judge check\)", res.output)
    assert "lemberg" not in res.output.lower()


def test_the_bots_words_are_escaped_for_the_comment_and_the_log(repo, no_maps):
    """Defect (hardening, third round): file names and order lines were printed unescaped in the
    comment (a working link, an @mention, a fake heading) and in the log (a line starting a
    workflow command). Now the comment shows them as written, linking and mentioning nothing, each
    table row whole, and no log line can start a workflow command."""
    make_game(repo)
    lines = ["A PAR - BUR", "@admin please merge", "[click](https://evil.example/x)", "::error::pwned",
             "| a | b | c |", "`x` #12 www.evil.example", "<script>x</script>"]
    hostile = f"{G}/{S01}/orders/::error file=x::fake ## Accepted @admin [x](http:evil.example) `|`.md"
    head = pr_commit(repo, {FRANCE: "\n".join(lines).encode() + b"\n", hostile: b"hello\n"})
    verdict = check_pr(repo, "main", head, "fran", T0 + hours(3))
    md, text = verdict.to_markdown(4), verdict.to_text()
    from judge.escape import gh_code

    assert gh_code(hostile) in md  # the file name in a code span: GitHub links and mentions nothing there
    prose = md.replace(gh_code(hostile), "")
    for bad in ("@admin", "](https://", "https://evil", "www.evil", "<script>", "\n## Accepted", "\n::error", "](http:"):
        assert bad not in prose, bad
    assert "@\u200badmin" in prose  # an order line's words shown, mentioning nobody
    for row in (ln for ln in md.splitlines() if ln.startswith("| ") and "---" not in ln):
        cells = len(re.findall(r"(?<!\\)\|", row)) - 1
        assert cells in (2, 3), row  # the file table has 2 cells, the reading table 3
    assert not any(ln.lstrip().startswith("::") for ln in text.splitlines()), text
    assert "\n::" not in text and "::error" not in text


def test_only_the_net_change_of_a_pull_request_enters_main(repo, no_maps, monkeypatch):
    """Defect (hardening, third round): the gate judged the net change but merged the pull
    request's history, so a large file added then deleted, or a sealed game's clear text committed
    before its sealed file, stayed reachable from main for good. Now the accepted files enter as
    one new commit on main, and nothing of the pull request's own commits is reachable from it."""
    game = make_game(repo, sealed=True)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    root = Path(repo.working_tree_dir)
    repo.git.checkout("-q", "-b", "pr", "main")
    (root / FRANCE).parent.mkdir(parents=True, exist_ok=True)
    (root / FRANCE).write_text(SECRET + "\n")  # the clear text, committed first
    big = root / G / S01 / "press" / "blob.md"
    big.parent.mkdir(parents=True, exist_ok=True)
    big.write_bytes(b"\0" * 2_000_000)
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "oops")
    (root / FRANCE).unlink()
    big.unlink()
    sealed = seal(SECRET + "\n", recipient=game.recipient, game="g", phase=S01, power="France")
    (root / (FRANCE + ".age")).write_bytes(sealed)
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "sealed")
    head = repo.head.commit.hexsha
    repo.git.checkout("-q", "main")
    verdict = check_pr(repo, "main", head, "fran", T0 + hours(3))
    assert verdict.accepted, verdict.to_text()
    sha = accept(repo, verdict, head, T0 + hours(3), pr=9)
    commit = repo.commit(sha)
    assert len(commit.parents) == 1
    reachable = repo.git.rev_list("--objects", "main")
    assert head not in reachable
    clear = subprocess.run(["git", "hash-object", "--stdin"], input=(SECRET + "\n").encode(), capture_output=True,
                           cwd=root, check=True).stdout.decode().strip()
    assert clear not in reachable
    assert (commit.tree / (FRANCE + ".age")).data_stream.read() == sealed


# -- nothing in a game folder runs ------------------------------------------------------------


def test_yaml_tags_module_names_and_shell_text_in_game_files_do_not_run(repo, no_maps, tmp_path):
    """Python object tags in every YAML file of a game, a variant named after a module or a
    path, shell and template syntax in orders: each is data (a located error, or text), and the
    marker file they would create never appears."""
    make_game(repo)
    root = Path(repo.working_tree_dir)
    marker = tmp_path / "pwned"
    tag = f"!!python/object/apply:os.system ['touch {marker}']"
    phase = root / G / S01
    (phase / "orders").mkdir()
    (phase / "orders" / "france.txt").write_text(f"A PAR - BUR $(touch {marker}) `touch {marker}`\n{{{{ 7*7 }}}}\n")
    (phase / "receipts").mkdir()
    (phase / "receipts" / "france.yaml").write_text(f"received: {tag}\nfiles: {tag}\n")
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "hostile orders and receipt")
    result = tick(repo, now=DEADLINE, maps=False)
    assert result.played == [f"g/{S01}"], result.errors
    results = (phase / "results.yaml").read_text()
    # The template text is kept as written, never evaluated (a bare "49" could be any digest's digits).
    shown = json.dumps(yaml.safe_load(results))
    assert "unreadable receipt" in results and "$(touch" in results and "{{ 7*7 }}" in shown
    assert not re.search(r"[^0-9a-f]49[^0-9a-f]", shown.replace("{{ 7*7 }}", ""))
    nxt = root / G / "1901-3-fall-movement"
    for path, text in ((nxt / "position.yaml", f"variant: standard\nphase: {tag}\n"),
                       (nxt / "phase.yaml", f"phase: x\nopened: {tag}\ndeadline: {tag}\n"),
                       (root / G / "game.yaml", (root / G / "game.yaml").read_text().replace("variant: standard", "variant: os")),
                       (root / G / "game.yaml", (root / G / "game.yaml").read_text().replace("variant: standard", "variant: ../../tmp/x"))):
        old = path.read_text()
        path.write_text(text)
        repo.git.commit("-q", "-am", f"hostile {path.name}")
        result = tick(repo, now=DEADLINE + hours(400), maps=False)
        assert result.played == [] and len(result.errors) == 1, result.errors
        assert path.relative_to(root).as_posix() in result.errors[0] and "internal error" not in result.errors[0]
        path.write_text(old)
        repo.git.commit("-q", "-am", "restored")
    # Results of a past phase are read by the replay: a located difference, nothing run.
    from judge.store.layout import GitTree
    from judge.store.verify import verify_game

    (phase / "results.yaml").write_text(f"winner: {tag}\n")
    repo.git.commit("-q", "-am", "hostile results")
    found = verify_game(GitTree(repo.head.commit), G)
    assert [m.folder for m in found.mismatches] == [S01]
    assert not marker.exists()


def test_template_text_in_a_title_and_orders_is_shown_not_run_on_the_site(repo, no_maps, tmp_path):
    """The site generator fills its own templates with the game's text as data: a Jinja
    expression in a title or an order is shown, never evaluated. (MkDocs then renders the
    Markdown with no macro plugin; that the HTML escapes player text is tests/test_browser.py's.)"""
    make_game(repo)
    root = Path(repo.working_tree_dir)
    settings = root / G / "game.yaml"
    settings.write_text(settings.read_text().replace("title: G", "title: \"{{ 'pw' ~ 'ned' }} {% if true %}yes{% endif %}\""))
    (root / G / S01 / "orders").mkdir()
    (root / G / S01 / "orders" / "france.txt").write_text("A PAR - BUR {{ 'ow' ~ 'ned' }}\n")
    repo.git.add("--all")
    repo.git.commit("-q", "-m", "template text")
    assert tick(repo, now=DEADLINE, maps=False).played == [f"g/{S01}"]
    out = subprocess.run([str(Path(sys.executable).parent / "judge"), "site", "--out", str(tmp_path / "docs")],
                         cwd=root, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    pages = "\n".join(p.read_text(errors="replace") for p in (tmp_path / "docs").rglob("*") if p.is_file()
                      and p.suffix in (".md", ".html", ".yml", ".yaml", ".json"))
    # The text is there as written (braces escaped where Markdown would show them)...
    assert "'pw' ~ 'ned'" in pages and "'ow' ~ 'ned'" in pages
    # ...and nowhere evaluated.
    assert "pwned" not in pages and "owned" not in pages


@pytest.mark.parametrize("status", ["paused", "finished"])
def test_orders_for_a_paused_or_finished_game_are_refused(repo, status):
    make_game(repo)
    settings = Path(repo.working_tree_dir) / G / "game.yaml"
    settings.write_text(settings.read_text().replace("status: active", f"status: {status}"))
    repo.git.commit("-q", "-am", status)
    out = _refused_and_unmergeable(repo, pr_commit(repo, {FRANCE: b"A PAR H\n"}))
    assert f"the game is {status}" in out


def test_a_new_line_in_a_file_name_starts_no_line_in_the_comment_or_the_log():
    """The audit's crafted name with a new line (a fake "accepted" heading, a ``::error`` command
    line): in a table cell it is one cell, in the log one line."""
    from judge.escape import gh_code, gh_text, log_safe

    name = "games/g/x/orders/a\n## Orders check: accepted\n::error file=x::fake|b`c.txt"
    for shown in (gh_code(name), gh_text(name), log_safe(name)):
        assert "\n" not in shown and "\r" not in shown
    assert "::" not in log_safe(name)
    assert not re.search(r"(?<!\\)\|", gh_code(name)), gh_code(name)  # the pipe keeps within its cell
