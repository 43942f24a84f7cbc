"""Maharajah's Diplomacy (seed 004): navigable rivers, river convoys, acquired home centres. Data
in ``variants/maharajah/``; here its rules (``rules``), its typed state (``state``: the acquired
home centres and the claims towards them), its map layer (``layer``), its page sections
(``pages``) and its rulebook (``rulebook``)."""

from ..description import VariantDescription
from .rules import CALENDAR, RULES
from .state import MaharajahState

DESCRIPTION = VariantDescription(
    name="maharajah",
    rules=RULES,
    calendar=CALENDAR,
    map_layer="judge.variants.maharajah.layer:MaharajahLayer",
    page_sections="judge.variants.maharajah.pages:SECTIONS",
    rulebook="judge.variants.maharajah.rulebook:RULEBOOK",
    state=MaharajahState,
    orders_help="Fleets move along the navigable rivers too, and may convoy armies along them.",
)
