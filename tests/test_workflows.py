"""The GitHub workflows: audited by zizmor, valid against the workflow schema, and shaped as the
game repository needs (pinned actions, least privilege, no event data spliced into shell)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def tool(name: str) -> str:
    """A tool installed next to this Python (the venv's bin), else on PATH; skip if absent."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed (pip install {name if name != 'check-jsonschema' else 'check-jsonschema'})")
    return found


def load(path: Path) -> dict:
    # YAML 1.1 reads the key 'on' as True: normalise it back.
    data = yaml.safe_load(path.read_text())
    if True in data:
        data["on"] = data.pop(True)
    return data


def test_there_are_the_league_workflows_and_the_release():
    assert [p.name for p in WORKFLOWS] == ["judge.yml", "orders.yml", "release.yml", "upgrade.yml"]
    from judge.store.league import league_files

    shipped = sorted(p for p in league_files("L", "diplomacy-judge==0").files if p.startswith(".github/workflows/"))
    assert shipped == [".github/workflows/judge.yml", ".github/workflows/orders.yml", ".github/workflows/upgrade.yml"], \
        "the release workflow is the judge's own, never a league's"


def test_zizmor_finds_nothing():
    out = subprocess.run([tool("zizmor"), "--offline", "--no-progress", str(ROOT / ".github" / "workflows")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_workflows_match_the_schema():
    out = subprocess.run([tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", *map(str, WORKFLOWS)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_actions_are_pinned_permissions_minimal_and_run_steps_safe(path):
    data = load(path)
    assert data["permissions"] == {}
    for name, job in data["jobs"].items():
        assert job.get("permissions"), f"{name}: job permissions must be explicit"
        for step in job.get("steps", []):
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w.-]+)?@[0-9a-f]{40}", step["uses"]), step["uses"]
                if step["uses"].startswith("actions/checkout@"):
                    assert step["with"]["persist-credentials"] is False
            if "run" in step:
                assert "${{" not in step["run"], f"{name}: pass expressions through env, not into run"
                for line in step["run"].splitlines():
                    words = line.strip().split()
                    if words and path.name == "release.yml":
                        # Building, checking the built judge, its notes and its release.
                        assert words[0] in ("pip", "python", "gh") or words[0].startswith("/tmp/pure/bin/"), line
                    elif words:
                        # Only judge commands and installing them (and a variable, and a continued line).
                        assert words[0] in ("judge", "mkdocs", "uv") or words[:3] == ["python", "-m", "pip"] \
                            or words[0].startswith(("remote=", "--")) \
                            or words[:3] in (["sudo", "apt-get", "install"], ["sudo", "apt-get", "update"]), line
    text = path.read_text()
    for sha in re.findall(r"@([0-9a-f]{40})", text):
        assert re.search(rf"@{sha} # v\d", text), "each pinned action says its version"


def test_the_tick_workflow_runs_on_a_schedule_push_and_dispatch_and_deploys_pages():
    data = load(ROOT / ".github/workflows/judge.yml")
    on = data["on"]
    assert set(on) == {"schedule", "push", "workflow_dispatch", "workflow_run"}
    assert on["workflow_run"] == {"workflows": ["orders"], "types": ["completed"]}, "ready orders are played at once"
    minutes = on["schedule"][0]["cron"].split()[0]
    assert all(int(m) % 5 for m in minutes.split(",")), "off the busy minutes"
    jobs = data["jobs"]
    assert "concurrency" not in data, "no workflow-wide group: one group per game"
    # The due games fan out, one job and one concurrency group per game.
    assert "judge due" in jobs["due"]["steps"][-1]["run"]
    assert jobs["due"]["permissions"] == {"contents": "read"}
    tick = jobs["tick"]
    assert tick["strategy"]["matrix"]["game"] == "${{ fromJSON(needs.due.outputs.games) }}"
    assert tick["concurrency"] == {"group": "judge-game-${{ matrix.game }}", "cancel-in-progress": False}
    assert tick["permissions"] == {"contents": "write"}
    step = next(s for s in tick["steps"] if "judge tick" in s.get("run", ""))
    assert step["env"]["GAME"] == "${{ matrix.game }}" and '"$GAME"' in step["run"] and "--push" in step["run"]
    # Each tick job, after its push, builds its own game's pages and uploads them for the site job.
    uses = [s.get("uses", "").split("@")[0] for s in tick["steps"]]
    part = next(i for i, s in enumerate(tick["steps"]) if "judge site" in s.get("run", ""))
    assert tick["steps"].index(step) < part < uses.index("actions/upload-artifact")
    assert '--game "$GAME" --build' in tick["steps"][part]["run"]
    upload = next(s for s in tick["steps"] if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["name"].startswith("site-part-") and upload["with"]["include-hidden-files"] is True
    # One site for all games, built from the branch as the ticks pushed it.
    site = jobs["site"]
    assert site["needs"] == ["due", "tick"] and site["permissions"] == {"contents": "read"}
    run = "\n".join(s.get("run", "") for s in site["steps"])
    assert "judge site --build --assemble parts" in run, "sources and MkDocs, only the changed pages rendered again"
    assert "libcairo2" in run, "the site build draws the open phases' maps"
    uses = [s.get("uses", "").split("@")[0] if s.get("id") != "downloads" else "the downloads' cache"
            for s in site["steps"]]
    assert "actions/upload-pages-artifact" in uses
    download = site["steps"][uses.index("actions/download-artifact")]
    assert download["with"] == {"pattern": "site-part-*", "path": "parts", "merge-multiple": False}
    assert uses.index("actions/download-artifact") < next(i for i, s in enumerate(site["steps"]) if "--assemble" in s.get("run", ""))
    # The site of the last run is restored before the build and kept after it, under a key of its own.
    assert uses.index("actions/cache/restore") < uses.index("actions/cache/save") < uses.index("actions/upload-pages-artifact")
    keys = {s["with"]["key"] for s in site["steps"] if s.get("uses", "").startswith("actions/cache/")
            and "site" in s["with"]["path"]}
    assert keys == {"judge-site-${{ github.run_id }}-${{ github.run_attempt }}"}
    assert jobs["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages@")
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


@pytest.mark.parametrize("path", [p for p in WORKFLOWS if p.name != "release.yml"], ids=lambda p: p.name)
def test_every_league_job_installs_the_judge_by_hash_and_compiled(path):
    """Issue 27: each job installs the judge and its dependencies exactly as the league's pins
    say, every file by its hash (uv, itself pinned by hash), the wheels as built (no JUDGE_PURE:
    the compiled core runs where games are played)."""
    text = path.read_text()
    assert "JUDGE_PURE" not in text
    for name, job in load(path)["jobs"].items():
        runs = [s.get("run", "") for s in job.get("steps", [])]
        if not any(r.startswith("judge ") or "\njudge " in r or " judge " in r for r in runs):
            continue
        install = next((r for r in runs if "judge-requirements.txt" in r), None)
        assert install is not None, f"{name}: runs the judge without installing it"
        # The downloads come from the cache of the last install with the same pins (restored before
        # the install; only the due job, on the default branch, keeps them, once per set of pins).
        steps = job["steps"]
        at = next(i for i, s in enumerate(steps) if "judge-requirements.txt" in s.get("run", ""))
        restore = steps[at - 1]
        assert restore["uses"].startswith("actions/cache/restore@") and restore["id"] == "downloads"
        assert restore["with"]["path"].split() == ["~/.cache/uv", "~/.cache/pip"]
        key = "judge-downloads-${{ runner.os }}-${{ hashFiles('.github/judge-requirements.txt', '.github/uv-requirements.txt') }}"
        assert restore["with"]["key"] == key
        saves = [s for s in steps if s.get("uses", "").startswith("actions/cache/save@") and s["with"]["key"] == key]
        assert len(saves) == (1 if (path.name, name) == ("judge.yml", "due") else 0), name
        assert "python -m pip install --quiet --require-hashes --no-deps -r .github/uv-requirements.txt" in install
        assert "uv pip install --quiet --python \"$(command -v python)\" --require-hashes -r .github/judge-requirements.txt" in install


def test_the_upgrade_workflow_replays_every_game_on_a_pull_request_with_a_read_only_token():
    data = load(ROOT / ".github/workflows/upgrade.yml")
    assert set(data["on"]) == {"pull_request"}
    assert ".github/judge-requirements.txt" in data["on"]["pull_request"]["paths"]
    job = data["jobs"]["verify"]
    assert job["permissions"] == {"contents": "read"}
    assert "secrets." not in (ROOT / ".github/workflows/upgrade.yml").read_text()
    assert job["steps"][-1]["run"] == "judge verify"


def test_the_league_dependabot_configuration_is_valid_and_covers_the_pins_and_the_actions(tmp_path):
    from judge.store.league import league_files

    files = league_files("L", "diplomacy-judge==0\n").files
    config = tmp_path / "dependabot.yml"
    config.write_bytes(files[".github/dependabot.yml"])
    out = subprocess.run([tool("check-jsonschema"), "--builtin-schema", "vendor.dependabot", str(config)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    updates = {u["package-ecosystem"]: u for u in yaml.safe_load(config.read_text())["updates"]}
    assert updates["pip"]["directory"] == "/.github" and "github-actions" in updates
    assert ".github/uv-requirements.txt" in files and b"uv==" in files[".github/uv-requirements.txt"]


def test_the_orders_workflow_reads_the_pull_request_as_data():
    data = load(ROOT / ".github/workflows/orders.yml")
    assert set(data["on"]) == {"pull_request_target"}
    steps = data["jobs"]["check"]["steps"]
    checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
    assert "ref" not in checkout.get("with", {}), "the base branch, never the pull request's head"
    run = "\n".join(s.get("run", "") for s in steps)
    assert "judge check-pr" in run and "--apply" in run and "$GITHUB_STEP_SUMMARY" in run
    env = next(s for s in steps if "judge check-pr" in s.get("run", ""))["env"]
    assert env["AUTHOR"] == "${{ github.event.pull_request.user.login }}"


def test_the_release_workflow_publishes_by_trusted_publishing_with_least_permissions():
    """Issue 27: on a version tag, the sdist, a pure wheel and compiled wheels (cibuildwheel) are
    built and each installed wheel checked; the index is published to by trusted publishing (the
    job's OIDC token in the ``pypi`` environment, no secret); the GitHub release takes its notes
    from the CHANGELOG."""
    data = load(ROOT / ".github" / "workflows" / "release.yml")
    assert data["on"] == {"push": {"tags": ["v*"]}}
    jobs = data["jobs"]
    assert set(jobs) == {"sdist", "wheels", "publish", "github-release"}
    assert jobs["publish"]["permissions"] == {"id-token": "write"} and jobs["publish"]["environment"] == "pypi"
    assert [s["uses"].split("@")[0] for s in jobs["publish"]["steps"]][-1] == "pypa/gh-action-pypi-publish"
    assert jobs["github-release"]["permissions"] == {"contents": "write"}
    assert all(jobs[j]["permissions"] == {"contents": "read"} for j in ("sdist", "wheels"))
    assert jobs["publish"]["needs"] == ["sdist", "wheels"] and jobs["github-release"]["needs"] == "publish"
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert "secrets." not in text, "no token in secrets: trusted publishing"
    wheels = jobs["wheels"]["steps"][1]
    assert wheels["uses"].startswith("pypa/cibuildwheel@") and "COMPILED" in wheels["env"]["CIBW_TEST_COMMAND"]
    assert sorted(jobs["wheels"]["strategy"]["matrix"]["os"]) == ["macos-latest", "ubuntu-latest", "windows-latest"]


def test_the_release_notes_are_the_changelog_section():
    import importlib.util

    spec = importlib.util.spec_from_file_location("release_notes", ROOT / "tools" / "release_notes.py")
    notes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(notes)
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    got = notes.section(text, "v0.3.0")
    assert got and got.startswith("- A variant is one package") and "## " not in got
    assert notes.section(text, "9.9.9") is None
    assert notes.main(["9.9.9"]) == 1
