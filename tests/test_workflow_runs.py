"""The workflows run as GitHub runs them (tests/gha.py): each scenario starts from a fresh bare
repository holding the current source tree (``git ls-files -co --exclude-standard``, less
``games/``) and games made by the judge's own commands, then runs ``.github/workflows/*.yml``
verbatim for an event and checks what reached "GitHub": the commits and tags pushed, the branch
as it ends, the deployed site (opened in headless Chromium where it is installed).

Each scenario prints a summary (jobs, results, times, commits pushed, pages deployed): with
``pytest -s`` on the terminal, and always in ``summary.txt`` under the test's tmp folder.
The first part tests the harness itself on small workflows (tests/data/workflows/).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tarfile
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from gha import (EvalError, FakeGitHub, HarnessError, PipSupply, Scope, Workflow, condition, copy_files, evaluate,
                 git, render, source_files)

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "workflows"
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
VARIANTS = ("standard", "machiavelli", "europe1615", "maharajah")
OWNER, REPO = "league", "judge"


# -- plumbing -------------------------------------------------------------------------------------


@pytest.fixture
def report(request, tmp_path, record_figure):
    """``report(text)``: print a summary line (seen with -s) and keep it in summary.txt."""
    lines: list[str] = []
    t0 = time.perf_counter()

    def say(text: str) -> None:
        lines.append(text)
        print(text, flush=True)
        (tmp_path / "summary.txt").write_text("\n".join(lines) + "\n")

    yield say
    record_figure(f"workflow run {request.node.name}", f"{time.perf_counter() - t0:.0f} s; summary in {tmp_path / 'summary.txt'}")


@pytest.fixture
def league(tmp_path, pip_supply, report):
    """A fresh league (see :class:`League`); its REST API stand-in stops after the test."""
    made = League(tmp_path, pip_supply, report)
    yield made
    made.gh.close()


@pytest.fixture(scope="session")
def pip_supply(tmp_path_factory):
    """The session's pip downloads (and, by default, the seeded dependencies): see tests/gha.py."""
    root = tmp_path_factory.mktemp("gha-session")
    source = root / "source"
    copy_files(ROOT, source_files(ROOT, exclude=("games",)), source)
    return PipSupply(root, source)


