"""Europe 1615: Prelude to War (seed 002). Data in ``variants/europe1615/``; here its rules
(``rules``), its state as a typed value (``position_state``) and what follows from it
(``state``), its map layer (``layer``), its page sections (``pages``), its report sections
(``report``, with the narrative's sentences for its own orders) and its rulebook (``rulebook``)."""

from ..description import VariantDescription
from .position_state import Europe1615State
from .rules import CALENDAR, RULES

DESCRIPTION = VariantDescription(
    name="europe1615",
    rules=RULES,
    calendar=CALENDAR,
    map_layer="judge.variants.europe1615.layer:Europe1615Layer",
    page_sections="judge.variants.europe1615.pages:SECTIONS",
    report_sections="judge.variants.europe1615.report:SECTIONS",
    narrative="judge.variants.europe1615.report:story",
    rulebook="judge.variants.europe1615.rulebook:RULEBOOK",
    state=Europe1615State,
    orders_help="Besides moves, supports and convoys, this variant has orders of its own: influence, "
                "declarations of war, alliances and diplomatic attacks (your standing is shown below).",
)
