"""Faults: a deadline job that dies at any write leaves the repository byte for byte as it was.

The write points are not listed by hand: a Python audit hook (:func:`sys.addaudithook`) sees
every file the process opens for writing, every rename, removal, ``mkdir``, ``chmod`` and every
git command it starts, inside the repository (working tree and ``.git``). A clean tick is run
once on a copy of the repository to count them; then, for each k, the k-th is made to fail (an
``OSError``, as a full disk would) on the original, and the whole folder — every file of the
working tree and of ``.git`` (objects, refs, reflogs, index, packed refs, config) — must be as it
was, or, if the failure was absorbed on the way, exactly as after the clean tick.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

import git
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from click.testing import CliRunner

from judge.store.pr import accept, check_pr
from judge.store.tick import tick
from test_store import G, S01, SPRING_1901, _cli, no_maps, order_path, send_all  # noqa: F401
from test_store_helpers import T0, hours, make_game, make_repo, pr_commit, repo  # noqa: F401

_WRITE_EVENTS = {"os.rename", "os.remove", "os.mkdir", "os.rmdir", "os.chmod", "os.chown", "os.truncate",
                 "os.link", "os.symlink", "os.utime", "shutil.rmtree", "shutil.move", "shutil.copyfile",
                 "shutil.copymode", "shutil.copystat", "os.removexattr", "os.setxattr"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Faults:
    """The audit hook: counts the write points inside ``root`` and fails the ``fail_at``-th."""

    def __init__(self) -> None:
        self.root: str | None = None
        self.fail_at = 0
        self.seen: list[str] = []
        self.fired: str | None = None
        self.kill = False

    def arm(self, root: Path, fail_at: int = 0) -> None:
        self.root, self.fail_at, self.seen, self.fired = os.path.realpath(root) + os.sep, fail_at, [], None

    def disarm(self) -> None:
        self.root = None

    def _inside(self, path) -> bool:
        if isinstance(path, int) or path is None:
            return False
        try:
            p = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return (p + os.sep).startswith(self.root)

    def __call__(self, event: str, args: tuple) -> None:
        if self.root is None:
            return
        point = None
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (flags or 0) & _WRITE_FLAGS
            if writes and self._inside(path):
                point = f"open {os.fsdecode(path)[len(self.root):]} ({mode or oct(flags)})"
        elif event in _WRITE_EVENTS:
            if args and self._inside(args[0]):
                point = f"{event} {os.fsdecode(args[0])[len(self.root):]}"
        elif event == "subprocess.Popen":
            cmd = [os.fsdecode(a) for a in args[1]] if isinstance(args[1], (list, tuple)) else [str(args[1])]
            if cmd and os.path.basename(cmd[0]) == "git":
                point = "git " + " ".join(cmd[1:])[:70]
        if point is None:
            return
        self.seen.append(point)
        if len(self.seen) == self.fail_at and self.kill:
            os._exit(99)  # killed: no exception, no undo, no cleanup
        if len(self.seen) == self.fail_at:
            self.root = None  # one fault: the rollback itself must be able to write
            self.fired = point
            raise OSError(28, f"injected fault at write point {self.fail_at}: {point}")


FAULTS = Faults()
_hooked: list[bool] = []


def _hook() -> None:
    """Install the audit hook once (it cannot be removed; it is inert while disarmed)."""
    if not _hooked:
        sys.addaudithook(FAULTS)
        _hooked.append(True)


def tree_snapshot(root: Path) -> dict[str, object]:
    """Every file (bytes), folder and link under ``root``, ``.git`` included."""
    out: dict[str, object] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = p.relative_to(root).as_posix()
            if p.is_symlink():
                out[rel] = "link " + os.readlink(p)
            elif p.is_dir():
                out[rel] = "dir"
            else:
                out[rel] = p.read_bytes()
    return out


def _comparable(root: Path, snap: dict[str, object], logs: bool = False) -> dict[str, object]:
    """A snapshot of a successful run, without what differs between two clean runs of the same
    job in two folders: the index's file stat data (its entries are compared instead) and the
    reflogs' clock times (kept with ``logs``)."""
    out = {k: v for k, v in snap.items() if k != ".git/index" and (logs or not k.startswith(".git/logs/"))}
    out[".git/index entries"] = git.Repo(root).git.ls_files("-s", "--stage")
    return out


