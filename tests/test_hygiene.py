"""The house's hygiene, checked by ``make test``: ruff (pyflakes and bugbear) finds nothing in the
package, mypy (``[tool.mypy]`` in ``pyproject.toml``) finds no type error in it, and no function
is over cyclomatic complexity 20 (radon), and no module of it is over 800 lines. A test that fails names each finding with its file and
line."""

from __future__ import annotations

import subprocess
from pathlib import Path

from test_workflows import tool as _tool

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing_in_the_package():
    proc = subprocess.run([_tool("ruff"), "check", "--output-format", "concise", "judge"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing_in_the_package():
    proc = subprocess.run([_tool("mypy"), "judge"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


MAX_COMPLEXITY = 20
"""No function of the package over this cyclomatic complexity, as radon measures it."""


def test_no_function_is_over_the_complexity_limit():
    from radon.complexity import cc_visit

    def functions(blocks):
        for b in blocks:
            if hasattr(b, "methods"):  # a class: its methods (a class's own figure sums them)
                yield from functions(b.methods)
            else:
                yield b
                yield from functions(b.closures)

    over: set[str] = set()  # radon lists a method both alone and in its class
    for path in sorted((ROOT / "judge").rglob("*.py")):
        over |= {f"{path.relative_to(ROOT)}:{f.lineno} {f.fullname} {f.complexity}"
                 for f in functions(cc_visit(path.read_text(encoding="utf-8"))) if f.complexity > MAX_COMPLEXITY}
    assert not over, "\n".join(sorted(over))


MAX_LINES = 800
"""No module of the package over this many lines: a module longer than that holds several jobs."""


def test_no_module_is_over_the_line_limit():
    over = {f"{path.relative_to(ROOT)}: {n} lines" for path in sorted((ROOT / "judge").rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not over, "\n".join(sorted(over))
