"""Properties, fuzzed with hypothesis.

* The order parser and the position loader take any text: ``parse_orders`` never raises and
  every line in error is located (``file:line``); ``parse_position`` raises nothing but
  :class:`~judge.core.errors.JudgeError` subclasses with a ``where`` naming the file.
* The adjudicator keeps its invariants on random legal positions and orders (from
  ``helpers_random``): one field unit per province; every move that succeeded went to a place
  it could reach (adjacent, or along a chain of fleets ordered to convoy it); the dislodged are
  exactly the units whose province a move entered; units are neither created nor lost unseen;
  the order of the orders does not matter; the next position round-trips through its file.

The number of examples each test ran is shown in the run's summary ("figures"). Crashes of
``parse_position`` that the fuzzing once found are kept as regression inputs (``FOUND_CRASHES``).
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers_random import OrderMaker, Weights, play, standard
from judge.core.errors import JudgeError
from judge.core.orders import Convoy, Move, Order
from judge.core.legality import retreat_options
from judge.core.phases import adjudicate, adjustment_counts
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind, Position, UnitType
from judge.notation import parse_orders
from judge.positions import format_position, parse_position

# Deterministic by default (the same inputs on every run, so that CI is stable); to explore,
# JUDGE_FUZZ_RANDOM=1 draws new inputs each run and JUDGE_FUZZ_EXAMPLES=5000 draws more.
EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                derandomize=not os.environ.get("JUDGE_FUZZ_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_counts(record_figure):
    yield
    detail = ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items()))
    record_figure("properties: fuzzed inputs", f"{sum(COUNTS.values())} ({detail})")


# -- positions to read orders against, and to adjudicate ---------------------------------------


def _sample_positions() -> dict[PhaseKind, list[Position]]:
    """A few positions of each kind from random games (deterministic)."""
    out: dict[PhaseKind, list[Position]] = {k: [] for k in PhaseKind}
    for seed in range(3):
        for position, _, _ in play(seed, years=6):
            if len(out[position.phase.kind]) < 6:
                out[position.phase.kind].append(position)
    return out


SAMPLES = _sample_positions()
ALL_SAMPLES = [p for lst in SAMPLES.values() for p in lst]
VARIANT = standard()
FILENAME = "games/fuzz/orders.txt"
LINE_WHERE = re.compile(r"^games/fuzz/orders\.txt:(\d+)$")


# -- order text ---------------------------------------------------------------------------------


def _vocabulary() -> list[str]:
    board = VARIANT.board
    words = ["A", "F", "Army", "fleet", "army", "G", "-", "->", "=>", "–", "S", "supports", "support", "C",
             "convoys", "convoy", "H", "hold", "holds", "via", "via convoy", "by convoy", "R", "retreat", "D",
             "disband", "Build", "build", "Remove", "remove", "Waive", "waive", "to", "/NC", "/SC", "/EC", "(sc)",
             "(nc)", "north coast", "south coast", "nc", "sc", ",", ";", ":", ".", "'", "(", ")", "/", "#", "x", "zz",
             "Fleet", "moves", "attack", "into", "by", "B", "M", "STP/NC", "SPA/SC", "BUL/EC"]
    for p in board.provinces.values():
        words += [p.id, p.id.lower(), p.name, *p.aliases]
    for info in VARIANT.powers.values():
        words += [f"{info.name}:", info.name, info.adjective, f"{info.name.upper()}:", f"{info.adjective}:"]
    return words


VOCAB = _vocabulary()

order_line = st.lists(st.sampled_from(VOCAB), min_size=0, max_size=9).map(" ".join)
grammar_text = st.lists(
    st.one_of(order_line, st.sampled_from(VOCAB).map(lambda w: f"{w}:"), st.text(max_size=12)),
    min_size=0, max_size=12,
).map("\n".join)


@st.composite
def mutated_orders(draw) -> str:
    """Legal orders of a sample position, written out and then damaged a little."""
    position = draw(st.sampled_from(ALL_SAMPLES))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    orders = OrderMaker(VARIANT).orders(position, rng)
    lines = [f"{o.power}: {o}" for o in orders]
    for _ in range(draw(st.integers(0, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        ln = lines[i]
        j = draw(st.integers(0, len(ln)))
        op = draw(st.sampled_from(["insert", "delete", "swap", "junk"]))
        if op == "insert":
            lines[i] = ln[:j] + draw(st.text(min_size=1, max_size=3)) + ln[j:]
        elif op == "delete":
            lines[i] = ln[:j] + ln[j + 3:]
        elif op == "swap":
            lines[i] = ln[j:] + " " + ln[:j]
        else:
            lines[i] = draw(st.sampled_from(VOCAB)) + " " + ln
    return "\n".join(lines)


def _check_parse(text: str, position: Position, kind: str) -> None:
    COUNTS[kind] += 1
    lines = parse_orders(text, VARIANT, position, FILENAME)
    assert isinstance(lines, list)
    numbers = text.splitlines()
    for ln in lines:
        assert (ln.order is None) != (ln.error is None), ln
        if ln.error is not None:
            assert isinstance(ln.error, JudgeError)
            m = LINE_WHERE.match(ln.error.where or "")
            assert m, (ln.error.where, ln)
            assert 1 <= int(m.group(1)) <= len(numbers)
            assert ln.where == ln.error.where
        else:
            assert isinstance(ln.order, Order)


@FUZZ
@given(text=st.text(), position=st.sampled_from(ALL_SAMPLES))
def test_parse_orders_any_text(text, position):
    _check_parse(text, position, "order text: st.text()")


@FUZZ
@given(text=grammar_text, position=st.sampled_from(ALL_SAMPLES))
def test_parse_orders_grammar(text, position):
    _check_parse(text, position, "order text: grammar")


@FUZZ
@given(text=mutated_orders(), position=st.sampled_from(ALL_SAMPLES))
def test_parse_orders_mutated(text, position):
    _check_parse(text, position, "order text: mutated orders")


# -- position files -----------------------------------------------------------------------------

POS_FILE = "games/fuzz/position.yaml"

scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 3000), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(VOCAB), st.text(max_size=10),
    st.sampled_from(["Spring 1901 Movement", "Fall 1905 Retreat", "Winter 1901 Adjustment", "S1901M",
                     "Spring 1901", "Summer 1901 Movement", "Spring -1 Movement", "Spring 1901 Retreats",
                     "Winter 1901 Movement", "standard", "Standard", "classic", "A PAR", "F STP/SC",
                     "F STP", "A NTH", "F PAR", "A SWI", "*A PAR", "convoy", ""]),
)
unit_text = st.one_of(
    st.builds(lambda k, p: f"{k} {p}", st.sampled_from(["A", "F", "G", "a", "f", "X", "Army"]),
              st.sampled_from(VOCAB)),
    scalar,
)
power_name = st.one_of(st.sampled_from(list(VARIANT.powers)), st.sampled_from(VOCAB), scalar)
value = st.recursive(scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                     max_leaves=8)


@st.composite
def position_data(draw) -> dict:
    data: dict = {}
    if draw(st.booleans()):
        data["variant"] = draw(st.one_of(st.just("standard"), scalar))
    if draw(st.integers(0, 9)):
        data["phase"] = draw(scalar)
    if draw(st.integers(0, 9)):
        data["units"] = draw(st.one_of(
            st.dictionaries(power_name, st.one_of(st.lists(unit_text, max_size=5), scalar), max_size=4),
            value))
    if draw(st.booleans()):
        data["supply_centers"] = draw(st.one_of(
            st.dictionaries(power_name, st.one_of(st.lists(st.one_of(st.sampled_from(VOCAB), scalar), max_size=5),
                                                  scalar), max_size=4),
            value))
    if draw(st.integers(0, 3)) == 0:
        data["dislodged"] = draw(st.one_of(
            st.dictionaries(power_name, st.one_of(st.dictionaries(unit_text.map(str), scalar, max_size=2), value),
                            max_size=2),
            value))
    if draw(st.integers(0, 3)) == 0:
        data["standoffs"] = draw(st.one_of(st.lists(st.one_of(st.sampled_from(VOCAB), scalar), max_size=3), value))
    if draw(st.integers(0, 4)) == 0:
        data[draw(st.text(max_size=6))] = draw(value)
    return data


yaml_snippets = st.sampled_from([
    "{[1]: x}", "? [a, b]\n: c", "&a [*a]", "&b {k: *b}", "!!python/tuple [1]", "!!binary aGk=", "5", "~", "[]", "{}",
    "2020-01-01", "0x1F", ".inf", "'Spring ² Movement'", "[A PAR, A PAR]", "{France: 5}", "\t", ": :", "- -",
    "!!bool maybe", "!!timestamp nonsense", "!!float x", "!!int 0x", "!!omap [1]", "!!binary ###",
])
digits = st.text(alphabet=st.characters(categories=("Nd", "No")), min_size=1, max_size=4)
phase_like = st.builds(lambda s, y, k: f"{s} {y} {k}", st.sampled_from(["Spring", "Fall", "Winter", "spring", "Summer"]),
                       st.one_of(digits, st.integers(-3, 99999).map(str)),
                       st.sampled_from(["Movement", "Retreat", "Adjustment", "builds", "moves", "x"]))


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


@st.composite
def mutated_position_data(draw) -> dict:
    """A sample position's data with one to three nodes replaced by something else."""
    from judge.positions import position_to_data

    data = position_to_data(draw(st.sampled_from(ALL_SAMPLES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))[1:]
        path = draw(st.sampled_from(paths))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        new = draw(st.one_of(value, unit_text, phase_like, power_name))
        if isinstance(parent, dict) and draw(st.booleans()):
            # Replace the key instead of the value.
            v = parent.pop(path[-1])
            parent[draw(st.one_of(power_name, unit_text, st.text(max_size=5)))] = v
        else:
            parent[path[-1]] = new
    return data


@st.composite
def position_text(draw) -> str:
    kind = draw(st.sampled_from(["yaml", "damaged yaml", "sample", "damaged sample", "mutated", "mutated", "snippet"]))
    if kind in ("sample", "damaged sample"):
        text = format_position(draw(st.sampled_from(ALL_SAMPLES)))
    elif kind == "mutated":
        text = yaml.safe_dump(draw(mutated_position_data()), allow_unicode=True, sort_keys=False)
    else:
        data = draw(position_data())
        if draw(st.booleans()):
            data["phase"] = draw(phase_like)
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if kind.startswith("damaged"):
        for _ in range(draw(st.integers(1, 3))):
            j = draw(st.integers(0, len(text)))
            text = text[:j] + draw(st.text(max_size=4)) + text[j + draw(st.integers(0, 6)):]
    if kind == "snippet":
        # A YAML construct put in place of one value of a valid file.
        lines = format_position(draw(st.sampled_from(ALL_SAMPLES))).splitlines()
        i = draw(st.integers(0, len(lines) - 1))
        head = lines[i].split(":")[0]
        snippet = draw(yaml_snippets)
        lines[i] = f"{head}: {snippet}" if "\n" not in snippet else f"{head}:\n" + "\n".join("  " + x for x in snippet.split("\n"))
        text = "\n".join(lines) + "\n"
    return text


# Crashes of parse_position that this file once found (each fixed): a minimal input each. They
# must now give a located PositionError like any other bad file.
FOUND_CRASHES = {
    "phase-unicode-digit": "phase: Spring \u00b2 Movement\n",
    "yaml-unhashable-key": "phase: Spring 1901 Movement\nunits: {[1]: x}\n",
    "yaml-recursive-alias": "phase: Spring 1901 Movement\nunits: &a {France: *a}\n",
    "yaml-construct-error": "=\n",
    "centres-not-a-list": "phase: Spring 1901 Movement\nsupply_centers: {France: 5}\n",
    "standoffs-not-a-list": "phase: Spring 1901 Movement\nstandoffs: 5\n",
    # Tags whose constructor fails with an unexpected exception (found by tests/test_hardening_faults.py).
    "yaml-tag-bool-keyerror": "phase: !!bool maybe\n",
    "yaml-tag-timestamp-attributeerror": "variant: !!timestamp nonsense\nphase: Spring 1901 Movement\n",
    "yaml-alias-bomb": "a: &a [1,2,3,4,5,6,7,8,9]\n" + "".join(
        f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, n in zip("abcdef", "bcdefg")),
}


def _check_position(text: str, kind: str) -> None:
    COUNTS[kind] += 1
    try:
        variant, position = parse_position(text, POS_FILE)
    except JudgeError as exc:
        assert exc.where.startswith(POS_FILE), (exc.where, exc)
        return
    assert isinstance(position, Position)
    fields = {u.province for u in position.units if u.kind is not UnitType.GARRISON}
    assert len(fields) == len([u for u in position.units if u.kind is not UnitType.GARRISON])


@pytest.mark.parametrize("text", list(FOUND_CRASHES.values()), ids=list(FOUND_CRASHES))
def test_parse_position_found_crash_is_a_located_error(text):
    """Each crash the fuzzing once found: parse_position raises a located PositionError."""
    with pytest.raises(JudgeError) as info:
        parse_position(text, POS_FILE)
    assert info.value.where.startswith(POS_FILE + ":")


@FUZZ
@given(text=st.text())
def test_parse_position_any_text(text):
    _check_position(text, "position text: st.text()")


@FUZZ
@given(text=position_text())
def test_parse_position_grammar(text):
    _check_position(text, "position text: grammar")


# -- the adjudicator's invariants ---------------------------------------------------------------


@st.composite
def phase_case(draw) -> tuple[Position, list[Order]]:
    """A position reached by a random game, and random legal orders for it."""
    seed = draw(st.integers(0, 10**6))
    stop = draw(st.integers(0, 40))
    position = VARIANT.start
    for k, (pos, _, result) in enumerate(play(seed, years=12)):
        position = result.next_position
        if k >= stop:
            break
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    weights = Weights(omit=draw(st.sampled_from([0.0, 0.0, 0.1])), remove_all=draw(st.booleans()))
    return position, OrderMaker(VARIANT, weights).orders(position, rng)


def _reached_by_convoy(position: Position, orders: list[Order], move: Move) -> bool:
    board = VARIANT.board
    fleets = {
        o.location.province for o in orders
        if isinstance(o, Convoy) and o.target == move.location.province and o.destination == move.destination.province
    }
    seen = {p for p in board.neighbours[move.location.province] if p in fleets}
    frontier = list(seen)
    while frontier:
        p = frontier.pop()
        if move.destination.province in board.neighbours[p]:
            return True
        for q in board.neighbours[p]:
            if q in fleets and q not in seen:
                seen.add(q)
                frontier.append(q)
    return False


def _movement_invariants(position: Position, orders: list[Order], result) -> None:
    board = VARIANT.board
    nxt = result.next_position
    after = [u for u in nxt.units if u.kind is not UnitType.GARRISON]
    # One field unit per province.
    assert len({u.province for u in after}) == len(after)
    # Moves that succeeded went where they could.
    moved_into: dict[str, Move] = {}
    for r in result.resolutions:
        if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS:
            m = r.order
            assert board.can_move(m.kind, m.location, m.destination) or (
                m.kind is UnitType.ARMY and _reached_by_convoy(position, orders, m)), str(m)
            moved_into[m.destination.province] = m
    movers = {m.location.province for m in moved_into.values()}
    for u in after:
        if u not in position.units:
            m = moved_into.get(u.province)
            assert m is not None and m.power == u.power and m.kind is u.kind and m.destination == u.location, u
    # The dislodged are the units that stayed where a move arrived.
    dislodged = {d.unit for d in nxt.dislodged} | set(result.disbanded) if nxt.phase.kind is PhaseKind.RETREAT \
        else set(result.disbanded)
    expected = {u for u in position.units if u.province in moved_into and u.province not in movers}
    assert dislodged == expected
    # Nobody created or lost unseen.
    stayed = [u for u in position.units if u.province not in movers and u not in expected]
    assert len(after) == len(stayed) + len(moved_into)


def _same_result(a, b) -> None:
    assert a.next_position == b.next_position
    assert sorted(map(str, a.disbanded)) == sorted(map(str, b.disbanded))
    key = lambda r: (r.power, r.order_text, r.outcome.value, r.reason)  # noqa: E731
    assert sorted(map(key, a.resolutions)) == sorted(map(key, b.resolutions))


@FUZZ
@given(case=phase_case(), shuffle_seed=st.integers(0, 2**32 - 1))
def test_adjudication_invariants(case, shuffle_seed):
    position, orders = case
    COUNTS[f"adjudicated: {position.phase.kind.value.lower()}"] += 1
    result = adjudicate(VARIANT, position, orders)
    assert not [r for r in result.resolutions if r.outcome in (Outcome.ILLEGAL, Outcome.INVALID, Outcome.AMBIGUOUS)]
    after = [u for u in result.next_position.units if u.kind is not UnitType.GARRISON]
    assert len({u.province for u in after}) == len(after)
    if position.phase.kind is PhaseKind.MOVEMENT:
        _movement_invariants(position, orders, result)
    elif position.phase.kind is PhaseKind.RETREAT:
        # Every unit that appeared is a dislodged unit gone to one of its retreats; no one else moved.
        options = {d.unit: retreat_options(VARIANT.board, position, d.unit, d.attacker_from) for d in position.dislodged}
        new = [u for u in after if u not in position.units]
        for u in new:
            assert any(d.power == u.power and d.kind is u.kind and u.location in opts for d, opts in options.items()), u
        assert len(new) + len(result.disbanded) == len(position.dislodged)
        assert set(position.units) <= set(after)
    else:
        # Builds in vacant owned home centres, within the number due; removals within the number due.
        counts = adjustment_counts(position)
        before = set(position.units)
        built = [u for u in after if u not in before]
        removed = [u for u in before if u not in set(after)]
        for u in built:
            assert u.province in VARIANT.homes(u.power) and position.supply_centers.get(u.province) == u.power, u
            assert position.unit_in(u.province) is None, u
        for p in {u.power for u in built}:
            assert sum(1 for u in built if u.power == p) <= counts.get(p, 0)
        for p in {u.power for u in removed}:
            assert sum(1 for u in removed if u.power == p) == -counts.get(p, 0)
        assert all(counts.get(u.power, 0) < 0 for u in removed)
    # The order of the orders does not matter.
    shuffled = list(orders)
    random.Random(shuffle_seed).shuffle(shuffled)
    _same_result(result, adjudicate(VARIANT, position, shuffled))
    # The next position round-trips through its file.
    text = format_position(result.next_position)
    _, back = parse_position(text, "next.yaml")
    assert back == result.next_position
    assert format_position(back) == text


# -- the settings and map loaders ---------------------------------------------------------------

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETTINGS_TEXT = open(os.path.join(REPO, "games", "example", "game.yaml"), encoding="utf-8").read()
MAP_TEXT = open(os.path.join(REPO, "variants", "standard", "map.txt"), encoding="utf-8").read()


@st.composite
def damaged(draw, text: str, vocabulary: list[str]) -> str:
    """A real file with a few of its lines damaged: characters inserted, deleted, lines swapped,
    duplicated or replaced by YAML oddities and words of the vocabulary."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(lines) - 1))
        ln = lines[i]
        j = draw(st.integers(0, len(ln)))
        op = draw(st.sampled_from(["insert", "delete", "duplicate", "swap", "replace", "yaml"]))
        if op == "insert":
            lines[i] = ln[:j] + draw(st.text(min_size=1, max_size=4)) + ln[j:]
        elif op == "delete":
            lines[i] = ln[:j] + ln[j + draw(st.integers(1, 8)):]
        elif op == "duplicate":
            lines.insert(i, ln)
        elif op == "swap":
            k = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[k] = lines[k], lines[i]
        elif op == "replace":
            lines[i] = ln[:j] + " " + draw(st.sampled_from(vocabulary))
        else:
            lines[i] = ln[:j] + draw(st.sampled_from(
                ["[", "{", "}", ": :", "&a", "*a", "!!python/object:os.system", "? [1]", "- ", "\t", "null",
                 "~", "'", '"', "2026-13-45", "99999999999999999999", "-1", "1e400", "\u00b2", "\x00"]))
    return "\n".join(lines) + "\n"


SETTINGS_WORDS = [w for w in re.findall(r"[\w:+-]+", SETTINGS_TEXT)][:400] + VOCAB[:200]
MAP_WORDS = sorted(set(re.findall(r"[\w/]+", MAP_TEXT)))[:400]


def _check_loader(text: str, kind: str, load, where: str) -> None:
    """``load(text)`` gives a value or a JudgeError located in ``where``, never anything else."""
    COUNTS[kind] += 1
    try:
        load(text)
    except JudgeError as exc:
        assert str(exc.where or "").startswith(where), (exc.where, exc)


@FUZZ
@given(text=st.one_of(st.text(), damaged(SETTINGS_TEXT, SETTINGS_WORDS)))
def test_parse_settings_any_text(text):
    """A damaged or arbitrary game.yaml: parse_settings gives settings or a StoreError naming
    the file, never anything else."""
    from judge.store.settings import parse_settings

    _check_loader(text, "settings text: damaged or st.text()",
                  lambda t: parse_settings(t, "games/x/game.yaml", "x"), "games/x/game.yaml")


@FUZZ
@given(text=st.one_of(st.text(), damaged(MAP_TEXT, MAP_WORDS)))
def test_parse_board_any_text(text):
    """A damaged or arbitrary map.txt: parse_board gives a board or a MapError naming the file
    and line, never anything else."""
    from judge.variants.loader import parse_board

    _check_loader(text, "map text: damaged or st.text()", lambda t: parse_board(t, "variants/x/map.txt"), "variants/x/map.txt")
