"""Dice that nobody can know before a deadline and anybody can recompute after it.

Some variants roll dice (Machiavelli: variable income, famine, plague, storms). A roll must not
be predictable while orders may still change, and must be checkable once the phase is played.
So the seed is a SHA-256 digest of the game, the phase and the order files submitted for the
phase (their bytes as committed, in path order): it exists only when the last order is in, and
it is public with them afterwards. The dice are a deterministic stream drawn from the seed
(SHA-256 of the seed and a counter), with rejection sampling so every face is equally likely.

>>> files = {'orders/venice.txt': b'A VEN H\\n'}
>>> a = Dice.for_phase('example', '1454-1-spring-movement', files)
>>> b = Dice.for_phase('example', '1454-1-spring-movement', files)
>>> rolls = a.rolls(5)
>>> rolls == b.rolls(5) and all(1 <= r <= 6 for r in rolls)
True
"""

from __future__ import annotations

import hashlib
from typing import Mapping

_DOMAIN = b"judge dice v1\x00"


def _field(data: bytes) -> bytes:
    """Length-prefixed, so no two different inputs give the same byte string."""
    return len(data).to_bytes(8, "big") + data


def phase_seed(game: str, phase: str, order_files: Mapping[str, bytes]) -> bytes:
    """The seed of a phase's dice: SHA-256 over the game, the phase and every order file
    (path and bytes), sorted by path."""
    h = hashlib.sha256(_DOMAIN)
    h.update(_field(game.encode("utf-8")))
    h.update(_field(phase.encode("utf-8")))
    h.update(len(order_files).to_bytes(8, "big"))
    for path in sorted(order_files):
        h.update(_field(path.encode("utf-8")))
        h.update(_field(bytes(order_files[path])))
    return h.digest()


class Dice:
    """A deterministic stream of dice rolls from a seed."""

    def __init__(self, seed: bytes) -> None:
        self.seed = bytes(seed)
        self._counter = 0
        self._pool = b""

    @classmethod
    def for_phase(cls, game: str, phase: str, order_files: Mapping[str, bytes]) -> "Dice":
        """The dice of ``phase`` (a folder name) of ``game`` (a slug) given its order files."""
        return cls(phase_seed(game, phase, order_files))

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hashlib.sha256(self.seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A whole number in ``[0, n)``, every value equally likely."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = int.from_bytes(self._bytes(8), "big")
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        """One die with ``sides`` faces: ``1..sides``."""
        return 1 + self.below(sides)

    def d6(self) -> int:
        """One six-sided die."""
        return self.roll(6)

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice."""
        return [self.roll(sides) for _ in range(count)]
