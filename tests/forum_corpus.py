"""The corpus of real order lines (tests/data/forum_orders.yaml), read through the command line's
path (:func:`judge.adjudication.run_phase`), and how many are read as a careful Gamesmaster reads them.

``python tests/forum_corpus.py`` prints the figure and the lines read otherwise.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.adjudication import run_phase
from judge.core.orders import Build, Convoy, Disband, SupportHold, SupportMove, UnitOrder
from judge.core.resolution import Outcome
from judge.core.types import Power
from judge.notation import parse_order
from judge.positions import parse_position
from judge.variants import find_variant

DATA = Path(__file__).parent / "data" / "forum_orders.yaml"
PHASES = {"M": "Fall 1905 Movement", "R": "Fall 1905 Retreat", "A": "Winter 1905 Adjustment"}
VARIANT_PHASES = {"maharajah": {"M": "Fall 1505 Movement", "R": "Fall 1505 Retreat", "A": "Winter 1505 Adjustment"},
                  "machiavelli": {"M": "Fall 1455 Movement", "R": "Fall 1455 Retreat", "A": "Winter 1455 Adjustment"}}


@dataclass
class Entry:
    source: str
    phase: str
    power: str
    text: str
    want: str
    extra: str = ""
    variant: str = "standard"

    @property
    def real(self) -> bool:
        return self.source != "ours"


def load() -> tuple[dict[str, str], list[Entry]]:
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return data["sources"], [Entry(*row) for row in data["lines"]]


def _power_of(e: Entry) -> str:
    if e.power != "-":
        return e.power
    v = find_variant("standard")
    for w in e.text.replace(":", " ").split():
        for p, info in v.powers.items():
            if w.lower() in (p.lower(), info.adjective.lower()):
                return p
    return "England"


def position_text(e: Entry) -> str:
    """The position the line is read against: the units it orders, supports and convoys."""
    v = find_variant(e.variant)
    phases = VARIANT_PHASES.get(e.variant, PHASES)
    power = _power_of(e)
    _, empty = parse_position(f"variant: {e.variant}\nphase: {phases[e.phase]}\nunits: {{}}\n", variant=v)
    units: dict[str, dict[str, str]] = {}
    dislodged: dict[str, str] = {}
    builds = False
    if e.want not in ("?", "X"):
        for w in e.want.split(" ; "):
            o = parse_order(w.lstrip("!"), Power(power), v, empty)
            if not isinstance(o, UnitOrder):  # a variant's own order (money, declarations...)
                continue
            if isinstance(o, Build):
                builds = True
                continue
            here = f"{o.kind.value} {o.location}"
            if e.phase == "R":
                dislodged[o.location.province] = here
            else:
                units.setdefault(power, {})[o.location.province] = here
            if isinstance(o, (SupportHold, SupportMove, Convoy)):
                k = o.target_kind.value if o.target_kind is not None else "A"
                prov = o.target
                units.setdefault(power, {}).setdefault(prov, f"{k} {prov}")
    for part in filter(None, (p.strip() for p in e.extra.split(";"))):
        p, _, lst = part.partition(":")
        for u in lst.split(","):
            u = u.strip()
            prov = u.split()[1].split("/")[0]
            for other in units.values():
                other.pop(prov, None)
            units.setdefault(p.strip(), {})[prov] = u
    if e.phase == "R" and not dislodged:
        dislodged = {}
    lines = [f"variant: {e.variant}", f"phase: {phases[e.phase]}", "units:"]
    for p, us in units.items():
        lines.append(f"  {p}: [{', '.join(us.values())}]")
    if not units:
        lines[-1] = "units: {}"
    if dislodged:
        lines.append("dislodged:")
        lines.append(f"  {power}: {{{', '.join(f'{u}: null' for u in dislodged.values())}}}")
    if e.phase == "A" and not builds:
        lines.append("supply_centers: {}")
    return "\n".join(lines) + "\n"


def orders_text(e: Entry) -> str:
    return e.text + "\n" if e.power == "-" else f"{e.power}:\n{e.text}\n"


def read(e: Entry) -> tuple[bool, str]:
    """Is the line read as intended? And what was read."""
    variant, position = parse_position(position_text(e), "corpus.yaml", find_variant(e.variant))
    report = run_phase(variant, position, orders_text(e), "orders.txt")
    got = [str(ln.order) for ln in report.lines if ln.order is not None]
    errors = [ln.error for ln in report.lines if ln.error is not None]
    shown = " ; ".join(got) + (f" [{'; '.join(type(x).__name__ + ': ' + x.message for x in errors)}]" if errors else "")
    if e.want == "?":
        return any(type(x).__name__ == "AmbiguousOrder" for x in errors) and not got, shown
    if e.want == "X":
        return bool(errors) and not got, shown
    want = [w.lstrip("!") for w in e.want.split(" ; ")]
    if errors or got != want:
        return False, shown
    outcomes = {r.order_text: r.outcome for r in report.resolutions()}
    for w in e.want.split(" ; "):
        if w.startswith("!") and outcomes.get(w[1:]) is not Outcome.ILLEGAL:
            return False, shown + " (not illegal)"
    return True, shown


def measure(real_only: bool = True) -> tuple[int, int, list[tuple[Entry, str]]]:
    _, entries = load()
    ok, misread = 0, []
    chosen = [e for e in entries if e.real or not real_only]
    for e in chosen:
        good, shown = read(e)
        if good:
            ok += 1
        else:
            misread.append((e, shown))
    return ok, len(chosen), misread


if __name__ == "__main__":
    for real_only in (True, False):
        ok, total, misread = measure(real_only)
        print(f"{'real lines' if real_only else 'all lines (with ours)'}: {ok}/{total} read as intended ({100 * ok / total:.1f}%)")
    if "-v" in sys.argv:
        for e, shown in measure(False)[2]:
            print(f"  [{e.source}] {e.text!r}\n      want {e.want}\n      got  {shown}")
