"""Europe 1615's declarations and what they allow (seed 002, "Declarations and movement" with its
"Declaration of war", "Alliances", "Neutrality", "Armistice" and "Declaration of surrender";
"Specific rules regarding minor states" (2); the clarifications and errata of 2-17-2015, 3-2-2015,
3-8-2015 and 3-14-2015).

- who is on whose side, who are friends, and who may enter where (:func:`side`,
  :func:`friends`, :func:`domain_owner`, :func:`entry_allowed`): what the declarations and
  alignments in force allow a unit;
- declarations recorded, each checked by the rules of its kind (:func:`record_declarations`,
  :func:`declaration_refused`, the ``_*_refused`` functions);
- declarations put in force at the next movement phase (:func:`apply_declarations`: breaks,
  surrenders, armistices, alliances, wars, neutrality).

The relations in force are the state's :class:`~.position_state.Relations`. Imports
:mod:`.tables`, :mod:`.position_state` and :mod:`.state`; :mod:`.control` and :mod:`.rules`
import it.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from ...core.orders import Order
from ...core.resolution import Outcome, Resolution
from ...core.types import Position, Power, ProvinceId
from ...core.variant import Variant
from .position_state import Europe1615State, PendingDeclaration, Relations
from .state import Declaration, current, kept, relations, state_of, state_status
from .tables import _Index, _index

__all__ = ["side", "domain_owner", "friends", "entry_allowed", "record_declarations", "declaration_refused",
           "apply_declarations"]


# -- what the declarations in force allow (seed, "Declarations and movement") ---------------------------


def side(variant: Variant, position: Position, power: str) -> str:
    """Whose side a unit of ``power`` is on: a power's own; an aligned minor's, its power's;
    an unaligned, neutral or controlled minor, its own."""
    idx = _index(variant)
    if power in idx.minors:
        st = state_status(variant, position, power)
        if st not in ("unaligned", "neutral", "controlled"):
            return st
    return power


def domain_owner(variant: Variant, position: Position, province: ProvinceId) -> str | None:
    """Whose domain ``province`` is: the controller of a centre (or of a paying province
    without one), else the power whose home territory it is, else its minor state; seas
    belong to nobody."""
    idx = _index(variant)
    if variant.board.provinces[province].is_supply_center and province in position.supply_centers:
        return position.supply_centers[province]
    ctl = (current(position).control or {}).get(province)
    if ctl:
        return ctl
    return idx.domain.get(province) or state_of(variant, position, province)


def friends(variant: Variant, position: Position, a: Power, b: Power) -> bool:
    """Seed, "Specific rules regarding minor states" (2) and "Alliances" (1); errata
    3-8-2015: a power may not dislodge, nor support the dislodgement of, nor cut the
    support of its own aligned minor states, its allies, or its allies' aligned states;
    minor states aligned to one power are friends of each other."""
    if a == b:
        return True
    sa, sb = side(variant, position, a), side(variant, position, b)
    if sa == sb:
        return True
    return relations(position).allied(sa, sb)


def entry_allowed(variant: Variant, position: Position, power: str, province: ProvinceId) -> bool:
    """May a unit of ``power`` enter ``province`` (by a move or a retreat)?

    Seed, "Declarations and movement": not into the domain of another power or of a state
    aligned to it without a declaration of war or an alliance; (1) an unaligned minor state
    needs none (nor a controlled one's other provinces: its INFs are suspended); errata
    3-2-2015: into one's own aligned states, and between states aligned to the same power;
    "Neutrality": a neutral state is impassable, errata 3-8-2015 [4] unless a foreign unit
    occupies it; "Mobilization phase": seas are open to all.
    """
    owner = domain_owner(variant, position, province)
    if owner is None or owner == power:
        return True
    idx = _index(variant)
    mover = side(variant, position, power)
    if owner in idx.minors:
        st = state_status(variant, position, owner)
        if st in ("unaligned", "controlled"):
            return True
        if st == "neutral":
            occupant = position.unit_in(province)
            return occupant is not None and occupant.power != owner
        target = st
    else:
        target = owner
    if target == mover:
        return True
    rel = relations(position)
    return rel.at_war(mover, target) or rel.allied(mover, target)

# -- declarations recorded and put in force (seed, "Declarations and movement") ------------------------


def record_declarations(variant: Variant, position: Position, orders: Sequence[Order],
                        st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
    """Record declarations; they take effect from the next movement phase (seed,
    "Declarations and movement"); each checked by :func:`declaration_refused`. Our reading:
    one Declaration phase ("pass") is every phase whose declarations come into force
    together, at the next movement phase: a movement phase and its retreats (and the Fall's
    with the Winter's). The declarations already made in it count."""
    pending = list(st.declarations or ())
    mine = [o for o in orders if isinstance(o, Declaration)]
    made = {kind: {o.power for o in mine if o.kind == kind} | {d.power for d in pending if d.kind == kind}
            for kind in ("break", "neutrality")}
    wars = {d.power for d in pending if d.kind == "war"}  # the orders of this phase count as they pass
    rel = relations(position)
    out: list[Resolution] = []
    for o in mine:
        why = declaration_refused(variant, rel, o, wars, made)
        if why:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
            continue
        if o.kind == "war":
            wars.add(o.power)
        pending.append(PendingDeclaration(Power(o.power), o.kind, tuple(map(Power, o.targets)), o.amount))
        out.append(Resolution(o.power, o, Outcome.SUCCESS, "declared; in effect from the next movement phase"))
    return out, dataclasses.replace(st, declarations=tuple(pending)) if pending else st


def declaration_refused(variant: Variant, rel: Relations, o: Declaration, wars: set[str],
                        made: Mapping[str, set[str]]) -> str | None:
    """Why a declaration is not followed, or None: only a power declares, naming others;
    then the checks of its kind (:data:`_REFUSALS`)."""
    idx = _index(variant)
    if o.power not in idx.majors:
        return "only a power makes declarations"
    if o.power in o.targets:
        return "a power cannot name itself"
    return _REFUSALS[o.kind](idx, rel, o, wars, made)


def apply_declarations(variant: Variant, st: Europe1615State, options: Mapping[str, Any]) -> Europe1615State:
    """Put the pending declarations in force, in steps: breaks (:func:`_breaks`), then
    surrenders (which take priority over continued war, errata 3-14-2015 (4);
    :func:`_surrenders`) and armistices (mutual, :func:`_armistices`), then alliances
    (:func:`_alliances`), then wars (:func:`_wars`) and neutrality (:func:`_neutrality`).
    (Errata 3-8-2015 sets the deadline for wars before the one for alliances so that nobody
    is surprised; orders written together cannot surprise, and an alliance formed with a
    declarer in the same pass is an offensive alliance whose members all take the penalty,
    errata 3-14-2015.) A power whose ally declares war, and who stays in the alliance, is
    forced to declare too and takes the penalty (errata 3-14-2015 (1); option
    ``allies_share_war_penalty``); the target's allies are at war without one (a defensive
    alliance); a power joining an offensive alliance declares its war (errata 3-8-2015)."""
    pending = st.declarations or ()
    if not pending:
        return st
    idx = _index(variant)

    def of(kind: str) -> list[PendingDeclaration]:
        return [d for d in pending if d.kind == kind]

    money = dict(st.treasury or {})
    rel = _breaks(st.relations or Relations(), of("break"))
    rel = _surrenders(rel, of("surrender"), money, idx.floor)
    rel = _armistices(rel, of("armistice"))
    declared_now = {(d.power, d.targets[0]) for d in of("war")}
    rel = _alliances(rel, of("alliance"), declared_now)
    rel = _wars(rel, of("war"), declared_now, bool(options.get("allies_share_war_penalty", True)))
    rel = _neutrality(rel, of("neutrality"), idx.majors)
    return dataclasses.replace(st, declarations=None, relations=rel, treasury=kept(money) if money else st.treasury)


# -- declarations: the checks of each kind (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015)


def _war_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015: one declaration of war a pass, against one opponent; no war on an ally
    (errata 3-14-2015 (3): not on a former ally in the pass of the break); not twice."""
    p, t = o.power, o.targets[0]
    if len(o.targets) > 1:
        return "one declaration of war against one opponent a pass (errata 3-8-2015)"
    if p in wars:
        return "one declaration of war a pass (errata 3-8-2015)"
    if rel.allied(p, t):
        return ("breaking an alliance and declaring war on the former ally is not allowed in the same pass (errata 3-14-2015)"
                if p in made["break"] else "a power cannot declare war on its ally; break the alliance first")
    if rel.at_war(p, t):
        return f"{p} is already at war with {t}"
    return None


def _neutrality_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015: a power at war cannot take a neutral stance; a power in an alliance
    breaks it first."""
    p = o.power
    if any(rel.at_war(p, q) for q in idx.majors):
        return "a power at war cannot take a neutral stance (errata 3-8-2015)"
    if len(rel.group(p)) > 1 and p not in made["break"]:
        return "a power in an alliance is not neutral; break the alliance first"
    return None


def _alliance_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015 [2]: one alliance at a time; a power that breaks an alliance or declares
    neutrality joins one only in a later pass; no alliance with an enemy."""
    p = o.power
    group, proposed = rel.group(p), {p, *o.targets}
    if p in made["break"]:
        return "a power that breaks an alliance joins another when the Declaration phase is invoked again (errata 3-8-2015 [2])"
    if p in made["neutrality"]:
        return "a neutral power joins an alliance when the Declaration phase is invoked again (errata 3-8-2015 [2])"
    if len(group) > 1 and not group <= proposed:
        return f"a power can be in only one alliance at a time (errata 3-8-2015 [2]): {p} is allied with {', '.join(sorted(group - {p}))}"
    if proposed == group:
        return "already allied"
    if any(rel.at_war(p, t) for t in o.targets):
        return "a power cannot ally with an enemy; end the war first"
    return None


def _armistice_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Seed, "Armistice": between powers at war."""
    return None if rel.at_war(o.power, o.targets[0]) else f"{o.power} is not at war with {o.targets[0]}"


def _surrender_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015 [1]: a surrender needs the war in force, so a later pass than the war's."""
    if rel.at_war(o.power, o.targets[0]):
        return None
    return f"{o.power} is not at war with {o.targets[0]} (a surrender needs the war in force: a later Declaration phase, errata 3-8-2015 [1])"


def _break_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-14-2015 (2): breaking an alliance needs no agreement, only an alliance."""
    return f"{o.power} is in no alliance" if len(rel.group(o.power)) < 2 else None


_REFUSALS: dict[str, Callable[[_Index, Relations, Declaration, set[str], Mapping[str, set[str]]], str | None]] = {
    "war": _war_refused, "neutrality": _neutrality_refused, "alliance": _alliance_refused,
    "armistice": _armistice_refused, "surrender": _surrender_refused, "break": _break_refused,
}


# -- declarations put in force (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015) --------


def _relations(rel: Relations, war: Any = None, alliances: Any = None, neutral: Any = None,
               war_declarations: Mapping[str, int] | None = None, declared: Any = None) -> Relations:
    """``rel`` with some parts replaced, in the judge's order."""
    return Relations.made(rel.war if war is None else war, rel.alliances if alliances is None else alliances,
                          rel.neutral if neutral is None else neutral,
                          rel.war_declarations if war_declarations is None else war_declarations,
                          rel.declared if declared is None else declared)


def _without_war(rel: Relations, a: frozenset[str], b: frozenset[str]) -> Relations:
    """``rel`` without the wars between the groups ``a`` and ``b``."""
    return _relations(rel, war=[w for w in rel.war if not (set(w) & a and set(w) & b)])


def _breaks(rel: Relations, pending: Sequence[PendingDeclaration]) -> Relations:
    """Errata 3-14-2015 (2): a power breaks from its alliance alone; an alliance left with one
    member is over."""
    leaving = {d.power for d in pending}
    return _relations(rel, alliances=[set(g) - leaving for g in rel.alliances]) if leaving else rel


def _surrenders(rel: Relations, pending: Sequence[PendingDeclaration], money: dict[Power, Fraction],
                floor: int) -> Relations:
    """Errata 3-14-2015 (4): a surrender ends the war between the two alliances and pays the
    indemnity it names (our reading: capped so the loser keeps the floor), split equally among
    the victor's alliance."""
    for d in pending:
        loser_g, win_g = rel.group(d.power), rel.group(d.targets[0])
        rel = _without_war(rel, loser_g, win_g)
        loser = Power(d.power)
        pay = min(Fraction(d.amount), max(money.get(loser, Fraction(0)) - floor, Fraction(0)))
        if pay > 0 and loser in money:
            money[loser] -= pay
            winners = sorted(Power(p) for p in win_g if p in money)
            for p in winners:
                money[p] += pay / len(winners)
    return rel


def _armistices(rel: Relations, pending: Sequence[PendingDeclaration]) -> Relations:
    """Errata 3-14-2015 (4): the ending of war is a mutual agreement: both sides declare it."""
    armistice = {(d.power, t) for d in pending for t in d.targets}
    for a, b in sorted(armistice):
        if (b, a) in armistice:
            rel = _without_war(rel, rel.group(a), rel.group(b))
    return rel


def _alliances(rel: Relations, pending: Sequence[PendingDeclaration], declared_now: set[tuple[str, str]]) -> Relations:
    """Seed, "Alliances": an alliance is formed when every member declares the same group (a
    new member joins when every member declares the larger one); its members leave neutrality.
    A power joining an offensive alliance declares its war (:func:`_join_offensive_alliance`)."""
    offers = {d.power: frozenset({d.power, *d.targets}) for d in pending}
    for _power, proposed in sorted(offers.items()):
        if all(offers.get(q) == proposed for q in proposed):
            before = {q: rel.group(q) for q in proposed}
            rel = _relations(rel, alliances=[g for g in rel.alliances if not (set(g) & proposed)] + [proposed],
                             neutral=set(rel.neutral) - proposed)
            rel = _join_offensive_alliance(rel, before, declared_now)
    return rel


def _join_offensive_alliance(rel: Relations, before: Mapping[str, frozenset[str]],
                             declared_now: set[tuple[str, str]]) -> Relations:
    """Errata 3-8-2015: "If you join an offensive alliance you must declare war against the
    target of the alliance. If you join a defensive alliance, no need to declare war." An
    alliance is offensive against the targets of the wars its members declared (errata
    3-14-2015: the terms "describe which group has declared war"); a power that joins it
    (``before`` maps each member to its group before the alliance formed) and was not at war
    with a target yet is charged a declaration of war against it and its allies (the penalty,
    once an opponent), as when the alliance was formed in the pass of the declaration. Its own
    declaration of the same war in this pass is charged once, by :func:`_wars`."""
    counts = dict(rel.war_declarations)
    pairs = {frozenset(w) for w in rel.war}
    for p in sorted(before):
        group = rel.group(p)
        targets = {t for d, t in rel.wars_declared() if d in group and d not in before[p] and t not in group}
        charged: set[str] = set()  # one declaration against an opponent and its allies
        for t in sorted(targets):
            enemy = rel.group(t)
            if (enemy & charged or any((p, e) in declared_now for e in enemy)
                    or any(frozenset((x, y)) in pairs for x in before[p] for y in enemy)):
                continue
            charged |= enemy
            counts[Power(p)] = counts.get(Power(p), 0) + 1
    return _relations(rel, war_declarations=counts)


def _wars(rel: Relations, pending: Sequence[PendingDeclaration], declared_now: set[tuple[str, str]],
          allies_share: bool) -> Relations:
    """Seed, "Declaration of war"; errata 3-8-2015: a declaration against a power is against
    its allies and aligned states; the declarer takes the penalty, and (errata 3-14-2015 (1),
    option ``allies_share_war_penalty``) so does each ally not yet at war with the target, which
    is forced to declare too; nobody at war is neutral. A war on a power allied with in the
    same pass is void."""
    for d in pending:
        p, t = d.power, d.targets[0]
        if rel.allied(p, t):
            continue  # allied in this same pass: no war on an ally
        already = {q for q in rel.group(p) if rel.at_war(q, t)}
        counts = dict(rel.war_declarations)
        counts[p] = counts.get(p, 0) + 1
        if allies_share:
            for q in sorted(rel.group(p) - {p} - already):
                if (q, t) not in declared_now:
                    counts[Power(q)] = counts.get(Power(q), 0) + 1
        rel = _relations(rel, war=[*rel.war, (p, t)], neutral=set(rel.neutral) - (rel.group(p) | rel.group(t)),
                         war_declarations=counts, declared=[*rel.declared, (p, t)])
    return rel


def _neutrality(rel: Relations, pending: Sequence[PendingDeclaration], majors: Sequence[Power]) -> Relations:
    """Seed, "Neutrality": a power not at war may declare itself neutral (not if war was
    declared on it in the same pass)."""
    neutral = set(rel.neutral)
    for d in pending:
        if not any(rel.at_war(d.power, q) for q in majors):
            neutral.add(d.power)
    return _relations(rel, neutral=neutral) if neutral != set(rel.neutral) else rel
