"""The site's search index, page by page: what an incremental build keeps of it between runs.

The search plugin (MkDocs' or Material's) writes the index of the pages it indexed as one line of
compact JSON, ``{"config": ..., "docs": [entry, ...]}``, each page's entries together, in the
order of the pages. A dirty build indexes only the pages it renders; the ``judge`` plugin
(:mod:`judge.site.mkdocs_plugin`) then gives every other page the entries it had before, so that
the index is a whole build's.

Reading and writing a whole index as data costs most of such a build at a hundred games (some
40 MB of JSON). So the build keeps its own *record* of the index (:func:`record_pieces`): each
page's entries as JSON text, exactly as the encoder writes them (:func:`page_texts`). Python's
compact encoder writes an object as its members' texts joined, so the whole index is those texts
put together (:func:`index_pieces`): nothing has to be parsed or encoded again but the entries of
the pages rendered, and no text the search plugin wrote is cut or pasted (the texts are the
judge's own encoding of the entries). The record is kept with the build's stamp
(:mod:`judge.site.build`), which says which index it stands for.

The texts are bytes (the encoder escapes every character outside ASCII), and a text read from a
record is a view of the record read (:func:`parse_record`): a page kept costs no copy.

>>> texts = page_texts([{"location": "a.html", "title": "A"}, {"location": "a.html#x", "title": "X"},
...                     {"location": "b.html", "title": "\u00c9"}])
>>> texts["a.html"]
b'{"location":"a.html","title":"A"},{"location":"a.html#x","title":"X"}'
>>> index = {"config": {"lang": ["en"]}, "docs": []}
>>> b"".join(index_pieces(index, texts.values())).decode() == dumps({"config": {"lang": ["en"]}, "docs": [
...     {"location": "a.html", "title": "A"}, {"location": "a.html#x", "title": "X"},
...     {"location": "b.html", "title": "\u00c9"}]})
True
>>> {page: bytes(text) for page, text in parse_record(b"".join(record_pieces(texts))).items()} == texts
True
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Union

__all__ = ["Text", "dumps", "page_of", "page_texts", "index_pieces", "record_pieces", "parse_record",
           "parse_index", "read_index"]

Text = Union[bytes, memoryview]
"""A page's search entries as JSON text, ASCII (a view of a record read, or bytes)."""

_DECODER = json.JSONDecoder()
_NAME = 512
"""Bytes of a record's line decoded to find its page's name (the whole line if the name is longer)."""


def dumps(value: Any) -> str:
    """JSON as the search plugin writes its index: compact, ASCII, anything else as its string."""
    return json.dumps(value, separators=(",", ":"), default=str)


def page_of(entry: Any) -> str:
    """The page a search entry is of: its location without the anchor ('' for no location)."""
    return str(entry.get("location", "")).split("#")[0] if isinstance(entry, dict) else ""


def page_texts(entries: Iterable[Any]) -> dict[str, bytes]:
    """Each page's entries as JSON text (:func:`dumps` of each, joined by commas), by page, the
    pages in the order of their first entry. Whatever is no entry (not an object) is left out."""
    out: dict[str, list[str]] = {}
    for entry in entries:
        if isinstance(entry, dict):
            out.setdefault(page_of(entry), []).append(dumps(entry))
    return {page: ",".join(texts).encode("ascii") for page, texts in out.items()}


def index_pieces(index: Mapping[str, Any], texts: Iterable[Text]) -> list[Text]:
    """The text of the index ``index`` with the entries ``texts`` (each page's, in order; empty
    for a page without entries) for its ``docs``, in pieces to write one after the other: the same
    text as :func:`dumps` of the index with those entries, its members in the index's own order."""
    pieces: list[Text] = []
    for key, value in index.items():
        pieces.append(("{" if not pieces else ",").encode() + dumps(str(key)).encode() + b":")
        if key != "docs":
            pieces.append(dumps(value).encode("ascii"))
            continue
        pieces.append(b"[")
        for n, text in enumerate(text for text in texts if text):
            pieces += [b",", text] if n else [text]
        pieces.append(b"]")
    return pieces + [b"}" if pieces else b"{}"]


def record_pieces(texts: Mapping[str, Text]) -> list[Text]:
    """The record of an index's entries (``texts``: each page's, by the name the caller gives the
    page, its source path for the ``judge`` plugin), in pieces to write one after the other: one
    line per page, a JSON array of its name and then its entries (``["games/g/index.md",{...}]``).
    The encoder escapes every line break inside a string, so a line is a page."""
    pieces: list[Text] = []
    for page, text in texts.items():
        pieces += [b"[", dumps(page).encode("ascii"), b"," if text else b"", text, b"]\n"]
    return pieces


def parse_record(data: bytes, start: int = 0) -> dict[str, memoryview]:
    """The pages' entries of a record (:func:`record_pieces`) that begins at ``start`` in
    ``data``, by page, as views of ``data``: only the page's name on each line is decoded. Raises
    ValueError when a line is not one of a record."""
    out: dict[str, memoryview] = {}
    view = memoryview(data)
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        page, after = _name(data, start, end)
        if data[end - 1:end] != b"]" or data[after:after + 1] not in (b",", b"]") or after >= end:
            raise ValueError(f"not a line of a search record: {data[start:start + 60]!r}")
        out[page] = view[after + 1:end - 1] if after + 1 < end else view[0:0]
        start = end + 1
    return out


def _name(data: bytes, start: int, end: int) -> tuple[str, int]:
    """The page's name that opens the record's line ``data[start:end]``, and where it ends."""
    if data[start:start + 2] != b'["':
        raise ValueError(f"not a line of a search record: {data[start:start + 60]!r}")
    for stop in (min(end, start + _NAME), end):
        try:
            page, length = _DECODER.raw_decode(data[start:stop].decode("ascii"), 1)
        except ValueError:  # the name runs past the bytes decoded, or is not JSON at all
            continue
        if isinstance(page, str):
            return page, start + length
    raise ValueError(f"not a line of a search record: {data[start:start + 60]!r}")


def parse_index(text: str | bytes) -> dict[str, Any] | None:
    """A search index's text as data; None when it is not the JSON of an object."""
    try:
        index = json.loads(text)
    except ValueError:
        return None
    return index if isinstance(index, dict) else None


def read_index(path: Any) -> dict[str, Any] | None:
    """The search index at ``path`` as data; None when there is none or it cannot be read."""
    try:
        with open(path, "rb") as fh:
            return parse_index(fh.read())
    except OSError:
        return None
