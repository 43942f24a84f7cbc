"""The files the judge reads at run time, found inside the installed package.

Everything the judge needs besides its code (the variants' boards and maps, the page templates,
the site's stylesheet, the default ``mkdocs.yml``, the league workflows that ``judge init`` writes)
lives under ``judge/_data/`` and is found with :mod:`importlib.resources`, never by a path relative
to a source tree: the judge works the same from a wheel, an sdist, an editable install or a
checkout, from any current folder.

In the source tree ``judge/_data/`` holds symbolic links to the design card's top-level folders
(``variants/``, ``templates/``, ``docs-src/``, ``mkdocs.yml``, ``.github/workflows/``): one copy of
each file. Building a wheel follows the links and packs the files themselves.

Each lookup may be redirected by an environment variable (tests, a Gamesmaster's own templates).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

__all__ = ["data_path", "DATA_ENV"]

DATA_ENV = {
    "variants": "JUDGE_VARIANTS",
    "templates": "JUDGE_TEMPLATES",
    "site-static": "JUDGE_SITE_STATIC",
    "mkdocs.yml": "JUDGE_MKDOCS_CONFIG",
}
"""The packaged resources that an environment variable may replace."""


def data_path(name: str) -> Path:
    """The packaged resource ``name`` (a file or folder under ``judge/_data/``) as a path.

    ``$JUDGE_VARIANTS`` and the others of :data:`DATA_ENV` take precedence when set. Wheels are
    installed as plain files, so the resource is a real path on disk.
    """
    env = DATA_ENV.get(name)
    if env and os.environ.get(env):
        return Path(os.environ[env])
    return Path(str(resources.files("judge").joinpath("_data", name)))