def _differences(a: dict, b: dict) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def _inject_everywhere(repo: git.Repo, job, check_done, record_figure, label: str) -> None:
    """Count ``job``'s write points on a copy of ``repo``, then fail each in turn on ``repo``."""
    root = Path(repo.working_tree_dir)
    _hook()
    copy = root.parent / (root.name + "-reference")
    shutil.copytree(root, copy, symlinks=True)
    FAULTS.arm(copy)
    try:
        outcome = job(git.Repo(copy))
    finally:
        FAULTS.disarm()
    check_done(outcome)
    points = list(FAULTS.seen)
    assert len(points) >= 20, points
    done = _comparable(copy, tree_snapshot(copy))
    before = tree_snapshot(root)
    kinds: Counter = Counter()
    absorbed = []
    for k in range(1, len(points) + 1):
        FAULTS.arm(root, fail_at=k)
        try:
            outcome = job(git.Repo(root))
        except Exception as exc:  # noqa: BLE001 - a job that lets the error out (not reporting it)
            outcome = exc
        finally:
            FAULTS.disarm()
        assert FAULTS.fired is not None, f"write point {k} of {len(points)} was never reached"
        kinds[FAULTS.fired.split()[0]] += 1
        after = tree_snapshot(root)
        if after == before:
            continue
        # The fault was absorbed (a library retried or ignored it): the job must then be whole.
        assert _comparable(root, after) == done, (
            f"fault at {FAULTS.fired} left the repository changed: {_differences(before, after)[:8]}")
        absorbed.append(FAULTS.fired)
        shutil.rmtree(root)
        shutil.copytree(copy.parent / (root.name + "-before"), root, symlinks=True)
    record_figure(f"faults: write points injected ({label})",
                  f"{len(points)} ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); "
                  f"absorbed without harm: {len(absorbed)} ({'; '.join(absorbed) or 'none'})")


@pytest.fixture
def keep_before():
    """Where ``_inject_everywhere`` can restore the repository from after an absorbed fault."""
    made = []

    def keep(repo: git.Repo) -> None:
        root = Path(repo.working_tree_dir)
        target = root.parent / (root.name + "-before")
        shutil.copytree(root, target, symlinks=True)
        made.append(target)
    return keep


def test_a_tick_failing_at_any_write_point_leaves_every_byte_as_it_was(repo, no_maps, keep_before, record_figure):
    """A phase due a few days late (its results, the next phase's folder, a commit and a tag: a
    run plays one phase with a deadline, issue 30); every write point of that tick fails in turn."""
    make_game(repo)
    send_all(repo, S01, {p: SPRING_1901[p] for p in ("France", "Germany", "Russia")}, T0 + hours(1))
    keep_before(repo)
    when = T0 + hours(150)

    def check_done(result):
        assert result.played == [f"g/{S01}"] and result.errors == []

    def job(r: git.Repo):
        result = tick(r, now=when, maps=False)
        assert result.played == [] or not result.errors
        return result

    _inject_everywhere(repo, job, check_done, record_figure, "a tick playing a phase")
    # And with no fault, the tick plays both phases on the original.
    check_done(tick(git.Repo(repo.working_tree_dir), now=when, maps=False))


def test_merging_a_pull_request_failing_at_any_write_point_changes_nothing(repo, keep_before, record_figure):
    """The other writer: accepting a player's orders (files, receipt, merge commit)."""
    make_game(repo)
    head = pr_commit(repo, {order_path(S01, "France"): b"A PAR - BUR\n"})
    keep_before(repo)
    when = T0 + hours(2)

    def job(r: git.Repo):
        verdict = check_pr(r, "main", head, "fran", when)
        assert verdict.accepted
        return accept(r, verdict, head, when, pr=3)

    _inject_everywhere(repo, job, lambda sha: None, record_figure, "merging a pull request")


def test_a_new_game_failing_at_any_write_point_leaves_nothing(tmp_path, keep_before, record_figure):
    from judge.store.tick import create_game, new_game

    repo = make_repo(tmp_path / "repo")
    keep_before(repo)

    def job(r: git.Repo):
        create_game(r, new_game("games/n", "standard", now=T0), commit=True, now=T0)

    _inject_everywhere(repo, job, lambda _: None, record_figure, "a new game")


# -- racing ticks on one checkout -------------------------------------------------------------


def _one_commit_per_phase(repo: git.Repo, phases: list[str]) -> None:
    log = repo.git.log("--format=%s", "main").splitlines()
    for phase in phases:
        assert sum(1 for m in log if m.startswith(f"g: {phase} played")) == 1, log
    assert repo.git.status("--porcelain", "--untracked-files=all") == ""
    repo.git.fsck("--strict", "--no-dangling")


