"""Builds the rules core's hot modules as C extensions with mypyc (everything else is in
``pyproject.toml``).

The compiled modules are the same Python source, compiled: the value types (``types``, ``orders``,
``resolution``), the board (``board``), convoy routes (``convoy``), the order checks
(``legality``), the resolver (``movement``), the phases (``phases``) and the rule hooks
(``variant``). Python imports a compiled module in place of its ``.py`` file. Set ``JUDGE_PURE=1``
to install without compiling (slower, same results); ``judge --version`` says which one runs.

mypy (which brings mypyc) is a build requirement only when the core will be compiled and it is
not there: setuptools' build backend gives pip this file's ``setup_requires`` before building, so
an install with ``JUDGE_PURE=1``, or on a machine without a C compiler, neither downloads nor
installs it.
"""

import os
import shlex
import shutil
import sys
import sysconfig

from setuptools import setup

MYPY = "mypy==2.4.1"

COMPILED = ["judge/core/board.py", "judge/core/convoy.py", "judge/core/legality.py",
            "judge/core/movement.py", "judge/core/orders.py", "judge/core/phases.py",
            "judge/core/resolution.py", "judge/core/types.py", "judge/core/variant.py"]


def have_compiler() -> bool:
    """Is the C compiler Python was built with (or ``$CC``) on this machine? On Windows, where
    setuptools finds Microsoft's compiler itself (and Python names none), yes: the release's
    Windows wheels are compiled; ``JUDGE_PURE=1`` installs the plain core where there is none."""
    if sys.platform == "win32" and not os.environ.get("CC"):
        return True
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(shlex.split(cc)[0]) is not None


pure = os.environ.get("JUDGE_PURE", "") not in ("", "0")
compiling = not pure and have_compiler()
if not pure and not compiling:
    print("judge: no C compiler found: installing the plain Python core (same results, slower)", file=sys.stderr)
ext_modules = []
if compiling:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip first runs this file to ask for the build requirements (``egg_info``), before mypy is
        # installed: ``setup_requires`` below asks for it. A build without it gets the plain core.
        if "egg_info" not in sys.argv:
            print("judge: mypy (mypyc) is not installed: installing the plain Python core", file=sys.stderr)
    else:
        ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules, setup_requires=[MYPY] if compiling and not ext_modules else [])
