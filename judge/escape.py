r"""Player text made harmless wherever the judge prints it: nothing a player writes may run as
script, change a page, or start a mention, a link or a workflow command.

It stands below every part that prints a player's words: the site's pages, the results and forum
posts (:mod:`judge.reports`) and the orders check's answers on GitHub (:mod:`judge.store.pr`).
Markdown allows raw HTML, and the extensions the site uses read ``{: attr=...}`` lists and links
with any scheme. So:

* :func:`md_escape` makes a string plain text in Markdown: ``<``, ``>`` and ``&`` become entities,
  the characters that open inline constructs (`` ` * _ { } [ ] | \ ``) are backslash-escaped, a
  first character that could open a block (``#``, ``-``, ``1.``, ``>``, ``!!!``...) becomes an
  entity, and new lines become spaces.
  The site's templates apply it to every value they print unless the value was marked trusted
  with :class:`markupsafe.Markup`.
* :func:`press_html` renders a player's press and the Gamesmaster's ``gm.md`` (Markdown) to HTML
  with Python-Markdown and keeps
  only an allowlist of tags and attributes (links only to ``http``, ``https``, ``mailto`` and
  nothing else); everything else is dropped or shown as text.
* :func:`plain_title` strips what could open a tag from a title (page titles reach the theme's
  templates as they are).
* :func:`gh_text` and :func:`gh_code` write a player's words into a GitHub comment or job summary,
  and :func:`log_safe` into a job's log.
* :func:`bb_text` and :func:`wiki_text` write them into a forum post in BBCode and into a wiki page
  (:func:`judge.reports.forum_post`); :func:`code_fence` fences a text in Markdown.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from urllib.parse import quote

__all__ = ["md_escape", "press_html", "sanitize_html", "plain_title", "url_path", "gh_code", "gh_text", "log_safe",
           "code_fence", "bb_text", "wiki_text"]

# Inside a line, only these characters open Markdown constructs (with ``<`` and ``&``, written as
# entities): code spans, emphasis, attribute lists, links and images, table cells, escapes.
_MD_INLINE = set("\\`*_{}[]|")
_MD_ESCAPE_TABLE = {ord(c): "\\" + c for c in _MD_INLINE}
# At the start of a line, more do: headings, lists, quotes, rules, admonitions.
_LINE_START = re.compile(r"^(\s*)([#+\-=!>]|\d(?=\d*[.)]))")


def md_escape(text: object) -> str:
    r"""``text`` as plain text inside Markdown (inline: new lines become spaces).

    >>> md_escape('F LON - NTH <script>x</script>')
    'F LON - NTH &lt;script&gt;x&lt;/script&gt;'
    >>> md_escape('[a](javascript:x){: onclick=y}')
    '\\[a\\](javascript:x)\\{: onclick=y\\}'
    >>> md_escape('# not a heading')
    '&#35; not a heading'
    """
    s = html.escape(str(text), quote=False)
    s = s.replace("\r", " ").replace("\n", " ").lstrip().translate(_MD_ESCAPE_TABLE)
    # Templates print values inside lines; should one ever start a line, it opens no block.
    return _LINE_START.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", s, count=1)


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def _visible(text: object) -> str:
    """Control characters (a new line in a file name) shown as escapes, so that they end no line."""
    return _CONTROL.sub(lambda m: repr(m.group(0))[1:-1], str(text))


def gh_text(text: object) -> str:
    r"""``text`` as plain text in a GitHub comment or job summary: :func:`md_escape`, and neither a
    mention nor a link is made (GitHub links ``@login``, ``#12`` and bare addresses by itself).

    >>> gh_text('ping @admin, see https://evil.example/x')
    'ping @​admin, see https:​//evil.example/x'
    """
    s = md_escape(_visible(text))
    s = s.replace("@", "@\u200b").replace("://", ":\u200b//").replace("www.", "www\u200b.")
    return re.sub(r"(?<!&)#(?=\d)", "#\u200b", s)  # an issue's number, not an entity's


def gh_code(text: object) -> str:
    r"""``text`` as a code span in a GitHub comment's table cell: shown as it is (no mention, link
    or emphasis), its control characters as escapes, its pipes kept inside the cell.

    >>> gh_code('a`b|c')
    '``a`b\\|c``'
    """
    s = _visible(text).replace("|", "\\|")
    fence = code_fence(s, shortest=1)
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def code_fence(text: str, shortest: int = 3) -> str:
    """A run of backticks longer than any in ``text`` (and at least ``shortest`` long): a Markdown
    code span or block fenced with it shows ``text`` as it is.

    >>> code_fence("a ``` b"), code_fence("ab", shortest=1)
    ('````', '`')
    """
    longest = max((len(m.group(0)) for m in re.finditer(r"`+", text)), default=0)
    return "`" * max(shortest, longest + 1)


def bb_text(text: object) -> str:
    """``text`` in a BBCode post: no square brackets, so that it opens or closes no tag.

    >>> bb_text("[url=x]y[/url]")
    '(url=x)y(/url)'
    """
    return str(text).replace("[", "(").replace("]", ")")


def wiki_text(text: object) -> str:
    """``text`` shown as it is in MediaWiki markup: no link, template, table cell or formatting can
    open in it (``<nowiki>``), and no tag (``<`` and ``&`` as entities). Empty for no text.

    >>> wiki_text("[[Main]] <b>")
    '<nowiki>[[Main]] &lt;b&gt;</nowiki>'
    """
    s = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"<nowiki>{s}</nowiki>" if s else ""


def log_safe(text: object) -> str:
    """``text`` in a job's log: control characters as escapes (no new line), and no ``::`` that
    could start one of GitHub's workflow commands."""
    return _visible(text).replace("::", ":\u200b:")


