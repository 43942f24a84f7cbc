"""The site's Jinja templates (``templates/site/``), rendered to Markdown.

Every value a template prints is plain text in Markdown (:func:`judge.escape.md_escape`)
unless the generator marked it trusted with :class:`markupsafe.Markup` (inline HTML it wrote, the
Gamesmaster's sanitised Markdown). A variable a template names and the context lacks is an error,
not an empty string.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Mapping

import jinja2
from markupsafe import Markup

from ..escape import md_escape, plain_title, url_path

__all__ = ["render_template"]


def _finalize(value: Any) -> Any:
    """Every value printed by a template is plain text unless the generator marked it trusted."""
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return md_escape(value)


@functools.lru_cache(maxsize=4)
def _environment(templates: str) -> jinja2.Environment:
    """The templates of one folder, loaded once."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        autoescape=False,
        finalize=_finalize,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["url"] = lambda s: Markup(url_path(str(s)))
    env.filters["yaml_str"] = lambda s: Markup(json.dumps(plain_title(s), ensure_ascii=False))
    return env


def render_template(templates: Path, name: str, context: Mapping[str, Any]) -> str:
    """The template ``name`` of the folder ``templates`` filled with ``context``, ending in one new line."""
    text = _environment(str(templates)).get_template(name).render(**context)
    return text.strip("\n") + "\n"