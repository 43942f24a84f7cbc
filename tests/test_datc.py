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


def test_rule_convoy_intent_each_move_says_whether_it_went_by_convoy():
    """DATC 4.A.3, 6.G.6, 6.G.8: every move's resolution says whether the adjudicator sent it
    by convoy (``convoyed_by``, what the map draws), and agrees with the reason a player reads:
    a move that succeeded "by convoy", a convoy that failed or was a paradox."""
    from judge.adjudication import run_phase
    from judge.core.orders import Move
    from judge.core.resolution import Tag
    from judge.positions import parse_position

    seen = {True: 0, False: 0}
    for param in _cases():
        case = param.values[0]
        variant, position = parse_position(yaml.safe_dump(case["position"], sort_keys=False))
        for r in run_phase(variant, position, case["orders"]).resolutions():
            if not isinstance(r.order, Move) or r.outcome.value not in ("success", "failure"):
                assert r.convoyed_by is None, (case["id"], r)
                continue
            by_convoy = r.convoyed_by is not None
            seen[by_convoy] += 1
            if r.succeeded:
                assert r.reason.endswith("by convoy") is by_convoy, (case["id"], r)
            elif {Tag.NO_CONVOY, Tag.PARADOX} & set(r.tags):
                assert by_convoy, (case["id"], r)
            if case["id"] == "6.G.8" and r.order.power == "France":
                assert not by_convoy  # asked for a convoy no fleet offers: by land
            if case["id"] == "6.G.6" and r.order.power == "England":
                assert r.convoyed_by == ("ENG", "NAO", "NWG")  # its own fleet's convoy, off the route
    assert seen[True] > 20 and seen[False] > 100
