"""The judge's exceptions: one root, one subclass per kind of trouble.

Exceptions are for bad input and for bugs. An order that fails on the board is not an exception:
it is a :class:`~judge.core.resolution.Resolution` with a reason.
"""

from __future__ import annotations


class JudgeError(Exception):
    """Root of every error the judge raises on purpose.

    ``where`` is a location such as ``games/g1/1901-spring/france.txt:3`` (file and line) or ``''``.
    """

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class MapError(JudgeError):
    """A variant's board or descriptor is broken."""


class PositionError(JudgeError):
    """A position (file or value) is broken."""


class OrderError(JudgeError):
    """An order could not be followed."""


class InvalidOrder(OrderError):
    """An order that was not understood."""


class IllegalOrder(OrderError):
    """An order that was understood but is not allowed."""


class AmbiguousOrder(OrderError):
    """An order with more than one meaning (seed 003 section 4: it is not followed)."""


class StoreError(JudgeError):
    """A game repository or one of its files is broken."""


class RenderError(JudgeError):
    """A map could not be drawn."""

