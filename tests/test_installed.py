"""The judge as its users get it: a wheel (and an sdist) built from this tree, installed into a new
virtual environment (not editable), run from a league repository of its own, far from this checkout.

The editable install that the rest of the suite runs sees the source tree, so it cannot tell whether
the package carries its variants, templates and site configuration; these tests can. They build
with ``JUDGE_PURE=1`` (no compiling: the same package, faster to build) and install the wheel with
its dependencies from the package index, as ``pip install`` does on a user's machine.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("standard", "machiavelli", "europe1615", "maharajah")
VARIANT_FILES = ("variant.yaml", "map.txt", "map.svg", "geo.yaml", "README.md")


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, ok: bool = True,
         timeout: int = 600) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True,
                          timeout=timeout)
    if ok and proc.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


def _checkout_state() -> set[str]:
    """The files of this checkout that git does not track, ignored ones included (so a run that
    writes here, e.g. a site-src/ or site/ folder, shows); the test tools' own caches aside."""
    out = _run(["git", "status", "--porcelain", "--ignored", "--untracked-files=all", "--", ".", ":!.venv"], ROOT).stdout
    return {line for line in out.splitlines() if line[:2] in ("??", "!!")
            and not any(c in line for c in (".pytest_cache", "__pycache__", ".hypothesis/", ".mypy_cache"))}


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """A wheel and an sdist built from this tree, as ``python -m build`` makes them."""
    out = tmp_path_factory.mktemp("dist")
    env = {"JUDGE_PURE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    _run([sys.executable, "-m", "build", "--wheel", "--sdist", "--outdir", str(out), str(ROOT)], ROOT, env)
    return {"wheel": next(out.glob("diplomacy_judge-*.whl")), "sdist": next(out.glob("diplomacy_judge-*.tar.gz"))}


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory) -> Path:
    """A new virtual environment with the wheel installed (dependencies from the index); its bin/."""
    where = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=True).create(where)
    _run([str(where / "bin" / "python"), "-m", "pip", "install", "--quiet", str(dists["wheel"])], where.parent,
         {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, timeout=900)
    return where / "bin"


def _package_names(names: list[str], prefix: str) -> set[str]:
    return {n[len(prefix):] for n in names if n.startswith(prefix)}


def test_the_wheel_and_the_sdist_carry_everything_the_judge_reads(dists):
    with zipfile.ZipFile(dists["wheel"]) as zf:
        in_wheel = _package_names(zf.namelist(), "judge/_data/")
        entry_points = next(n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt"))
        points = zf.read(entry_points).decode()
    with tarfile.open(dists["sdist"]) as tf:
        top = tf.getnames()[0].split("/")[0]
        in_sdist = _package_names(tf.getnames(), f"{top}/judge/_data/")
    for files in (in_wheel, in_sdist):
        for name in VARIANTS:
            for f in VARIANT_FILES:
                assert f"variants/{name}/{f}" in files, (name, f)
        source_templates = {p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*") if p.is_file()}
        assert {f"templates/{t}" for t in source_templates} <= files
        assert {"mkdocs.yml", "site-static/assets/judge.css", "workflows/judge.yml", "workflows/orders.yml"} <= files
    # The packaged files are the project's own (one copy: judge/_data links to the top-level folders).
    for rel in ("mkdocs.yml", "variants/standard/map.txt", "workflows/judge.yml"):
        assert (ROOT / "judge" / "_data" / rel).read_bytes() == (ROOT / "judge" / "_data" / rel).resolve().read_bytes()
    assert "judge = judge.site.mkdocs_plugin:NavPlugin" in points and "[mkdocs.plugins]" in points


def test_an_installed_judge_runs_a_league_of_its_own_and_writes_nowhere_else(installed, dists, tmp_path):
    before = _checkout_state()
    judge = str(installed / "judge")
    env = {"PATH": f"{installed}{os.pathsep}{os.environ['PATH']}", "JUDGE_GIT_NAME": "judge", "GITHUB_REPOSITORY": ""}
    league = tmp_path / "my-league"
    _run([judge, "init", str(league), "--name", "My League", "--wheels", str(dists["wheel"].parent)], tmp_path, env)
    assert (league / ".github/workflows/judge.yml").read_bytes() == (ROOT / ".github/workflows/judge.yml").read_bytes()
    pin = (league / ".github/judge-requirements.txt").read_text()
    assert "diplomacy-judge==" in pin and "--hash=sha256:" + hashlib.sha256(dists["wheel"].read_bytes()).hexdigest() in pin
    for name in VARIANTS:
        _run([judge, "new", f"games/{name}-game", "--variant", name, "--now", "2026-01-05T12:00:00Z", "--commit"],
             league, env)
    played = _run([judge, "tick", "--force"], league, env).stdout + _run([judge, "tick", "--force"], league, env).stdout
    for name in VARIANTS:
        assert f"{name}-game/" in played, played
        maps = sorted((league / "games" / f"{name}-game").glob("*/map.png"))
        assert len(maps) >= 2 and maps[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    site = _run([judge, "site", "--build"], league, env)
    assert "site built" in site.stdout
    for name in VARIANTS:
        assert (league / "site" / "games" / f"{name}-game" / "index.html").is_file(), name
    # The workflow's own two steps: the sources, then MkDocs with the league's mkdocs.yml (the judge
    # plugin is found through its entry point), and ``python -m judge``.
    (league / "site").rename(league / "site-before")
    _run([str(installed / "mkdocs"), "build", "--strict", "-q"], league, {**env, "NO_MKDOCS_2_WARNING": "1"})
    assert "standard-game" in (league / "site" / "index.html").read_text()
    assert _run([str(installed / "python"), "-m", "judge", "--version"], league, env).stdout.startswith("judge, version")
    assert "distribution diplomacy-judge" in _run([judge, "--version"], league, env).stdout
    # The post finds the site's address from the league's GitHub remote.
    _run(["git", "remote", "add", "origin", "https://github.com/alice/my-league.git"], league)
    post = _run([judge, "post", "games/standard-game", "--format", "markdown"], league, env).stdout
    assert "https://alice.github.io/my-league/games/standard-game/" in post
    # Nothing was written into the installed package or this checkout.
    package = next(installed.parent.glob("lib/python*/site-packages/judge"))
    strays = [p for p in package.rglob("*") if p.is_file() and p.suffix != ".pyc"
              and p.stat().st_mtime > (league / "mkdocs.yml").stat().st_mtime]
    assert not strays, strays
    assert not (package / "_data" / "site-src").exists() and not (package.parent / "site-src").exists()
    assert _checkout_state() == before


def test_the_installed_commands_fail_with_a_located_message_not_an_internal_error(installed, tmp_path):
    judge = str(installed / "judge")
    for args in (["site"], ["tick"], ["new", "games/x", "--variant", "nosuch"]):
        proc = _run([judge, *args], tmp_path, ok=False)
        assert proc.returncode == 2, (args, proc.stderr)
        assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.skipif(not shutil.which(os.environ.get("CC", "cc")) and not shutil.which("gcc"), reason="no C compiler")
def test_a_compiled_wheel_installs_and_runs_its_compiled_core(tmp_path):
    """Issue 27, the part of the release workflow that runs offline: the wheel built as a release
    builds it (the rules core compiled by mypyc), installed in a fresh environment, says what runs
    and plays a phase, as the release workflow's check of each built wheel does."""
    out = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)], ROOT,
         {"PIP_DISABLE_PIP_VERSION_CHECK": "1", "JUDGE_PURE": ""}, timeout=900)
    wheel = next(out.glob("diplomacy_judge-*.whl"))
    assert "py3-none-any" not in wheel.name, wheel.name  # a platform wheel: the core is compiled
    where = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(where)
    _run([str(where / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], tmp_path,
         {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, timeout=900)
    said = _run([str(where / "bin" / "judge"), "--version"], tmp_path).stdout
    assert "rules core compiled by mypyc" in said, said
    played = _run([str(where / "bin" / "judge"), "adjudicate", str(ROOT / "tests/data/release/position.yaml"),
                   str(ROOT / "tests/data/release/orders.txt")], tmp_path).stdout
    assert "A PAR - BUR" in played and "success" in played, played


def test_the_installed_wheel_passes_the_datc_as_the_release_checks_it(installed, tmp_path):
    """Issue 27: the release workflow runs the DATC against each installed wheel (not the source
    tree); its own command lines, taken from release.yml, run here against the wheel installed in
    a fresh environment, and the judge they test is the installed one."""
    import yaml

    steps = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text())["jobs"]["sdist"]["steps"]
    script = next(s["run"] for s in steps if "pytest" in s.get("run", ""))
    lines = [line.replace("/tmp/pure/bin/", f"{installed}/") for line in script.splitlines()
             if "pytest" in line]
    assert len(lines) == 2 and "pip install pytest" in lines[0], lines
    for line in lines:
        _run(["bash", "-ec", line], ROOT, {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, timeout=900)
    where = _run([str(installed / "python"), "-c", "import judge; print(judge.__file__)"], tmp_path).stdout
    assert "site-packages" in where, where
