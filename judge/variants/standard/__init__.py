"""The standard game (seed 003, the 2023 rulebook): data in ``variants/standard/``, the rules of
the core with no hooks of its own."""

from ..description import VariantDescription

DESCRIPTION = VariantDescription(
    name="standard",
    rulebook="judge.variants.standard.rulebook:RULEBOOK",
)
