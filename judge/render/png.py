"""The PNG of a map: :func:`to_png`, the only place cairosvg is used.

cairosvg reads every number of every path in Python, and most of a map's numbers are the base
map's: the provinces' outlines and the borders, the same in every map of a variant. So a map is
drawn in layers, put together with cairo (its public API, as cairocffi gives it):

- a *kept* layer is one of the base map's heavy groups (:data:`BASE_GROUPS`, with :data:`HEAVY`
  characters of path data or more, no ``use`` or image in it): its provinces, neutral areas and
  borders (with the renderer's background under them). It is drawn once, alone, on a transparent
  image of the map's size, and kept: for the rest of the process, and on this machine's disk
  (:func:`cache_dir`, at most :data:`KEPT_FILES` layers) for the next processes. The elements of
  such a group that carry a ``style`` of their own (a centre's province tinted by its owner) are drawn in the
  kept layer as their class draws them, and again, with their style, in a layer just over it
  (their *tints*, kept too: they change only when a centre changes hands), so that the kept layer
  is the same whoever owns what. A group that a variant's layer draws the same in every map
  (:func:`judge.mapkit.same_in_every_map`: Machiavelli's city values) is kept the same way;
- a group that shows other groups again by ``use`` (Maharajah's magnified callout) is a layer of
  its own, with a copy of what it shows in its definitions, kept in memory for the rest of the
  process;
- the base map's light groups (its rivers and labels, which move out of the units' way: one
  position's, so not worth a file) are kept in memory too, as they are;
- a *drawn* layer is everything else (the renderer's own groups: centres, units, orders, title
  and legend), drawn by cairosvg for each map.

Every layer has the map's style sheets and definitions (a kept one only the rules that may apply
to it).

A layer is put over the ones below it as cairo puts one drawing over another (the ``over``
operator), so the pixels are those of the whole map drawn at once, but where a semi-transparent
edge falls on another's, whose rounding may differ by a level or two (a test draws every
variant's map both ways). A kept layer is named by a digest of what it is drawn from (the group,
the rules of the map's style sheets that may apply to it, the map's size, the width): a new base
map or style never meets a stale image, and the other maps of a variant meet the same one.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import os
import struct
import sys
import tempfile
import zlib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from ..mapkit import SAME_IN_EVERY_MAP
from .basemap import HEADER_TAGS, _strip_namespace

__all__ = ["to_png", "cache_dir", "BASE_GROUPS", "HEAVY", "KEPT_FILES"]

BASE_GROUPS = ("provinces", "neutral", "borders", "rivers", "labels")
"""The base map's groups (``tools/mapc/svgout.py`` names them): the provinces' fills, the neutral
areas, the borders, the rivers and the labels. The heavy ones are kept; the others remembered."""
HEAVY = 2000
"""Such a group with this many characters of path data (or more) is drawn once and kept."""
_MAGIC = b"judge-argb32-1\n"
"""The first bytes of a kept layer's file (then its width, height and stride, then its pixels,
compressed)."""
KEPT_FILES = 48
"""How many kept layers this machine's cache holds at most (the newest)."""


