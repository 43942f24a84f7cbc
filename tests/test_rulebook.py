"""Every rule of every seed by id (judge.rulebook): each id resolves, each rule has its tests, and
the variants' README tables are written from the rulebooks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from judge.rulebook import RULE_ID, Rule, Rulebook, resolve
from judge.variants import descriptions

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rulebook_tables", ROOT / "tools" / "rulebook_tables.py")
tables = importlib.util.module_from_spec(_spec)
sys.modules["rulebook_tables"] = tables  # its dataclass looks its module up
_spec.loader.exec_module(tables)  # type: ignore[union-attr]

BOOKS = {d.name: d.rules_book() for d in descriptions()}
TESTS = tables.tests_by_rule(ROOT / "tests")
MIN_TESTS = 2
"""Every rule has at least two scenarios (issue: every rule as a referee would rule it)."""


def _rules():
    return [(name, r) for name, book in BOOKS.items() if book is not None for r in book]


def test_every_variant_has_a_rulebook():
    assert BOOKS and all(book is not None and len(book) for book in BOOKS.values()), \
        {n: (len(b) if b else None) for n, b in BOOKS.items()}


def test_rule_ids_are_unique_across_variants():
    seen: dict[str, str] = {}
    for name, r in _rules():
        assert r.id not in seen, f"{r.id} in both {seen[r.id]} and {name}"
        seen[r.id] = name


def test_a_bad_rule_id_or_a_repeated_one_is_refused():
    with pytest.raises(ValueError, match="not of the form"):
        Rule("War 2", "seed 002", "x")
    with pytest.raises(ValueError, match="twice"):
        Rulebook("v", (Rule("seed002/war-2", "s", "x"), Rule("seed002/war-2", "s", "y")))


@pytest.mark.parametrize("name,rule", _rules(), ids=lambda x: x.id if isinstance(x, Rule) else x)
def test_every_rule_says_where_it_is_played_and_it_exists(name, rule):
    assert rule.by, f"{rule.id}: no 'by'"
    for ref in rule.by:
        resolve(name, ref)  # LookupError names what is missing


def test_every_rule_has_at_least_two_tests_that_carry_its_id():
    missing = {r.id: len(TESTS.get(r.id, [])) for _, r in _rules() if len(TESTS.get(r.id, [])) < MIN_TESTS}
    assert not missing, f"rules with fewer than {MIN_TESTS} tests: {missing}"


def test_every_id_a_test_carries_is_a_rule():
    known = {r.id for _, r in _rules()}
    unknown = {rid: [t.name for t in ts] for rid, ts in TESTS.items() if rid not in known}
    assert not unknown, unknown
    assert all(RULE_ID.match(rid) for rid in TESTS)


def test_the_readme_tables_are_written_from_the_rulebooks():
    for name, book in BOOKS.items():
        readme = ROOT / "variants" / name / "README.md"
        text = readme.read_text(encoding="utf-8")
        new = tables.render_readme(text, book, TESTS)
        assert new is not None, f"{readme}: no rulebook table markers"
        assert new == text, f"{readme}: run python tools/rulebook_tables.py"


def test_judge_rules_finds_a_rule_by_id_and_by_words(tmp_path):
    from click.testing import CliRunner

    from judge.cli import cli

    name, rule = _rules()[0]
    out = CliRunner().invoke(cli, ["rules", rule.id])
    assert out.exit_code == 0, out.output
    assert out.output.startswith(f"{rule.id}  [{name}]") and rule.text in out.output
    assert all(f"played by {ref}" in out.output for ref in rule.by)
    word = rule.source.split()[0]
    out = CliRunner().invoke(cli, ["rules", word, "--variant", name])
    assert out.exit_code == 0 and rule.id in out.output
    out = CliRunner().invoke(cli, ["rules", "no such rule anywhere"])
    assert out.exit_code == 1 and "no rule matches" in out.output
    out = CliRunner().invoke(cli, ["rules", "x", "--variant", "nowhere"])
    assert out.exit_code == 2 and "unknown variant" in out.output
