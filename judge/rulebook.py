"""Every rule of every seed, by id: where it is played and how it is tested.

A variant's rulebook (``judge/variants/<name>/rulebook.py``, named by its description) lists its
rules as :class:`Rule` values. A rule's id names its seed and section, ``"<source>/<section>"``:
``seed002/war-2`` is seed 002's section "War", paragraph (2); ``seed002/errata-2015-03-08-4`` an
erratum by its date and number; ``rules.machiavelli/famine-a`` a section of the Machiavelli rules
text. Ids are unique across variants, since each source belongs to one variant (seed 003, the
standard rulebook, is played by the core for every variant).

``by`` says where the rule is played: ``"module:qualified.name"`` for code (a module relative to
the variant's package when it starts with a dot), ``"data:<file>"`` for a rule that is data in
``variants/<name>/``. The tests carry the same id, as ``@pytest.mark.rule("seed002/war-2")``
(``moved=True`` marks a seed example played again elsewhere on the board). The variant's README
table of rules is written from the rulebook and the tests by ``tools/rulebook_tables.py``;
``tests/test_rulebook.py`` checks that every id resolves, that every rule has its tests, and that
the tables are current. ``judge rules`` (:mod:`judge.variants.rules_command`) finds a rule by id
or by words.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Iterator

__all__ = ["Rule", "Rulebook", "RULE_ID", "resolve"]

RULE_ID = re.compile(r"^(seed\d{3}|rules\.[a-z0-9]+)/[a-z0-9][a-z0-9.-]*$")
"""The form of a rule id: ``<source>/<section>``, lower case, sections joined by dots or dashes."""


@dataclass(frozen=True)
class Rule:
    """One rule of a seed: its id, the section or erratum it comes from as the seed names it, what
    it says (one line, our words), and where it is played."""

    id: str
    source: str
    text: str
    by: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not RULE_ID.match(self.id):
            raise ValueError(f"rule id {self.id!r} is not of the form <source>/<section> (e.g. seed002/war-2)")


@dataclass(frozen=True)
class Rulebook:
    """A variant's rules, in the order of its seeds."""

    variant: str
    rules: tuple[Rule, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for r in self.rules:
            if r.id in seen:
                raise ValueError(f"rule id {r.id!r} is listed twice in the {self.variant} rulebook")
            seen.add(r.id)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def get(self, rule_id: str) -> Rule | None:
        """The rule with that id, if this rulebook has it."""
        return next((r for r in self.rules if r.id == rule_id), None)


def resolve(variant: str, ref: str) -> Any:
    """What a ``by`` entry names: the code object, or the data file's path. LookupError if it
    names nothing."""
    from .resources import data_path

    if ref.startswith("data:"):
        path = data_path("variants") / variant / ref[5:].split("#")[0]
        if not path.exists():
            raise LookupError(f"{ref}: no file {path}")
        return path
    module, sep, qualname = ref.partition(":")
    if module.startswith("."):
        module = f"judge.variants.{variant}{module}"
    try:
        obj: Any = importlib.import_module(module)
    except ImportError as e:
        raise LookupError(f"{ref}: {e}") from None
    for part in qualname.split(".") if sep else ():
        if not hasattr(obj, part):
            raise LookupError(f"{ref}: {module} has no {qualname}")
        obj = getattr(obj, part)
    return obj

