"""The words of an order line: what players write, made into tokens.

A line is first made plain (markup, bullets, remarks in brackets, postal notation and arrows
away; coasts written ``/NC``), then read word by word into :class:`Token` values: units, places
(names of several words, ids, aliases, the start of a name, a name misspelt with one close
match), coasts and order words. :class:`Names` is a variant's index of province and power names
that the reading uses; :func:`names_of` builds it once per variant. Which order the tokens make
is :mod:`judge.notation.orders`' job.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core.errors import AmbiguousOrder, InvalidOrder
from ..core.types import Power, ProvinceId, UnitType
from ..core.variant import Variant
from ..reading import normalise_name

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
_FILLER = {"the", "of", "sea", "ocean", "unit", "my", "in", "at", "only"}
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

    def abbreviated_power(self, word: str) -> Power | None:
        """The one power whose name or adjective begins with ``word`` (3 letters or more, and
        the start of no province's name: ``Ger``, ``Turk``, ``Rus``), else None."""
        if len(word) < 3 or not word.isalpha() or self.prefixed(word):
            return None
        found = {p for n, p in self.powers.items() if n.startswith(word)}
        return found.pop() if len(found) == 1 else None

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
_ENTITY = re.compile(r"&?\b(gt|lt|amp);", re.I)
"""An HTML entity, or what a web page left of one (``F stp/sc - gt; bot``: an arrow, its ``&``
lost in copying a judge's results)."""
_ENTITY_CHARS = {"gt": ">", "lt": "<", "amp": "&"}
_COAST_SLASH = re.compile(r"\s*[/(]\s*(north|south|east|west|nc|sc|ec|wc|n|s|e|w)(?:\s*coast)?\s*\)?", re.I)
_COAST_PAREN_WORDS = re.compile(r"\(\s*(north|south|east|west)\s+coast\s*\)", re.I)
_COAST_WORDS_RE = re.compile(r"\b(north|south|east|west)\s+coast\b", re.I)
_ODD = re.compile(r"[()<>*\[\]_?!&`\"]|^\s*(?:\d+[.)]|[-•])\s")
"""Characters that call for :func:`_clean` (markup, remarks, quotes, postal notation, bullets)."""
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
    # A failed order in square brackets ("[A STP - NWY] Dislodged", a Gamesmaster's results) and
    # words in quotes ('NAP moves to GRE "via convoy"') are read as if bare.
    t = t.replace("[", " ").replace("]", " ").replace('"', " ").replace("\u201c", " ").replace("\u201d", " ")

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


def tokenise(text: str, names: Names, notes: list[str]) -> list[Token]:
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
    """The words of an order line, lower case: HTML entities decoded, markup and remarks gone
    (:func:`_clean`), arrows as ``-``, coasts as ``/NC``, hyphens in names (``Holy-Roman``) kept apart from moves,
    punctuation as separators. A ``/`` before anything but a coast offers two places."""
    t = text
    if ";" in t and _ENTITY.search(t):
        t = _ENTITY.sub(lambda m: _ENTITY_CHARS[m.group(1).lower()], t)
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
    elif _known_word(words, i, names, out, notes):
        pass
    elif w in _REMARK_WORDS and out and out[-1].kind in ("PROV", "COAST", "HOLD"):
        notes.append(f"remark {' '.join(words[i:])!r} ignored")
        return len(words)
    elif w == "convoyed" and out and i + 1 < len(words) and words[i + 1] in _KEYWORDS["VIA"]:
        # "A Lon - Bel convoyed via F North Sea": the named fleet convoys the move before it.
        out.append(Token("CBY", None, f"{w} {words[i + 1]}"))
        return i + 2
    elif w == "or" and out and i + 1 < len(words):
        # "BUD - RUM or BUD S RUM", "TUN - ION or WES": the player offers two orders; a careful
        # Gamesmaster follows neither (seed 003 section 4, an order with two meanings).
        raise AmbiguousOrder(f"two orders to choose from: {' '.join(words[:i])!r} or {' '.join(words[i + 1:])!r}")
    elif not _coast_run_in(w, names, out, notes):
        return i + _unknown_word(words, i, names, out, notes)
    return i + 1


def _known_word(words: list[str], i: int, names: Names, out: list[Token], notes: list[str]) -> bool:
    """Read the word at ``i`` into ``out`` if it is a word of the vocabulary: a unit, an order
    word, a support or convoy in postal shorthand (``SA``), ``and``, a power (or its name cut
    short before a unit), ``from`` (a destination written before the place left), or a filler
    word read past. False (``out`` untouched) for any other word."""
    w = words[i]
    if w in _UNIT_WORDS and (not out or out[-1].kind != "UNIT"):
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
    elif w == "from" and out:
        # "support TO Bul from Rum", "convoys army to GRE from NAP": the destination first.
        out.append(Token("FROM", None, w))
    elif i + 1 < len(words) and words[i + 1] in _UNIT_WORDS and (power := names.abbreviated_power(w)):
        # "S Ger F Nth", "C Turk. A. Alb. to Smyrna": a power's name cut short before a unit.
        notes.append(f"{w!r} read as {power}")
        out.append(Token("POWER", power, w))
    else:
        return False
    return True


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
    """``Spasc``, ``StPnc``: a coast run into the name; ``EBUL`` (an Electronic Protocol
    Gamesmaster's east coast of Bulgaria): its first letter before a place's id. The place and
    its coast are added to ``out``."""
    if len(w) >= 5 and w[-2:] in ("nc", "sc", "ec", "wc"):
        name, coast = w[:-2], w[-2:].upper()
    elif len(w) == 4 and w[0] in "nsew":
        name, coast = w[1:], f"{w[0]}c".upper()
    else:
        return False
    pid = names.provinces.get(name)
    if pid is None or coast not in names.variant.board.provinces[pid].coasts:
        return False
    notes.append(f"{w!r} read as {pid}/{coast}")
    out.append(Token("PROV", pid, name))
    out.append(Token("COAST", coast, w))
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
