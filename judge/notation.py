"""Text to orders and positions, and back: what players and Gamesmasters write.

Orders are read the way forum players write them: ``A PAR - BUR``, ``A Par-Bur``,
``Army Paris -> Burgundy``, ``F London supports A Wales-Belgium``, ``F NTH C A LON - BEL``,
``A LON - BEL via convoy``, ``F SPA/NC``, ``Spain (nc)``, ``Spain north coast``, ``hold``,
``Build A PAR``, ``Remove F KIE``, ``Waive``; any case, full names, ids or aliases. Seed 003
section 4 is the law: a badly written order with one meaning is followed (with a note saying how
it was read), an order with two meanings is not followed, an order that cannot be read is
reported. Nothing here raises past :func:`parse_orders`: every line comes back with an order or
an error, located by file and line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

import yaml

from .core.errors import AmbiguousOrder, InvalidOrder, JudgeError, PositionError
from .core.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder, Waive,
)
from .core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from .core.variant import Variant
from .variants.loader import SAFE_LOADER, normalise_name, parse_phase

# -- vocabulary ---------------------------------------------------------------------------------

_UNIT_WORDS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET,
               "g": UnitType.GARRISON, "garrison": UnitType.GARRISON}
_KEYWORDS = {
    "HOLD": {"h", "hold", "holds", "stand", "stands", "hld"},
    "MOVE": {"-", "to", "m", "move", "moves", "attack", "attacks", "mv", "into"},
    "SUPPORT": {"s", "sup", "supp", "support", "supports", "supporting", "supported"},
    "CONVOY": {"c", "convoy", "convoys", "convoying", "transport", "transports", "cvy"},
    "VIA": {"via", "by"},
    "RETREAT": {"r", "retreat", "retreats"},
    "DISBAND": {"d", "disband", "disbands", "remove", "removes", "destroy", "delete", "otb"},
    "BUILD": {"b", "build", "builds"},
    "WAIVE": {"waive", "waives", "waived", "pass"},
}
_WORD_KIND = {w: k for k, words in _KEYWORDS.items() for w in words}
# Postal and Electronic Protocol shorthand: "SA" supports an army, "CF" convoys a fleet...
_VERB_UNIT = {"sa": ("SUPPORT", UnitType.ARMY), "sf": ("SUPPORT", UnitType.FLEET),
              "ca": ("CONVOY", UnitType.ARMY)}
_FILLER = {"the", "of", "sea", "ocean", "unit", "my", "in", "at"}
"""Words read past (after names of several words have had their chance)."""
_REMARK_WORDS = {"bounced", "bounce", "bounces", "fails", "failed", "dislodged", "cut", "void",
                 "succeeds", "destroyed", "standoff", "ok"}
"""A result mail's words after an order: the rest of the line is a remark."""
_UNIT_HYPHEN = re.compile(r"(?:(?<=^)|(?<=[\s:,]))([AaFf])-(?=[A-Za-z])")
"""A unit's letter joined to its place by a hyphen (``A-SYR``, ``F-NOR``), at a line's or an order's start."""
_COAST_WORDS = {"north": "NC", "south": "SC", "east": "EC", "west": "WC",
                "n": "NC", "s": "SC", "e": "EC", "w": "WC", "nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC"}


class Token(NamedTuple):
    """A word or a name of an order line, read (a tuple: a line makes several)."""

    kind: str  # UNIT, PROV, COAST, or a keyword kind
    value: Any
    text: str


@dataclass
class ParsedLine:
    """One line of an orders file, read.

    ``order`` is the order understood (``None`` when the line is in error); ``notes`` say how a
    badly written order was read.
    """

    line: int
    text: str
    power: Power | None
    order: Order | None = None
    error: JudgeError | None = None
    notes: list[str] = field(default_factory=list)
    where: str = ""
    body: str = ""
    """The order part of the line (without the power)."""


def damerau(a: str, b: str, limit: int = 3) -> int:
    """Damerau-Levenshtein distance (optimal string alignment), capped at ``limit``."""
    if abs(len(a) - len(b)) >= limit:
        return limit
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return min(prev[-1], limit)


class Names:
    """The name index of a variant: ids, full names and aliases of provinces, and powers."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.provinces: dict[str, ProvinceId] = {}
        for p in variant.board.provinces.values():
            for n in (p.id, p.name, *p.aliases):
                self.provinces[normalise_name(n)] = p.id
        self.max_words = max(len(k.split()) for k in self.provinces)
        # The longest name beginning with each word: most words begin no name of several words,
        # so the tokeniser tries one word only.
        self.longest_from: dict[str, int] = {}
        for k in self.provinces:
            first, words = k.split()[0], len(k.split())
            self.longest_from[first] = max(self.longest_from.get(first, 1), words)
        self.powers: dict[str, Power] = {}
        for info in variant.powers.values():
            for n in (info.name, info.adjective):
                self.powers[normalise_name(n)] = info.name
        hyphened = sorted({n for p in variant.board.provinces.values() for n in (p.name, *p.aliases) if "-" in n},
                          key=len, reverse=True)
        self.hyphened = re.compile("|".join(re.escape(n) for n in hyphened), re.I) if hyphened else None
        # Long names only, for the spelling fallback: three letters are too close to each other.
        self._fuzzy = sorted({k for k in self.provinces if len(k.replace(" ", "")) >= 5})
        self._short: list[tuple[str, ProvinceId]] | None = None

    def power(self, text: str) -> tuple[Power, str | None]:
        """The power named by ``text`` and a note if it was misspelt; InvalidOrder if none."""
        key = normalise_name(text)
        if key in self.powers:
            return self.powers[key], None
        if key in self.provinces:  # "Prussia:" is a place, not a misspelt Russia
            raise InvalidOrder(f"{text!r} is a province, not a power of this game")
        close = sorted({p for n, p in self.powers.items() if damerau(key, n) <= (2 if len(n) >= 6 else 1)})
        if len(close) == 1:
            return close[0], f"{text!r} read as {close[0]}"
        if len(close) > 1:
            raise AmbiguousOrder(f"{text!r} could be any of {', '.join(close)}")
        known = ", ".join(sorted(self.variant.powers))
        raise InvalidOrder(f"{text!r} is not a power of this game (powers: {known})")

    def prefixed(self, word: str) -> tuple[ProvinceId, ...]:
        """The provinces a name or alias of which begins with ``word`` (3 letters or more)."""
        if len(word) < 3 or not word.isalpha():
            return ()
        return tuple(sorted({pid for k, pid in self.provinces.items() if k.startswith(word)}))

    def misspelt_short(self, word: str) -> tuple[ProvinceId, ...]:
        """``Tyhr``: the provinces whose id, or the start of whose name, is one slip away from a
        short word (4 letters, same first letter); the unit's place then picks one, or none."""
        if len(word) != 4 or not word.isalpha():
            return ()
        if self._short is None:
            self._short = [(k, pid) for k, pid in self.provinces.items() if len(k) >= 3 and k[:1].isalpha()]
        return tuple(sorted({pid for k, pid in self._short if k[0] == word[0]
                             and damerau(word, k if len(k) == 3 else k[:4], 2) <= 1}))

    def guess_province(self, text: str) -> ProvinceId | None:
        """A misspelt long name with one close match, else None."""
        close = {self.provinces[n] for n in self._fuzzy if damerau(text, n) <= (2 if len(n) >= 8 else 1)}
        if len(close) == 1:
            return close.pop()
        if len(close) > 1:
            raise AmbiguousOrder(f"{text!r} could be any of {', '.join(sorted(close))}")
        return None


_NAMES: dict[int, tuple[Variant, Names]] = {}


