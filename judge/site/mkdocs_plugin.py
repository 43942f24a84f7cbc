"""The MkDocs plugin ``judge``: the site's navigation, as ``judge site`` wrote it.

A league's ``mkdocs.yml`` lists it under ``plugins:`` (the judge registers it with MkDocs through
the ``mkdocs.plugins`` entry point, so it works wherever the judge is installed, with no path to a
file). The generator writes the navigation to ``<docs_dir>/.nav.yml`` (a dot file: MkDocs does not
publish it); the plugin reads it before the build, unless ``mkdocs.yml`` sets a ``nav`` of its own.
"""

from __future__ import annotations

import os
from typing import Any

import yaml
from mkdocs.plugins import BasePlugin

NAV_NAME = ".nav.yml"


class NavPlugin(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    """Use the navigation that ``judge site`` generated."""

    def on_config(self, config: Any, **kwargs: Any) -> Any:
        if config.get("nav"):
            return config
        path = os.path.join(config["docs_dir"], NAV_NAME)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                nav = yaml.safe_load(fh)
            if isinstance(nav, list):
                config["nav"] = nav
        return config
