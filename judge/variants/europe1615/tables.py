"""Europe 1615's data indexed for the rules: the states, their provinces and capitals, the
powers' confessions and the tables (influence progression, military cost, income, influence
purchase, objectives, scoring), with a game's ``tables`` option laid over them. Built once per
variant and options; read by the rules and by the state's reader (:mod:`.position_state`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ...core.errors import MapError
from ...core.types import Power, ProvinceId
from ...core.variant import Variant


# -- the variant's data, indexed ----------------------------------------------------------------

TABLES = ("influence_progression", "military_cost", "income", "influence_purchase", "objectives", "scoring", "end")
"""The blocks of ``variant.yaml`` a game may override with its ``tables`` option (the
rulebook's lost tables, all reconstructed; ``end`` holds the scoring years)."""


def _merge_tables(data: Mapping[str, Any], overrides: Any) -> dict[str, Any]:
    """``data`` with the game's ``tables`` option laid over it, two levels deep (a game may
    change one row or one value of a table and keep the rest)."""
    where = "game option 'tables'"
    if overrides in (None, {}):
        return dict(data)
    if not isinstance(overrides, Mapping):
        raise MapError(f"{where} maps table names ({', '.join(TABLES)}) to their values")
    out = dict(data)
    for key, val in overrides.items():
        if key not in TABLES:
            raise MapError(f"{where}: unknown table {key!r} (known: {', '.join(TABLES)})")
        if not isinstance(val, Mapping):
            raise MapError(f"{where}: {key} should be a mapping, found {val!r}")
        base = dict(out.get(key) or {})
        for k, v in val.items():
            if isinstance(v, Mapping) and isinstance(base.get(k), Mapping):
                base[k] = {**base[k], **v}
            else:
                base[k] = v
        out[key] = base
    return out


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    try:
        n = int(value)
        if isinstance(value, bool) or n != value and str(n) != str(value).strip():
            raise ValueError
    except (TypeError, ValueError):
        raise MapError(f"{what} should be a whole number, found {value!r}") from None
    if (low is not None and n < low) or (high is not None and n > high):
        raise MapError(f"{what} should be between {low} and {high}, found {n}")
    return n


class _Index:
    """What the rules read from ``variant.yaml`` and ``map.txt`` (with the game's ``tables``
    option over them), indexed once per variant and options, in named steps: the powers, the
    provinces' flags, the income table, the home centres and the possible new pliant states,
    the tables (each checked: a bad value is a MapError naming it), the states' names."""

    def __init__(self, variant: Variant) -> None:
        options = variant.rules.options
        self.data = _merge_tables(variant.data, options.get("tables"))
        self.board = variant.board
        self._powers(self.data.get("powers") or {})
        self.states: dict[str, dict] = {str(k): dict(v) for k, v in (self.data.get("states") or {}).items()}
        self._provinces(variant)
        self._income_overrides(variant, ((options.get("tables") or {}).get("income") or {}).get("values") or {})
        self._homes(variant)
        self._pliant_home_states(variant)
        self.attack_order = [Power(p) for p in self.data.get("diplomatic_attack_order") or self.majors]
        self._progression(self.data.get("influence_progression") or {})
        self._military_cost(self.data.get("military_cost") or {})
        self._influence_purchase(self.data.get("influence_purchase") or {})
        self._scoring(self.data.get("scoring") or {}, self.data.get("objectives") or {}, self.data.get("end") or {})
        self.sanctions = (self.data.get("sanctions") or {}).get("enforced") or []
        self._state_names()

    def _powers(self, pw: Mapping[str, Any]) -> None:
        """The seven powers (seed, "Introduction") and the minor states' pseudo-powers, with
        each power's confession, starting treasury (seed, "Income phase": 50) and INFs."""
        self.minors = {Power(p) for p, info in pw.items() if (info or {}).get("minor")}
        self.majors = [Power(p) for p in pw if Power(p) not in self.minors]
        self.confession = {Power(p): (pw[p] or {}).get("confession") for p in self.majors}
        self.start_treasury = {p: (pw[p] or {}).get("treasury", 50) for p in self.majors}
        self.start_influence = {p: (pw[p] or {}).get("influence", 0) for p in self.majors}

    def _provinces(self, variant: Variant) -> None:
        """The flags of ``map.txt``: a province's domain or minor state, its value on the Income
        Map (seed, "Income phase") and its confession (seed, "Religious rebellion")."""
        self.domain: dict[ProvinceId, str] = {}
        self.state_of: dict[ProvinceId, str] = {}
        self.income: dict[ProvinceId, int] = {}
        self.prov_confession: dict[ProvinceId, str] = {}
        for pid, prov in variant.board.provinces.items():
            flags = prov.flags
            if "domain" in flags:
                self.domain[pid] = flags["domain"]
            if "state" in flags:
                self.state_of[pid] = flags["state"]
            if flags.get("income"):
                self.income[pid] = int(flags["income"])
            if flags.get("confession"):
                self.prov_confession[pid] = flags["confession"]

    def _income_overrides(self, variant: Variant, over_income: Mapping[Any, Any]) -> None:
        """The game's ``tables: {income: {values: ...}}`` over the Income Map."""
        for pid, val in over_income.items():
            if str(pid).upper() not in variant.board.provinces:
                raise MapError(f"game option 'tables': income.values names an unknown province {pid!r}")
            self.income[ProvinceId(str(pid).upper())] = _int(val, f"income of {pid}", 0)

    def _homes(self, variant: Variant) -> None:
        """Whose home centre each province is."""
        self.home_of: dict[ProvinceId, Power] = {}
        for p in self.majors:
            for h in variant.homes(p):
                self.home_of[h] = p

    def _pliant_home_states(self, variant: Variant) -> None:
        """Seed, "Creating a new pliant minor state" (errata 2-11-2015 (3)): each home centre of
        a power may become a one-province state named by its province id; its pseudo-power is
        declared in variant.yaml (minor, no homes, no units) so that a position can name it."""
        for h, p in self.home_of.items():
            if h not in self.states and Power(h) in self.minors and variant.board.provinces[h].is_supply_center:
                self.states[h] = {"name": variant.board.provinces[h].name, "provinces": [h], "homes": [h],
                                  "capital": h, "pliant": True, "latent": True, "from": p, "units": []}

    def _progression(self, progression: Mapping[str, Any]) -> None:
        """The Influence Progression Table (seed, "Influence and placement"), checked."""
        self.progression = progression
        for p, row in progression.items():
            if p == "reconstructed":
                continue
            if p not in self.majors or not isinstance(row, Mapping):
                raise MapError(f"influence_progression: {p!r} should be a power with a row {{year: INFs}}")
            for y, v in row.items():
                _int(y, f"influence_progression year of {p}")
                _int(v, f"influence_progression value of {p} in {y}", 0)

    def _military_cost(self, mc: Mapping[str, Any]) -> None:
        """The Military Cost Table, the most units a power may have and the treasury's floor
        (seed, "Adding a unit for a power")."""
        self.cost_percent = {_int(k, "military_cost size", 0): _int(v, f"military_cost percent at size {k}", 0, 100)
                             for k, v in (mc.get("percent_by_size") or {}).items()}
        self.max_units = _int(mc.get("max_units", 15), "military_cost.max_units", 0)
        self.floor = _int(mc.get("treasury_floor", 25), "military_cost.treasury_floor", 0)

    def _influence_purchase(self, ip: Mapping[str, Any]) -> None:
        """The price of an INF bought in the Winter Income (seed, "Influence and placement")."""
        self.inf_price = Fraction(str(ip.get("price", 2)))
        if self.inf_price <= 0:
            raise MapError(f"influence_purchase.price should be above 0, found {ip.get('price')!r}")

    def _scoring(self, scoring: Mapping[str, Any], obj: Mapping[str, Any], end: Mapping[str, Any]) -> None:
        """The Scoring Guide, the Political and Military Objectives Table and the scoring years
        (seed, "Objectives", "Mid-game and final scoring")."""
        self.scoring = {k: _int(v, f"scoring.{k}") for k, v in scoring.items() if k != "reconstructed"}
        self.objective_points = self.scoring.get("objective", _int(obj.get("points", 0), "objectives.points"))
        self.objective_choose = _int(obj.get("choose", 3), "objectives.choose", 0)
        self.objective_groups = {str(k): list(v) for k, v in (obj.get("groups") or {}).items()}
        self.objectives: dict[Power, dict[str, dict]] = {}
        for p in self.majors:
            self.objectives[p] = {str(o["id"]): dict(o) for o in obj.get(p) or () if isinstance(o, Mapping) and "id" in o}
        self.final_year = _int(end.get("final_scoring", 1630), "end.final_scoring")
        mid = end.get("midgame_scoring")
        self.midgame_year = None if mid in (None, False) else _int(mid, "end.midgame_scoring")

    def _state_names(self) -> None:
        """Every name a minor state is written with in orders: its id, name, aliases and the
        ids of its provinces."""
        self.state_names: dict[str, str] = {}
        for sid, s in self.states.items():
            for n in (sid, s.get("name", ""), *(s.get("aliases") or ())):
                if n:
                    self.state_names.setdefault(_norm(n), sid)
            for pid in s.get("provinces") or ():
                self.state_names.setdefault(_norm(pid), sid)

    def influence_for(self, power: Power, year: int) -> int:
        """INFs allotted to ``power`` for ``year`` (the Influence Progression Table)."""
        row = self.progression.get(power) or {}
        best = None
        for y, v in row.items():
            if int(y) <= year and (best is None or int(y) > best[0]):
                best = (int(y), int(v))
        return best[1] if best else self.start_influence.get(power, 0)


def _norm(text: str) -> str:
    return " ".join(str(text).lower().replace("-", " ").replace(".", " ").split())


_INDEXES: dict[tuple, tuple[Any, _Index]] = {}


def _index(variant: Variant) -> _Index:
    """The index of ``variant`` under its rule options (built once; the data object is kept
    with it so that its id is never reused)."""
    tables = variant.rules.options.get("tables")
    key = (id(variant.data), repr(tables))
    hit = _INDEXES.get(key)
    if hit is None or hit[0] is not variant.data:
        hit = _INDEXES[key] = (variant.data, _Index(variant))
    return hit[1]
