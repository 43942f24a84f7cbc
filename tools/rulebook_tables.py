"""Write each variant's table of rules (in ``variants/<name>/README.md``) from its rulebook and
the tests that carry each rule's id.

    python tools/rulebook_tables.py          # rewrite the tables
    python tools/rulebook_tables.py --check  # exit 1 if a table is out of date

The table sits between ``<!-- rulebook:start -->`` and ``<!-- rulebook:end -->``. The tests are
found by reading ``tests/*.py`` (no test is run): every ``@pytest.mark.rule(...)`` on a test
function.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- rulebook:start -->", "<!-- rulebook:end -->"


@dataclass(frozen=True)
class RuleTest:
    """A test function that names a rule."""

    file: str
    name: str
    moved: bool


def _rule_marks(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[list[str], bool]]:
    out = []
    for dec in fn.decorator_list:
        if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "rule":
            ids = [a.value for a in dec.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            moved = any(k.arg == "moved" and isinstance(k.value, ast.Constant) and bool(k.value.value) for k in dec.keywords)
            out.append((ids, moved))
    return out


def tests_by_rule(tests_dir: Path = ROOT / "tests") -> dict[str, list[RuleTest]]:
    """Rule id -> the test functions that carry it."""
    found: dict[str, list[RuleTest]] = defaultdict(list)
    for path in sorted(tests_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                for ids, moved in _rule_marks(node):
                    for rid in ids:
                        found[rid].append(RuleTest(path.name, node.name, moved))
    return dict(found)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table(rulebook, tests: dict[str, list[RuleTest]]) -> str:
    """The Markdown table of a rulebook: id, source, rule, where it is played, its tests."""
    lines = ["| Id | Source | Rule | Played by | Tests |", "|---|---|---|---|---|"]
    for r in rulebook:
        by = ", ".join(f"`{b}`" for b in r.by) or "—"
        ts = ", ".join(f"`{t.name}`{' (moved)' if t.moved else ''}" for t in tests.get(r.id, [])) or "**none**"
        lines.append(f"| `{r.id}` | {_cell(r.source)} | {_cell(r.text)} | {by} | {ts} |")
    return "\n".join(lines)


def render_readme(text: str, rulebook, tests) -> str | None:
    """The README with its table replaced; None if it has no place for one."""
    if START not in text or END not in text:
        return None
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    note = ("\n_Written by `tools/rulebook_tables.py` from the rulebook "
            f"(`judge/variants/{rulebook.variant}/rulebook.py`) and the tests that carry each id; "
            "do not edit by hand._\n\n")
    return f"{head}{START}\n{note}{table(rulebook, tests)}\n{END}{tail}"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from judge.variants import descriptions

    check = "--check" in argv
    tests = tests_by_rule()
    stale = []
    for d in descriptions():
        book = d.rules_book()
        readme = ROOT / "variants" / d.name / "README.md"
        if book is None or not len(book) or not readme.exists():
            continue
        old = readme.read_text(encoding="utf-8")
        new = render_readme(old, book, tests)
        if new is None or new == old:
            continue
        stale.append(readme)
        if not check:
            readme.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{'out of date' if check else 'written'}: {path.relative_to(ROOT)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
