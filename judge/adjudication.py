"""From text to results: read a position and orders, adjudicate, report.

This is the one path every caller takes — the command line, the game repositories and the DATC
tests — so that what is tested is what runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.orders import Order
from .core.phases import PhaseResult, adjudicate
from .core.resolution import Outcome, Resolution
from .core.types import Position
from .core.variant import Variant
from .notation import ParsedLine, parse_orders


@dataclass(frozen=True)
class Report:
    """A phase adjudicated from text: the lines as read, and what the core decided."""

    variant: Variant
    lines: tuple[ParsedLine, ...]
    result: PhaseResult

    @property
    def problems(self) -> list[str]:
        """Located messages for lines that were not understood, and notes on how others were read."""
        out = []
        for ln in self.lines:
            if ln.error is not None:
                out.append(f"{ln.where}: {ln.error.message}: {ln.text!r}")
            for n in ln.notes:
                out.append(f"{ln.where}: note: {n}")
        return out

    @property
    def unreadable(self) -> bool:
        """Were some lines not understood at all?"""
        return any(ln.error is not None for ln in self.lines)

    def resolutions(self) -> list[Resolution]:
        """Unreadable lines (as invalid), then the core's resolutions."""
        out = []
        for ln in self.lines:
            if ln.error is not None:
                outcome = Outcome.AMBIGUOUS if type(ln.error).__name__ == "AmbiguousOrder" else Outcome.INVALID
                out.append(Resolution(ln.power or "", None, outcome, f"{ln.where}: {ln.error.message}", text=ln.body or ln.text))
        out += list(self.result.resolutions)
        return out


def run_phase(variant: Variant, position: Position, orders_text: str, filename: str = "<orders>") -> Report:
    """Read ``orders_text`` against ``position`` and adjudicate the phase."""
    lines = parse_orders(orders_text, variant, position, filename)
    orders: list[Order] = [ln.order for ln in lines if ln.order is not None]
    result = adjudicate(variant, position, orders)
    return Report(variant, tuple(lines), result)
