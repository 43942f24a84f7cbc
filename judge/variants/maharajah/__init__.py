"""Maharajah's Diplomacy (seed 004): navigable rivers, river convoys, acquired home centres. Data
in ``variants/maharajah/``; here its rules (``rules``), its map layer (``layer``), its page
sections (``pages``) and its rulebook (``rulebook``)."""

from ..description import VariantDescription
from .rules import CALENDAR, RULES

DESCRIPTION = VariantDescription(
    name="maharajah",
    rules=RULES,
    calendar=CALENDAR,
    map_layer="judge.variants.maharajah.layer:MaharajahLayer",
    page_sections="judge.variants.maharajah.pages:SECTIONS",
    rulebook="judge.variants.maharajah.rulebook:RULEBOOK",
    orders_help="Fleets move along the navigable rivers too, and may convoy armies along them.",
)
