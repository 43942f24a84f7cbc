"""``judge rules``: find a rule of any variant by its id, or by words of its section or text, and
where the judge plays it (the rulebooks, :mod:`judge.rulebook`)."""

from __future__ import annotations

import click

from ..rulebook import Rule
from . import describe, descriptions


def find(query: str, variant: str | None = None) -> list[tuple[str, Rule]]:
    """The rules whose id is ``query``, else whose id starts with it or whose source or text
    contains it (any case): (variant, rule) pairs, in rulebook order."""
    books = [(d.name, d.rules_book()) for d in descriptions() if variant in (None, d.name)]
    every = [(name, r) for name, book in books if book is not None for r in book]
    exact = [(n, r) for n, r in every if r.id == query]
    if exact:
        return exact
    q = query.lower()
    return [(n, r) for n, r in every if r.id.startswith(q) or q in r.source.lower() or q in r.text.lower()]


@click.command("rules")
@click.argument("query", required=False)
@click.option("--variant", help="Only this variant's rules.")
def rules_cmd(query: str | None, variant: str | None) -> None:
    """Find a rule of any variant by its id (seed002/war-2), or by words of its section or text,
    and say where the judge plays it."""
    if variant is not None and describe(variant) is None:
        raise click.BadParameter(f"unknown variant {variant!r}", param_hint="--variant")
    found = find(query or "", variant)
    if not found:
        raise click.ClickException(f"no rule matches {query!r}")
    for name, r in found:
        click.echo(f"{r.id}  [{name}] {r.source}\n    {r.text}")
        for ref in r.by:
            click.echo(f"    played by {ref}")
