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
    assert set(data) == {"orders", "position", "winner"}
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
    assert {c.name for c in COMMANDS + GM_COMMANDS} | {"adjudicate", "options", "render", "site", "post", "rules", "import"} == set(names)
    for name in names:
        assert cli.get_command(ctx, name).name == name
    code = ("import sys; from judge.cli import main\n"
            "sys.argv = ['judge', 'adjudicate', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('judge.render', 'judge.store.commands', 'judge.site.commands', 'git', 'cairosvg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


# -- A Gamesmaster's rule options in the position file ----------------------------------------------

RIVER_CONVOY = """variant: maharajah
phase: Spring 1501 Movement
{options}units:
  Gondwana: [F SBA, A ORI]
"""
RIVER_ORDERS = "Gondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR\n"


def test_position_file_options_are_the_games_rule_options(tmp_path, capsys):
    """A position file may carry ``options:`` as game.yaml does (maharajah seed 004 §2's
    simplified rule here): the phase is judged under them, and the next position keeps them."""
    code, out, _ = run(tmp_path, capsys, RIVER_CONVOY.format(options=""), RIVER_ORDERS, "--json")
    assert code == 0
    assert {o["order"]: o["result"] for o in json.loads(out)["orders"]}["A ORI - BNR"] == "success"
    code, out, _ = run(tmp_path, capsys, RIVER_CONVOY.format(options="options: {river_convoys: false}\n"), RIVER_ORDERS, "--json")
    assert code == 0
    data = json.loads(out)
    assert {o["order"]: o["result"] for o in data["orders"]}["A ORI - BNR"] == "illegal"
    assert data["position"]["options"] == {"river_convoys": False}


@pytest.mark.parametrize("options, where, words", [
    ("options:\n  river_convoys: false\n  bogus: 1\n", "position.yaml:5", "unknown rule option(s) for maharajah: bogus"),
    ("options: [river_convoys]\n", "position.yaml:3", "'options' maps option names to values"),
])
def test_position_file_bad_options_are_a_located_error(tmp_path, capsys, options, where, words):
    code, out, err = run(tmp_path, capsys, RIVER_CONVOY.format(options=options), RIVER_ORDERS)
    assert code == 2
    assert where in err and words in err
    assert "Traceback" not in err and out == ""


def test_position_file_bad_option_value_is_a_located_error(tmp_path, capsys):
    """Values are checked as a game's are (Europe 1615 checks its own)."""
    position = "variant: europe1615\nphase: Spring 1615 Movement\noptions:\n  attrition: sometimes\nunits: {}\n"
    code, _, err = run(tmp_path, capsys, position, "")
    assert code == 2
    assert "position.yaml:3" in err and "attrition" in err


# -- seed 003 §4: an illegal order is reported once; the JSON says who won -------------------------

def test_seed003_s4_illegal_order_is_listed_once_not_again_as_no_order(tmp_path, capsys):
    """The unit of an illegal order holds; its line says so, and no "no order: held" line
    follows for it (a unit with no order at all still gets one)."""
    code, out, _ = run(tmp_path, capsys, START, "England: F LON - MUN\n", "--json")
    assert code == 0
    rows = json.loads(out)["orders"]
    assert [r["order"] for r in rows if r["order"].startswith("F LON")] == ["F LON - MUN"]
    assert rows[0]["result"] == "illegal" and "the unit holds" in rows[0]["reason"]
    assert any(r["order"] == "A LVP H" and r["reason"] == "no order: held" for r in rows)


def test_seed003_s4_illegal_order_of_a_dislodged_unit_is_listed_once(tmp_path, capsys):
    position = "variant: standard\nphase: Spring 1901 Movement\nunits:\n  England: [F LON]\n  France: [F ENG, F NTH]\n"
    code, out, _ = run(tmp_path, capsys, position, "England: F LON - MUN\nFrance: F ENG - LON\nFrance: F NTH S F ENG - LON\n", "--json")
    rows = [r for r in json.loads(out)["orders"] if r["power"] == "England"]
    assert len(rows) == 1 and rows[0]["result"] == "illegal" and rows[0]["reason"].endswith("; dislodged")


def test_json_winner_is_null_without_a_winner(tmp_path, capsys):
    _, out, _ = run(tmp_path, capsys, START, "England: F LON - NTH\n", "--json")
    data = json.loads(out)
    assert data["winner"] is None
    assert set(data) == {"orders", "position", "winner"}


def test_json_winner_names_the_power_that_reached_victory(tmp_path, capsys):
    """Standard victory: 18 centres, counted after the Fall."""
    position = """variant: standard
phase: Fall 1901 Movement
units:
  England: [A RUH]
supply_centers:
  England: [LON, EDI, LVP, BRE, PAR, MAR, SPA, POR, BEL, KIE, BER, MUN, DEN, SWE, NWY, STP, MOS]
"""
    code, out, _ = run(tmp_path, capsys, position, "England: A RUH - HOL\n", "--json")
    assert code == 0
    assert json.loads(out)["winner"] == "England"


def test_the_readme_position_example_reads_as_pasted():
    """The README's position file, pasted as it stands, is a position the judge reads (a retreat
    phase with its dislodged unit and standoff): ``judge adjudicate`` and ``judge options`` take it."""
    from pathlib import Path

    from judge.positions import parse_position
    from judge.options import phase_options

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("### The position file", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    variant, position = parse_position(block, "README.md")
    assert position.dislodged and position.standoffs
    listed = phase_options(variant, position)
    assert [u.unit for p in listed.powers for u in p.units] == ["F TRI"]


def test_the_version_says_what_runs(capsys, monkeypatch):
    """``judge --version`` names the version, the distribution and how the rules core runs."""
    from judge import __version__
    from judge.core.types import COMPILED

    try:
        main(["--version"])
    except SystemExit:
        pass
    out = capsys.readouterr().out
    assert out.startswith(f"judge, version {__version__} (distribution diplomacy-judge {__version__}; ")
    assert ("rules core compiled by mypyc" in out) == COMPILED and "Python 3." in out
