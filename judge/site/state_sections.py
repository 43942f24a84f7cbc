"""The variant's own state on the pages: its sections (:mod:`judge.sections`) as Markdown.

The generator knows no variant by name: it asks the variant's description
(:class:`judge.variants.description.VariantDescription`) for its page sections, each a provider
``(variant, position) -> Section | None`` kept in the variant's package
(``judge/variants/<name>/pages.py``), and shows them in that order. The providers give plain data;
this module writes it as Markdown for the templates, and escapes every value as it does: names in
the state come from files anyone can edit.
"""

from __future__ import annotations

from markupsafe import Markup

from ..core.types import Position
from ..core.variant import Variant
from ..sections import Items, Listing, Part, Section, Table, Text
from .context import StateSection
from ..escape import md_escape

__all__ = ["state_sections", "section_markdown"]


def state_sections(variant: Variant | None, position: Position | None) -> list[StateSection]:
    """Every section of the variant's own that ``position`` has something for, in the variant's
    order, as the templates print them."""
    if variant is None or position is None or (not position.extra and position.state is None):
        return []
    from ..variants import describe

    description = describe(variant.name)
    if description is None:
        return []
    # The state was checked when the position was read (VariantState.from_data): a provider
    # that fails is a bug to see, not a malformed file to hide.
    sections = (fn(variant, position) for fn in description.sections())
    return [section_markdown(s) for s in sections if s is not None]


def section_markdown(section: Section) -> StateSection:
    """A section as a template prints it: its title, its parts as escaped Markdown separated by
    blank lines, and its chart when it has one.

    >>> from judge.sections import Items
    >>> section_markdown(Section("Troubles", (Items(("Famine in *Pisa*",)),)))["body"]
    Markup('- Famine in \\\\*Pisa\\\\*')
    """
    out: StateSection = {"title": section.title,
                         "body": Markup("\n\n".join(_part_markdown(p) for p in section.parts))}
    if section.chart:
        out["chart"] = dict(section.chart)
    return out


def _part_markdown(part: Part) -> str:
    """One part of a section as Markdown: a table (an empty cell shown as a dash), a bulleted list,
    a paragraph, or a listing (``Label: a, b.``)."""
    if isinstance(part, Table):
        lines = ["| " + " | ".join(md_escape(h) for h in part.head) + " |", "|" + "---|" * len(part.head)]
        lines += ["| " + " | ".join(md_escape(c) if c != "" else "—" for c in row) + " |" for row in part.rows]
        return "\n".join(lines)
    if isinstance(part, Items):
        return "\n".join(f"- {md_escape(line)}" for line in part.lines)
    if isinstance(part, Text):
        return md_escape(part.text)
    assert isinstance(part, Listing)
    return md_escape(f"{part.label}: {', '.join(part.items)}.")