def cache_dir() -> Path:
    """Where the kept layers are written: ``$JUDGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/judge``,
    else ``~/.cache/judge``."""
    if os.environ.get("JUDGE_CACHE_DIR"):
        return Path(os.environ["JUDGE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"


def to_png(svg: str, *, width: int = 1600, palette: bool = True) -> bytes:
    """The SVG as a PNG ``width`` pixels wide (the height follows the map's proportions), on white.

    With ``palette`` (the default) the image is stored with a palette of 256 colours, chosen for
    it (Pillow's fast octree, no dithering): a map is flat colours, lines and text, and the palette
    image looks the same at a quarter of the bytes (1600 px: about 160 KB instead of 620 KB), which
    is what a league's repository and its published site grow by each phase. The drawing is taken
    from cairo's memory as it is, not written as a PNG and read back. Without ``palette``, the
    full-colour PNG as cairo writes it.

    The map is drawn in layers, the base map's heavy groups kept from one map to the next (see
    the module's description).
    """
    surface = _draw(svg, width)
    if not palette:
        out = BytesIO()
        surface.write_to_png(out)
        return out.getvalue()
    from PIL import Image

    size = (surface.get_width(), surface.get_height())
    # cairo's ARGB32 is premultiplied, in native byte order: on white every pixel is opaque, so
    # its bytes are blue, green, red and an alpha of 255 (little-endian) or the reverse.
    raw = "BGRX" if sys.byteorder == "little" else "XRGB"
    image = Image.frombuffer("RGB", size, bytes(surface.get_data()), "raw", raw, surface.get_stride(), 1)
    out = BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


# -- the layers ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layer:
    """One layer of a map: an SVG document of the map's size, and how long its pixels are kept."""

    document: str
    kept: bool = False
    """Kept on disk and in memory (the base map's groups, or their tints)."""
    remembered: bool = False
    """Kept in memory for the rest of the process (a view of the map's groups)."""


def _local(tag: Any) -> str:
    """A tag's or attribute's name without its namespace."""
    return tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1] if isinstance(tag, str) else ""


def _path_chars(el: ET.Element) -> int:
    return sum(len(e.get("d") or "") for e in el.iter())


def _keepable(el: ET.Element) -> bool:
    """Is this child of the root one of the base map's heavy groups, drawn by itself alone?"""
    if el.tag != "g" or el.get("id") not in BASE_GROUPS or _path_chars(el) < HEAVY:
        return False
    return not any(e.tag in ("use", "image") for e in el.iter())


def _same_in_every_map(el: ET.Element) -> bool:
    """Is this child of the root a group that a variant's layer draws the same in every map
    (:func:`judge.mapkit.same_in_every_map`)?"""
    return el.tag == "g" and el.get(SAME_IN_EVERY_MAP) == "true"


def _split(el: ET.Element) -> tuple[ET.Element, ET.Element | None]:
    """A kept group as it is the same in every map (its descendants' own styles left out), and
    the group of those styled descendants, drawn again over it (None: none)."""
    kept = _copy_shallow(el)
    over = _copy_shallow(el)
    for child in el:
        plain = copy.deepcopy(child)
        for e in plain.iter():
            e.attrib.pop("style", None)
        kept.append(plain)
        if any(e.get("style") is not None for e in child.iter()):
            over.append(child)
    return kept, (over if len(over) else None)


def _copy_shallow(el: ET.Element) -> ET.Element:
    return ET.Element(el.tag, dict(el.attrib))


def _references(elements: list[ET.Element]) -> set[str]:
    """The ids these elements show by ``use`` (``href`` or ``xlink:href``)."""
    found = set()
    for el in elements:
        for e in el.iter():
            for key, value in e.attrib.items():
                if _local(key) == "href" and value.startswith("#"):
                    found.add(value[1:])
    return found


def _layers(svg: str) -> list[_Layer]:
    """The map's layers, bottom first."""
    root = ET.fromstring(svg)
    _strip_namespace(root)  # plain tag names, and the namespaces as the root's attributes
    # The style sheets and definitions are given to every layer; titles to none (a kept layer's
    # document must not change with the phase's title).
    header = [el for el in root if el.tag in ("style", "defs")]
    children = [el for el in root if el.tag not in HEADER_TAGS]
    by_id = {e.get("id"): e for el in children for e in el.iter() if e.get("id")}
    runs = _runs(children, by_id)
    layers = []
    for kind, elements in runs:
        on_disk = kind in ("kept", "tints", "static")
        doc = ET.Element(root.tag, dict(root.attrib))
        doc.extend(_kept_header(header, elements) if on_disk else header)
        shown = [by_id[i] for i in sorted((_references(elements) - _ids(elements)) & by_id.keys())]
        if shown:  # what the layer shows by reference, as its definitions
            ET.SubElement(doc, "defs").extend(shown)
        doc.extend(elements)
        layers.append(_Layer(ET.tostring(doc, encoding="unicode"), kept=on_disk, remembered=not on_disk and kind != "drawn"))
    return layers


def _runs(children: list[ET.Element], by_id: dict[str | None, ET.Element]) -> list[tuple[str, list[ET.Element]]]:
    """The root's drawn children in runs of one kind, bottom first: ``kept`` (the base map's heavy
    groups, plain, and the background), ``tints`` (their styled elements), ``static`` (a group
    drawn the same in every map), ``view`` (a group showing others by reference), ``remembered``
    (the base map's light groups) and ``drawn``."""
    runs: list[tuple[str, list[ET.Element]]] = []
    for el in children:
        if _keepable(el):
            kept, over = _split(el)
            _put(runs, "kept", kept)
            if over is not None:  # its tints, the same in every map of a year: kept apart
                runs.append(("tints", [over]))
        elif el.get("id") == "background":  # the renderer's, under everything: kept with what is over it
            _put(runs, "kept", el)
        elif _references([el]) - _ids([el]) & by_id.keys():  # a view of the map (a magnified callout)
            runs.append(("view", [el]))
        elif _same_in_every_map(el):
            _put(runs, "static", el)
        else:
            _put(runs, "remembered" if el.tag == "g" and el.get("id") in BASE_GROUPS else "drawn", el)
    return runs


def _kept_header(header: list[ET.Element], elements: list[ET.Element]) -> list[ET.Element]:
    """The style sheets and definitions a kept layer is drawn with: only what may apply to it, so
    that its document (and its name) does not change with what the rest of the map needs (the
    renderer's own classes, which change with the orders drawn; a variant's patterns): the tints
    of a year's maps are one file. A rule whose every selector is a class that none of its
    elements has is left out, and the definitions unless it refers to them."""
    classes = {c for el in elements for e in el.iter() for c in (e.get("class") or "").split()}
    refers = any("url(#" in v or k.endswith("href") for el in elements for e in el.iter() for k, v in e.attrib.items())
    out = []
    for el in header:
        if el.tag == "defs":
            if refers:
                out.append(el)
            continue
        rules = [rule for rule in (el.text or "").split("}") if rule.strip() and _may_apply(rule, classes)]
        if rules:
            sheet = ET.Element("style", dict(el.attrib))
            sheet.text = "}".join(rules) + "}"
            out.append(sheet)
    return out


def _may_apply(rule: str, classes: set[str]) -> bool:
    """Might this style rule (``selectors{declarations``) apply to elements with these classes?"""
    selectors = [sel.strip() for sel in rule.split("{", 1)[0].split(",")]
    return not all(sel.startswith(".") and sel[1:].isidentifier() and sel[1:] not in classes for sel in selectors)


def _ids(elements: list[ET.Element]) -> set[str]:
    """The ids of these elements and of what they hold."""
    return {e.get("id") or "" for el in elements for e in el.iter()}


def _put(runs: list[tuple[str, list[ET.Element]]], kind: str, el: ET.Element) -> None:
    """Add an element to the last run of layers if it is of this kind, else to a new one."""
    if runs and runs[-1][0] == kind:
        runs[-1][1].append(el)
    else:
        runs.append((kind, [el]))


# -- drawing ------------------------------------------------------------------------------------


def _draw(svg: str, width: int) -> Any:
    """The map on white, as a cairo image surface (cairocffi's ``ImageSurface``, ARGB32)."""
    import cairocffi

    layers = _layers(svg) or [_Layer(svg)]  # a drawing with nothing in it: as it is
    surfaces = [_image(*_kept_pixels(_key(layer.document, width), layer.document, width)) if layer.kept
                else _image(*_remembered_pixels(layer.document, width)) if layer.remembered
                else _surface(layer.document, width) for layer in layers]
    out = _white(surfaces[0].get_width(), surfaces[0].get_height())
    ctx = cairocffi.Context(out)
    for surface in surfaces:
        ctx.set_source_surface(surface, 0, 0)
        ctx.paint()
    out.flush()
    return out


def _white(w: int, h: int) -> Any:
    """A white cairo image surface of this size."""
    import cairocffi

    out = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, w, h)
    ctx = cairocffi.Context(out)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    return out