def test_two_ticks_racing_in_threads_on_one_checkout_play_each_phase_once(repo, no_maps):
    """Two deadline jobs in one process, each with its own handle on the same checkout, start
    together: the repository lock lets one play; the other waits, reads the winner's commit,
    finds nothing due and stops without an error."""
    import threading

    make_game(repo)
    when = T0 + hours(150)
    start = threading.Barrier(2)
    results: list = [None, None]

    def job(k: int) -> None:
        handle = git.Repo(repo.working_tree_dir)
        start.wait()
        results[k] = tick(handle, now=when, maps=False)

    threads = [threading.Thread(target=job, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert [r.errors for r in results] == [[], []], [r.errors for r in results]
    assert sorted(len(r.played) for r in results) == [0, 1]
    loser = next(r for r in results if not r.played)
    assert [w.folder for w in loser.waiting] == ["1901-3-fall-movement"]
    _one_commit_per_phase(repo, ["Spring 1901 Movement"])
    assert repo.git.tag("--list").split() == [f"g/{S01}"]


def test_two_judge_tick_processes_racing_on_one_checkout_commit_once(repo):
    """The same with two ``judge tick`` processes (as two CI runners sharing a checkout would)."""
    import subprocess

    make_game(repo)
    judge = str(Path(sys.executable).parent / "judge")
    cmd = [judge, "tick", "--now", "2025-01-13T00:00:00Z", "--no-maps"]
    procs = [subprocess.Popen(cmd, cwd=repo.working_tree_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    played = [line for out, _ in outs for line in out.splitlines() if line.startswith("played ")]
    assert played == [f"played g/{S01}"], outs
    assert sum("waiting g: Fall 1901 Movement" in out for out, _ in outs) == 2, outs
    _one_commit_per_phase(repo, ["Spring 1901 Movement"])


# -- corrupted and hand-edited game files -----------------------------------------------------


class DictTree:
    """A commit's files in memory (path -> bytes), read as the judge reads a commit."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read(self, path: str) -> bytes | None:
        return self.files.get(path)

    def listdir(self, path: str) -> list[str]:
        prefix = path.rstrip("/") + "/"
        return sorted({p[len(prefix):].split("/", 1)[0] for p in self.files if p.startswith(prefix)})


@pytest.fixture(scope="module")
def played_game(tmp_path_factory) -> dict[str, bytes]:
    """The files of a game two phases in (orders sent by pull request, receipts, results)."""
    from test_store import FALL_1901

    r = make_repo(tmp_path_factory.mktemp("played") / "repo")
    make_game(r)
    send_all(r, S01, SPRING_1901, T0 + hours(1))
    assert tick(r, now=T0 + hours(73), maps=False).played == [f"g/{S01}"]
    send_all(r, "1901-3-fall-movement", {p: FALL_1901[p] for p in ("France", "Italy", "Turkey")}, T0 + hours(74))
    assert tick(r, now=T0 + hours(200), maps=False).played[0] == "g/1901-3-fall-movement"
    out = {}
    for item in r.head.commit.tree.traverse():
        if item.type == "blob" and item.path.startswith(G + "/"):
            out[item.path] = item.data_stream.read()
    return out


_KINDS = ("game.yaml", "phase.yaml", "position.yaml", "orders", "receipts", "results.yaml", "results.txt")
_YAML_TRAPS = [b"{[1]: x}", b"&a [*a]", b"!!python/object/apply:os.system ['true']", b"!!binary aGk=", b"5", b"~",
               b"[]", b"{}", b"2020-01-01", b"- - -", b": :", b"\t", b"'unclosed", b"\xff\xfe", b"\x00", b"*undefined",
               b"? [a]\n: b", b"!!set {a, b}", b"!!timestamp nonsense", b"1e999", b"0o777", b"{{ 7*7 }}",
               b"!!bool maybe", b"!!float x", b"!!int 9" + b"9" * 5000, b"!!binary ###", b"!!omap [1]", b"!!pairs x",
               b"!!str", b"!!null x", b"!!merge x", b"<<: 5", b"<<: [1]", b"!!python/name:os.system"]


@st.composite
def corrupted(draw, files: dict[str, bytes]) -> tuple[str, bytes | None]:
    """One of the game's files, damaged in one of several ways (or removed)."""
    kind = draw(st.sampled_from(_KINDS))
    paths = sorted(p for p in files if (p.endswith("/" + kind) if "." in kind else f"/{kind}/" in p))
    path = draw(st.sampled_from(paths))
    data = files[path]
    how = draw(st.sampled_from(["bytes", "splice", "truncate", "trap value", "trap line", "remove", "retype"]))
    if how == "remove":
        return path, None
    if how == "bytes":
        return path, draw(st.binary(max_size=200))
    if how == "truncate":
        return path, data[: draw(st.integers(0, max(0, len(data) - 1)))]
    lines = data.split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    if how == "splice":
        j = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:j] + draw(st.binary(min_size=1, max_size=6)) + lines[i][j:]
    elif how == "trap value":
        head = lines[i].split(b":")[0]
        lines[i] = head + b": " + draw(st.sampled_from(_YAML_TRAPS))
    elif how == "trap line":
        lines[i] = draw(st.sampled_from(_YAML_TRAPS))
    else:  # a value of another type: a list where a mapping was, a number where a name was
        head, sep, rest = lines[i].partition(b":")
        lines[i] = head + b": " + draw(st.sampled_from([b"[" + rest.strip() + b"]", b"{k: " + rest.strip() + b"}", b"12",
                                                         b"null", b"true", b"-3"]))
    return path, b"\n".join(lines)


CORRUPT_COUNTS: Counter = Counter()


def _named(exc: BaseException, path: str) -> bool:
    """Does the error name the file (its path, or the game or phase folder holding it)?"""
    text = f"{getattr(exc, 'where', '')} {exc}"
    folder = path.rsplit("/", 1)[0]
    return path in text or (folder + "/") in text or text.strip().startswith(folder)


@settings(max_examples=int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "150")), deadline=None, database=None,
          derandomize=not os.environ.get("JUDGE_FUZZ_RANDOM"), suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_corrupted_or_hand_edited_file_gives_an_error_naming_it(played_game, data, record_figure):
    """Any one file of a game damaged (settings, phase, position, orders, receipts, results):
    the tick's planning, the due check and the replay either go on (the damage is then reported
    where it matters: an order file's problems in the results, a replay's difference) or stop
    with a JudgeError naming the file; never a traceback."""
    from judge.core.errors import JudgeError
    from judge.store.play import is_due, plan_game
    from judge.store.verify import verify_game

    path, damaged = data.draw(corrupted(played_game))
    files = dict(played_game)
    if damaged is None:
        del files[path]
    else:
        files[path] = damaged
    kind = next(k for k in _KINDS if (path.endswith("/" + k) if "." in k else f"/{k}/" in path))
    CORRUPT_COUNTS[kind] += 1
    tree = DictTree(files)
    when = T0 + hours(300)  # the current phase (Spring 1902) is due
    for what, run in (("plan", lambda: plan_game(tree, G, when, identities=[], maps=False, max_phases=1)),
                      ("due", lambda: is_due(tree, G, when, identities=[])),
                      ("verify", lambda: verify_game(tree, G))):
        try:
            run()
        except JudgeError as exc:
            CORRUPT_COUNTS["errors"] += 1
            assert _named(exc, path), f"{what}: {path} damaged, error does not name it: {exc.where!r} {exc}"
    record_figure("faults: corrupted game files fuzzed",
                  f"{sum(v for k, v in CORRUPT_COUNTS.items() if k != 'errors')} "
                  f"({', '.join(f'{k} {v}' for k, v in sorted(CORRUPT_COUNTS.items()) if k != 'errors')}); "
                  f"located errors raised: {CORRUPT_COUNTS['errors']}")


@pytest.mark.parametrize("case", ["settings", "position", "phase", "orders", "receipt", "results added", "results of a past phase"])
def test_a_hand_edited_file_is_named_by_the_tick(repo, no_maps, case, monkeypatch):
    """The deadline job on a game with one file broken by hand: the message names the file (and
    the line when there is one); the game is left as it was, or, for a player's file, played with
    the problem written into the results."""
    make_game(repo)
    root = Path(repo.working_tree_dir)
    if case == "results of a past phase":
        assert tick(repo, now=T0 + hours(73), maps=False).played == [f"g/{S01}"]
    edits = {
        "settings": (f"{G}/game.yaml", lambda t: t.replace("players:", "players: [")),
        "position": (f"{G}/{S01}/position.yaml", lambda t: t.replace("A PAR", "A PARIS-ISH")),
        "phase": (f"{G}/{S01}/phase.yaml", lambda t: t.replace("2025-01-09T22:00:00Z", "next Thursday")),
        "orders": (f"{G}/{S01}/orders/france.txt", lambda t: "A PAR - BUR\n\udcff\n"),
        "receipt": (f"{G}/{S01}/receipts/france.yaml", lambda t: "files: [1, 2]\nreceived: yesterday\n"),
        "results added": (f"{G}/{S01}/results.yaml", lambda t: "orders: []\n"),
        "results of a past phase": (f"{G}/{S01}/results.yaml", lambda t: t.replace("A PAR", "A BUR")),
    }
    path, edit = edits[case]
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    old = target.read_text() if target.exists() else ""
    target.write_bytes(edit(old).encode("utf-8", "surrogateescape"))
    if case == "receipt":
        (root / G / S01 / "orders").mkdir(exist_ok=True)
        (root / G / S01 / "orders" / "france.txt").write_text("A PAR - BUR\n")
    repo.git.add("--all")
    repo.git.commit("-q", "-m", f"hand-edited {case}")
    before = tree_snapshot(root)
    res = CliRunner().invoke(_cli(), ["tick", "--now", "2025-01-20T00:00:00Z", "--no-maps", "--repo", str(root)])
    if case in ("orders", "receipt", "results of a past phase"):
        # A player's broken file does not stop the game: the phase is played, the file named
        # in the results; a hand-edited old result is for `judge verify` to find.
        assert res.exit_code == 0, res.output
        if case == "results of a past phase":
            from judge.store.layout import GitTree
            from judge.store.verify import verify_game

            found = verify_game(GitTree(git.Repo(root).head.commit), G)
            assert [m.folder for m in found.mismatches] == [S01], found.mismatches
            return
        text = (root / G / S01 / "results.yaml").read_text()
        expect = {"orders": f"{path}:2: not UTF-8 text", "receipt": f"{G}/{S01}/receipts/france.yaml: unreadable receipt"}
        assert expect[case] in text, text
        return
    assert res.exit_code == 1
    message = res.output.strip()
    assert message.startswith(f"judge: {path}"), message
    assert "Traceback" not in message and "internal error" not in message
    assert tree_snapshot(root) == before


# -- a deadline job killed outright -------------------------------------------------------------


def _killed_at_every_write_point(repo: git.Repo, job, record_figure, label: str) -> None:
    """Count ``job``'s write points on a copy, then, for each k, run it in a forked child that is
    killed (``os._exit``: no undo, no cleanup) at the k-th; the next judge command in the checkout
    must find the repository as it was before (undone) or as after a clean run (completed)."""
    from judge.store.transaction import recover, repository_lock

    _hook()
    root = Path(repo.working_tree_dir)
    copy = root.parent / (root.name + "-reference")
    keep = root.parent / (root.name + "-pristine")
    shutil.copytree(root, keep, symlinks=True)
    shutil.copytree(root, copy, symlinks=True)
    FAULTS.arm(copy)
    try:
        job(git.Repo(copy))
    finally:
        FAULTS.disarm()
    total = len(FAULTS.seen)
    done = _comparable(copy, tree_snapshot(copy))
    before = _comparable(root, tree_snapshot(root), logs=True)
    outcomes: Counter = Counter()
    for k in range(1, total + 1):
        pid = os.fork()
        if pid == 0:  # the child: run the job, die at the k-th write point
            try:
                FAULTS.arm(root, fail_at=k)
                FAULTS.kill = True
                job(git.Repo(root))
            finally:
                os._exit(3)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 99, f"point {k}: the child was not killed there"
        r = git.Repo(root)
        with repository_lock(r):
            recover(r)
        snap = tree_snapshot(root)
        if _comparable(root, snap, logs=True) == before:
            outcomes["undone"] += 1
        else:
            after = _comparable(root, snap)
            assert after == done, f"killed at point {k}: {_differences(before, after)[:8]}"
            outcomes["completed"] += 1
        assert r.git.status("--porcelain", "--untracked-files=all") == "", k
        shutil.rmtree(root)
        shutil.copytree(keep, root, symlinks=True)
    record_figure(f"faults: killed at every write point ({label})",
                  f"{total} kills; the next command undid {outcomes['undone']}, completed {outcomes['completed']}")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_tick_killed_at_any_write_point_is_put_right_by_the_next_command(repo, no_maps, record_figure):
    """No exception to catch here: the process dies. What it had written is described in
    ``.git/judge-transaction.json`` before the first change, and the next judge command to take
    the lock finishes the commit if the branch had moved, or undoes it if not."""
    make_game(repo)
    send_all(repo, S01, {"France": SPRING_1901["France"]}, T0 + hours(1))
    when = T0 + hours(73)
    _killed_at_every_write_point(repo, lambda r: tick(r, now=when, maps=False), record_figure,
                                 "a tick playing one phase")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_pull_request_merge_killed_at_any_write_point_is_put_right(repo, record_figure):
    make_game(repo)
    head = pr_commit(repo, {order_path(S01, "France"): b"A PAR - BUR\n"})
    when = T0 + hours(2)

    def job(r: git.Repo):
        accept(r, check_pr(r, "main", head, "fran", when), head, when, pr=3)

    _killed_at_every_write_point(repo, job, record_figure, "merging a pull request")


# -- a git process killed while holding git's own lock ---------------------------------------------


def _judge_tick(root: Path, **env: str):
    import subprocess

    judge = str(Path(sys.executable).parent / "judge")
    return subprocess.run([judge, "tick", "--now", "2025-01-13T00:00:00Z", "--no-maps"], cwd=root,
                          capture_output=True, text=True, timeout=300, env={**os.environ, **env})


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to tell a live git from a dead one")
def test_an_index_lock_left_by_a_killed_git_is_removed_by_the_next_tick(repo):
    """Defect: ``kill -9`` while git held ``.git/index.lock`` made every later ``judge tick`` fail
    until someone deleted the lock by hand. A real git (``git commit -a`` waiting for its editor,
    the lock taken) holds the lock: the tick respects it and says who holds it. Then that git is
    killed: the next tick removes the lock it left, says so on standard error, and plays."""
    import signal
    import subprocess

    make_game(repo)
    root = Path(repo.working_tree_dir)
    (root / "README.md").write_text("games, edited\n")
    lock = Path(repo.git_dir) / "index.lock"
    holder = subprocess.Popen(["git", "commit", "-a"], cwd=root, env={**os.environ, "GIT_EDITOR": "sleep 120; true"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(200):
            if lock.exists():
                break
            time.sleep(0.05)
        assert lock.exists(), "git commit took the index lock"
        out = _judge_tick(root, JUDGE_GIT_LOCK_WAIT="0.5")
        assert out.returncode == 2, out
        assert f".git/index.lock is held by a running git process ({holder.pid}: git commit -a)" in out.stderr
        assert "internal error" not in out.stderr and lock.exists()
        assert repo.head.commit.message == "g: new game"
    finally:
        os.killpg(holder.pid, signal.SIGKILL)  # kill -9: git (and its editor) die holding the lock
        holder.wait()
    assert lock.exists(), "the killed git left its lock"
    out = _judge_tick(root)
    assert out.returncode == 0, out
    assert "warning: removed .git/index.lock, left by a git process that was killed while holding it" in out.stderr
    assert out.stdout.splitlines()[:1] == [f"played g/{S01}"], out.stdout
    assert not lock.exists()
    assert repo.git.status("--porcelain") == " M README.md"  # the user's own change is untouched


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to tell a live git from a dead one")
def test_ref_and_index_locks_left_by_a_dead_process_are_removed_before_committing(repo):
    """The same for locks written as a killed git leaves them (the branch's ref lock and the
    index lock, half written), met by a command that commits (merging a pull request)."""
    make_game(repo)
    git_dir = Path(repo.git_dir)
    (git_dir / "index.lock").write_bytes(b"DIRC\x00\x00")
    (git_dir / "refs" / "heads" / "main.lock").write_text(repo.head.commit.hexsha[:20])
    head = pr_commit(repo, {order_path(S01, "France"): b"A PAR - BUR\n"})
    out = CliRunner().invoke(_cli(), ["check-pr", "--head", head, "--author", "fran", "--apply",
                                      "--now", "2025-01-07T00:00:00Z", "--repo", repo.working_tree_dir])
    assert out.exit_code == 0, (out.output, out.stderr)
    assert "removed .git/index.lock" in out.stderr and "removed .git/refs/heads/main.lock" in out.stderr
    assert not (git_dir / "index.lock").exists() and not (git_dir / "refs" / "heads" / "main.lock").exists()
    assert len(repo.head.commit.parents) == 1 and repo.git.status("--porcelain") == ""
    assert (repo.head.commit.tree / order_path(S01, "France")).data_stream.read() == b"A PAR - BUR\n"