def utc(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


NOW = datetime.now(timezone.utc)
DUE = NOW - timedelta(days=5)  # opened then, a game's first deadline (72 h, then 22:00) is a day behind
NOT_DUE = NOW - timedelta(hours=1)


class League:
    """A league on "GitHub": the bare repository ``league/judge`` holding what ``judge init``
    writes (the workflows, and the judge pinned with hashes: the wheel the session built from the
    current source tree, and the dependencies as ``requirements.txt`` pins them), the Gamesmaster's
    clone (where games are made with ``judge new`` and pushed), and the workflow files as the
    repository holds them."""

    def __init__(self, tmp_path: Path, pip: PipSupply, report, secrets: dict | None = None):
        from judge.store.league import judge_pins, league_files

        self.gh = FakeGitHub(tmp_path / "github", OWNER, REPO, pip=pip, secrets=secrets, log=report)
        self.report = report
        made = tmp_path / "judge-init"
        files = league_files("Test League", judge_pins(wheels=pip.judge_wheels)).files
        for rel, data in files.items():
            (made / rel).parent.mkdir(parents=True, exist_ok=True)
            (made / rel).write_bytes(data)
        self.stage = self.gh.add_repo(f"{OWNER}/{REPO}", made, sorted(files), message="New league: Test League")
        self.tmp = tmp_path
        self.judge = Workflow.load(self.stage / ".github" / "workflows" / "judge.yml")
        self.orders = Workflow.load(self.stage / ".github" / "workflows" / "orders.yml")

    def cli(self, *args: str, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
        """The judge's command line (this checkout's), as the Gamesmaster or a player runs it."""
        env = self.gh.admin_env()
        proc = subprocess.run([sys.executable, "-m", "judge", *args], cwd=cwd or self.stage, env=env,
                              capture_output=True, text=True, timeout=300)
        if check and proc.returncode:
            raise AssertionError(f"judge {' '.join(args)}: {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
        return proc

    def new_game(self, slug: str, variant: str, opened: datetime, *, players: dict[str, str] | None = None,
                 sealed: bool = False) -> str:
        """``judge new --commit`` in the Gamesmaster's clone, pushed; returns what it printed
        (a sealed game's identity)."""
        args = ["new", f"games/{slug}", "--variant", variant, "--now", utc(opened), "--commit"]
        if players:
            args += ["--players", *[f"{p}={login}" for p, login in players.items()]]
        if sealed:
            args.append("--sealed")
        out = self.cli(*args).stdout
        self.push()
        return out.strip()

    def push(self) -> None:
        git("pull", "-q", "--rebase", "origin", "main", cwd=self.stage, env=self.gh.admin_env())
        self.gh.push_from(self.stage, "main")

    def current_phase(self, slug: str, ref: str = "main") -> str:
        """The game's last phase folder on ``ref`` of the bare repository."""
        out = git("ls-tree", "--name-only", f"{ref}:games/{slug}", cwd=self.gh.bare)
        return sorted(n for n in out.splitlines() if re.match(r"\d{4}-\d", n))[-1]

    def tags(self, slug: str) -> list[str]:
        return sorted(r[len("refs/tags/"):] for r in self.gh.refs() if r.startswith(f"refs/tags/{slug}/"))

    def send_orders(self, number: int, login: str, files: dict[str, str]) -> str:
        """A player's pull request: a branch off main in their own clone with ``files`` written,
        pushed to the bare repository; returns the head's sha (refs/pull/N/head is set by
        :meth:`FakeGitHub.open_pull_request`)."""
        clone = self.tmp / f"player-{login}-{number}"
        self.gh.clone(clone)
        for rel, text in files.items():
            (clone / rel).parent.mkdir(parents=True, exist_ok=True)
            (clone / rel).write_text(text)
        env = {**self.gh.admin_env(), "GIT_AUTHOR_NAME": login, "GIT_COMMITTER_NAME": login,
               "GIT_AUTHOR_EMAIL": f"{login}@example.invalid", "GIT_COMMITTER_EMAIL": f"{login}@example.invalid"}
        git("checkout", "-q", "-b", f"{login}-orders-{number}", cwd=clone, env=env)
        git("add", "--", *files, cwd=clone, env=env)
        git("commit", "-q", "-m", f"orders from {login}", cwd=clone, env=env)
        git("push", "-q", "origin", f"HEAD:refs/heads/{login}-orders-{number}", cwd=clone, env=env)
        return git("rev-parse", "HEAD", cwd=clone)


def assert_success(run, *job_ids):
    for jid in job_ids or run.jobs:
        res = run.jobs[jid]
        if res.result not in ("success", "skipped") or (job_ids and res.result != "success"):
            logs = "\n".join(r.failing_log() for r in res.runs)
            raise AssertionError(f"job {jid}: {res.result}\n{logs}\n\n{run.summary()}")


def site_checkout_commit(run) -> str:
    return run.jobs["site"].runs[0].steps[0].outputs["commit"]


def mutated(workflow: Workflow, tmp_path: Path, old: str, new: str) -> Workflow:
    """A copy of ``workflow`` with ``old`` replaced: what the harness must catch."""
    text = workflow.path.read_text()
    assert old in text, f"{workflow.path.name} no longer holds {old!r}"
    path = tmp_path / f"mutated-{workflow.path.name}"
    path.write_text(text.replace(old, new))
    return Workflow.load(path)


def assert_published(league: League, slug: str, played: str, site: Path | None = None) -> None:
    """The deployed site shows ``played`` with its results, and the phase that follows it (a
    site built from the commit before the tick has the played phase's page, without results)."""
    site = (site or league.gh.pages) / "games" / slug
    page = site / f"{played}.html"
    assert page.is_file(), f"{page} is not in the deployed site"
    assert "judge-results" in page.read_text(), f"{page} shows no results: the site was built before the tick"
    now = league.current_phase(slug)
    assert now != played and (site / f"{now}.html").is_file(), f"the deployed site lacks {slug}'s {now}"


# -- the harness itself ----------------------------------------------------------------------------


def test_expressions_as_github_evaluates_them():
    ctx = {"github": {"event_name": "push", "ref": "refs/heads/main"}, "inputs": {"force": None},
           "needs": {"due": {"result": "success", "outputs": {"count": "0", "games": '["games/a"]'}}},
           "matrix": {"game": "games/a"}}
    s = Scope(ctx)
    assert evaluate("inputs.force && '--force' || ''", s) == ""
    assert evaluate("needs.due.outputs.count != '0' || github.event_name == 'PUSH'", s) is True
    assert evaluate("fromJSON(needs.due.outputs.games)[0]", s) == "games/a"
    assert evaluate("toJSON(fromJSON('{\"a\": [1, true]}'))", s) == '{\n  "a": [\n    1,\n    true\n  ]\n}'
    assert evaluate("startsWith(github.ref, 'refs/HEADS/') && contains('abc', 'B')", s) is True
    assert evaluate("1 < 2 && '10' > 9 && !('a' < 1)", s) is True
    assert evaluate("github.nothing", s) is None  # a plain dictionary: null, as on GitHub
    assert render("x-${{ 0.5 }}-${{ true }}-${{ null }}-${{ fromJSON('[]') }}", s) == "x-0.5-true--Array"
    assert render("${{ 'a''b' }}}", s) == "a'b}"
    st = {"success": lambda: False, "failure": lambda: True, "cancelled": lambda: False, "always": lambda: True}
    assert condition("github.event_name == 'push'", Scope(ctx, st)) is False  # success() && (...)
    assert condition("${{ !cancelled() && github.event_name == 'push' }}", Scope(ctx, st)) is True
    assert condition(None, Scope(ctx, st)) is False
    for bad, kind in [("vars.X", HarnessError), ("hashFiles('x')", HarnessError), ("github.event.a.*.b", HarnessError),
                      ("fromJSON('')", EvalError), ("format('{1}', 'a')", EvalError), ("success()", HarnessError),
                      ("'a\" == 1", HarnessError), ("1 - 2", HarnessError)]:
        with pytest.raises(kind):
            evaluate(bad, s)
    with pytest.raises(HarnessError, match="not available"):
        evaluate("runner.os", s)
    with pytest.raises(HarnessError, match="always true"):
        condition("${{ github.ref }} == 'x'", Scope(ctx, st))


def test_the_harness_runs_a_workflow_as_github_would(tmp_path, report, request):
    """Outputs (one line and a block), env precedence and GITHUB_ENV, a matrix from a needed
    job's output, checkout depth and refs, pushes with and without the right, status functions
    and skipped jobs, the step summary; all against the harness's own small workflow."""
    gh = FakeGitHub(tmp_path / "github", "o", "r", pip=None, log=report)
    request.addfinalizer(gh.close)
    gh.add_repo("o/r", DATA, ["README.md"], message="one")
    (tmp_path / "more").mkdir()
    stage = tmp_path / "github" / "stage" / "o" / "r"
    (stage / "two.txt").write_text("2\n")
    git("add", "two.txt", cwd=stage, env=gh.admin_env())
    git("commit", "-q", "-m", "two", cwd=stage, env=gh.admin_env())
    gh.push_from(stage, "main")
    wf = Workflow.load(DATA / "harness.yml")
    run = gh.run(wf, gh.dispatch_event(wf, {"flag": True}))
    res = {j: r.result for j, r in run.jobs.items()}
    assert res == {"first": "success", "fan": "success", "broken": "failure", "after-broken": "skipped",
                   "when-broken": "success", "last": "success"}, run.summary()
    first = run.jobs["first"]
    assert first.outputs == {"list": '["a", "b"]', "text": "line 1\nhello-on", "level": "job"}
    assert [r.matrix for r in run.jobs["fan"].runs] == [{"item": "a"}, {"item": "b"}]
    assert gh.ref("refs/heads/fan-a") and gh.ref("refs/heads/fan-b")  # pushed with the token
    assert gh.head() == run.event.sha  # the read-only job could not push
    assert "## from first" in first.runs[0].summary
    last = run.jobs["last"].runs[0]
    assert last.step("echo").outputs == {"seen": "success/failure/skipped"}


def test_which_events_start_which_workflow(tmp_path):
    """The triggers of the two workflow files, as GitHub filters events (no job runs)."""
    judge = Workflow.load(ROOT / ".github" / "workflows" / "judge.yml")
    orders = Workflow.load(ROOT / ".github" / "workflows" / "orders.yml")
    with FakeGitHub(tmp_path / "github", OWNER, REPO, pip=None) as gh:
        gh.add_repo(f"{OWNER}/{REPO}", DATA, ["README.md"])
        head = gh.head()
        assert judge.triggered_by(gh.push_event(head, head)) and not orders.triggered_by(gh.push_event(head, head))
        assert not judge.triggered_by(gh.push_event(head, head, branch="feature"))
        assert judge.triggered_by(gh.schedule_event(judge)) and judge.triggered_by(gh.dispatch_event(judge))
        pr = gh.open_pull_request(7, head, "fran")
        assert orders.triggered_by(pr) and not judge.triggered_by(pr)
        assert not orders.triggered_by(gh.open_pull_request(7, head, "fran", action="closed"))
        run = gh.run(_tiny(tmp_path, "- run: true"), gh.dispatch_event(_tiny(tmp_path, "- run: true")))
        assert not judge.triggered_by(gh.workflow_run_event(run)), "only the orders workflow's runs start it"
        run.workflow = orders
        assert judge.triggered_by(gh.workflow_run_event(run))
        with pytest.raises(HarnessError, match="not declared"):
            gh.dispatch_event(judge, {"forse": True})
        with pytest.raises(HarnessError, match="not triggered"):
            gh.run(orders, gh.schedule_event(judge))


def _tiny(tmp_path: Path, steps: str, *, permissions: str = "contents: read") -> Workflow:
    path = tmp_path / "tiny.yml"
    path.write_text(f"name: tiny\non: workflow_dispatch\npermissions: {{}}\njobs:\n  only:\n"
                    f"    runs-on: ubuntu-latest\n    permissions: {{{permissions}}}\n    steps:\n"
                    + "\n".join("      " + line for line in steps.strip("\n").splitlines()) + "\n")
    return Workflow.load(path)


@pytest.mark.parametrize("steps, message", [
    ("- uses: actions/cache@v4", "not simulated"),
    ("- uses: actions/upload-artifact@v4\n  with:\n    path: x\n    retention: 1", "inputs not simulated"),
    ("- uses: actions/upload-artifact@v4\n  with:\n    path: site/*.html", "wildcards"),
    ("- uses: actions/download-artifact@v4\n  with:\n    run-id: 7", "another repository or run"),
    ("- run: sudo rm -rf /tmp/x", "only 'sudo apt-get"),
    ("- run: sudo apt-get install -y no-such-package-here", "not installed on this machine"),
    ("- run: sudo apt-get purge -y libcairo2", "not simulated"),
    ("- env:\n    X: ${{ vars.X }}\n  run: true", "no configuration variable"),
    ("- if: secrets.X\n  run: true", "not available"),
    ("- env:\n    X: ${{ runner.nothing }}\n  run: true", "runner has no"),
    ("- id: a\n  run: true\n- env:\n    X: ${{ steps.a.outputs.nothing }}\n  run: true", "succeeded without setting it"),
    ("- if: ${{ github.ref }} == 'x'\n  run: true", "always true"),
    ("- run: true\n  shell: pwsh", "not simulated"),
])
def test_what_the_harness_cannot_run_fails_loudly(tmp_path, steps, message):
    with FakeGitHub(tmp_path / "github", "o", "r", pip=None) as gh:
        gh.add_repo("o/r", DATA, ["README.md"])
        wf = _tiny(tmp_path, steps)
        with pytest.raises(HarnessError, match=message):
            gh.run(wf, gh.dispatch_event(wf))


ARTIFACTS = """\
name: artifacts
on: workflow_dispatch
permissions: {}
jobs:
  make:
    runs-on: ubuntu-latest
    permissions: {}
    strategy:
      matrix:
        word: [one, two]
    steps:
      - run: |
          mkdir -p "$RUNNER_TEMP/part/sub/.state" "$RUNNER_TEMP/part/empty"
          echo "$WORD" > "$RUNNER_TEMP/part/sub/word.txt"
          echo hidden > "$RUNNER_TEMP/part/.manifest"
          echo state > "$RUNNER_TEMP/part/sub/.state/kept"
          ln -s word.txt "$RUNNER_TEMP/part/sub/link.txt"
          ln -s nowhere "$RUNNER_TEMP/part/broken"
        env:
          WORD: ${{ matrix.word }}
      - id: up
        uses: actions/upload-artifact@v4
        with:
          name: part-${{ strategy.job-index }}
          path: ${{ runner.temp }}/part
          include-hidden-files: ${{ matrix.word == 'one' }}
          retention-days: 1
      - id: again
        continue-on-error: true
        uses: actions/upload-artifact@v4
        with:
          name: part-${{ strategy.job-index }}
          path: ${{ runner.temp }}/part
      - id: over
        uses: actions/upload-artifact@v4
        with:
          name: part-${{ strategy.job-index }}
          path: ${{ runner.temp }}/part
          include-hidden-files: ${{ matrix.word == 'one' }}
          overwrite: true
      - id: slash
        continue-on-error: true
        uses: actions/upload-artifact@v4
        with:
          name: part/${{ matrix.word }}
          path: ${{ runner.temp }}/part
      - id: nothing
        uses: actions/upload-artifact@v4
        with:
          name: nothing-${{ matrix.word }}
          path: no/such/folder
  take:
    needs: make
    runs-on: ubuntu-latest
    permissions: {}
    steps:
      - id: parts
        uses: actions/download-artifact@v4
        with:
          pattern: part-*
          path: parts
          merge-multiple: false
      - id: none
        uses: actions/download-artifact@v4
        with:
          pattern: site-part-*
          path: none
      - id: named
        continue-on-error: true
        uses: actions/download-artifact@v4
        with:
          name: no-such-artifact
      - run: find . -path ./none -prune -o -print | sort > "$RUNNER_TEMP/found"; cat "$RUNNER_TEMP/found"; test ! -e none
"""


def test_artifacts_go_from_job_to_job_as_upload_and_download_artifact_v4_carry_them(tmp_path, report, request):
    """Per run; a name once (409 Conflict) unless overwrite; hidden files only when asked for,
    links followed, empty folders dropped; a pattern puts each artifact in its own folder, and
    a pattern matching nothing is no error; a name not found is; a name with a slash is refused."""
    gh = FakeGitHub(tmp_path / "github", "o", "r", pip=None, log=report)
    request.addfinalizer(gh.close)
    gh.add_repo("o/r", DATA, ["README.md"])
    (tmp_path / "artifacts.yml").write_text(ARTIFACTS)
    wf = Workflow.load(tmp_path / "artifacts.yml")
    run = gh.run(wf, gh.dispatch_event(wf))
    assert_success(run, "make", "take")
    for jr in run.jobs["make"].runs:
        steps = {s.id: s for s in jr.steps}
        assert steps["up"].outcome == "success" and steps["up"].outputs["artifact-id"]
        assert steps["again"].outcome == "failure" and "(409) Conflict" in steps["again"].log
        assert steps["over"].outcome == "success" and steps["slash"].outcome == "failure"
        assert steps["nothing"].outcome == "success" and "No files were found" in steps["nothing"].log
    assert sorted(run.artifacts) == ["part-0", "part-1"]
    take = run.jobs["take"].runs[0]
    found = set(take.steps[-1].log.split())
    assert {"./parts/part-0/sub/word.txt", "./parts/part-0/sub/link.txt", "./parts/part-0/.manifest",
            "./parts/part-0/sub/.state/kept", "./parts/part-1/sub/word.txt"} <= found, found
    assert not {"./parts/part-1/.manifest", "./parts/part-1/sub/.state", "./parts/part-0/empty",
                "./parts/part-0/broken", "./parts/part-0/part"} & found, found
    assert take.step("none").outcome == "success" and "Total of 0 artifact(s)" in take.step("none").log
    assert take.step("named").outcome == "failure" and "'no-such-artifact' not found" in take.step("named").log
    root = take.folder / "work" / "r" / "r"
    assert (root / "parts/part-1/sub/link.txt").read_text() == "two\n" and not (root / "parts/part-1/sub/link.txt").is_symlink()
    # Artifacts are per run: another run of the downloading job alone finds none of them, unless given.
    alone = gh.run(wf, gh.dispatch_event(wf), jobs=["take"], needs={"make": {}})
    assert "Total of 0 artifact(s)" in alone.jobs["take"].runs[0].step("parts").log
    given = gh.run(wf, gh.dispatch_event(wf), jobs=["take"], needs={"make": {}}, artifacts={"part-1": run.artifacts["part-1"]})
    assert "- part-1\nTotal of 1 artifact(s)" in given.jobs["take"].runs[0].step("parts").log


def test_a_bare_runner_has_no_cairo_unless_the_job_installs_it(tmp_path, pip_supply, report, request):
    gh = FakeGitHub(tmp_path / "github", "o", "r", pip=pip_supply, log=report)
    request.addfinalizer(gh.close)
    gh.add_repo("o/r", DATA, ["README.md"])
    probe = "python -c 'import cairosvg; print(len(cairosvg.svg2png(bytestring=b\"<svg xmlns=\\\"http://www.w3.org/2000/svg\\\" width=\\\"2\\\" height=\\\"2\\\"/>\")))'"
    setup = ('- uses: actions/setup-python@v5\n  with:\n    python-version: "3.11"\n'
             "- run: pip install cairosvg\n")
    without = _tiny(tmp_path, setup + f"- run: {probe}")
    run = gh.run(without, gh.dispatch_event(without))
    assert run.jobs["only"].result == "failure"
    assert 'no library called "cairo-2"' in run.jobs["only"].runs[0].steps[-1].log
    with_ = _tiny(tmp_path, setup + "- run: sudo apt-get update\n- run: sudo apt-get install -y --no-install-recommends libcairo2\n"
                  + f"- run: {probe}")
    run = gh.run(with_, gh.dispatch_event(with_))
    assert_success(run, "only")
    assert run.jobs["only"].runs[0].apt == ["libcairo2"]


def test_pip_installs_a_tagged_release_from_github_through_insteadof(tmp_path, pip_supply, report, request):
    """A league's requirements pin ``judge @ git+https://github.com/<owner>/judge@v<version>``:
    pip's git clone reaches the bare repository through the job's insteadOf, tag and all."""
    gh = FakeGitHub(tmp_path / "github", "o", "r", pip=pip_supply, log=report)
    request.addfinalizer(gh.close)
    gh.add_repo("o/r", DATA, ["README.md"])
    gh.add_repo("o/tool", DATA / "tool", ["pyproject.toml", "tool.py"], tags=["v1.0.0"])
    wf = _tiny(tmp_path, '- uses: actions/setup-python@v5\n  with:\n    python-version: "3.11"\n'
                         '- run: echo "tool @ git+https://github.com/o/tool@v1.0.0" > requirements.txt\n'
                         "- run: pip install -r requirements.txt\n"
                         "- run: python -c 'import tool; assert tool.VERSION == \"1.0.0\"'")
    run = gh.run(wf, gh.dispatch_event(wf))
    assert_success(run, "only")


# -- the scenarios ---------------------------------------------------------------------------------


def open_site(report, site: Path, pages: list[str]) -> None:
    """Open the deployed pages in headless Chromium: each loads, has a title, and its map (if
    any) is an image that loaded; no page error."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        report("browser: skipped (no /usr/bin/chromium and /usr/bin/chromedriver)")
        return
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", f"--user-data-dir={site.parent / 'chromium-profile'}",
                 "--window-size=1280,1000"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=opts)
    driver.set_page_load_timeout(30)
    try:
        for page in pages:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/{page}")
            WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")
            maps = driver.find_elements(By.CSS_SELECTOR, "img.judge-map")
            if maps:
                WebDriverWait(driver, 15).until(lambda d: d.execute_script(
                    "const i = document.querySelector('img.judge-map'); return i.complete && i.naturalWidth > 0;"))
            h1 = driver.find_element(By.TAG_NAME, "h1").text
            severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]
            assert not severe, (page, severe)
            report(f"browser: {page}: {driver.title!r}, h1 {h1!r}, map {'loaded' if maps else 'none'}")
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()


def test_a_scheduled_run_plays_every_variant_and_publishes_the_site_as_pushed(tmp_path, league, report):
    """Scenario 1: four games due, one per variant: `judge due` lists them, four matrix jobs
    tick and push them side by side, the site job checks out the branch as the ticks left it
    (not the event's commit), and Pages serves the new phases."""
    for variant in VARIANTS:
        league.new_game(f"{variant}-game", variant, DUE)
    before = {v: league.current_phase(f"{v}-game") for v in VARIANTS}
    event = league.gh.schedule_event(league.judge)
    run = league.gh.run(league.judge, event)
    assert_success(run, "due", "tick", "site", "deploy")
    due = run.jobs["due"]
    assert due.outputs["count"] == "4" and sorted(json.loads(due.outputs["games"])) == sorted(f"games/{v}-game" for v in VARIANTS)
    ticks = run.jobs["tick"].runs
    assert sorted(r.matrix["game"] for r in ticks) == sorted(f"games/{v}-game" for v in VARIANTS)
    assert all(r.apt == ["libcairo2"] for r in ticks + run.jobs["site"].runs), "the ticks and the site draw maps"
    # Each job installed the judge from the league's hashed pins, the wheel the release steps build:
    # where a C compiler built it, its rules core runs compiled (issue 27).
    compiled = any(n.endswith(".whl") and "-none-any" not in n for n in (p.name for p in league.gh.pip.judge_wheels.iterdir()))
    for r in [*ticks, run.jobs["due"].runs[0]]:
        install = next(s for s in r.steps if (s.name or "").startswith("Install the judge"))
        assert "(distribution diplomacy-judge" in install.log, install.log
        assert ("rules core compiled by mypyc" in install.log) == compiled, install.log
    report(f"install steps: {', '.join(f'{s.seconds:.1f} s' for r in ticks for s in r.steps if (s.name or '').startswith('Install the judge'))}"
           f" (core {'compiled' if compiled else 'plain'})")
    # Each tick job built its game's pages and uploaded them; the site job had no site kept from an
    # earlier run to put them in (a whole build): it noted them and rendered every game itself.
    assert sorted(run.artifacts) == ["github-pages"] + [f"site-part-{i}" for i in range(4)]
    site_log = "\n".join(s.log for s in run.jobs["site"].runs[0].steps)
    assert "every page rendered" in site_log and "taken as their jobs built them" not in site_log, site_log[-3000:]
    for v in VARIANTS:
        assert f"not taken for {v}-game: the site is built whole this time" in site_log, site_log[-3000:]
    head = league.gh.head()
    assert head != event.sha
    assert site_checkout_commit(run) == head, "the site must be built from the branch as the ticks pushed it"
    played = {}
    for v in VARIANTS:
        slug = f"{v}-game"
        tags = league.tags(slug)
        assert tags and all(t.startswith(f"{slug}/") for t in tags), (slug, tags)
        assert f"{slug}/{before[v]}" in tags, f"{slug}: {before[v]} was not played"
        played[v] = before[v]
        assert league.current_phase(slug) != before[v]
    commits = run.pushed()
    assert len(commits) >= 4 and all(" played (deadline)" in c for c in commits), commits
    # Issue 30: each game played its due phase only; the next opened when the run played it, with
    # its full time (the deadlines were a day or two behind: the runs were late).
    for v in VARIANTS:
        slug = f"{v}-game"
        assert len(league.tags(slug)) == 1, league.tags(slug)
        info = yaml.safe_load(league.gh.show(f"main:games/{slug}/{league.current_phase(slug)}/phase.yaml"))
        opened = datetime.fromisoformat(info["opened"].replace("Z", "+00:00"))
        deadline = datetime.fromisoformat(info["deadline"].replace("Z", "+00:00"))
        assert opened >= NOW - timedelta(minutes=1) and deadline - opened >= timedelta(hours=18), (slug, info)
    # What Pages serves: each phase just played, with its results, and the phase after it.
    site = league.gh.pages
    assert (site / "index.html").is_file()
    for v in VARIANTS:
        assert_published(league, f"{v}-game", played[v])
        assert "judge-map" in (site / "games" / f"{v}-game" / f"{played[v]}.html").read_text()
    assert run.jobs["deploy"].runs[0].environment_url == f"https://{OWNER}.github.io/{REPO}/"
    # The old bug, for contrast: without `ref:` the site job checks out the event's commit, and
    # its artifact shows the played phase without results and not the phase after it.
    old = mutated(league.judge, tmp_path, "          ref: ${{ github.ref }}\n", "")
    stale = league.gh.run(old, event, jobs=["site"], needs={"due": {"outputs": due.outputs}, "tick": {}})
    assert_success(stale, "site")
    assert site_checkout_commit(stale) == event.sha
    with tarfile.open(stale.artifacts["github-pages"]) as tar:
        tar.extractall(tmp_path / "stale-site", filter="data")
    with pytest.raises(AssertionError, match="no results"):
        assert_published(league, "standard-game", played["standard"], tmp_path / "stale-site")
    open_site(report, site, ["index.html", "games/standard-game/index.html",
                             f"games/standard-game/{played['standard']}.html",
                             f"games/machiavelli-game/{played['machiavelli']}.html"])


def test_a_scheduled_run_opens_again_a_game_set_active_a_year_on(league):
    """Issue 30, run as a league runs it: a game whose deadline passed a year ago with nobody's
    orders (paused, then set active by hand) is listed due; its tick job plays nothing with nobody's
    orders but opens its phase again with its full time, in a commit saying why; the site deploys."""
    league.new_game("stale", "standard", NOW - timedelta(days=365))
    phase = league.current_phase("stale")
    run = league.gh.run(league.judge, league.gh.schedule_event(league.judge))
    assert_success(run, "due", "tick", "site", "deploy")
    assert league.tags("stale") == [], "nothing played with nobody's orders"
    assert league.current_phase("stale") == phase, "exactly one phase open: the same"
    assert [c.split(" ", 1)[1].split(",")[0] for c in run.pushed()] == ["stale: Spring 1901 Movement opened again"]
    info = yaml.safe_load(league.gh.show(f"main:games/stale/{phase}/phase.yaml"))
    opened = datetime.fromisoformat(info["opened"].replace("Z", "+00:00"))
    deadline = datetime.fromisoformat(info["deadline"].replace("Z", "+00:00"))
    assert opened >= NOW - timedelta(minutes=1) and deadline - opened >= timedelta(hours=72), info


def test_a_forced_dispatch_plays_a_phase_before_its_deadline(tmp_path, league, report):
    """Scenario 2: a game whose deadline is days away (a run that plays nothing is in scenario
    3): a run by hand with force plays its phase now."""
    league.new_game("early", "standard", NOT_DUE)
    phase = league.current_phase("early")
    run = league.gh.run(league.judge, league.gh.dispatch_event(league.judge, {"force": True}))
    assert_success(run, "due", "tick", "site", "deploy")
    assert run.jobs["due"].outputs["count"] == "1"
    assert league.tags("early") == [f"early/{phase}"]
    assert [c.split(" ", 1)[1] for c in run.pushed()] == ["early: Spring 1901 Movement played (forced)"]
    assert site_checkout_commit(run) == league.gh.head()
    assert_published(league, "early", phase)
    site_log = "\n".join(s.log for s in run.jobs["site"].runs[0].steps)
    assert "every page rendered" in site_log and "Cache not found" in site_log, "the first run builds the whole site"
    # A second run finds the site the first one kept: only the changed pages are rendered again.
    league.new_game("later", "standard", NOT_DUE)
    run = league.gh.run(league.judge, league.gh.dispatch_event(league.judge, {"force": True}))
    assert_success(run, "due", "tick", "site", "deploy")
    site_log = "\n".join(s.log for s in run.jobs["site"].runs[0].steps)
    assert "Cache restored from key: judge-site-" in site_log
    assert "every page rendered" in site_log, "a new game changes the navigation: the whole site"
    run = league.gh.run(league.judge, league.gh.dispatch_event(league.judge, {"force": True}))
    assert_success(run, "due", "tick", "site", "deploy")
    site_log = "\n".join(s.log for s in run.jobs["site"].runs[0].steps)
    assert "only the changed pages rendered" in site_log, site_log[-2000:]
    taken = re.search(r"the pages of (.*) taken as their jobs built them", site_log)
    assert taken and sorted(taken.group(1).split(", ")) == ["early", "later"], "the tick jobs' parts were taken"
    assert_published(league, "early", league.tags("early")[-1].split("/", 1)[1])
    assert_published(league, "later", league.tags("later")[-1].split("/", 1)[1])
    report(f"three forced runs: the third site build rendered only the changed pages; {len(league.gh.caches)} caches kept")
    # A tick job that forgot to install cairo, for contrast: the maps cannot be drawn, nothing is pushed.
    cairo = "          sudo apt-get install -y --no-install-recommends libcairo2\n"
    forgot = mutated(league.judge, tmp_path, cairo, "          echo no cairo\n")
    before = league.gh.head()
    bad = league.gh.run(forgot, league.gh.dispatch_event(forgot, {"force": True}), jobs=["tick"],
                        needs={"due": {"outputs": {"games": '["games/early"]', "count": "1"}}})
    assert bad.jobs["tick"].result == "failure" and league.gh.head() == before
    assert 'no library called "cairo-2"' in bad.jobs["tick"].runs[0].failing_log()


def test_orders_by_pull_request_then_the_ready_phase_is_played(tmp_path, league, report):
    """Scenario 3: France's ready orders are merged with a receipt; a pull request touching
    Germany's file and a file outside the game is refused (main unchanged); when Germany's ready
    orders are merged, the judge workflow that follows the orders run plays the phase."""
    players = {"France": "fran", "Germany": "gus"}
    league.new_game("by-pr", "standard", NOT_DUE, players=players)
    phase = league.current_phase("by-pr")
    folder = f"games/by-pr/{phase}"

    # 1. France's orders, by France's player: accepted, merged with a receipt.
    base = league.gh.head()
    head = league.send_orders(1, "fran", {f"{folder}/orders/france.txt": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n# ready\n"})
    run = league.gh.run(league.orders, league.gh.open_pull_request(1, head, "fran"))
    assert_success(run, "check")
    merge = league.gh.head()
    parents = git("rev-list", "--parents", "-n", "1", merge, cwd=league.gh.bare).split()[1:]
    assert parents == [base], "one new commit on main: the pull request's files, not its history"
    receipt = yaml.safe_load(league.gh.show(f"main:{folder}/receipts/france.yaml"))
    assert receipt["pull_request"] == 1 and receipt["head"] == head and receipt["player"] == "fran"
    assert "accepted" in run.jobs["check"].runs[0].summary
    assert [(c["pull_request"], "accepted" in c["body"], merge[:12] in c["body"]) for c in run.comments()] == [(1, True, True)]
    assert run.closed() == [1], "the pull request is closed with its answer"

    # 2. The same player sends Germany's orders and edits a file outside the game: refused.
    head = league.send_orders(2, "fran", {f"{folder}/orders/germany.txt": "A BER - KIE\n", "README.md": "mine\n"})
    refused = league.gh.run(league.orders, league.gh.open_pull_request(2, head, "fran"))
    assert refused.jobs["check"].result == "failure" and refused.conclusion == "failure"
    assert league.gh.head() == merge, "a refused pull request changes nothing"
    summary = refused.jobs["check"].runs[0].summary
    assert "refused" in summary and "germany.txt" in summary and "README.md" in summary, summary
    assert [(c["pull_request"], "refused" in c["body"]) for c in refused.comments()] == [(2, True)]

    # The judge workflow runs when an orders run completes: one power of two is ready, nothing due.
    after = league.gh.run(league.judge, league.gh.workflow_run_event(refused))
    assert {j: r.result for j, r in after.jobs.items()} == {"due": "success", "tick": "skipped", "site": "skipped",
                                                           "deploy": "skipped"}
    assert after.jobs["due"].outputs == {"games": "[]", "count": "0"} and not after.pushed()

    # 3. Germany's ready orders, by Germany's player: merged; the judge run after it plays the phase.
    head = league.send_orders(3, "gus", {f"{folder}/orders/germany.txt": "A BER - KIE\nA MUN - RUH\nF KIE - DEN\n# ready\n"})
    orders_run = league.gh.run(league.orders, league.gh.open_pull_request(3, head, "gus"))
    assert_success(orders_run, "check")
    assert league.orders.name in league.judge.on["workflow_run"]["workflows"]
    play = league.gh.run(league.judge, league.gh.workflow_run_event(orders_run))
    assert_success(play, "due", "tick", "site", "deploy")
    assert [c.split(" ", 1)[1] for c in play.pushed()] == ["by-pr: Spring 1901 Movement played (ready)"]
    results = yaml.safe_load(league.gh.show(f"main:{folder}/results.yaml"))
    moved = {(o["power"], o["order"]) for o in results["orders"] if o["result"] == "success"}
    assert {("France", "A PAR - BUR"), ("Germany", "A BER - KIE")} <= moved
    assert_published(league, "by-pr", phase)


def _race(league: League, games: list[str], runs: int, *, concurrency: bool) -> list:
    """``runs`` runs of judge.yml's tick job at once (threads), each given the same ``due``
    outputs and the same event (so each checks out the same commit)."""
    event = league.gh.schedule_event(league.judge)
    needs = {"due": {"result": "success", "outputs": {"games": json.dumps(games), "count": str(len(games))}}}
    out: list = [None] * runs
    errors: list[BaseException] = []

    def one(i: int) -> None:
        try:
            out[i] = league.gh.run(league.judge, event, jobs=["tick"], needs=needs, concurrency=concurrency)
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            errors.append(exc)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(runs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


def test_tick_jobs_racing_to_push_play_each_phase_once(tmp_path, league, report):
    """Scenario 4: two runs of the tick job at once, each for the same two due games, the four
    jobs side by side and all checking out the same commit. The jobs' concurrency groups are
    ignored here, so that the two jobs of one game race too (on GitHub they would queue, and the
    second would find its checkout stale all the same). Every job ends well: a push refused
    because another pushed first is fetched and ticked again, finding the phase played. Each
    phase is played exactly once, every commit is on main, each history replays."""
    games = ("race-a", "race-b")
    for slug in games:
        league.new_game(slug, "standard", DUE)
    start = league.gh.head()
    phase = {s: league.current_phase(s) for s in games}
    runs = _race(league, [f"games/{s}" for s in games], 2, concurrency=False)
    for r in runs:
        assert_success(r, "tick")
        assert len(r.jobs["tick"].runs) == 2
    for s in games:
        assert league.tags(s) == [f"{s}/{phase[s]}"]
    log = league.gh.log_oneline(f"{start}..main")
    played = [line.split(" ", 1)[1] for line in log]
    assert sorted(played) == sorted(f"{s}: Spring 1901 Movement played (deadline)" for s in games), log
    for s in games:
        assert git("merge-base", "--is-ancestor", f"refs/tags/{s}/{phase[s]}", "main", cwd=league.gh.bare, check=False) == ""
    clone = league.gh.clone(tmp_path / "verify")
    for s in games:
        league.cli("verify", f"games/{s}", cwd=clone)
    for r in runs:
        for jr in r.jobs["tick"].runs:
            said = [line for line in jr.steps[-1].log.splitlines() if line.startswith(("played", "waiting"))]
            report(f"race: run {r.run_id} {jr.matrix['game']}: {'; '.join(said)}")
    report(f"race: main gained {len(log)} commits: {'; '.join(played)}")


def test_a_sealed_game_is_played_with_its_secret(tmp_path, league, report):
    """Scenario 5: a sealed game whose only player seals ready orders with `judge seal`, merged
    by the orders workflow. Without the JUDGE_AGE_IDENTITY secret nothing can tell that the
    orders are ready: the scheduled run finds nothing due. With it (the secrets context), the
    run plays the phase and publishes the orders in clear; the secret is in no log."""
    printed = league.new_game("sealed", "standard", NOT_DUE, players={"France": "fran"}, sealed=True)
    identity = next(line for line in printed.splitlines() if line.startswith("AGE-SECRET-KEY-1"))
    phase = league.current_phase("sealed")
    folder = f"games/sealed/{phase}"
    clone = league.gh.clone(tmp_path / "fran")
    (clone / "france.txt").write_text("A PAR - BUR\nA MAR - SPA\n# ready\n")
    league.cli("seal", "france.txt", "--game", "games/sealed", "--power", "France", cwd=clone)
    sealed = (clone / folder / "orders" / "france.txt.age").read_text()
    assert "BUR" not in sealed
    head = league.send_orders(1, "fran", {f"{folder}/orders/france.txt.age": sealed})
    assert_success(league.gh.run(league.orders, league.gh.open_pull_request(1, head, "fran")), "check")
    merged = league.gh.head()

    # Without the secret: nothing is due (the sealed '# ready' cannot be read), nothing pushed.
    run = league.gh.run(league.judge, league.gh.schedule_event(league.judge))
    assert run.jobs["due"].result == "success" and run.jobs["due"].outputs["count"] == "0"
    assert run.jobs["tick"].result == "skipped" and league.gh.head() == merged

    # With it: played now (ready), the orders published in clear next to the sealed file.
    league.gh.secrets["JUDGE_AGE_IDENTITY"] = identity
    run = league.gh.run(league.judge, league.gh.schedule_event(league.judge))
    assert_success(run, "due", "tick", "site", "deploy")
    assert league.tags("sealed") == [f"sealed/{phase}"]
    assert [c.split(" ", 1)[1] for c in run.pushed()] == ["sealed: Spring 1901 Movement played (ready)"]
    results = yaml.safe_load(league.gh.show(f"main:{folder}/results.yaml"))
    assert any(o["power"] == "France" and o["order"] == "A PAR - BUR" and o["result"] == "success"
               for o in results["orders"]), results["orders"]
    assert "A PAR - BUR" in league.gh.show(f"main:{folder}/orders/france.txt")
    assert_published(league, "sealed", phase)
    assert "A PAR - BUR" in (league.gh.pages / "games" / "sealed" / f"{phase}.html").read_text()
    logs = "".join(s.log for r in run.jobs.values() for jr in r.runs for s in jr.steps)
    assert identity not in logs


def _site_log(run) -> str:
    return "\n".join(s.log for s in run.jobs["site"].runs[0].steps)


def _files(root: Path) -> dict[str, bytes]:
    """The published files (MkDocs publishes no dot file; the build's id is one)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)}


def test_the_tick_jobs_build_their_games_pages_and_the_site_job_assembles_them(tmp_path, league, report):
    """Scenario 6 (issue 18): three games due. Each tick job, once it has pushed, builds its own
    game's pages and uploads them; the site job takes them into the site the last run kept and
    renders only the rest; what Pages serves is what a whole build of the same branch makes, file
    for file. A part that no longer matches the branch (a Gamesmaster's push changed its game
    after it was built) is not taken, with a note: that game is rendered by the site job, and the
    site is published all the same."""
    slugs = {"part-a": "standard", "part-b": "standard", "part-c": "machiavelli"}
    for slug, variant in slugs.items():
        league.new_game(slug, variant, DUE)
    nothing_due = {"due": {"outputs": {"games": "[]", "count": "0"}}, "tick": {"result": "skipped"}}
    # The site as an earlier run left it (the run of the Gamesmaster's push, its ticks aside): cached.
    head = league.gh.head()
    earlier = league.gh.run(league.judge, league.gh.push_event(head, head), jobs=["site", "deploy"], needs=nothing_due)
    assert_success(earlier, "site", "deploy")
    assert "no per-game part in parts: every game's pages are made here" in _site_log(earlier)

    run = league.gh.run(league.judge, league.gh.schedule_event(league.judge))
    assert_success(run, "due", "tick", "site", "deploy")
    ticks = run.jobs["tick"].runs
    assert sorted(r.matrix["game"] for r in ticks) == sorted(f"games/{s}" for s in slugs)
    for jr in ticks:
        slug = jr.matrix["game"].split("/")[1]
        assert f"the pages of {slug} rendered" in jr.step("Build the game's pages").log
        assert jr.step("Keep the game's pages for the site job").outcome == "success"
    assert sorted(run.artifacts) == ["github-pages", "site-part-0", "site-part-1", "site-part-2"]
    log = _site_log(run)
    assert "Cache restored from key: judge-site-" in log and "Total of 3 artifact(s) downloaded" in log, log[-3000:]
    taken = re.search(r"only the changed pages rendered; the pages of (.*) taken as their jobs built them", log)
    assert taken and sorted(taken.group(1).split(", ")) == sorted(slugs), log[-3000:]
    assert "not taken" not in log and "3 games unchanged, not read" in log, log[-3000:]
    for slug in slugs:
        assert_published(league, slug, league.tags(slug)[-1].split("/", 1)[1])

    # A whole build of the same branch (no cache to start from) makes the very same site.
    league.gh.caches.clear()
    head = league.gh.head()
    whole = league.gh.run(league.judge, league.gh.push_event(head, head), jobs=["site"], needs=nothing_due)
    assert_success(whole, "site")
    assert site_checkout_commit(whole) == site_checkout_commit(run) == head
    assert "every page rendered" in _site_log(whole)
    with tarfile.open(whole.artifacts["github-pages"]) as tar:
        tar.extractall(tmp_path / "whole-site", filter="data")
    assembled, rebuilt = _files(league.gh.pages), _files(tmp_path / "whole-site")
    assert sorted(assembled) == sorted(rebuilt)
    differ = [rel for rel in assembled if assembled[rel] != rebuilt[rel]]
    assert not differ, differ[:10]
    pages = [rel for rel in assembled if rel.startswith("games/") and rel.endswith(".html")]
    report(f"assembled site: {len(assembled)} files ({len(pages)} game pages) equal to a whole build's")

    # The Gamesmaster changes part-a after its part was built: that part is stale, the others not.
    (league.stage / "games" / "part-a" / "gm.md").write_text("A word from the Gamesmaster.\n")
    git("add", "games/part-a/gm.md", cwd=league.stage, env=league.gh.admin_env())
    git("commit", "-q", "-m", "part-a: a word from the Gamesmaster", cwd=league.stage, env=league.gh.admin_env())
    league.push()
    parts = {n: f for n, f in run.artifacts.items() if n.startswith("site-part-")}
    later = league.gh.run(league.judge, league.gh.push_event(head, league.gh.head()), jobs=["site", "deploy"],
                          needs={**nothing_due, "tick": {"result": "success"}}, artifacts=parts)
    assert_success(later, "site", "deploy")
    log = _site_log(later)
    assert "not taken for part-a: the game changed after its job built the part; its pages rendered here" in log, log[-3000:]
    taken = re.search(r"the pages of (.*) taken as their jobs built them", log)
    assert taken and sorted(taken.group(1).split(", ")) == ["part-b", "part-c"], log[-3000:]
    assert "A word from the Gamesmaster." in (league.gh.pages / "games" / "part-a" / "index.html").read_text()
    assert later.deployments and league.gh.deployments[-1]["run"] == later.run_id



def test_a_part_that_fails_to_build_fails_neither_its_tick_job_nor_the_publish(tmp_path, league, report):
    """Scenario 7 (issue 18): a tick job whose game's pages cannot be built (here: the command
    made to fail) has still played and pushed its phase; the job and the run succeed, no part is
    uploaded, and the site job renders that game itself."""
    league.new_game("no-part", "standard", DUE)
    before = league.current_phase("no-part")
    broken = mutated(league.judge, tmp_path, 'judge site --game "$GAME" --build', 'judge site --game "$GAME" --no-such-option')
    run = league.gh.run(broken, league.gh.schedule_event(broken))
    assert_success(run, "due", "tick", "site", "deploy")
    (tick_run,) = run.jobs["tick"].runs
    assert tick_run.step("Build the game's pages").outcome == "failure"
    assert tick_run.step("Keep the game's pages for the site job").outcome == "failure"
    assert "site-part-0" not in run.artifacts
    assert f"no-part/{before}" in league.tags("no-part")
    assert_published(league, "no-part", before)


def _newer_judge(pip: PipSupply, tmp_path: Path, version: str, mutate: tuple[str, str, str] | None = None) -> None:
    """A newer release of the judge, as Dependabot would find it on the index: the session's source
    tree at ``version`` (and, with ``mutate`` = (file, old, new), one change), built as a pure wheel
    into the wheelhouse the jobs install from."""
    source = tmp_path / f"judge-{version}"
    copy_files(ROOT, source_files(ROOT, exclude=("games",)), source)
    init = source / "judge" / "__init__.py"
    init.write_text(re.sub(r'__version__ = "[^"]+"', f'__version__ = "{version}"', init.read_text()))
    if mutate:
        path, old, new = mutate
        text = (source / path).read_text()
        assert old in text, f"{path} no longer holds {old!r}"
        (source / path).write_text(text.replace(old, new))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")} | {"JUDGE_PURE": "1"}
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(pip.wheelhouse), str(source)],
                   check=True, capture_output=True, env=env, timeout=900)


def _upgrade_pull_request(league: League, number: int, version: str) -> "object":
    """Dependabot's pull request: a branch changing ``.github/judge-requirements.txt`` to the judge
    ``version`` (its hashes from the wheelhouse), pushed, and the ``pull_request`` event."""
    from judge.store.league import judge_pins

    clone = league.tmp / f"dependabot-{number}"
    league.gh.clone(clone)
    env = {**league.gh.admin_env(), "GIT_AUTHOR_NAME": "dependabot[bot]", "GIT_COMMITTER_NAME": "dependabot[bot]"}
    git("checkout", "-q", "-b", f"dependabot/pip/dot-github/judge-{version}", cwd=clone, env=env)
    (clone / ".github/judge-requirements.txt").write_text(judge_pins(wheels=league.gh.pip.judge_wheels, version=version))
    git("commit", "-q", "-am", f"judge: bump diplomacy-judge to {version}", cwd=clone, env=env)
    git("push", "-q", "origin", f"HEAD:refs/heads/dependabot-{number}", cwd=clone, env=env)
    return league.gh.open_pull_request(number, git("rev-parse", "HEAD", cwd=clone), "dependabot[bot]",
                                       event="pull_request")


def test_an_upgrade_pull_request_replays_every_game_under_the_new_judge(tmp_path, league, report):
    """Issue 27: the league made by ``judge init`` holds Dependabot's settings and the upgrade
    workflow; a pull request bumping the judge's pin runs it: the new judge, installed by hash as the
    pull request pins it, replays every game's whole history. A judge that would replay a game
    differently fails the check, naming the phase; a pull request touching no pin runs nothing."""
    assert (league.stage / ".github/dependabot.yml").is_file()
    upgrade = Workflow.load(league.stage / ".github" / "workflows" / "upgrade.yml")
    for variant in ("standard", "machiavelli"):
        league.new_game(f"{variant}-game", variant, DUE)
    assert_success(league.gh.run(league.judge, league.gh.schedule_event(league.judge)), "due", "tick")
    league.push()
    _newer_judge(league.gh.pip, tmp_path, "0.99.0")
    event = _upgrade_pull_request(league, 41, "0.99.0")
    assert upgrade.triggered_by(event) and not league.orders.triggered_by(event)
    run = league.gh.run(upgrade, event)
    assert_success(run, "verify")
    steps = run.jobs["verify"].runs[0]
    install = next(s for s in steps.steps if (s.name or "").startswith("Install the judge"))
    assert "judge, version 0.99.0 (distribution diplomacy-judge 0.99.0" in install.log, install.log
    replay = steps.steps[-1].log
    assert "standard-game: 1 phase(s) replayed, all as committed" in replay, replay
    assert "2 games replayed: all as committed" in replay, replay
    # A judge that words a hold's result otherwise (no orders were sent: every unit held) replays the
    # played phase differently: the check fails and names it.
    _newer_judge(league.gh.pip, tmp_path, "0.99.1", ("judge/core/phases.py", 'Outcome.SUCCESS, "held"', 'Outcome.SUCCESS, "stood"'))
    run = league.gh.run(upgrade, _upgrade_pull_request(league, 42, "0.99.1"))
    assert run.jobs["verify"].result == "failure"
    replay = run.jobs["verify"].runs[0].steps[-1].log
    assert "games/standard-game/1901-1-spring-movement: results differ" in replay, replay
    report("upgrade: 0.99.0 replays both games; 0.99.1 (a reworded result) fails naming the phase")
    # Orders by pull request touch no pin: the upgrade workflow does not start.
    sha = league.send_orders(43, "ed-london", {"games/standard-game/1901-3-fall-movement/orders/england.txt": "F LON H\n"})
    assert not upgrade.triggered_by(league.gh.open_pull_request(43, sha, "ed-london", event="pull_request"))


def test_hash_files_as_github_computes_it(tmp_path):
    """hashFiles(): the SHA-256 of the files' SHA-256 digests in path order; '' when nothing
    matches; a change to any file changes it; patterns outside the workspace fail loudly."""
    import hashlib

    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "a.txt").write_text("one")
    (tmp_path / ".github" / "b.txt").write_text("two")
    s = Scope({"github": {"workspace": str(tmp_path)}})
    both = evaluate("hashFiles('.github/b.txt', '.github/a.txt')", s)
    expected = hashlib.sha256(hashlib.sha256(b"one").digest() + hashlib.sha256(b"two").digest()).hexdigest()
    assert both == expected == evaluate("hashFiles('.github/*.txt')", s)
    assert evaluate("hashFiles('nothing/*')", s) == ""
    (tmp_path / ".github" / "b.txt").write_text("three")
    assert evaluate("hashFiles('.github/*.txt')", s) != both
    with pytest.raises(HarnessError, match="inside the workspace"):
        evaluate("hashFiles('/etc/passwd')", s)
