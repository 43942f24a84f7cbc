"""standard rulebook: filled in next."""

from ...rulebook import Rulebook

RULEBOOK = Rulebook("standard", ())
