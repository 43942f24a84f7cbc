"""Europe 1615's control of provinces (seed 002, "Securing control of a captured foreign center",
with its "Transferring control" and occupation by proxy; "Elimination"; "Specific rules regarding
minor states" (3), a minor's capital taken; "Creating a new pliant minor state"; "Confessional
markers" and "Religious rebellion" on a change of control; "Adding a unit for a minor state", a
minor's excess units removed; the clarifications and errata of 2-11-2015 (1) and (3), 3-2-2015
and 3-8-2015).

Centres do not change hands after a season's movement: control is settled in the Winter
Adjustment Phase (errata 2-11-2015 (1)), :func:`winter_adjustment`, a sequence of named steps
on the holdings (:class:`_Holdings`); a transfer of control is announced in the Fall
(:func:`transfers`) and done there. :func:`natural_owner` says who holds a province nobody
controls.

Imports :mod:`.tables`, :mod:`.state` and :mod:`.diplomacy` (sides and friends); :mod:`.rules`
imports it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from ...core.legality import name
from ...core.orders import Disband, Order
from ...core.phases import PhaseResult, civil_disorder_removals
from ...core.resolution import Outcome, Resolution
from ...core.types import PhaseKind, Position, Power, ProvinceId, Unit
from ...core.variant import Variant
from .diplomacy import friends, side
from .position_state import Europe1615State, Revolt
from .state import (
    TransferControl, active_states, confession_of, current, force_confession, opposed, placed, relations, state_of,
    status,
)
from .tables import _index

__all__ = ["natural_owner", "winter_adjustment", "transfers"]


def natural_owner(variant: Variant, position: Position, province: ProvinceId,
                  new_states: set[str] | None = None) -> str | None:
    """Who holds ``province`` when nobody controls it: a new pliant state made of it, a
    seceded state (optional sanctions), else the power whose home it is, else its minor
    state."""
    idx = _index(variant)
    st = current(position)
    news = set(st.new_states or ()) if new_states is None else new_states
    if province in news:
        return province
    for sid in st.seceded or ():
        if province in (idx.states.get(sid) or {}).get("homes", ()):
            return sid
    return idx.home_of.get(province) or idx.state_of.get(province)


class _Holdings:
    """Who holds what while the Winter Adjustment settles control (seed, "Securing control"):
    centres' owners and paying provinces' controllers, the new pliant states made so far, each
    change and its note."""

    def __init__(self, variant: Variant, position: Position) -> None:
        st = current(position)
        self.variant, self.position = variant, position
        self.owners: dict[ProvinceId, Power] = dict(position.supply_centers)
        # None: nobody controls it, though it has a natural owner (set_owner below).
        self.control: dict[ProvinceId, str | None] = dict(st.control or {})
        self.new_states: set[str] = set(st.new_states or ())
        self.changed: dict[ProvinceId, str | None] = {}
        self.notes: list[str] = []

    def natural(self, prov: ProvinceId) -> str | None:
        """Who holds ``prov`` when nobody controls it (:func:`natural_owner`)."""
        return natural_owner(self.variant, self.position, prov, self.new_states)

    def holder(self, prov: ProvinceId) -> str | None:
        """Who controls ``prov`` now: a centre's owner, else its controller or natural owner."""
        if self.variant.board.provinces[prov].is_supply_center:
            return self.owners.get(prov)
        return self.control.get(prov, self.natural(prov))

    def set_owner(self, prov: ProvinceId, new: str | None, why: str) -> None:
        """Hand ``prov`` to ``new`` (``None``: nobody), noting why."""
        holder = self.holder(prov)
        if new == holder:
            return
        self.notes.append(f"{name(self.variant.board, prov)}: control passes from {holder or 'nobody'} to {new or 'nobody'} ({why}).")
        if self.variant.board.provinces[prov].is_supply_center:
            if new is None:
                self.owners.pop(prov, None)
            else:
                self.owners[prov] = Power(new)
        elif new == self.natural(prov):
            self.control.pop(prov, None)
        else:
            self.control[prov] = new
        self.changed[prov] = new


