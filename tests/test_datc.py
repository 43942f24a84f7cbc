"""Every DATC case (v2.4 section 6, by Lucas B. Kruijswijk), through the command line's code path.

The cases are data in ``tests/data/datc/`` (converted by ``tools/convert_datc.py``). Each case's
position and orders are written to files and adjudicated by ``judge adjudicate --json``; the units
after the phase and the dislodged units are compared in both directions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judge.cli import main

DATA = Path(__file__).parent / "data" / "datc"


def _cases():
    for f in sorted(DATA.glob("6*.yaml")):
        for case in yaml.safe_load(f.read_text())["cases"]:
            yield pytest.param(case, id=case["id"])


def _units(mapping) -> set[str]:
    return {f"{p}: {u}" for p, lst in (mapping or {}).items() for u in (lst or [])}


def run_cli(tmp_path: Path, capsys, position: dict, orders: str) -> tuple[int, dict]:
    pos = tmp_path / "position.yaml"
    pos.write_text(yaml.safe_dump(position, sort_keys=False))
    ords = tmp_path / "orders.txt"
    ords.write_text(orders)
    code = 0
    try:
        main(["adjudicate", str(pos), str(ords), "--json"])
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("case", list(_cases()))
def test_datc(case, tmp_path, capsys):
    code, out = run_cli(tmp_path, capsys, case["position"], case["orders"])
    assert code == 0, out
    nxt = out["position"]
    got_units = _units(nxt["units"])
    got_dislodged = {f"{p}: {u}" for p, m in (nxt.get("dislodged") or {}).items() for u in m}
    want_units = _units(case["expect"]["units"])
    want_dislodged = _units(case["expect"].get("dislodged"))
    assert got_units == want_units, (
        f"units: missing {sorted(want_units - got_units)}, unexpected {sorted(got_units - want_units)}\n"
        + "\n".join(f"{o['power']}: {o['order']} -> {o['result']}: {o['reason']}" for o in out["orders"]))
    assert got_dislodged == want_dislodged


def test_every_case_is_there():
    assert len(list(_cases())) == 167
