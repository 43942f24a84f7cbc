"""Maharajah's map layer: what its map shows beyond the standard game's (the renderer asks the
variant's description for it, see :class:`judge.mapkit.Layer`)."""

from __future__ import annotations

from ... import mapkit as kit
from ...mapkit import Layer


class MaharajahLayer(Layer):
    """Maharajah: the navigable rivers of the base map drawn bold, so that river borders and
    river fleets can be read."""

    def under_units(self, r):
        width = max(r.s * 0.22, 2.5)
        for el in r.root.iter("path"):
            if el.get("class") == "river":
                el.set("style", kit.css(fill="none", stroke="#2a6db0", stroke_width=width, stroke_linecap="round",
                                     stroke_linejoin="round", stroke_opacity="0.9"))

    CALLOUT = {"source": (930.0, 465.0, 300.0, 120.0), "at": (995.0, 8.0), "scale": 2.0,
               "title": "Hooghly mouth (BNR, SBA, BEN)"}
    """The magnified callout of the Hooghly mouth, where the river borders of Benares, Sambalpur
    and Bengal (clarification 5) are too close to read: the source box in map units (x, y, width,
    height), where the magnified copy goes (top left, over the impassable Himalaya, clear of every anchor
    and label) and its scale."""

    def over_units(self, r):
        """The callout: the base map's provinces (with their owners' fills), borders, rivers and
        labels, shown again by reference (``use``, no element copied) through a clip, magnified."""
        c = self.CALLOUT
        sx, sy, sw, sh = c["source"]
        ax, ay = c["at"]
        k = float(c["scale"])
        present = {el.get("id") for el in r.root if el.tag == "g"}
        layers = [lid for lid in ("provinces", "borders", "rivers", "labels") if lid in present]
        if not layers:
            return
        clip = kit.sub_el(kit.defs(r), "clipPath", {"id": "hooghly-clip"})
        kit.sub_el(clip, "rect", {"x": kit.n(sx), "y": kit.n(sy), "width": kit.n(sw), "height": kit.n(sh)})
        g = kit.sub_el(r.root, "g", {"id": "callout-hooghly", "class": "callout"})
        kit.sub_el(g, "title", text=f"{c['title']}, magnified {k:g} times")
        outline = r.st["outline"]
        line = kit.css(fill="none", stroke=outline, stroke_width=max(r.s * 0.08, 1.0), stroke_dasharray=f"{kit.n(r.s * 0.3)} {kit.n(r.s * 0.2)}")
        kit.sub_el(g, "rect", {"id": "callout-hooghly-source", "x": kit.n(sx), "y": kit.n(sy), "width": kit.n(sw), "height": kit.n(sh), "style": line})
        kit.sub_el(g, "path", {"d": kit.path([(sx + sw / 2, sy), (ax + sw * k / 2, ay + sh * k)], closed=False), "style": line})
        kit.sub_el(g, "rect", {"x": kit.n(ax), "y": kit.n(ay), "width": kit.n(sw * k), "height": kit.n(sh * k),
                            "style": kit.css(fill="#ffffff", stroke="none")})
        view = kit.sub_el(g, "g", {"id": "callout-hooghly-view", "clip-path": "url(#hooghly-clip)",
                                "transform": f"translate({kit.n(ax - sx * k)} {kit.n(ay - sy * k)}) scale({k:g})"})
        for lid in layers:
            kit.sub_el(view, "use", {"href": f"#{lid}"})
        kit.sub_el(g, "rect", {"x": kit.n(ax), "y": kit.n(ay), "width": kit.n(sw * k), "height": kit.n(sh * k),
                            "style": kit.css(fill="none", stroke=outline, stroke_width=max(r.s * 0.12, 1.5))})
        font = max(r.s * 0.6, 9.0)
        kit.sub_el(g, "text", {"x": kit.n(ax + font * 0.4), "y": kit.n(ay + sh * k - font * 0.5), "style":
                            f"font-family:{r.st['font_family']};font-weight:bold;text-anchor:start;font-size:{kit.n(font)}px;"
                            f"fill:{r.st['text']}"},
                f"{c['title']} ×{k:g}")

    def notes(self, r):
        return ["Blue lines: the navigable rivers (fleets move along them; river borders carry river convoys). "
                "Inset: the Hooghly mouth, magnified."]
