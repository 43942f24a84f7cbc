"""The judge's build backend: setuptools', asking for mypy only when the core will be compiled.

``setup.py`` compiles the rules core with mypyc when a C compiler is at hand and ``JUDGE_PURE`` is
not set; otherwise it installs the plain Python core. mypy (which brings mypyc) is needed only in
the first case, so it is not a static build requirement: a deadline job on GitHub installs with
``JUDGE_PURE=1`` and skips downloading and installing it into pip's isolated build environment.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - the rest of the PEP 517 interface, unchanged

MYPY = "mypy==2.4.1"


def have_compiler() -> bool:
    """Is the C compiler Python was built with (or ``$CC``) on this machine?"""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(shlex.split(cc)[0]) is not None


def compiling() -> bool:
    """Will setup.py compile the core?"""
    return os.environ.get("JUDGE_PURE", "") in ("", "0") and have_compiler()


def _more() -> list[str]:
    return [MYPY] if compiling() else []


def get_requires_for_build_wheel(config_settings=None):  # noqa: ANN001, ANN201 - PEP 517's signature
    return _setuptools.get_requires_for_build_wheel(config_settings) + _more()


def get_requires_for_build_editable(config_settings=None):  # noqa: ANN001, ANN201 - PEP 517's signature
    return _setuptools.get_requires_for_build_editable(config_settings) + _more()
