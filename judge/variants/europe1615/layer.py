"""Europe 1615's map layer: what its map shows beyond the standard game's (the renderer asks the
variant's description for it, see :class:`judge.mapkit.Layer`)."""

from __future__ import annotations

from typing import Any, Mapping

from ... import mapkit as kit
from ...core.types import Location, Power, ProvinceId
from ...mapkit import Layer


class Europe1615Layer(Layer):
    """Europe 1615 (:mod:`judge.variants.europe1615.state`, from the typed state): the powers'
    domains in a light tint of their colour, income provinces by ``control``; each minor state hatched in the colour of the
    power it is aligned to, or cross-hatched grey when neutral (from ``infs``); a state held by
    another (``state_status`` ``controlled``: its INFs are suspended) edged in its holder's colour
    and not hatched; every marker of ``markers`` as a badge: the confessional ones (C or P) at a
    state's capital, and after a capture white, red (in revolt) or black."""

    CONFESSION = {"catholic": ("#7b2d8e", "C"), "protestant": ("#1d1d1d", "P")}
    CAPTURE = {"white": ("#ffffff", "#1d1d1d"), "red": ("#d7191c", "#ffffff"), "black": ("#111111", "#ffffff")}
    """Capture marker -> (fill, letter colour)."""
    UNIT_SCALE = 0.72  # the German minor states are small: keep their labels readable

    def __init__(self, r: kit.Canvas) -> None:
        from . import state as E

        self.E = E
        self.states = {str(k): dict(v or {}) for k, v in (r.variant.data.get("states") or {}).items()}
        seceded = set(E.current(r.position).seceded or ())
        # BOH and GUY are states only once they have seceded under their optional sanctions.
        self.states = {k: v for k, v in self.states.items() if not v.get("secedes_from") or k in seceded}

    def fills(self, r, fills):
        out = dict(fills)
        light = min(0.85, float(r.st["territory_tint"]) + 0.22)
        control = self.E.current(r.position).control or {}
        for pid, prov in r.variant.board.provinces.items():
            if pid in r.position.supply_centers:
                continue
            who = control.get(pid) or prov.flags.get("domain") or prov.flags.get("state")
            if who and Power(who) in r.variant.powers:
                out[pid] = kit.mix(r.colour(who), "#ffffff", light)
        return out

    def _holder(self, r: kit.Canvas, info: Mapping[str, Any]) -> str | None:
        """Who holds a controlled state: its capital's owner, or its province's controller."""
        cap = info.get("capital")
        if cap:
            return r.position.supply_centers.get(ProvinceId(str(cap)))
        control = self.E.current(r.position).control or {}
        return next((control[p] for p in info.get("provinces") or () if control.get(p)), None)

    def under_units(self, r):
        g = kit.after_provinces(r, "alignments")
        for sid, info in sorted(self.states.items()):
            status = self.E.state_status(r.variant, r.position, sid)
            if status == "unaligned":
                continue
            if status == "controlled":
                # Its INFs are suspended (seed, "Securing control"): no alignment to show; the
                # holder's colour fills its centre, and edges it here.
                holder = self._holder(r, info)
                fill, edge, cls = "none", r.colour(holder) if holder else "#5a5a5a", "state controlled"
                title = f"{info.get('name', sid)}: held by {holder} (INFs suspended)"
            elif status == "neutral":
                fill, edge, cls = kit.hatch(r, "hatch-neutral", "#777777", cross=True), "#5a5a5a", "state neutral"
                title = f"{info.get('name', sid)}: neutral"
            else:
                colour = r.colour(status)
                fill, edge, cls = kit.hatch(r, f"hatch-{kit.ident(status)}", colour), colour, "state aligned"
                title = f"{info.get('name', sid)}: {status}"
            sg = kit.sub_el(g, "g", {"id": f"state-{sid}", "class": cls})
            kit.sub_el(sg, "title", text=title)
            for pid in info.get("provinces") or ():
                el = r.by_id.get(f"p-{pid}")
                if el is None or not el.get("d"):
                    continue
                kit.sub_el(sg, "path", {"id": f"state-{sid}-{pid}", "d": el.get("d"), "style": kit.css(
                    fill=fill, stroke=edge, stroke_width=max(r.s * 0.16, 1.5), stroke_linejoin="round",
                    stroke_dasharray=f"{kit.n(r.s * 0.4)} {kit.n(r.s * 0.2)}" if status == "controlled" else None)})

    def over_units(self, r):
        g = kit.sub_el(r.root, "g", {"id": "confessional-markers"})
        capitals = {}
        for sid, info in self.states.items():
            provinces = list(info.get("provinces") or ())
            if provinces:
                capitals.setdefault(str(info.get("capital") or provinces[0]), sid)
        for where, marker in self.E.markers(r.variant, r.position).items():
            if f"u-{where}" not in r.base.anchors:
                continue
            x, y = r.anchor(Location(ProvinceId(where)))
            at, radius = (x - r.s * 1.25, y - r.s * 0.9), r.s * 0.42
            if marker in self.CONFESSION:
                fill, letter = self.CONFESSION[marker]
                bid = f"marker-{capitals.get(where, where)}"
                kit.badge(g, at, radius, fill, letter, bid=bid, cls=f"confession {marker}", font_family=r.st["font_family"])
            elif marker in self.CAPTURE:
                fill, text = self.CAPTURE[marker]
                bid = f"capture-marker-{where}"
                kit.badge(g, at, radius, fill, marker[0].upper(), bid=bid, cls=f"capture {marker}",
                       font_family=r.st["font_family"], text_colour=text)
                ring = next(el for el in g if el.get("id") == bid)[0]
                # A dark rim, so that a white marker shows on a light province.
                ring.set("style", kit.css(fill=fill, stroke="#1d1d1d", stroke_width=radius * 0.22))
                what = {"white": "captured by its own confession", "red": "in revolt",
                        "black": "revolt over (or taken without revolt)"}[marker]
                kit.sub_el(next(el for el in g if el.get("id") == bid), "title", text=f"{where}: {marker} marker, {what}")

    def notes(self, r):
        return ["Light tint: a domain. Hatched: a state aligned to that colour; grey cross-hatched: neutral; "
                "plain grey: unaligned; dashed edge: held (INFs suspended).",
                "Badge: a state's marker, C Catholic, P Protestant; after a capture W white (same confession), "
                "R red (in revolt), B black (revolt over)."]
