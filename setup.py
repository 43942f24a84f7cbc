"""Builds the rules core's hot modules as C extensions with mypyc (everything else is in
``pyproject.toml``).

The compiled modules are the same Python source, compiled: the value types (``types``, ``orders``,
``resolution``), the board (``board``), convoy routes (``convoy``), the order checks
(``legality``), the resolver (``movement``), the phases (``phases``) and the rule hooks
(``variant``). Python imports a compiled module in place of its ``.py`` file. Set ``JUDGE_PURE=1``
to install without compiling (slower, same results); ``judge --version`` says which one runs.
"""

import os
import shlex
import shutil
import sys
import sysconfig

from setuptools import setup

COMPILED = ["judge/core/board.py", "judge/core/convoy.py", "judge/core/legality.py",
            "judge/core/movement.py", "judge/core/orders.py", "judge/core/phases.py",
            "judge/core/resolution.py", "judge/core/types.py", "judge/core/variant.py"]


def _have_compiler() -> bool:
    """Is the C compiler Python was built with (or ``$CC``) on this machine?"""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(shlex.split(cc)[0]) is not None


ext_modules = []
if os.environ.get("JUDGE_PURE", "") not in ("", "0"):
    pass
elif not _have_compiler():
    print("judge: no C compiler found: installing the plain Python core (same results, slower)", file=sys.stderr)
else:
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