def winter_adjustment(variant: Variant, position: Position, orders: Sequence[Order],
                      options: Mapping[str, Any]) -> PhaseResult:
    """The Winter Adjustment Phase, in steps: the removals an aligned power chooses for its
    minor states (:func:`_removal_choices`); control of centres and paying provinces settled
    (:func:`_control_settled`); eliminations (:func:`_eliminations`); minor states whose
    capital is taken (:func:`_capitals_taken`); confessional markers and revolts for each
    change of control (:func:`_confessions_after_captures`); minor states with more units
    than centres (:func:`_minor_excess_removed`). Attrition marks are cleared (seed, "Combat
    attrition rule"), and the transfers announced are done with."""
    results, chosen = _removal_choices(variant, position, orders)
    h = _Holdings(variant, position)
    _control_settled(variant, position, h, options)
    units = list(position.units)
    lost: list[Unit] = []
    infs = placed(position)
    _eliminations(variant, position, h, units, lost, infs, options)
    _capitals_taken(variant, position, h, units, lost, options)
    revolts, colours = _confessions_after_captures(variant, position, h)
    _minor_excess_removed(variant, h, units, lost, chosen)
    st = dataclasses.replace(
        current(position), infs={k: d for k, d in sorted(infs.items()) if d}, control=dict(sorted(h.control.items())),
        revolts=dict(sorted(revolts.items())), markers=dict(sorted(colours.items())), attrition=(), transfers=None,
        new_states=tuple(sorted(h.new_states)) if h.new_states else current(position).new_states)
    nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units),
                          supply_centers=h.owners, state=st, dislodged=(), standoffs=frozenset())
    return PhaseResult(position, tuple(results), nxt, tuple(lost), notes=tuple(h.notes))


def _removal_choices(variant: Variant, position: Position,
                     orders: Sequence[Order]) -> tuple[list[Resolution], dict[str, list[Unit]]]:
    """Seed, "Adding a unit for a minor state": a minor with more units than centres
    disbands, as its aligned power orders (a Disband of the minor's unit); units take no
    other orders in the Winter Adjustment."""
    idx = _index(variant)
    results: list[Resolution] = []
    chosen: dict[str, list[Unit]] = {}
    for o in orders:
        if isinstance(o, Disband) and o.power in idx.minors:
            u = next((u for u in position.units if u.power == o.power and u.location.province == o.location.province), None)
            if u is not None:
                chosen.setdefault(o.power, []).append(u)
                results.append(Resolution(o.power, o, Outcome.SUCCESS, "chosen for removal if the state has more units than centres"))
                continue
        results.append(Resolution(o.power, o, Outcome.ILLEGAL,
                                  "in the Winter Adjustment units take no orders but the removals of an aligned minor state; not followed"))
    return results, chosen


def _control_settled(variant: Variant, position: Position, h: _Holdings, options: Mapping[str, Any]) -> None:
    """Seed, "Securing control of a captured foreign center" and errata 2-11-2015 (1), for
    every centre and paying province (:func:`_province_settled`)."""
    board = variant.board
    idx = _index(variant)
    paying = [p for p in board.provinces if board.provinces[p].is_supply_center]
    paying += [p for p in idx.income if not board.provinces[p].is_supply_center and p in idx.state_of]
    transfers = current(position).transfers or {}
    for prov in sorted(paying):
        _province_settled(variant, position, h, prov, transfers.get(prov), options)


def _province_settled(variant: Variant, position: Position, h: _Holdings, prov: ProvinceId,
                      transfer: str | None, options: Mapping[str, Any]) -> None:
    """Who controls ``prov`` after the Winter Adjustment (seed, "Securing control"; errata
    2-11-2015 (1)): whoever occupies it at the end of the phase; home centres need no
    occupation; a unit occupying by proxy keeps its controller's control (:func:`_proxy`);
    a transfer announced in the Fall hands it to the proxy; an ally's or an aligned state's
    own centre is not captured; a neutral state cannot be captured (errata 3-8-2015 [4]); an
    unoccupied foreign centre reverts, a lost home centre becoming a new pliant state
    (:func:`_release_to`)."""
    is_sc = variant.board.provinces[prov].is_supply_center
    natural = h.natural(prov)
    holder = h.holder(prov)
    occupant = position.unit_in(prov)
    if occupant is None:
        if holder != natural and holder is not None and (is_sc or prov in h.control):
            h.set_owner(prov, _release_to(variant, position, prov, holder, h.new_states, options), "no longer occupied")
        elif holder is None and natural is not None and is_sc:
            h.set_owner(prov, natural, "no longer occupied")
        return
    if transfer is not None and occupant.power == transfer and holder not in (None, transfer):
        h.set_owner(prov, occupant.power, f"transferred by {holder}'s announcement")
    elif occupant.power != holder and not _not_captured(variant, position, prov, occupant.power, holder, natural, options):
        h.set_owner(prov, occupant.power, "occupied")