def names_of(variant: Variant) -> Names:
    """The name index of ``variant``, built once per variant object."""
    hit = _NAMES.get(id(variant))
    if hit is None or hit[0] is not variant:
        hit = _NAMES[id(variant)] = (variant, Names(variant))
    return hit[1]


_ARROWS = re.compile(r"(->|=>|⇒|→|⟶|–|—|−|(?<=\w)>(?=\w))")
"""A move's arrow as players and judges write it; a bare ``>`` only between two words
(``A SYR>SMY``): a Gamesmaster's ``<NTH>`` markup is no move."""
_COAST_SLASH = re.compile(r"\s*[/(]\s*(north|south|east|west|nc|sc|ec|wc|n|s|e|w)(?:\s*coast)?\s*\)?", re.I)
_COAST_PAREN_WORDS = re.compile(r"\(\s*(north|south|east|west)\s+coast\s*\)", re.I)
_COAST_WORDS_RE = re.compile(r"\b(north|south|east|west)\s+coast\b", re.I)
_ODD = re.compile(r"[()<>*\[\]_?!&`]|^\s*(?:\d+[.)]|[-•])\s")
"""Characters that call for :func:`_clean` (markup, remarks, postal notation, bullets)."""
_MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]|\*\*|__|`", re.I)
_BULLET = re.compile(r"^\s*(?:\d+[.)]|[-•*])\s+")
_POSTAL = re.compile(r"\b([SC]?)([AF])\s*\(\s*([A-Za-z][A-Za-z .]*?)\s*\)", re.I)
_PARENS = re.compile(r"\(([^()]*)\)")
_COAST_ONLY = re.compile(r"^\s*(north|south|east|west|nc|sc|ec|wc|n|s|e|w)(\s*coast)?\s*$", re.I)


_BBCODE_TAGS = frozenset({"b", "i", "u", "s", "url", "img", "quote", "code", "color", "colour", "size", "list",
                          "spoiler", "center", "left", "right", "sup", "sub", "strike", "table", "tr", "td",
                          "hr", "font", "indent"})


def _unmark(names: Names, notes: list[str]) -> Any:
    """The replacement for a markup match: BBCode goes; a place's name in brackets (``[WUR]``,
    as a syntax line's ``[minor state]`` is copied) is the place, with a note."""

    def sub(m: re.Match) -> str:
        inner = m.group(0)[1:-1].strip()
        if (m.group(0).startswith("[") and inner.lower() not in _BBCODE_TAGS
                and normalise_name(inner) in names.provinces):
            notes.append(f"brackets around {inner!r} read past")
            return f" {inner} "
        return " "

    return sub


def _clean(text: str, notes: list[str], names: Names) -> str:
    """Markup, bullets, remarks and postal brackets away: what is left is order words."""
    t = _MARKUP.sub(_unmark(names, notes), text)
    t = _BULLET.sub("", t)
    t = _ARROWS.sub(" - ", t)
    # Postal notation: A(Vie)-Bud, SA(Rum)-Sev.
    t = _POSTAL.sub(lambda m: f" {m.group(1)} {m.group(2)} {m.group(3)} ", t)
    t = t.replace("<", " ").replace(">", " ").replace("*", " ").replace("&", " & ")

    def paren(m: re.Match) -> str:
        inner = m.group(1).strip()
        if len(inner) == 1 and inner.isalpha():
            # "(E)": a coast after a province that has it ("Bul(e)"), else a power's initial
            # ("S (E) F Lon-Eng": English) when one power has it.
            before = re.search(r"([A-Za-z.]+)\s*$", m.string[:m.start()])
            pid = names.provinces.get(normalise_name(before.group(1))) if before else None
            coast = _COAST_WORDS.get(inner.lower())
            if not (pid and coast and coast in names.variant.board.provinces[pid].coasts):
                initial = sorted({p for k, p in names.powers.items() if k[:1] == inner.lower()})
                if len(initial) == 1:
                    notes.append(f"({inner}) read as {initial[0]}")
                    return f" {initial[0]} "
        if _COAST_ONLY.match(inner):
            return f" /{inner.replace(' ', '')} " if len(inner) <= 2 else f" /{inner} "
        if re.search(r"(^|\s)or\s", inner, re.I):
            raise AmbiguousOrder(f"two orders to choose from: ({inner})")
        words = inner.lower().replace("-", " ").replace("(", " ").split()
        if len(words) > 1 and words[0] in _UNIT_WORDS and (words[1] in names.provinces or words[1] in names.longest_from
                                                                   or names.prefixed(words[1])):
            return f" {inner} , "
        if inner:
            notes.append(f"remark ({inner}) ignored")
        return " "

    for _ in range(2):  # brackets inside brackets: the inner ones first
        if "(" not in t:
            break
        t = _PARENS.sub(paren, t)
    if "?" in t or "!" in t:
        t = t.replace("?", " ").replace("!", " ")
        notes.append("'?' and '!' ignored")
    return t.replace("(", " ").replace(")", " ")


def _tokenise(text: str, names: Names, notes: list[str]) -> list[Token]:
    """The tokens of an order line: its text made plain (:func:`_plain_words`), then each word
    read in turn (:func:`_read_word`)."""
    words = _plain_words(text, names, notes)
    out: list[Token] = []
    i = 0
    while i < len(words):
        i = _read_word(words, i, names, out, notes)
    return out


def _coast_sub(m: re.Match) -> str:
    return f" /{_COAST_WORDS[m.group(1).lower()]} "


def _plain_words(text: str, names: Names, notes: list[str]) -> list[str]:
    """The words of an order line, lower case: markup and remarks gone (:func:`_clean`), arrows
    as ``-``, coasts as ``/NC``, hyphens in names (``Holy-Roman``) kept apart from moves,
    punctuation as separators. A ``/`` before anything but a coast offers two places."""
    t = text
    if not t.isascii() or _ODD.search(t):
        t = _clean(t, notes, names)
    elif ">" in t:
        t = _ARROWS.sub(" - ", t)
    if "/" in t or "(" in t or "coast" in t.lower():
        t = _COAST_PAREN_WORDS.sub(_coast_sub, t)
        t = _COAST_SLASH.sub(_coast_sub, t)
        t = _COAST_WORDS_RE.sub(_coast_sub, t)
        if re.search(r"/\s*(?![nsew]c\b)[a-z]", t, re.I):
            raise AmbiguousOrder(f"'/' gives two places to choose from: {text.strip()!r}")
    if "-" in t:
        if names.hyphened is not None:
            t = names.hyphened.sub(lambda m: m.group(0).replace("-", " "), t)
        # "A-SYR>SMY": a hyphen between the unit's letter and its place is no move.
        t = _UNIT_HYPHEN.sub(r"\1 ", t)
        t = t.replace("-", " - ")
    t = t.replace(",", " , ").replace(";", " , ").replace(":", " ")
    t = t.replace(".", " ").replace("'", "")
    return t.lower().split()


def _read_word(words: list[str], i: int, names: Names, out: list[Token], notes: list[str]) -> int:
    """Read the word at ``i`` (and any that follow it in a name) into ``out``; the index of the
    next word to read (the end when the rest of the line is a remark)."""
    w = words[i]
    if w[0] == "/" and w[1:].upper() in ("NC", "SC", "EC", "WC"):
        out.append(Token("COAST", w[1:].upper(), w))
    elif w == ",":
        out.append(Token("SEP", None, w))
    elif n := _province_here(words, i, names, out):
        return i + n
    elif w in _UNIT_WORDS and (not out or out[-1].kind != "UNIT"):
        out.append(Token("UNIT", _UNIT_WORDS[w], w))
    elif w in _WORD_KIND:
        _order_word(words, i, out, notes)
    elif w in _VERB_UNIT and _keyword_context(out):
        kind, unit = _VERB_UNIT[w]
        out.append(Token(kind, None, w))
        out.append(Token("UNIT", unit, w))
    elif w in ("&", "and"):
        out.append(Token("AND", None, w))
    elif w in names.powers:
        out.append(Token("POWER", names.powers[w], w))
    elif w in _FILLER:
        pass
    elif w in _REMARK_WORDS and out and out[-1].kind in ("PROV", "COAST", "HOLD"):
        notes.append(f"remark {' '.join(words[i:])!r} ignored")
        return len(words)
    elif w == "or" and out and i + 1 < len(words):
        # "BUD - RUM or BUD S RUM", "TUN - ION or WES": the player offers two orders; a careful
        # Gamesmaster follows neither (seed 003 section 4, an order with two meanings).
        raise AmbiguousOrder(f"two orders to choose from: {' '.join(words[:i])!r} or {' '.join(words[i + 1:])!r}")
    elif not _coast_run_in(w, names, out, notes):
        return i + _unknown_word(words, i, names, out, notes)
    return i + 1


def _province_here(words: list[str], i: int, names: Names, out: list[Token]) -> int:
    """The longest province name starting at ``i`` (names may have several words; most words
    begin only names of one word), added to ``out``: how many words it takes, 0 if none. A
    one-letter word after a place is an order word rather (``A Par S ...``)."""
    w = words[i]
    longest = names.longest_from.get(w, 1)
    n = 0
    pid = None
    if longest == 1:
        pid = names.provinces.get(w)
        n = 1 if pid is not None else 0
    else:
        for k in range(min(longest, len(words) - i), 0, -1):
            pid = names.provinces.get(" ".join(words[i:i + k]) if k > 1 else w)
            if pid is not None:
                n = k
                break
    if n == 0 or (n == 1 and (w in _UNIT_WORDS or w in _WORD_KIND) and _keyword_context(out)):
        return 0
    out.append(Token("PROV", pid, w if n == 1 else " ".join(words[i:i + n])))
    return n


def _order_word(words: list[str], i: int, out: list[Token], notes: list[str]) -> None:
    """An order word: ``via convoy`` and ``supported by`` are one token each; ``moves to`` and
    ``retreats to`` one verb; ``F NTH-Convoys``'s hyphen joins the place to its verb."""
    w = words[i]
    kind = _WORD_KIND[w]
    last = out[-1].kind if out else ""
    if kind == "CONVOY" and last == "VIA":
        out[-1] = Token("VIA", True, "via convoy")
    elif kind == "VIA" and last == "SUPPORT" and w == "by":
        out[-1] = Token("SBY", None, "supported by")
    elif kind == "VIA" and (i + 1 >= len(words) or words[i + 1] not in _KEYWORDS["CONVOY"]):
        raise InvalidOrder(f"{w!r} should be followed by 'convoy'")
    elif kind == "MOVE" and (last == "MOVE" or (last == "RETREAT" and w != "-")):
        pass  # "moves to", "retreats to"
    elif (kind in ("SUPPORT", "CONVOY") and len(out) >= 2 and last == "MOVE"
          and out[-1].text == "-" and out[-2].kind in ("PROV", "COAST")):
        # "F Bengal-Convoys A Assam-Jaffna" (seed 004), "F NTH-Convoys A LON-BEL": the
        # hyphen joins the unit's place to its verb; no move is meant.
        notes.append(f"'-' before {w!r} read past")
        out[-1] = Token(kind, None, w)
    else:
        out.append(Token(kind, None, w))


def _coast_run_in(w: str, names: Names, out: list[Token], notes: list[str]) -> bool:
    """``Spasc``, ``StPnc``: a coast run into the name (added to ``out``)."""
    if not (len(w) >= 5 and w[-2:] in ("nc", "sc", "ec", "wc") and w[:-2] in names.provinces
            and w[-2:].upper() in names.variant.board.provinces[names.provinces[w[:-2]]].coasts):
        return False
    pid = names.provinces[w[:-2]]
    notes.append(f"{w!r} read as {pid}/{w[-2:].upper()}")
    out.append(Token("PROV", pid, w[:-2]))
    out.append(Token("COAST", w[-2:].upper(), w[-2:]))
    return True


def _unknown_word(words: list[str], i: int, names: Names, out: list[Token], notes: list[str]) -> int:
    """A word that is nothing known: a misspelt name of up to three words with one close match,
    or the start of a name (``Liv``: one place, or several for the order to choose from), with a
    note (seed 003 section 4); else InvalidOrder. How many words it took."""
    w = words[i]
    if (len(w) > 3 and w[-1] == "s" and w[:-1] in names.provinces and out and out[-1].kind == "UNIT"
            and i + 1 < len(words) and words[i + 1] in _UNIT_WORDS):
        # "A RuhS A Mun - Bur": the support's S written onto the place; read apart, then again.
        notes.append(f"{w!r} read as {w[:-1]!r} then 'S' (a support)")
        words[i:i + 1] = [w[:-1], "s"]
        return 0
    for n in (3, 2, 1):
        window = words[i:i + n]
        if len(window) == n and all(x.isalpha() and x not in _WORD_KIND for x in window):
            guess = names.guess_province(" ".join(window))
            if guess:
                notes.append(f"{' '.join(window)!r} read as {names.variant.board.provinces[guess].name}")
                out.append(Token("PROV", guess, " ".join(window)))
                return n
    w = words[i]
    starts = names.prefixed(w) or names.misspelt_short(w)
    if not starts:
        raise InvalidOrder(f"{w!r} is not a province, a unit or an order word")
    out.append(Token("PROVS", starts, w) if len(starts) > 1 else Token("PROV", starts[0], w))
    if len(starts) == 1:
        notes.append(f"{w!r} read as {names.variant.board.provinces[starts[0]].name}")
    return 1


def _keyword_context(out: list[Token]) -> bool:
    """Is a one-letter word here more likely an order word than a province? (After a province.)"""
    return bool(out) and out[-1].kind in ("PROV", "COAST")


def _expect_place(toks: list[Token], i: int, what: str) -> tuple[Location, int]:
    if i >= len(toks) or toks[i].kind != "PROV":
        got = repr(toks[i].text) if i < len(toks) else "the end of the order"
        raise InvalidOrder(f"expected {what}, found {got}")
    prov = toks[i].value
    if i + 1 < len(toks) and toks[i + 1].kind == "COAST":
        return Location(prov, toks[i + 1].value), i + 2
    return Location(prov), i + 1


def _infer_kind(variant: Variant, position: Position, power: Power, loc: Location, notes: list[str], *, dislodged: bool = False) -> UnitType:
    pool = [d.unit for d in position.dislodged] if dislodged else position.units
    here = [u for u in pool if u.location.province == loc.province and u.kind is not UnitType.GARRISON]
    if len(here) == 1:
        return here[0].kind
    if not here:
        # Let legality report the missing unit; an army is as good a guess as any.
        return UnitType.ARMY
    raise AmbiguousOrder(f"which unit in {loc.province}?")


def parse_order(text: str, power: Power, variant: Variant, position: Position, names: Names | None = None,
                notes: list[str] | None = None) -> Order:
    """Read one order of ``power`` for the phase of ``position``.

    Raises InvalidOrder (not understood) or AmbiguousOrder (two meanings).

    >>> from judge.variants import find_variant
    >>> v = find_variant('standard')
    >>> str(parse_order('Army Paris -> Burgundy', Power('France'), v, v.start))
    'A PAR - BUR'
    >>> str(parse_order('F London supports A Wales-Belgium', Power('England'), v, v.start))
    'F LON S A WAL - BEL'
    """
    read = parse_line(text, power, variant, position, names, notes)
    if len(read) != 1:
        raise InvalidOrder(f"{len(read)} orders where one was expected")
    order, error, _, _ = read[0]
    if error is not None:
        raise error
    assert order is not None
    return order


class Piece(NamedTuple):
    """One order of a line: the order or the error, notes on how it was read, its text."""

    order: Order | None
    error: JudgeError | None
    notes: list[str]
    text: str


def _subject_len(toks: list[Token]) -> int:
    """How many tokens name the unit at the start: [POWER] [UNIT] PROV [COAST]; 0 if none."""
    i = 1 if toks and toks[0].kind == "POWER" else 0
    if i < len(toks) and toks[i].kind == "UNIT":
        i += 1
    if i >= len(toks) or toks[i].kind not in ("PROV", "PROVS"):
        return 0
    i += 1
    if i < len(toks) and toks[i].kind == "COAST":
        i += 1
    return i


_VERBS = frozenset({"MOVE", "HOLD", "SUPPORT", "CONVOY"})


def _segments(toks: list[Token]) -> list[tuple[list[Token], str]]:
    """The orders of a line: split at ',' ';' '&' and where a unit starts a new order."""
    out: list[tuple[list[Token], str]] = []
    cur: list[Token] = []
    joiner = ""
    for k, t in enumerate(toks):
        if t.kind in ("SEP", "AND"):
            if cur:
                out.append((cur, joiner))
                cur = []
                joiner = t.kind
            elif t.kind == "AND" or not joiner:
                joiner = t.kind
            continue
        if (t.kind == "UNIT" and cur and cur[-1].kind in ("PROV", "PROVS", "COAST", "HOLD")
                and k + 1 < len(toks) and toks[k + 1].kind in ("PROV", "PROVS") and len(cur) > 2):
            out.append((cur, joiner))
            cur, joiner = [], "SEP"
        elif (t.kind == "PROV" and cur and cur[-1].kind in ("PROV", "COAST") and len(cur) > 2
              and any(x.kind == "MOVE" for x in cur)
              and k + 1 < len(toks) and toks[k + 1].kind in _VERBS):
            # "ROM - VEN VEN - TRI": a place after a move's destination, then a verb: a new order.
            out.append((cur, joiner))
            cur, joiner = [], "SEP"
        cur.append(t)
    if cur:
        out.append((cur, joiner))
    return out


_HOOK_NOTES: list[list[str]] = []


def hook_notes() -> list[str]:
    """Where a variant's ``parse_order`` hook writes how it read a badly written order (seed 003
    section 4: followed, with a note): the notes of the line being read, else a list nobody reads."""
    return _HOOK_NOTES[-1] if _HOOK_NOTES else []


_PLACE = r"([A-Z]{3})(?:/([NSEW]C))?"
_CANONICAL = re.compile(
    rf"([AF]) {_PLACE}(?:"
    r"( H)"
    rf"| - {_PLACE}( via convoy)?"
    rf"| S ([AF]) {_PLACE}(?: - {_PLACE})?"
    rf"| C A {_PLACE} - {_PLACE}"
    r")")
"""An order of a movement phase exactly as the judge writes it (``str(order)``: ``A PAR - BUR``,
``F STP/SC - BOT``, ``A WAL - BRE via convoy``, ``A MUN S A BER - SIL``, ``F BOT S F BAL``,
``F ENG C A WAL - BRE``, ``F LON H``): read directly, skipping the forum reader, which would give
the same order (a test reads every such line both ways). Files the judge itself writes (``judge
check --canonical``, the site's orders page when copied from the judge) and most players' files
take this path."""
_KINDS = {"A": UnitType.ARMY, "F": UnitType.FLEET}


def _canonical(text: str, power: Power, variant: Variant, position: Position) -> Order | None:
    """The order of a canonical line, or None to read it the long way."""
    m = _CANONICAL.fullmatch(text)
    if m is None or position.phase.kind is not PhaseKind.MOVEMENT:
        return None
    provinces = variant.board.provinces
    places = m.groups()
    for k in (1, 4, 8, 10, 12, 14):
        pid = places[k]
        if pid is not None:
            prov = provinces.get(ProvinceId(pid))
            coast = places[k + 1]
            if prov is None or (coast is not None and coast not in prov.coasts):
                return None  # the long way says what is wrong
    (kind, src, src_coast, hold, dest, dest_coast, via, skind, starget, starget_coast, sdest, sdest_coast,
     ctarget, _ctarget_coast, cdest, _cdest_coast) = places
    if _ctarget_coast is not None or _cdest_coast is not None or starget_coast is not None:
        return None
    unit, loc = _KINDS[kind], Location(ProvinceId(src), src_coast)
    if hold:
        return Hold(power, unit, loc)
    if dest:
        return Move(power, unit, loc, Location(ProvinceId(dest), dest_coast), bool(via))
    if skind:
        if sdest is None:
            return SupportHold(power, unit, loc, ProvinceId(starget), _KINDS[skind])
        return SupportMove(power, unit, loc, ProvinceId(starget), ProvinceId(sdest), _KINDS[skind], sdest_coast)
    if ctarget:
        return Convoy(power, unit, loc, ProvinceId(ctarget), ProvinceId(cdest), UnitType.ARMY)
    return None


def parse_line(text: str, power: Power, variant: Variant, position: Position, names: Names | None = None,
               notes: list[str] | None = None) -> list[Piece]:
    """Read the orders of one line (several orders may share a line: ``F Bre-Mid, A Par-Bur``)."""
    names = names or names_of(variant)
    notes = notes if notes is not None else []
    _HOOK_NOTES.append(notes)
    try:
        custom = variant.rules.parse_order(text, power, variant, position)
    finally:
        _HOOK_NOTES.pop()
    if custom is not None:
        return [Piece(custom, None, notes, text)]
    quick = _canonical(text, power, variant, position)
    if quick is not None:
        return [Piece(quick, None, notes, text)]
    toks = _tokenise(text, names, notes)
    if not toks:
        raise InvalidOrder("empty order")
    segs = _segments(toks)
    if len(segs) == 1:
        return [Piece(_order_of(segs[0][0], power, variant, position, names, notes), None, notes, text)]
    reader = _LineReader(power, variant, position, names)
    for n, (seg, joiner) in enumerate(segs):
        nxt = segs[n + 1] if n + 1 < len(segs) else None
        reader.segment(seg, joiner, nxt, notes if n == 0 else [])
    return reader.finish()


class _LineReader:
    """The orders of a line of several (``F Bre-Mid, A Par-Bur``), read segment by segment.

    What a segment means may depend on those around it: ``A Par & A Mar - Bur`` gives both units
    the order (units wait in ``pending`` for it); ``F Eng-Mid, supported by F Iri`` makes the
    named unit support the order before it (``supported``); ``Build A Par, F Bre`` carries the
    verb on (``adj_verb``)."""

    def __init__(self, power: Power, variant: Variant, position: Position, names: Names) -> None:
        self.power = power
        self.variant = variant
        self.position = position
        self.names = names
        self.out: list[Piece] = []
        self.pending: list[list[Token]] = []
        self.supported: Order | None = None
        self.adj_verb: Token | None = None
        self.notes: list[str] = []

    def _order(self, toks: list[Token], notes: list[str]) -> Order:
        return _order_of(toks, self.power, self.variant, self.position, self.names, notes)

    def segment(self, seg: list[Token], joiner: str, nxt: tuple[list[Token], str] | None, notes: list[str]) -> None:
        """Read one segment (``joiner``: the separator before it; ``nxt``: the next segment);
        ``notes`` go with its first piece."""
        seg_text = " ".join(t.text for t in seg)
        self.notes = notes
        try:
            self._segment(seg, joiner, nxt, seg_text)
        except JudgeError as exc:
            self.out.append(Piece(None, exc, self.notes, seg_text))
            self.pending = []

    def _segment(self, seg: list[Token], joiner: str, nxt: tuple[list[Token], str] | None, seg_text: str) -> None:
        sub = _subject_len(seg)
        if seg[0].kind == "SBY":
            if self.supported is None:
                raise InvalidOrder("'supported by' follows no order")
            seg, sub = seg[1:], _subject_len(seg[1:])
        bare = bool(sub) and sub == len(seg)  # a unit alone, with no verb
        if bare and nxt is not None and nxt[1] == "AND" and self.supported is None:
            self.pending.append(seg)
            return
        if bare and self.supported is not None and joiner in ("AND", "SEP") and (seg_text and self.out):
            order = _support_of(self.supported, seg, self.power, self.variant, self.position, self.names, self.notes)
            self.out.append(Piece(order, None, self.notes, seg_text))
            return
        if seg[0].kind in ("BUILD", "DISBAND"):
            self.adj_verb = seg[0]
        elif self.adj_verb is not None and sub == len(seg) and self.position.phase.kind is PhaseKind.ADJUSTMENT:
            seg = [self.adj_verb, *seg]
        for subject in self.pending:  # "A Par & A Mar - Bur": each waiting unit gets the order
            order = self._order(subject + seg[sub:], self.notes)
            self.out.append(Piece(order, None, self.notes, " ".join(t.text for t in subject + seg[sub:])))
            self.notes = []
        self.pending = []
        order = self._order(seg, self.notes)
        followed_by_support = nxt is not None and nxt[0][0].kind == "SBY"
        self.supported = order if isinstance(order, (Move, Hold)) and followed_by_support else None
        self.out.append(Piece(order, None, self.notes, seg_text))

    def finish(self) -> list[Piece]:
        """The pieces read; units still waiting for an order are errors."""
        for subject in self.pending:
            self.out.append(Piece(None, InvalidOrder("a unit without an order"), [], " ".join(t.text for t in subject)))
        return self.out


def _support_of(order: Order, subject: list[Token], power: Power, variant: Variant, position: Position,
                names: Names, notes: list[str]) -> Order:
    """``F Eng-Mid, s by F Iri``: the support the named unit gives."""
    i = 1 if subject[0].kind == "POWER" else 0
    kind = subject[i].value if subject[i].kind == "UNIT" else None
    loc, _ = _expect_place(subject, i + (1 if kind is not None else 0), "the supporting unit's province")
    if kind is None:
        kind = _infer_kind(variant, position, power, loc, notes)
    notes.append(f"'supported by' read as {kind.value} {loc.province}'s support")
    if isinstance(order, Move):
        return SupportMove(power, kind, loc, order.location.province, order.destination.province, order.kind, order.destination.coast)
    assert isinstance(order, UnitOrder)
    return SupportHold(power, kind, loc, order.location.province, order.kind)


def _order_of(toks: list[Token], power: Power, variant: Variant, position: Position, names: Names,
              notes: list[str]) -> Order:
    """One order from its tokens."""
    stated: list[tuple[Power, int]] = []
    if any(t.kind == "POWER" for t in toks):
        kept: list[Token] = []
        for t in toks:
            if t.kind == "POWER":
                stated.append((t.value, len(kept)))
            else:
                kept.append(t)
        toks = kept
        if stated and stated[0][1] == 0 and stated[0][0] != power:
            raise InvalidOrder(f"an order for a {stated[0][0]} unit among {power}'s orders")
    if any(t.kind in ("SBY", "AND") for t in toks):
        raise InvalidOrder(f"unexpected {next(t.text for t in toks if t.kind in ('SBY', 'AND'))!r}")
    order = _order_from_tokens(toks, power, variant, position, notes)
    for who, at in stated:
        if at == 0:
            continue
        target = getattr(order, "target", None)
        owner = next((u.power for u in position.units if u.province == target), None)
        if owner is not None and owner != who:
            raise AmbiguousOrder(f"the unit in {target} is {owner}'s, not {who}'s")
    return order


def _resolve_prefixes(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> list[Token]:
    """``A LIV-PRU`` (Liverpool or Livonia), ``F London-North``: of the places a short word may
    name, the one where the power's unit stands, or the one the unit can reach."""
    board = variant.board
    out = list(toks)
    for k, t in enumerate(out):
        if t.kind != "PROVS":
            continue
        own = {u.province: u for u in position.units if u.power == power}
        if k <= 1 and all(x.kind == "UNIT" for x in out[:k]):
            fits = [p for p in t.value if p in own]
        elif k >= 2 and out[k - 1].kind == "MOVE" and any(x.kind == "CONVOY" for x in out[:k]):
            # "F PSA T A ARE - ROM" (Romagna or Rome): a convoyed army lands on a coast.
            fits = [p for p in t.value if board.provinces[p].terrain.value == "coast"]
        elif k >= 2 and out[k - 1].kind == "MOVE" and out[0].kind in ("UNIT", "PROV") and _subject_len(out) >= 1:
            src = next((x for x in out if x.kind == "PROV"), None)
            unit = own.get(src.value) if src is not None else None
            fits = [p for p in t.value if unit is not None and board.can_reach(unit.kind, unit.location, p)]
        else:
            fits = []
        if len(fits) != 1:
            raise AmbiguousOrder(f"{t.text!r} could be any of {', '.join(t.value)}")
        notes.append(f"{t.text!r} read as {board.provinces[fits[0]].name}")
        out[k] = Token("PROV", fits[0], t.text)
    return out


def _order_from_tokens(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> Order:
    """One order from its tokens (no power names, no separators): an adjustment order, or a unit
    (its place, and its kind when written) followed by what it does."""
    if any(t.kind == "PROVS" for t in toks):
        toks = _resolve_prefixes(toks, power, variant, position, notes)
    if not toks:
        raise InvalidOrder("empty order")
    adjustment = _adjustment_words(toks, power, variant, position, notes)
    if adjustment is not None:
        return adjustment
    i = 0
    kind = None
    if toks[0].kind == "UNIT":
        kind, i = toks[0].value, 1
    loc, i = _expect_place(toks, i, "the unit's province")
    if kind is None:
        kind = _infer_kind(variant, position, power, loc, notes, dislodged=position.phase.kind is PhaseKind.RETREAT)
    rest = toks[i:]
    if len(rest) == 2 and rest[0].kind in ("MOVE", "RETREAT") and rest[1].kind in ("HOLD", "DISBAND"):
        rest = rest[1:]  # "A BRE-H", "A MUN-hold", "A SIL retreat OTB"
    if not rest or (len(rest) == 1 and rest[0].kind == "HOLD"):
        return _hold_order(toks, not rest, power, kind, loc, position, notes)
    verb = rest[0].kind
    if verb in ("MOVE", "RETREAT"):
        return _move_order(rest, power, kind, loc, variant, position, notes)
    if verb == "DISBAND" and len(rest) == 1:
        return Disband(power, kind, loc)
    if verb == "SUPPORT":
        return _support_order(rest, power, kind, loc)
    if verb == "CONVOY":
        return _convoy_order(rest, power, kind, loc)
    raise InvalidOrder(f"expected an order word after the unit, found {rest[0].text!r}")


def _adjustment_words(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> Order | None:
    """``Waive``, ``Build A PAR``, ``Remove F KIE``, and outside a movement phase the verb
    written last (``A Silesia Retreat OTB``); None for any other order."""
    head = toks[0].kind
    if head == "WAIVE":
        if len(toks) > 1:
            raise InvalidOrder("'waive' takes nothing after it")
        return Waive(power)
    if head in ("BUILD", "DISBAND"):
        return _adjust(toks[1:], head, power, variant, position, notes)
    if toks[-1].kind in ("BUILD", "DISBAND") and position.phase.kind is not PhaseKind.MOVEMENT:
        head_toks = toks[:-1]
        if head_toks and head_toks[-1].kind in ("RETREAT", "MOVE"):  # "A Silesia Retreat OTB"
            head_toks = head_toks[:-1]
        return _adjust(head_toks, toks[-1].kind, power, variant, position, notes)
    return None


def _hold_order(toks: list[Token], bare: bool, power: Power, kind: UnitType, loc: Location, position: Position,
          notes: list[str]) -> Order:
    """A unit with no verb (``bare``) or ``hold``: a hold; in a retreat phase a bare unit says
    nothing, and in an adjustment phase ``A PAR`` where the power has no unit is a build."""
    phase = position.phase.kind
    if phase is PhaseKind.RETREAT and bare:
        raise InvalidOrder("a retreat order says where to (or 'disband')")
    if phase is PhaseKind.ADJUSTMENT and bare and toks[0].kind == "UNIT":
        if not any(u.power == power and u.province == loc.province for u in position.units):
            notes.append(f"'{toks[0].text} {toks[1].text}' in an adjustment phase read as a build")
            return Build(power, kind, loc)
    return Hold(power, kind, loc)


def _move_order(rest: list[Token], power: Power, kind: UnitType, loc: Location, variant: Variant, position: Position,
          notes: list[str]) -> Order:
    """A move or a retreat (``rest`` starts with its verb): its destination, or a convoy's path
    (``A LON - NTH - BEL``), whose last place is the destination."""
    places: list[Location] = []
    j = 1
    via = False
    while j < len(rest):
        if rest[j].kind == "VIA":
            via = True
            j += 1
            continue
        if rest[j].kind == "MOVE" and places:
            j += 1
            continue
        place, j = _expect_place(rest, j, "a destination")
        places.append(place)
    if not places:
        raise InvalidOrder("a move needs a destination")
    if len(places) > 1:
        # Through a land province it is no convoy path: two moves written as one, or a slip.
        land = [pl for pl in places[:-1] if not variant.board.provinces[pl.province].can_convoy]
        if land:
            raise AmbiguousOrder(f"{land[0]} is no sea: a convoy's path, or two moves run together?")
        via = True
        notes.append(f"read as a convoyed move to {places[-1]}")
    if position.phase.kind is PhaseKind.RETREAT or rest[0].kind == "RETREAT":
        if via:
            raise InvalidOrder("a retreat cannot go by convoy")
        return Retreat(power, kind, loc, places[-1])
    return Move(power, kind, loc, places[-1], via)


def _support_order(rest: list[Token], power: Power, kind: UnitType, loc: Location) -> Order:
    """A support (``rest`` starts with its verb): of a hold (``S A SEV``, ``S A SEV to hold``) or
    of a move (``S A SEV - RUM``)."""
    j = 1
    tkind = None
    if j < len(rest) and rest[j].kind == "UNIT":
        tkind, j = rest[j].value, j + 1
    target, j = _expect_place(rest, j, "the supported unit's province")
    if j + 1 < len(rest) and rest[j].kind == "MOVE" and rest[j + 1].kind == "HOLD":
        j += 1  # "supports A Sev to hold"
    if j < len(rest) and rest[j].kind == "HOLD":
        j += 1
    if j >= len(rest):
        return SupportHold(power, kind, loc, target.province, tkind)
    if rest[j].kind != "MOVE":
        raise InvalidOrder(f"expected '-' and a destination after the supported unit, found {rest[j].text!r}")
    dest, j = _expect_place(rest, j + 1, "the supported move's destination")
    if j < len(rest):
        raise InvalidOrder(f"unexpected {rest[j].text!r} at the end of the support")
    if dest.province == target.province and rest[0].text in _VERB_UNIT:
        # Electronic Protocol's "A NOR SF SWE-SWE" is its support in place; written any other
        # way a support of a move to where the unit stands is a support of nothing (DATC 6.A.5).
        return SupportHold(power, kind, loc, target.province, tkind)
    return SupportMove(power, kind, loc, target.province, dest.province, tkind, dest.coast)


def _convoy_order(rest: list[Token], power: Power, kind: UnitType, loc: Location) -> Order:
    """A convoy (``rest`` starts with its verb): the army's place and its destination."""
    j = 1
    ckind = None
    if j < len(rest) and rest[j].kind == "UNIT":
        ckind, j = rest[j].value, j + 1
    target, j = _expect_place(rest, j, "the convoyed army's province")
    if j < len(rest) and rest[j].kind == "MOVE":
        j += 1
    dest, j = _expect_place(rest, j, "the convoy's destination")
    if j < len(rest):
        raise InvalidOrder(f"unexpected {rest[j].text!r} at the end of the convoy")
    return Convoy(power, kind, loc, target.province, dest.province, ckind)


def _adjust(toks: list[Token], verb: str, power: Power, variant: Variant, position: Position, notes: list[str]) -> Order:
    kind = None
    i = 0
    if toks and toks[0].kind == "UNIT":
        kind, i = toks[0].value, 1
    loc, i = _expect_place(toks, i, "a province")
    if i < len(toks):
        raise InvalidOrder(f"unexpected {toks[i].text!r}")
    if verb == "DISBAND":
        if kind is None:
            kind = _infer_kind(variant, position, power, loc, notes, dislodged=position.phase.kind is PhaseKind.RETREAT)
        return Disband(power, kind, loc)
    if kind is None:
        board = variant.board
        if board.is_coastal(loc.province) and board.provinces[loc.province].terrain.value != "sea":
            if loc.coast:
                kind = UnitType.FLEET
            else:
                raise AmbiguousOrder(f"build an army or a fleet in {board.provinces[loc.province].name}?")
        else:
            kind = UnitType.ARMY
    return Build(power, kind, loc)


def is_prose(text: str, variant: Variant) -> bool:
    """A line of a forum post that is not an order: its first word is no unit, order word, place
    or power ("Here are my orders:", "Good luck all"). For ``judge check --canonical``."""
    names = names_of(variant)
    words = _BULLET.sub("", _MARKUP.sub(" ", text)).replace(":", " ").replace("(", " ").split()
    if not words:
        return True
    w = words[0].lower().strip(".,;!?*")
    if (w in _UNIT_WORDS or w in _WORD_KIND or w in names.provinces or w in names.powers
            or names.prefixed(w) or not w.isalpha()):
        return False
    try:
        names.power(w)  # "Germnay:" is a power, misspelt
        return False
    except AmbiguousOrder:
        return False
    except InvalidOrder:
        return True


def is_header_prose(line: str, variant: Variant) -> bool:
    """``Here are my orders:``: a line like a header, of prose (no power, no order)."""
    m = _HEADER.match(_MARKUP.sub("", line.split("#", 1)[0]))
    return m is not None and not m.group(2).strip() and is_prose(m.group(1), variant)


_HEADER = re.compile(r"^\s*([A-Za-z][\w .'-]*?)\s*:\s*(.*)$")


def parse_orders(text: str, variant: Variant, position: Position, filename: str = "<orders>",
                 default_power: Power | None = None) -> list[ParsedLine]:
    """Read an orders file: one order a line, ``Power: order`` or under a ``Power:`` header.

    ``#`` starts a comment. Every line with an order comes back, understood or with its error.
    """
    names = names_of(variant)
    out: list[ParsedLine] = []
    current = default_power
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{filename}:{no}"
        notes: list[str] = []
        body = line
        power = current
        m = _HEADER.match(line)
        if m is None and ("*" in line or "[" in line or "_" in line):
            m = _HEADER.match(_MARKUP.sub("", line))  # "**France:**", "[b]France:[/b]"
        if m:
            try:
                p, note = names.power(m.group(1))
            except JudgeError as exc:
                if not m.group(2):
                    exc.where = where
                    out.append(ParsedLine(no, line, None, error=exc, where=where))
                    current = None
                    continue
                p = None
                if current is None:
                    exc.where = where
                    out.append(ParsedLine(no, line, None, error=exc, where=where))
                    continue
            if p is not None:
                if note:
                    notes.append(note)
                if not m.group(2):
                    current = p
                    continue
                power, body = p, m.group(2)
        if power is None:
            first = normalise_name(body.split(None, 1)[0]) if body.split() else ""
            if first in names.powers:  # "English Fleet Edinburgh - North Sea", "Russia builds ..."
                power = names.powers[first]
            else:
                out.append(ParsedLine(no, line, None, error=InvalidOrder("which power's order? Write 'Power: order' or a 'Power:' header line", where), where=where))
                continue
        try:
            pieces = parse_line(body, power, variant, position, names, notes)
        except JudgeError as exc:
            exc.where = where
            out.append(ParsedLine(no, line, power, error=exc, notes=notes, where=where, body=body))
            continue
        if len(pieces) == 1 and pieces[0].error is None:
            out.append(ParsedLine(no, line, power, order=pieces[0].order, notes=notes, where=where, body=body))
            continue
        for piece in pieces:
            if piece.error is not None:
                piece.error.where = where
            out.append(ParsedLine(no, line, power, order=piece.order, error=piece.error, notes=piece.notes,
                                  where=where, body=piece.text if len(pieces) > 1 else body))
    return out


# -- positions ----------------------------------------------------------------------------------


def _located(text: str, filename: str) -> tuple[Any, dict[tuple, int]]:
    """Load YAML, remembering the line of every mapping key and list item (by path)."""
    try:
        node = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PositionError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", f"{filename}:{mark.line + 1}" if mark else filename) from None
    lines: dict[tuple, int] = {}
    loader = yaml.SafeLoader("")
    budget = [_MAX_YAML_NODES]

    def construct(n: Any) -> Any:
        try:
            return loader.construct_object(n, deep=True)
        except Exception as exc:  # noqa: BLE001 - the reader raises many kinds on odd tags (!!bool x: KeyError)
            why = getattr(exc, "problem", None) or str(exc) or type(exc).__name__
            raise PositionError(f"cannot read this value: {why}", f"{filename}:{n.start_mark.line + 1}") from None

    def walk(n: Any, path: tuple, inside: frozenset) -> Any:
        where = f"{filename}:{n.start_mark.line + 1}"
        budget[0] -= 1
        if budget[0] < 0:
            raise PositionError(f"too large: more than {_MAX_YAML_NODES} values (aliases expanding?)", where)
        if id(n) in inside:
            raise PositionError("a YAML alias that contains itself", where)
        lines.setdefault(path, n.start_mark.line + 1)
        if isinstance(n, yaml.MappingNode):
            inner = inside | {id(n)}
            out = {}
            for k, v in n.value:
                if not isinstance(k, yaml.ScalarNode):
                    raise PositionError("a key must be a plain name, not a list or a mapping", f"{filename}:{k.start_mark.line + 1}")
                key = construct(k)
                if isinstance(key, (list, dict, set)):  # pragma: no cover - scalars construct to scalars
                    raise PositionError("a key must be a plain name", f"{filename}:{k.start_mark.line + 1}")
                lines[path + (key,)] = k.start_mark.line + 1
                out[key] = walk(v, path + (key,), inner)
            return out
        if isinstance(n, yaml.SequenceNode):
            inner = inside | {id(n)}
            return [walk(v, path + (i,), inner) for i, v in enumerate(n.value)]
        return construct(n)

    if node is None:
        return None, lines
    return walk(node, (), frozenset()), lines


_MAX_YAML_NODES = 200_000
"""A position or settings file is small; more values than this is a mistake or an attack."""


_POSITION_KEYS = ("variant", "phase", "units", "supply_centers", "dislodged", "standoffs")


def parse_position(text: str, filename: str = "<position>", variant: Variant | None = None) -> tuple[Variant, Position]:
    """Read a position file (the schema of ``judge adjudicate``); PositionError with file and line.

    The variant's own keys are read into its typed state (``Position.state``, see
    :class:`judge.variants.description.VariantState`); other top-level keys are kept in
    ``Position.extra``.
    """
    data, lines = _located(text, filename)
    if not isinstance(data, dict):
        raise PositionError("a position file is a mapping with 'variant', 'phase' and 'units'", filename)
    at = _locator(filename, lines)
    variant = _position_variant(data, variant, at)
    if "phase" not in data:
        raise PositionError("missing 'phase' (e.g. 'Spring 1901 Movement')", filename)
    try:
        phase = parse_phase(data["phase"], variant.calendar)
    except JudgeError as exc:
        raise PositionError(exc.message, at("phase")) from None
    reader = _PositionReader(variant, at)
    units = reader.units(data)
    centres = reader.centres(data)
    dislodged = reader.dislodged(data)
    standoffs = reader.standoffs(data)
    if dislodged and phase.kind is not PhaseKind.RETREAT:
        raise PositionError("dislodged units are only for retreat phases", at("dislodged"))
    extra = {k: v for k, v in data.items() if k not in _POSITION_KEYS}
    state = _variant_state(variant, extra, at)
    return variant, Position(variant.name, phase, tuple(units), centres, tuple(dislodged), standoffs, extra, state)


def _locator(filename: str, lines: dict[tuple, int]) -> Callable[..., str]:
    """``at(*path)``: ``file:line`` of the value at ``path`` (or of the nearest enclosing one)."""

    def at(*path: Any) -> str:
        for k in range(len(path), -1, -1):
            if path[:k] in lines:
                return f"{filename}:{lines[path[:k]]}"
        return filename

    return at


def _position_variant(data: dict[str, Any], variant: Variant | None, at: Callable[..., str]) -> Variant:
    """The variant named (unless the caller gives it), under the rule options the file sets: a
    Gamesmaster's options (as in game.yaml's ``options:``) over the variant's. They stay in
    ``Position.extra``, so that the next position is played under them too."""
    from .variants import find_variant

    try:
        if variant is None:
            variant = find_variant(data.get("variant", "standard"))
    except JudgeError as exc:
        raise PositionError(exc.message, at("variant")) from None
    if data.get("options") is not None:
        if not isinstance(data["options"], dict):
            raise PositionError("'options' maps option names to values, like {money: false}", at("options"))
        try:
            variant = find_variant(variant.name, {**variant.rules.options, **data["options"]})
        except JudgeError as exc:
            bad = next((k for k in data["options"] if k not in variant.rules.options), None)
            raise PositionError(exc.message, at("options", bad) if bad is not None else at("options")) from None
    return variant


class _PositionReader:
    """The reading of a position file's parts (the units, the centres, the dislodged units, the
    standoffs) for ``variant``, each error located by ``at``."""

    def __init__(self, variant: Variant, at: Callable[..., str]) -> None:
        self.variant = variant
        self.board = variant.board
        self.names = names_of(variant)
        self.at = at

    def power_of(self, name: Any, *path: Any) -> Power:
        """A power of the variant, by its name in any case."""
        variant = self.variant
        if str(name) in variant.powers:
            return Power(str(name))
        for p in variant.powers:
            if p.lower() == str(name).lower():
                return p
        raise PositionError(f"{name!r} is not a power of {variant.name} (powers: {', '.join(variant.powers)})", self.at(*path))

    def province(self, name: Any, *path: Any) -> Location:
        """A place: a province by any of its names, and a coast it has."""
        text = str(name).strip()
        prov, _, coast = text.partition("/")
        pid = self.names.provinces.get(normalise_name(prov))
        if pid is None:
            raise PositionError(f"unknown province {text!r}", self.at(*path))
        c = coast.upper() or None
        if c and c not in self.board.provinces[pid].coasts:
            raise PositionError(f"{pid} has no coast {c!r}", self.at(*path))
        return Location(pid, c)

    def unit(self, text: Any, power: Power, *path: Any) -> Unit:
        """``A PAR``, ``F STP/SC``: a kind of unit the variant has, where it can stand (a fleet
        in a province of two coasts names one)."""
        board = self.board
        parts = str(text).split()
        if len(parts) != 2 or parts[0].upper() not in {k.value for k in self.variant.rules.unit_kinds()}:
            raise PositionError(f"unit {text!r} should read like 'A PAR' or 'F STP/SC'", self.at(*path))
        kind = UnitType(parts[0].upper())
        loc = self.province(parts[1], *path)
        if kind is UnitType.FLEET and not loc.coast and board.provinces[loc.province].coasts:
            raise PositionError(f"fleet {text!r}: name the coast ({', '.join(board.provinces[loc.province].coasts)})", self.at(*path))
        if not board.can_stand(kind, loc):
            raise PositionError(f"a {kind.noun} cannot stand in {board.provinces[loc.province].name}", self.at(*path))
        return Unit(power, kind, loc)

    def units(self, data: dict[str, Any]) -> list[Unit]:
        """``units:``, a list per power; one unit a province (a garrison beside it)."""
        units: list[Unit] = []
        seen: dict[ProvinceId, str] = {}
        raw_units = data.get("units") or {}
        if not isinstance(raw_units, dict):
            raise PositionError("'units' maps each power to a list of units", self.at("units"))
        for pname, lst in raw_units.items():
            p = self.power_of(pname, "units", pname)
            if lst is None:
                continue
            if not isinstance(lst, list):
                raise PositionError(f"the units of {p} should be a list like [A PAR, F BRE]", self.at("units", pname))
            for k, t in enumerate(lst):
                u = self.unit(t, p, "units", pname, k)
                key = u.province if u.kind is not UnitType.GARRISON else ProvinceId(u.province + "#G")
                if key in seen:
                    raise PositionError(f"two units in {u.province}: {seen[key]} and {p} {u}", self.at("units", pname, k))
                seen[key] = f"{p} {u}"
                units.append(u)
        return units

    def centres(self, data: dict[str, Any]) -> dict[ProvinceId, Power]:
        """``supply_centers:``, a list per owner, each centre owned once; the variant's start
        when the key is absent."""
        sc = data.get("supply_centers")
        if "supply_centers" not in data or sc is None:
            return dict(self.variant.start.supply_centers)
        if not isinstance(sc, dict):
            raise PositionError("'supply_centers' maps each owner to a list of centres", self.at("supply_centers"))
        centres: dict[ProvinceId, Power] = {}
        for pname, lst in sc.items():
            p = self.power_of(pname, "supply_centers", pname)
            if lst is not None and not isinstance(lst, list):
                raise PositionError(f"the centres of {p} should be a list like [PAR, BRE]", self.at("supply_centers", pname))
            for k, c in enumerate(lst or []):
                loc = self.province(c, "supply_centers", pname, k)
                if not self.board.provinces[loc.province].is_supply_center:
                    raise PositionError(f"{loc.province} is not a supply centre", self.at("supply_centers", pname, k))
                if loc.province in centres:
                    raise PositionError(f"{loc.province} is owned twice ({centres[loc.province]} and {p})",
                                        self.at("supply_centers", pname, k))
                centres[loc.province] = p
        return centres

    def dislodged(self, data: dict[str, Any]) -> list[Dislodged]:
        """``dislodged:``, per power ``{unit: province the attack came from}`` (nothing, or
        ``convoy``, for an attack by convoy)."""
        dislodged: list[Dislodged] = []
        raw_d = data.get("dislodged") or {}
        if not isinstance(raw_d, dict):
            raise PositionError("'dislodged' maps each power to {unit: province the attack came from}", self.at("dislodged"))
        for pname, mapping in raw_d.items():
            p = self.power_of(pname, "dislodged", pname)
            if not isinstance(mapping, dict):
                raise PositionError(f"dislodged units of {p} should read like {{F TRI: TYR}}", self.at("dislodged", pname))
            for t, frm in mapping.items():
                u = self.unit(t, p, "dislodged", pname, t)
                origin = None if frm in (None, "", "convoy") else self.province(frm, "dislodged", pname, t).province
                dislodged.append(Dislodged(u, origin))
        return dislodged

    def standoffs(self, data: dict[str, Any]) -> frozenset[ProvinceId]:
        """``standoffs:``, the provinces left vacant by a standoff."""
        raw_s = data.get("standoffs") or []
        if not isinstance(raw_s, list):
            raise PositionError("'standoffs' is a list of provinces, like [ALB, BUR]", self.at("standoffs"))
        return frozenset(self.province(s, "standoffs", k).province for k, s in enumerate(raw_s))


def _variant_state(variant: Variant, extra: dict[str, Any], at: Any) -> Any:
    """The variant's typed state, read (and checked, once) from its keys of the position file,
    which leave ``extra``; None for a variant without a typed state."""
    from .variants import describe
    from .variants.description import StateError

    description = describe(variant.name)
    kind = description.state if description is not None else None
    if kind is None:
        return None
    own = {k: extra.pop(k) for k in kind.KEYS if k in extra}
    try:
        return kind.from_data(own, variant)
    except StateError as exc:
        raise PositionError(exc.message, at(*exc.path)) from None


def position_to_data(position: Position) -> dict[str, Any]:
    """The position in the file schema, as plain data (for YAML and JSON)."""
    units: dict[str, list[str]] = {}
    for u in position.units:
        units.setdefault(u.power, []).append(str(u))
    centres: dict[str, list[str]] = {}
    for prov, owner in position.supply_centers.items():
        centres.setdefault(owner, []).append(prov)
    data: dict[str, Any] = {
        "variant": position.variant,
        "phase": str(position.phase),
        "units": {p: units[p] for p in sorted(units)},
        "supply_centers": {p: sorted(centres[p]) for p in sorted(centres)},
    }
    if position.dislodged:
        dis: dict[str, dict[str, Any]] = {}
        for d in position.dislodged:
            dis.setdefault(d.unit.power, {})[str(d.unit)] = d.attacker_from
        data["dislodged"] = {p: dis[p] for p in sorted(dis)}
    if position.standoffs:
        data["standoffs"] = sorted(position.standoffs)
    own = position.state.to_data() if position.state is not None else {}
    for k in sorted({**position.extra, **own}):
        data[k] = own[k] if k in own else position.extra[k]
    return data


class _Dumper(yaml.SafeDumper):
    pass


def _flow_lists(dumper: yaml.SafeDumper, data: list) -> Any:
    flow = all(isinstance(x, (str, int, float)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _flow_lists)


def format_position(position: Position) -> str:
    """The position file's text: deterministic, the schema ``parse_position`` reads."""
    return yaml.dump(position_to_data(position), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def to_json(data: Any) -> str:
    """Deterministic JSON."""
    return json.dumps(data, indent=2, ensure_ascii=False)
