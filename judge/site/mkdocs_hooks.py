"""MkDocs hook: the navigation written by ``judge site``.

``mkdocs.yml`` names this file under ``hooks:``. The generator writes the navigation to
``<docs_dir>/.nav.yml`` (a dot file: MkDocs does not publish it); this hook reads it before the
build, unless ``mkdocs.yml`` sets a ``nav`` of its own. It imports nothing from ``judge`` so that
MkDocs can load it by path.
"""

from __future__ import annotations

import os
from typing import Any

import yaml

NAV_NAME = ".nav.yml"


def on_config(config: Any, **kwargs: Any) -> Any:
    """Use the generated navigation."""
    if config.get("nav"):
        return config
    path = os.path.join(config["docs_dir"], NAV_NAME)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            nav = yaml.safe_load(fh)
        if isinstance(nav, list):
            config["nav"] = nav
    return config
