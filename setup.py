"""Builds the rules core's hot modules as C extensions with mypyc (everything else is in
``pyproject.toml``).

The compiled modules are the same Python source, compiled: the value types (``types``, ``orders``,
``resolution``), the board (``board``), convoy routes (``convoy``), the order checks
(``legality``), the resolver (``movement``), the phases (``phases``) and the rule hooks
(``variant``). Python imports a compiled module in place of its ``.py`` file. Set ``JUDGE_PURE=1``
to install without compiling (slower, same results); ``judge --version`` says which one runs.
"""

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "build"))
from judge_build import have_compiler  # noqa: E402 - the build backend's own test, shared

COMPILED = ["judge/core/board.py", "judge/core/convoy.py", "judge/core/legality.py",
            "judge/core/movement.py", "judge/core/orders.py", "judge/core/phases.py",
            "judge/core/resolution.py", "judge/core/types.py", "judge/core/variant.py"]


ext_modules = []
if os.environ.get("JUDGE_PURE", "") not in ("", "0"):
    pass
elif not have_compiler():
    print("judge: no C compiler found: installing the plain Python core (same results, slower)", file=sys.stderr)
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip first runs this file to ask for the build requirements, before mypy is installed
        # (tools/build/judge_build.py then asks for it); a build without it gets the plain core.
        if "egg_info" not in sys.argv:
            print("judge: mypy (mypyc) is not installed: installing the plain Python core", file=sys.stderr)
    else:
        ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
