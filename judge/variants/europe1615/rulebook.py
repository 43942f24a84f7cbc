"""europe1615 rulebook: filled in next."""

from ...rulebook import Rulebook

RULEBOOK = Rulebook("europe1615", ())