def _not_captured(variant: Variant, position: Position, prov: ProvinceId, occupant: str,
                  holder: str | None, natural: str | None, options: Mapping[str, Any]) -> bool:
    """Does an occupant leave ``prov`` with its holder: occupation by proxy (seed, "Securing
    control"), an ally's or an aligned state's own centre (errata 3-8-2015), a neutral state
    (errata 3-8-2015 [4])?"""
    if holder is None:
        return False
    if holder != natural and _proxy(variant, position, occupant, holder, options):
        return True
    if holder == natural and friends(variant, position, Power(occupant), Power(holder)):
        return True
    sid = state_of(variant, position, prov)
    return sid is not None and holder == sid and status(position, sid) == "neutral"


def _proxy(variant: Variant, position: Position, occupant: str, controller: str, options: Mapping[str, Any]) -> bool:
    """Does ``occupant``'s unit occupy a province on behalf of ``controller`` (seed,
    "Securing control": occupation by proxy; errata 3-2-2015 aligned minors, 3-8-2015
    allies; option ``occupation_by_proxy``)? A minor occupying its own controller's or
    its aligned power's province stands for it too (the errata: "you cannot capture the
    centers of your aligned states")."""
    idx = _index(variant)
    kinds = set(options.get("occupation_by_proxy", ("aligned_minor", "ally")))
    so, sc = side(variant, position, occupant), side(variant, position, controller)
    if controller in idx.minors and so == sc:
        return True  # a power's unit in its own aligned state's centre: no capture
    if occupant in idx.minors and so == controller:
        return "aligned_minor" in kinds and not options.get("transfer_to_minor_by_occupation", False)
    if relations(position).allied(so, sc):
        return "ally" in kinds
    return False


def _release_to(variant: Variant, position: Position, prov: ProvinceId, current: str | None,
                new_states: set[str], options: Mapping[str, Any]) -> str | None:
    """Who holds ``prov`` once its controller lets it go: a lost home centre becomes a new
    pliant minor state (errata 2-11-2015 (3); seed, "Creating a new pliant minor state";
    option ``lost_home_centre_becomes_pliant``), else the province's natural owner."""
    idx = _index(variant)
    natural = natural_owner(variant, position, prov, new_states)
    home = idx.home_of.get(prov)
    if (home is not None and natural == home and current not in (None, home)
            and options.get("lost_home_centre_becomes_pliant", True) and prov in idx.states):
        new_states.add(prov)
        return prov
    return natural


def _eliminations(variant: Variant, position: Position, h: _Holdings, units: list[Unit],
                  lost: list[Unit], infs: dict[str, dict[str, int]], options: Mapping[str, Any]) -> None:
    """Seed, "Elimination": a power holding none of its home centres is eliminated: its units
    disbanded, its foreign centres liberated, its INFs removed."""
    for p in _index(variant).majors:
        if not variant.homes(p) or any(h.owners.get(c) == p for c in variant.homes(p)):
            continue
        for u in [u for u in units if u.power == p]:
            units.remove(u)
            lost.append(u)
        for prov in [c for c, o in h.owners.items() if o == p]:
            h.set_owner(prov, _release_to(variant, position, prov, p, h.new_states, options), f"{p} is eliminated")
        for prov in [c for c, o in h.control.items() if o == p]:
            h.set_owner(prov, h.natural(prov), f"{p} is eliminated")
        for d in infs.values():
            d.pop(p, None)
        h.notes.append(f"{p} holds none of its home centres and is eliminated.")


def _capitals_taken(variant: Variant, position: Position, h: _Holdings, units: list[Unit],
                    lost: list[Unit], options: Mapping[str, Any]) -> None:
    """Seed, "Specific rules regarding minor states" (3): the capture of a minor's capital
    disbands its units and releases its foreign centres."""
    idx = _index(variant)
    board = variant.board
    active = active_states(variant, position)
    for sid in active + sorted(h.new_states - set(active)):
        s = idx.states.get(sid) or {}
        cap = s.get("capital")
        if not cap or sid not in idx.minors or h.owners.get(cap) in (None, sid):
            continue
        for u in [u for u in units if u.power == sid]:
            units.remove(u)
            lost.append(u)
            h.notes.append(f"{sid}'s capital is held by {h.owners.get(cap)}: its unit in {name(board, u.province)} is disbanded.")
        for prov in [c for c, o in h.owners.items() if o == sid and c not in (s.get("homes") or ())]:
            h.set_owner(prov, _release_to(variant, position, prov, sid, h.new_states, options), f"{sid}'s capital is taken")
        for prov in [c for c, o in h.control.items() if o == sid]:
            h.set_owner(prov, h.natural(prov), f"{sid}'s capital is taken")


