"""The rules core: pure values and functions, no files, no git, no rendering.

- :mod:`.types` — provinces, locations, units, phases, positions;
- :mod:`.board` — the map graph;
- :mod:`.orders` — one class per order kind;
- :mod:`.legality` — is an order allowed, and how it is read when badly written;
- :mod:`.movement` — Kruijswijk's guess-and-check resolver;
- :mod:`.phases` — a phase played: retreats, adjustments, captures, the next phase;
- :mod:`.variant` — the variant descriptor and its rule hooks.
"""
