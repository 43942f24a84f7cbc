"""A game's Atom feed (RFC 4287): one entry per played phase, newest first, so players follow a
game in any feed reader without watching the repository."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

ATOM = "http://www.w3.org/2005/Atom"

__all__ = ["atom_feed"]


def atom_feed(*, title: str, slug: str, base_url: str, game_href: str, phases: Sequence[Mapping[str, Any]],
              generator: str = "judge") -> bytes:
    """The feed's bytes. ``phases``: the played phases' summaries (``title``, ``folder``,
    ``summary``, ``adjudicated`` as ISO 8601), oldest first. ``base_url``: the site's address
    (links are absolute when it is known, relative to the feed otherwise)."""
    ET.register_namespace("", ATOM)

    def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        node = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            node.text = text
        return node

    base = base_url.rstrip("/") + "/" if base_url else ""
    played = [p for p in phases if p.get("adjudicated")]
    feed = ET.Element(f"{{{ATOM}}}feed")
    el(feed, "title", title)
    el(feed, "id", f"{base}{game_href}" if base else f"urn:judge:game:{slug}")
    el(feed, "link", href=f"{base}{game_href}" if base else "index.html")
    el(feed, "updated", str(played[-1]["adjudicated"]) if played else "1970-01-01T00:00:00Z")
    el(feed, "generator", generator)
    author = el(feed, "author")
    el(author, "name", "The Gamesmaster")
    for p in reversed(played):
        entry = el(feed, "entry")
        href = f"{p['folder']}.html"
        el(entry, "title", str(p["title"]))
        el(entry, "id", f"{base}games/{slug}/{href}" if base else
           "urn:judge:" + hashlib.sha256(f"{slug}/{p['folder']}".encode()).hexdigest()[:32])
        el(entry, "link", href=f"{base}games/{slug}/{href}" if base else href)
        el(entry, "updated", str(p["adjudicated"]))
        el(entry, "summary", str(p.get("summary") or p["title"]))
    ET.indent(feed)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="utf-8") + b"\n"