def _confessions_after_captures(variant: Variant, position: Position,
                                h: _Holdings) -> tuple[dict[ProvinceId, Revolt], dict[ProvinceId, str]]:
    """Seed, "Confessional markers", "Religious rebellion": a province changing hands loses
    its capture marker or revolt; captured against its confession it revolts for its value
    in movement phases (red), by its own confession it gets a white marker; Bohemia and
    Guyenne (mixed) taken by a Protestant power get a black one (the seed's note)."""
    idx = _index(variant)
    st = current(position)
    revolts = dict(st.revolts or {})
    colours = dict(st.markers or {})
    probe = position.evolve(supply_centers=h.owners, state=dataclasses.replace(st, new_states=tuple(sorted(h.new_states))))
    for prov, new in h.changed.items():
        revolts.pop(prov, None)
        colours.pop(prov, None)
        if new is None or new == h.natural(prov):
            continue
        mark = confession_of(variant, position, prov)
        conf = force_confession(variant, probe, new)
        if mark == "mixed" and idx.home_of.get(prov) and conf == "protestant":
            colours[prov] = "black"
        elif opposed(mark, conf) and idx.income.get(prov, 0) > 0:
            revolts[prov] = Revolt(new, idx.income[prov])
            h.notes.append(f"{name(variant.board, prov)} is in revolt against {new} for {idx.income[prov]} movement phases.")
        elif mark == conf or (mark == "mixed" and idx.home_of.get(prov)):
            colours[prov] = "white"
    return revolts, colours


def _minor_excess_removed(variant: Variant, h: _Holdings, units: list[Unit], lost: list[Unit],
                          chosen: Mapping[str, list[Unit]]) -> None:
    """Seed, "Adding a unit for a minor state": no more units than controlled centres; the
    aligned power's choices first, then the furthest (civil disorder's order)."""
    for sid in sorted(_index(variant).minors):
        mine = [u for u in units if u.power == sid]
        excess = len(mine) - sum(1 for o in h.owners.values() if o == sid)
        if excess <= 0:
            continue
        picked = [u for u in chosen.get(sid, []) if u in mine][:excess]
        rest = [u for u in mine if u not in picked]
        picked += civil_disorder_removals(variant, rest, Power(sid), excess - len(picked))
        for u in picked:
            units.remove(u)
            lost.append(u)
            h.notes.append(f"{sid} has more units than centres: its unit in {name(variant.board, u.province)} is disbanded.")


def transfers(variant: Variant, position: Position, orders: Sequence[Order],
              st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
    """Seed, "Securing control": "Transferring control": in the Fall Movement and Retreat
    Phase the controller of a foreign province held by proxy may announce its transfer to
    the minor state or power that occupies it; it takes effect in the Winter Adjustment
    (if that unit still occupies it then)."""
    out: list[Resolution] = []
    for o in orders:
        if not isinstance(o, TransferControl):
            continue
        board = variant.board
        prov = o.province
        why = _transfer_refused(variant, position, o)
        if why:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
            continue
        st = dataclasses.replace(st, transfers=dict(sorted({**(st.transfers or {}), prov: o.recipient}.items())))
        out.append(Resolution(o.power, o, Outcome.SUCCESS, f"announced; {o.recipient} takes {name(board, prov)} in the Winter Adjustment if its unit is still there"))
    return out, st


def _transfer_refused(variant: Variant, position: Position, o: TransferControl) -> str | None:
    """Why a transfer of control cannot be announced (seed, "Securing control"), or None."""
    board = variant.board
    prov = o.province
    is_sc = board.provinces[prov].is_supply_center
    holder = position.supply_centers.get(prov) if is_sc else (current(position).control or {}).get(prov)
    occupant = position.unit_in(prov)
    if position.phase.season != "Fall" or position.phase.kind not in (PhaseKind.MOVEMENT, PhaseKind.RETREAT):
        return "control is transferred by an announcement in the Fall Movement and Retreat Phase"
    if holder != o.power:
        return f"{o.power} does not control {name(board, prov)}"
    if prov in variant.homes(o.power):
        return f"{name(board, prov)} is a home centre of {o.power}, not a captured province"
    if o.recipient == o.power:
        return "name the minor state or power to receive it"
    if occupant is None or occupant.power != o.recipient:
        return f"{name(board, prov)} is not occupied by {o.recipient} (occupation by proxy is needed)"
    return None
