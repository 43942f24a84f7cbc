"""The command-line contract: ``judge adjudicate POSITION.yaml ORDERS.txt [--json]``.

Other tools and checks outside this repository drive it: its output shape, its exit codes and its
error messages (file, line, reason; never a traceback) are pinned here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cli import main

START = """variant: standard
phase: Spring 1901 Movement
units:
  England: [F LON, F EDI, A LVP]
  Russia: [F STP/SC, A MOS, A WAR, F SEV]
supply_centers:
  England: [LON, EDI, LVP]
"""


def run(tmp_path: Path, capsys, position: str, orders: str, *args: str) -> tuple[int, str, str]:
    p = tmp_path / "position.yaml"
    p.write_text(position)
    o = tmp_path / "orders.txt"
    o.write_text(orders)
    try:
        main(["adjudicate", str(p), str(o), *args])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_shape(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, START, "England:\n  F LON - NTH\nRussia: A MOS - UKR\n", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"orders", "position"}
    first = data["orders"][0]
    assert first == {"power": "England", "order": "F LON - NTH", "result": "success", "reason": "moved to North Sea"}
    assert data["position"]["phase"] == "Fall 1901 Movement"
    assert "F NTH" in data["position"]["units"]["England"]
    # Units without orders hold, and say so.
    holds = [o for o in data["orders"] if o["order"] == "A LVP H"]
    assert holds and holds[0]["reason"].startswith("no order")


def test_text_output_lists_orders_then_next_position(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, START, "England: F LON - NTH\n")
    assert code == 0
    assert "F LON - NTH" in out and "success" in out
    assert "phase: Fall 1901 Movement" in out


def test_unknown_power_is_reported_and_the_rest_adjudicated(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, START, "Narnia: A PAR - BUR\nEngland: F LON - NTH\n", "--json")
    assert code == 1
    assert "orders.txt:1:" in err and "Narnia" in err
    data = json.loads(out)
    assert data["orders"][0]["result"] == "invalid"
    assert "F NTH" in data["position"]["units"]["England"]


def test_order_for_missing_unit_is_illegal(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, START, "England: A PAR - BUR\n", "--json")
    data = json.loads(out)
    assert data["orders"][0]["result"] == "illegal"
    assert "no unit in PAR" in data["orders"][0]["reason"]


@pytest.mark.parametrize("position, where, words", [
    ("variant: standard\nphase: Spring 1901 Movement\nunits:\n  England: [F LON, A XYZ]\n", "position.yaml:4", "unknown province"),
    ("variant: standard\nphase: Sprung 1901 Movement\nunits: {}\n", "position.yaml:2", "phase"),
    ("variant: standard\nphase: Spring 1901 Movement\nunits:\n  Narnia: [A PAR]\n", "position.yaml:4", "not a power"),
    ("variant: standard\nphase: Spring 1901 Movement\nunits:\n  England: [A LON, F LON]\n", "position.yaml:4", "two units"),
    ("variant: standard\nphase: Spring 1901 Movement\nunits:\n  England: [A NTH]\n", "position.yaml:4", "cannot stand"),
    ("variant: standard\nphase: Spring 1901 Movement\nunits: [\n", "position.yaml:4", "not valid YAML"),
    ("variant: chess\nphase: Spring 1901 Movement\n", "position.yaml:1", "unknown variant"),
    ("variant: standard\nphase: Spring 1901 Movement\nunits:\n  Russia: [F STP]\n", "position.yaml:4", "name the coast"),
])
def test_broken_position_gives_file_line_reason(tmp_path, capsys, position, where, words):
    code, out, err = run(tmp_path, capsys, position, "")
    assert code == 2
    assert where in err and words in err
    assert "Traceback" not in err


def test_missing_file_and_binary_input(tmp_path, capsys):
    try:
        main(["adjudicate", str(tmp_path / "nope.yaml"), str(tmp_path / "nope.txt")])
    except SystemExit as exc:
        assert exc.code == 2
    assert "nope.yaml" in capsys.readouterr().err
    (tmp_path / "o.txt").write_bytes(b"England: F LON - NTH\n\xff\xfe\n")
    (tmp_path / "p.yaml").write_text(START)
    try:
        main(["adjudicate", str(tmp_path / "p.yaml"), str(tmp_path / "o.txt")])
    except SystemExit as exc:
        assert exc.code == 2
    assert "o.txt:2: not UTF-8" in capsys.readouterr().err


def test_console_script_runs_without_traceback(tmp_path):
    (tmp_path / "p.yaml").write_text("variant: standard\nphase: [\n")
    (tmp_path / "o.txt").write_text("")
    proc = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate", str(tmp_path / "p.yaml"), str(tmp_path / "o.txt")],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "p.yaml" in proc.stderr


def test_core_is_pure():
    """judge.core imports no adapter: no YAML, git, rendering, templating or site code."""
    code = ("import sys, judge.core.phases, judge.core.movement, judge.core.legality\n"
            "bad = [m for m in ('yaml', 'git', 'cairosvg', 'jinja2', 'mkdocs', 'click', 'judge.notation') if m in sys.modules]\n"
            "print(','.join(bad))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == ""


def test_every_command_is_listed_and_loads_by_its_name():
    """The command line loads a command's module only when it runs: its table names every
    command of the game store, the site and the maps, each under the name it declares, and
    ``judge adjudicate`` itself loads none of them."""
    import click

    from judge.cli import cli
    from judge.store.commands import COMMANDS
    from judge.store.gm_commands import GM_COMMANDS

    ctx = click.Context(cli)
    names = cli.list_commands(ctx)
    assert {c.name for c in COMMANDS + GM_COMMANDS} | {"adjudicate", "render", "site", "post"} == set(names)
    for name in names:
        assert cli.get_command(ctx, name).name == name
    code = ("import sys; from judge.cli import main\n"
            "sys.argv = ['judge', 'adjudicate', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('judge.render', 'judge.store.commands', 'judge.site.commands', 'git', 'cairosvg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