def _surface(document: str, width: int) -> Any:
    """One layer drawn by cairosvg on a transparent image ``width`` pixels wide."""
    import cairosvg.parser
    import cairosvg.surface

    tree = cairosvg.parser.Tree(bytestring=document.encode("utf-8"))
    surface = cairosvg.surface.PNGSurface(tree, None, 96, output_width=width).cairo
    surface.flush()
    return surface


def _key(document: str, width: int) -> str:
    """The name of a kept layer: a digest of its document and width."""
    return hashlib.sha256(f"{width}\0{document}".encode()).hexdigest()[:32]


def _image(w: int, h: int, stride: int, data: bytearray) -> Any:
    """Pixels kept as cairo keeps them, as a cairo image surface again (on the same memory)."""
    import cairocffi

    return cairocffi.ImageSurface.create_for_data(data, cairocffi.FORMAT_ARGB32, w, h, stride)


def _pixels(surface: Any) -> tuple[int, int, int, bytearray]:
    """A cairo image surface's width, height, stride and pixels (premultiplied ARGB32)."""
    return surface.get_width(), surface.get_height(), surface.get_stride(), bytearray(surface.get_data())


def forget() -> None:
    """Forget the layers kept in memory, as a new process starts (those on disk stay)."""
    for cached in (_remembered_pixels, _kept_pixels):
        cached.cache_clear()


