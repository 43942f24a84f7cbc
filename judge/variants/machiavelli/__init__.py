"""Machiavelli (1454, Balance of Power) with the house rules (seed 000) and the income rules
(seed 001). Data in ``variants/machiavelli/``; here its rules (``rules``, and the modules it
lists: each phase's steps, the state, the orders), its typed state (``state``), its map layer
(``layer``), its page and report sections (``pages``, with its table of upkeep; ``report``), how its income notes read
(``report``) and its rulebook (``rulebook``)."""

from ..description import VariantDescription
from .rules import CALENDAR, RULES
from .state import MachiavelliState

DESCRIPTION = VariantDescription(
    name="machiavelli",
    rules=RULES,
    calendar=CALENDAR,
    map_layer="judge.variants.machiavelli.layer:MachiavelliLayer",
    page_sections="judge.variants.machiavelli.pages:SECTIONS",
    adjustments="judge.variants.machiavelli.pages:upkeep_table",
    report_sections="judge.variants.machiavelli.report:SECTIONS",
    rulebook="judge.variants.machiavelli.rulebook:RULEBOOK",
    state=MachiavelliState,
    notes="judge.variants.machiavelli.report:shown_notes",
    orders_help="Besides moves, supports and convoys, this variant has orders of its own: sieges, conversions, "
                "and the expenses, loans and bribes of your treasury (shown below).",
)
