"""Machiavelli (1454, Balance of Power) with the house rules (seed 000) and the income rules
(seed 001). Data in ``variants/machiavelli/``; here its rules (``rules``, with the campaign's
movement in ``movement``, money in ``money``, the winter adjustment in ``adjustment`` and special
units in ``special``), its map layer (``layer``), its page sections (``pages``) and its rulebook
(``rulebook``)."""

from ..description import VariantDescription
from .rules import CALENDAR, RULES

DESCRIPTION = VariantDescription(
    name="machiavelli",
    rules=RULES,
    calendar=CALENDAR,
    map_layer="judge.variants.machiavelli.layer:MachiavelliLayer",
    page_sections="judge.variants.machiavelli.pages:SECTIONS",
    report_sections="judge.variants.machiavelli.report:SECTIONS",
    rulebook="judge.variants.machiavelli.rulebook:RULEBOOK",
    orders_help="Besides moves, supports and convoys, this variant has orders of its own: sieges, conversions, "
                "and the expenses, loans and bribes of your treasury (shown below).",
)