@functools.lru_cache(maxsize=6)
def _remembered_pixels(document: str, width: int) -> tuple[int, int, int, bytearray]:
    """A remembered layer's pixels: drawn once per process."""
    return _pixels(_surface(document, width))


@functools.lru_cache(maxsize=6)
def _kept_pixels(key: str, document: str, width: int) -> tuple[int, int, int, bytearray]:
    """A kept layer's pixels (premultiplied ARGB32, as cairo keeps them): width, height, stride
    and bytes; from this machine's disk when it holds them, else drawn and written there."""
    path = _kept_path(key)
    pixels = _read(path)
    if pixels is None:
        pixels = _pixels(_surface(document, width))
        _store(path, pixels)
    return pixels


_HEADER = struct.Struct("<III")


def _kept_path(key: str) -> Path:
    return cache_dir() / "layers" / f"{key}.argb"


def _read(path: Path) -> tuple[int, int, int, bytearray] | None:
    """Kept pixels from disk, None when the file is not there or not whole. On disk they are
    compressed (a layer is mostly transparent or flat: 10 MB of pixels at 1600 px take
    50-600 KB), after a short header: :data:`_MAGIC`, the width, height and stride."""
    with contextlib.suppress(OSError, struct.error, zlib.error):
        blob = path.read_bytes()
        if blob.startswith(_MAGIC):
            w, h, stride = _HEADER.unpack_from(blob, len(_MAGIC))
            data = bytearray(zlib.decompress(blob[len(_MAGIC) + _HEADER.size:]))
            if len(data) == h * stride:
                return w, h, stride, data
    return None


def _store(path: Path, pixels: tuple[int, int, int, bytearray]) -> None:
    """Write kept pixels to disk; a kept layer is only a saving: never a reason not to draw."""
    w, h, stride, data = pixels
    with contextlib.suppress(OSError):
        _write(path, _MAGIC + _HEADER.pack(w, h, stride) + zlib.compress(data, 1))
        _prune(path.parent)


def _prune(folder: Path) -> None:
    """Leave only the :data:`KEPT_FILES` newest layers in the folder (those of a base map or a
    style no longer used, or of a year's tints long past, go first)."""
    files = sorted(folder.glob("*.argb"), key=lambda f: f.stat().st_mtime_ns, reverse=True)
    for old in files[KEPT_FILES:]:
        with contextlib.suppress(OSError):
            old.unlink()


def _write(path: Path, blob: bytes) -> None:
    """Write a file whole (a temporary file renamed): a process reading it at the same time
    never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)