def plain_title(text: object) -> str:
    """A title with no character that could open a tag or an entity.

    >>> plain_title('Alpha & <b>Omega</b>')
    'Alpha and Omega'
    """
    s = re.sub(r"<[^>]*>", "", str(text)).replace("&", " and ")
    s = re.sub(r"[<>\"`]", "", s)
    return " ".join(s.split())


def url_path(path: str) -> str:
    """A relative address, percent-encoded so that Markdown and HTML read it as it is."""
    return quote(path, safe="/#.-_~")


# -- press ----------------------------------------------------------------------------------------

_ALLOWED = {
    "p", "br", "hr", "em", "strong", "b", "i", "u", "s", "del", "ins", "sub", "sup", "code", "pre",
    "blockquote", "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th", "td",
    "h4", "h5", "h6", "span", "small", "abbr", "q", "cite", "kbd",
}
_RENAME = {"h1": "h4", "h2": "h4", "h3": "h5"}
_VOID = {"br", "hr"}
_DROP_CONTENT = {"script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "title", "svg", "math"}
_ATTRS = {"a": {"href", "title"}, "abbr": {"title"}, "td": {"align"}, "th": {"align"}, "ol": {"start"}}
_SAFE_SCHEMES = ("http", "https", "mailto")


def _safe_href(value: str) -> str | None:
    """Only absolute ``http``, ``https`` and ``mailto`` links. Relative links and anchors are
    dropped too: a link to a page that does not exist would fail the strict build of the site."""
    # Browsers ignore control characters and white space inside a scheme: so do we, before looking.
    squeezed = re.sub(r"[\x00-\x20\x7f]+", "", value)
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", squeezed)
    if not m or m.group(1).lower() not in _SAFE_SCHEMES:
        return None
    return value


class _Sanitizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tag = tag.lower()
        if tag in _DROP_CONTENT:
            self.skip += 1
            return
        if self.skip:
            return
        tag = _RENAME.get(tag, tag)
        if tag not in _ALLOWED:
            return
        kept = []
        for name, value in attrs:
            name = name.lower()
            if name not in _ATTRS.get(tag, set()) or value is None:
                continue
            if name == "href":
                v = _safe_href(value)
                if v is None:
                    continue
                value = v
            kept.append(f' {name}="{html.escape(value, quote=True)}"')
        if tag == "a":
            kept.append(' rel="nofollow noopener"')
        self.out.append(f"<{tag}{''.join(kept)}>")
        if tag not in _VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag.lower() in _VOID:
            self.handle_starttag(tag, attrs)
        elif tag.lower() not in _DROP_CONTENT:
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        tag = tag.lower()
        if tag in _DROP_CONTENT:
            self.skip = max(0, self.skip - 1)
            return
        if self.skip:
            return
        tag = _RENAME.get(tag, tag)
        if tag not in self.open:
            return
        while self.open:
            t = self.open.pop()
            self.out.append(f"</{t}>")
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(html.escape(data, quote=False))

    def result(self) -> str:
        self.close()
        while self.open:
            self.out.append(f"</{self.open.pop()}>")
        return "".join(self.out)


def sanitize_html(fragment: str) -> str:
    """Keep an allowlist of tags and attributes; drop scripts and styles with their content.

    >>> sanitize_html('<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">y</a></p>')
    '<p>Hi <a rel="nofollow noopener">y</a></p>'
    """
    s = _Sanitizer()
    s.feed(fragment)
    return s.result()


def press_html(text: str) -> str:
    """A player's Markdown as safe HTML (to be placed in a page inside a ``<div>``: a raw HTML
    block that Markdown leaves alone). Python-Markdown is imported here, so that the results and the
    orders check, which print no press, do not load it."""
    import markdown

    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists"], output_format="html")
    rendered = md.convert(str(text))
    return sanitize_html(rendered)
