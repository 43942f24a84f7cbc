"""A harness that runs this repository's GitHub Actions workflow files verbatim, as GitHub would.

It reads ``.github/workflows/*.yml`` and runs a workflow for an event (``schedule``, ``push``,
``workflow_dispatch`` with inputs, ``pull_request_target`` and ``pull_request`` (its ``paths``
filter too) with a pull request, ``workflow_run``)
against a bare repository standing for GitHub. Nothing of a workflow is re-expressed in Python:
jobs run in ``needs`` order with their ``if:`` (status functions included), ``strategy.matrix``
(each entry its own job, side by side up to ``max-parallel``), ``outputs:``, ``env:``,
``permissions:`` and job ``concurrency`` groups; every ``run:`` step runs exactly as written,
with GitHub's default shell (``bash -e {0}``; ``shell: bash`` is ``bash --noprofile --norc -eo
pipefail {0}``) and the runner's environment (``GITHUB_OUTPUT``, ``GITHUB_ENV``, ``GITHUB_PATH``,
``GITHUB_STEP_SUMMARY``, ``GITHUB_REF``, ``GITHUB_SHA``, ``GITHUB_WORKSPACE``, ``RUNNER_TEMP``,
``CI=true``...). ``${{ }}`` expressions are evaluated by a small, exact evaluator of GitHub's
language (contexts github, inputs, secrets, needs, matrix, steps, env; ``! && || == != < <= >
>=``, parentheses, property and index access; fromJSON, toJSON, contains, startsWith, endsWith,
format, join, success, failure, cancelled, always; loose equality and truthiness). Whatever the
harness cannot run faithfully -- another context or function, an unknown key, an action other
than those below, ``sudo`` of anything but apt-get -- raises :class:`HarnessError`: it fails
the test loudly, never evaluates to an empty string.

Each job gets what a hosted runner gives it, new: a working folder, a HOME with its own git
configuration (no user.name: the runner has none), and the steps' actions:

- ``actions/checkout``: a NEW clone from the bare repository with the git commands the action
  runs (``git init``, ``remote add origin https://github.com/<owner>/<repo>``, ``fetch`` with
  the action's refspecs, ``--depth=1`` unless ``fetch-depth: 0``, then ``checkout --force -B``):
  an empty ``ref`` means the event's ref *at the event's sha*, a named ref its tip now.
- ``actions/setup-python``: a NEW virtual environment (the python-version must be the running
  Python's), its bin first on PATH.
- ``actions/upload-pages-artifact``: ``with.path`` packed with the action's own ``tar`` command.
- ``actions/deploy-pages``: the artifact unpacked into :attr:`FakeGitHub.pages` (the deployed
  site), output ``page_url``; it needs ``pages: write`` and ``id-token: write``.
- ``actions/cache/restore`` and ``actions/cache/save`` v4: the repository's caches, by key and
  restore keys, this ref's and the default branch's.
- ``actions/upload-artifact`` and ``actions/download-artifact`` v4: the run's artifacts (a name
  once a run unless ``overwrite``; hidden files left out unless ``include-hidden-files``; a
  ``pattern`` downloads each artifact into ``path/<name>/``, or all into ``path`` with
  ``merge-multiple``; a pattern matching nothing is no error).

GitHub's REST API is a stand-in on 127.0.0.1 (the jobs' ``GITHUB_API_URL`` and
``github.api_url``) that takes comments on pull requests from a live job token with
``pull-requests: write`` (:attr:`FakeGitHub.comments`); any other call fails the harness.
GitHub's URLs reach the bare repositories through git's own ``url.<base>.insteadOf`` in the
job's global configuration: ``https://github.com/`` reads (a public repository) but cannot push
(no credentials: ``persist-credentials: false``), ``https://x-access-token:<the job's token>@
github.com/`` reads and, when the job's ``permissions`` grant ``contents: write``, pushes; any
other ``https://`` or ssh URL leads nowhere (no network). ``git+https://github.com/<owner>/
judge@vX`` requirements resolve the same way, to a bare repository added with
:meth:`FakeGitHub.add_repo`.

``sudo`` and ``apt-get`` are shims first on PATH: ``apt-get update`` is accepted, ``apt-get
install`` records the packages after checking that each is a Debian package installed on this
machine (``dpkg-query``), and touches nothing. The runner is simulated bare: the job's Python
cannot load cairo (``import cairocffi`` raises the OSError cairocffi raises where libcairo is
missing) unless the job installed ``libcairo2``, so a workflow that forgets the package fails.

Installing the judge is what a league's jobs do first, verbatim: ``python -m pip install
--require-hashes --no-deps -r .github/uv-requirements.txt`` (uv, by hash), then ``uv pip install
--require-hashes -r .github/judge-requirements.txt``, the pins ``judge init`` wrote: the judge's own
wheel, built once a session from the source tree as the release builds it (the rules core compiled
when a C compiler is at hand), and the dependencies as ``requirements.txt`` pins them. The jobs'
pip and uv read a session wheelhouse instead of an index (``PIP_NO_INDEX`` and ``PIP_FIND_LINKS``;
uv's configuration file, ``UV_CONFIG_FILE``, as uv has no variable for ``--no-index``; this
machine's pip configuration is not read); pip's cache is the session's (``PIP_CACHE_DIR``), uv's
is the job's own ``~/.cache/uv``, which the workflows carry from job to job with
``actions/cache`` as on GitHub. By default (``GHA_PIP=seeded``)
setup-python's new venv is a hard-linked copy (``cp -al``, 1-2 s) of a session venv holding the
pinned dependencies, so the job's uv finds them satisfied and installs the judge's wheel alone:
the install step takes 4-5 s a job on this 2-core machine. ``GHA_PIP=fresh`` starts each job from
an empty venv (uv installs everything from the wheelhouse); ``GHA_PIP=index`` reaches the package
index for the dependencies. Making the session's wheel, wheelhouse and venv costs about a minute,
once.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import http.server
import itertools
import json
import math
import os
import re
import secrets as _secrets
import shutil
import subprocess
import sys
import tarfile
import textwrap
import threading
import time
import tomllib
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

__all__ = ["HarnessError", "EvalError", "evaluate", "render", "Scope", "Workflow", "FakeGitHub", "Event",
           "WorkflowRun", "JobResult", "JobRun", "StepResult", "PipSupply", "source_files"]


class HarnessError(AssertionError):
    """The harness cannot run this faithfully (an unknown context, function, key or action...)."""


class EvalError(Exception):
    """An expression failed as it would on GitHub (bad JSON for fromJSON, a bad format string):
    the step or job fails."""


# ============================================================================================
# Expressions
# ============================================================================================

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>0x[0-9a-fA-F]+|-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<str>'(?:[^']|'')*')
  | (?P<op>&&|\|\||==|!=|<=|>=|[!<>()\[\].,*])
  | (?P<id>[A-Za-z_][A-Za-z0-9_-]*)
""", re.VERBOSE)

STATUS_FUNCTIONS = ("success", "failure", "cancelled", "always")
FUNCTIONS = ("fromjson", "tojson", "contains", "startswith", "endswith", "format", "join", "hashfiles") + STATUS_FUNCTIONS


def _tokens(src: str) -> list[tuple[str, str]]:
    out, i = [], 0
    while i < len(src):
        m = _TOKEN.match(src, i)
        if not m:
            raise HarnessError(f"cannot read the expression {src!r} at {src[i:]!r}")
        i = m.end()
        kind = m.lastgroup
        if kind == "ws":
            continue
        text = m.group(kind)
        if kind == "num" and text.startswith("-") and out and (out[-1][0] in ("num", "str", "id")
                                                              or out[-1][1] in (")", "]")):
            raise HarnessError(f"binary minus is not in GitHub's expression language: {src!r}")
        if kind == "id" and text in ("true", "false", "null"):
            kind = "lit"
        out.append((kind, text))
    return out


class _Parser:
    """Recursive descent, GitHub's precedence: () [] . ! < <= > >= == != && ||."""

    def __init__(self, src: str):
        self.src = src
        self.toks = _tokens(src)
        self.i = 0

    def peek(self, k: int = 0) -> tuple[str, str] | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self, text: str | None = None) -> tuple[str, str]:
        tok = self.peek()
        if tok is None or (text is not None and tok[1] != text):
            raise HarnessError(f"expected {text or 'more'} in the expression {self.src!r}")
        self.i += 1
        return tok

    def parse(self):
        node = self.or_()
        if self.peek() is not None:
            raise HarnessError(f"unexpected {self.peek()[1]!r} in the expression {self.src!r}")
        return node

    def or_(self):
        node = self.and_()
        while self.peek() and self.peek()[1] == "||":
            self.take()
            node = ("or", node, self.and_())
        return node

    def and_(self):
        node = self.eq()
        while self.peek() and self.peek()[1] == "&&":
            self.take()
            node = ("and", node, self.eq())
        return node

    def eq(self):
        node = self.cmp()
        while self.peek() and self.peek()[1] in ("==", "!="):
            op = self.take()[1]
            node = (op, node, self.cmp())
        return node

    def cmp(self):
        node = self.unary()
        while self.peek() and self.peek()[1] in ("<", "<=", ">", ">="):
            op = self.take()[1]
            node = (op, node, self.unary())
        return node

    def unary(self):
        if self.peek() and self.peek()[1] == "!":
            self.take()
            return ("not", self.unary())
        return self.postfix(self.primary())

    def primary(self):
        tok = self.take()
        kind, text = tok
        if kind == "num":
            return ("lit", int(text, 16) if text.lower().startswith("0x") else _num(float(text)))
        if kind == "str":
            return ("lit", text[1:-1].replace("''", "'"))
        if kind == "lit":
            return ("lit", {"true": True, "false": False, "null": None}[text])
        if text == "(":
            node = self.or_()
            self.take(")")
            return node
        if kind == "id":
            if self.peek() and self.peek()[1] == "(":
                self.take("(")
                args = []
                if not (self.peek() and self.peek()[1] == ")"):
                    args.append(self.or_())
                    while self.peek() and self.peek()[1] == ",":
                        self.take()
                        args.append(self.or_())
                self.take(")")
                name = text.lower()
                if name not in FUNCTIONS:
                    raise HarnessError(f"unknown function {text}() in {self.src!r}")
                return ("call", name, args)
            return ("ctx", text.lower())
        raise HarnessError(f"unexpected {text!r} in the expression {self.src!r}")

    def postfix(self, node):
        while self.peek() and self.peek()[1] in (".", "["):
            if self.take()[1] == ".":
                kind, text = self.take()
                if text == "*":
                    raise HarnessError(f"the object filter '.*' is not simulated: {self.src!r}")
                if kind not in ("id", "lit"):
                    raise HarnessError(f"a property name was expected after '.' in {self.src!r}")
                node = ("prop", node, ("lit", text))
            else:
                index = self.or_()
                self.take("]")
                node = ("prop", node, index)
        return node


def _num(x: float) -> int | float:
    return int(x) if x == int(x) and not math.isinf(x) and abs(x) < 2**53 else x


def parse(src: str):
    """The syntax tree of one expression (the text between ``${{`` and ``}}``)."""
    return _Parser(src).parse()


def uses_status_function(node) -> bool:
    if node[0] == "call":
        return node[1] in STATUS_FUNCTIONS or any(uses_status_function(a) for a in node[2])
    return any(isinstance(c, tuple) and uses_status_function(c) for c in node[1:])


class StrictDict(dict):
    """A context object whose keys are all known: reading any other key is a harness error
    (a misspelt output or input would silently be empty on GitHub)."""

    def __init__(self, what: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.what = what

    def missing(self, key: str) -> Any:
        raise HarnessError(f"{self.what} has no {key!r} (it has: {', '.join(map(str, self)) or 'nothing'})")


def _lookup(obj: Any, key: Any) -> Any:
    if obj is None:
        return None
    if isinstance(obj, dict):
        if not isinstance(key, str):
            key = to_str(key)
        if key in obj:
            return obj[key]
        low = key.lower()
        for k, v in obj.items():
            if isinstance(k, str) and k.lower() == low:
                return v
        if isinstance(obj, StrictDict):
            return obj.missing(key)
        return None
    if isinstance(obj, list):
        if isinstance(key, bool) or not isinstance(key, (int, float)) or not math.isfinite(key):
            return None
        if key != int(key) or not 0 <= key < len(obj):
            return None
        return obj[int(key)]
    return None


def truthy(v: Any) -> bool:
    """GitHub's truthiness: false, 0, -0, NaN, '' and null are false; objects and arrays true."""
    if v is None or v is False:
        return False
    if v is True:
        return True
    if isinstance(v, (int, float)):
        return not (v == 0 or (isinstance(v, float) and math.isnan(v)))
    if isinstance(v, str):
        return v != ""
    return True


def to_number(v: Any) -> float:
    """GitHub's coercion to a number (for == between types, and comparisons)."""
    if v is None:
        return 0.0
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return 0.0
        if re.fullmatch(r"0x[0-9a-fA-F]+", s):
            return float(int(s, 16))
        if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", s):
            return float(s)
        if s in ("Infinity", "+Infinity"):
            return math.inf
        if s == "-Infinity":
            return -math.inf
        return math.nan
    return math.nan


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    return "object"


def loose_equal(a: Any, b: Any) -> bool:
    """GitHub's ==: strings ignore case; different types are compared as numbers."""
    ka, kb = _kind(a), _kind(b)
    if ka == kb:
        if ka == "string":
            return a.lower() == b.lower()
        if ka == "number":
            return float(a) == float(b)
        if ka == "object":
            return a is b
        return a == b
    if ka == "object" or kb == "object":
        return False
    x, y = to_number(a), to_number(b)
    return x == y  # NaN never equals


def _compare(op: str, a: Any, b: Any) -> bool:
    if _kind(a) == "string" and _kind(b) == "string":
        x, y = a.lower(), b.lower()
    else:
        x, y = to_number(a), to_number(b)
        if math.isnan(x) or math.isnan(y):
            return False
    return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op]


def to_str(v: Any) -> str:
    """A value as GitHub writes it into a string (interpolation, env, with:)."""
    if v is None:
        return ""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and math.isnan(v):
            return "NaN"
        if isinstance(v, float) and math.isinf(v):
            return "Infinity" if v > 0 else "-Infinity"
        n = _num(float(v))
        return str(n) if isinstance(n, int) else repr(n)
    if isinstance(v, str):
        return v
    return "Array" if isinstance(v, list) else "Object"


def _to_json(v: Any) -> Any:
    if isinstance(v, float):
        return _num(v)
    if isinstance(v, dict):
        return {k: _to_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_to_json(x) for x in v]
    return v


@dataclass
class Scope:
    """What an expression may read at one place of a workflow: the contexts available there
    (``None`` values are contexts GitHub has there but this run leaves null), and the status
    functions when the place is an ``if:``."""

    contexts: dict[str, Any]
    status: dict[str, Callable[[], bool]] | None = None
    where: str = "an expression"


def _eval(node, scope: Scope) -> Any:
    op = node[0]
    if op == "lit":
        return node[1]
    if op == "ctx":
        name = node[1]
        if name not in scope.contexts:
            raise HarnessError(f"the context {name!r} is not available in {scope.where} "
                               f"(here: {', '.join(sorted(scope.contexts))})")
        return scope.contexts[name]
    if op == "prop":
        return _lookup(_eval(node[1], scope), _eval(node[2], scope))
    if op == "not":
        return not truthy(_eval(node[1], scope))
    if op == "and":
        left = _eval(node[1], scope)
        return _eval(node[2], scope) if truthy(left) else left
    if op == "or":
        left = _eval(node[1], scope)
        return left if truthy(left) else _eval(node[2], scope)
    if op in ("==", "!="):
        same = loose_equal(_eval(node[1], scope), _eval(node[2], scope))
        return same if op == "==" else not same
    if op in ("<", "<=", ">", ">="):
        return _compare(op, _eval(node[1], scope), _eval(node[2], scope))
    if op == "call":
        return _call(node[1], [_eval(a, scope) for a in node[2]] if node[1] not in STATUS_FUNCTIONS else node[2], scope)
    raise HarnessError(f"unknown expression node {op}")  # pragma: no cover


def _call(name: str, args: list[Any], scope: Scope) -> Any:
    def arity(lo: int, hi: int | None = None) -> None:
        hi = lo if hi is None else hi
        if not lo <= len(args) <= hi:
            raise HarnessError(f"{name}() takes {lo}{'' if hi == lo else f'..{hi}'} arguments, got {len(args)}")

    if name in STATUS_FUNCTIONS:
        arity(0)
        if scope.status is None:
            raise HarnessError(f"{name}() may be used only in an if: condition, not in {scope.where}")
        return scope.status[name]()
    if name == "fromjson":
        arity(1)
        text = to_str(args[0])
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise EvalError(f"fromJSON({text!r}): {exc}") from None
    if name == "tojson":
        arity(1)
        return json.dumps(_to_json(args[0]), indent=2)
    if name == "contains":
        arity(2)
        hay, needle = args
        if isinstance(hay, list):
            return any(loose_equal(x, needle) for x in hay)
        return to_str(needle).lower() in to_str(hay).lower()
    if name in ("startswith", "endswith"):
        arity(2)
        s, p = to_str(args[0]).lower(), to_str(args[1]).lower()
        return s.startswith(p) if name == "startswith" else s.endswith(p)
    if name == "hashfiles":
        return _hash_files(args, scope)
    if name == "join":
        arity(1, 2)
        sep = to_str(args[1]) if len(args) > 1 else ","
        return sep.join(to_str(x) for x in args[0]) if isinstance(args[0], list) else to_str(args[0])
    if name == "format":
        if not args:
            raise HarnessError("format() needs a format string")
        fmt, values = to_str(args[0]), args[1:]
        out, i = [], 0
        while i < len(fmt):
            c = fmt[i]
            if fmt.startswith("{{", i) or fmt.startswith("}}", i):
                out.append(c)
                i += 2
            elif c == "{":
                m = re.match(r"\{(\d+)\}", fmt[i:])
                if not m or int(m.group(1)) >= len(values):
                    raise EvalError(f"format({fmt!r}): bad or missing argument at {fmt[i:]!r}")
                out.append(to_str(values[int(m.group(1))]))
                i += m.end()
            elif c == "}":
                raise EvalError(f"format({fmt!r}): unmatched '}}'")
            else:
                out.append(c)
                i += 1
        return "".join(out)
    raise HarnessError(f"unknown function {name}()")  # pragma: no cover


def _hash_files(patterns: list[Any], scope: Scope) -> str:
    """hashFiles(): the SHA-256 of the SHA-256 digests of the workspace's files matching the
    patterns (plain paths and ``*``/``**`` globs, relative to the workspace), in path order; '' when
    none matches. Negated patterns are not simulated."""
    if not patterns:
        raise HarnessError("hashFiles() needs a path")
    github = scope.contexts.get("github") or {}
    workspace = Path(str(github["workspace"])) if github.get("workspace") else None
    if workspace is None or not workspace.is_dir():
        raise HarnessError(f"hashFiles() needs the job's workspace, not available in {scope.where}")
    found: set[Path] = set()
    for pattern in map(to_str, patterns):
        if pattern.startswith("!") or pattern.startswith("/") or ".." in Path(pattern).parts:
            raise HarnessError(f"hashFiles({pattern!r}): only patterns inside the workspace are simulated")
        found |= {f for f in workspace.glob(pattern) if f.is_file()}
    if not found:
        return ""
    digests = b"".join(hashlib.sha256(f.read_bytes()).digest() for f in sorted(found))
    return hashlib.sha256(digests).hexdigest()


def evaluate(src: str, scope: Scope, *, condition: bool = False) -> Any:
    """Evaluate one expression. With ``condition`` (an ``if:``), an expression that calls no
    status function is GitHub's ``success() && (expr)``.

    >>> s = Scope({"inputs": {"force": True}, "needs": {"due": {"outputs": {"count": "0"}}}})
    >>> evaluate("inputs.force && '--force' || ''", s)
    '--force'
    >>> evaluate("inputs.missing && '--force' || ''", s)
    ''
    >>> evaluate("needs.due.outputs.count != '0'", s), evaluate("needs.DUE.outputs.count == 0", s)
    (False, True)
    >>> evaluate("fromJSON('[\\"games/a\\", 2]')[1] == '2'", s), evaluate("'ABC' == 'abc'", s)
    (True, True)
    >>> evaluate("format('{0}-{{x}}-{1}', 'a', 1.5)", s), evaluate("contains(fromJSON('[1,2]'), '2')", s)
    ('a-{x}-1.5', True)
    >>> evaluate("null == false && '' == 0 && '0x10' == 16 && 'x' != 0 && fromJSON('{}') != fromJSON('{}')", s)
    True
    >>> evaluate("runner.os", s)
    Traceback (most recent call last):
    ...
    gha.HarnessError: the context 'runner' is not available in an expression (here: inputs, needs)
    """
    node = parse(src)
    if condition and not uses_status_function(node):
        node = ("and", ("call", "success", []), node)
    try:
        return _eval(node, scope)
    except RecursionError:  # pragma: no cover
        raise HarnessError(f"expression too deep: {src!r}") from None


def _split_template(text: str) -> list[str | tuple[str]]:
    """Literal strings and ``(expression,)`` parts of a value holding ``${{ }}``."""
    parts: list[str | tuple[str]] = []
    i = 0
    while True:
        j = text.find("${{", i)
        if j < 0:
            parts.append(text[i:])
            return parts
        parts.append(text[i:j])
        k = j + 3
        while k < len(text):
            if text[k] == "'":
                k += 1
                while k < len(text):
                    if text[k] == "'" and text[k + 1:k + 2] == "'":
                        k += 2
                    elif text[k] == "'":
                        break
                    else:
                        k += 1
                k += 1
            elif text.startswith("}}", k):
                break
            else:
                k += 1
        if k >= len(text):
            raise HarnessError(f"an unterminated ${{{{ in {text!r}")
        parts.append((text[j + 3:k].strip(),))
        i = k + 2


def render(value: Any, scope: Scope) -> Any:
    """A workflow value with its ``${{ }}`` evaluated: a value that is one expression keeps the
    expression's type (a list for a matrix); otherwise the parts are joined as a string.
    Mappings and lists are rendered item by item.

    >>> render("judge-game-${{ matrix.game }}", Scope({"matrix": {"game": "games/a"}}))
    'judge-game-games/a'
    >>> render("${{ fromJSON('[1]') }}", Scope({}))
    [1]
    """
    if isinstance(value, dict):
        return {k: render(v, scope) for k, v in value.items()}
    if isinstance(value, list):
        return [render(v, scope) for v in value]
    if not isinstance(value, str) or "${{" not in value:
        return value
    parts = _split_template(value)
    exprs = [p for p in parts if isinstance(p, tuple)]
    if len(exprs) == 1 and all(p == "" for p in parts if isinstance(p, str)):
        return evaluate(exprs[0][0], scope)
    return "".join(p if isinstance(p, str) else to_str(evaluate(p[0], scope)) for p in parts)


def render_str(value: Any, scope: Scope) -> str:
    return to_str(render(value, scope))


def condition(value: Any, scope: Scope) -> bool:
    """An ``if:`` as GitHub reads it: bare or wrapped in one ``${{ }}``; without a status
    function it is ``success() && (...)``. A value mixing text and ``${{ }}`` would be a
    non-empty string, always true on GitHub: the harness refuses it."""
    if value is None:
        value = "success()"
    if isinstance(value, bool) or isinstance(value, (int, float)):
        value = to_str(value)
    if not isinstance(value, str):
        raise HarnessError(f"an if: must be a string, found {value!r}")
    text = value.strip()
    if "${{" in text:
        parts = _split_template(text)
        exprs = [p for p in parts if isinstance(p, tuple)]
        if len(exprs) != 1 or any(p.strip() for p in parts if isinstance(p, str)):
            raise HarnessError(f"the if: {value!r} mixes text and ${{{{ }}}}: GitHub would read it as a "
                               "non-empty string, always true")
        text = exprs[0][0]
    return truthy(evaluate(text, scope, condition=True))


# ============================================================================================
# Workflow files
# ============================================================================================

WORKFLOW_KEYS = {"name", "run-name", "on", "permissions", "env", "concurrency", "jobs", "defaults"}
JOB_KEYS = {"name", "needs", "if", "runs-on", "permissions", "outputs", "strategy", "concurrency", "steps",
            "env", "environment", "timeout-minutes", "continue-on-error", "defaults"}
STEP_KEYS = {"id", "name", "if", "uses", "run", "with", "env", "shell", "working-directory",
             "continue-on-error", "timeout-minutes"}
PERMISSION_SCOPES = {"actions", "attestations", "checks", "contents", "deployments", "discussions", "id-token",
                     "issues", "models", "packages", "pages", "pull-requests", "repository-projects",
                     "security-events", "statuses"}


def load_yaml(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in data:  # YAML 1.1 reads the key 'on' as true
        data["on"] = data.pop(True)
    return data


@dataclass
class Workflow:
    """One workflow file, checked for the keys this harness knows how to run."""

    path: Path
    data: dict

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Workflow":
        path = Path(path)
        data = load_yaml(path)
        wf = cls(path, data)
        wf._check()
        return wf

    @property
    def name(self) -> str:
        return str(self.data.get("name") or self.path.as_posix())

    @property
    def on(self) -> dict:
        on = self.data["on"]
        if isinstance(on, str):
            return {on: None}
        if isinstance(on, list):
            return {e: None for e in on}
        return on

    @property
    def jobs(self) -> dict[str, dict]:
        return self.data["jobs"]

    def _check(self) -> None:
        unknown = set(self.data) - WORKFLOW_KEYS
        if unknown:
            raise HarnessError(f"{self.path.name}: workflow keys not simulated: {sorted(unknown)}")
        if "defaults" in self.data:
            raise HarnessError(f"{self.path.name}: 'defaults' is not simulated")
        for jid, job in self.jobs.items():
            unknown = set(job) - JOB_KEYS
            if unknown:
                raise HarnessError(f"{self.path.name}: job {jid}: keys not simulated: {sorted(unknown)}")
            if "defaults" in job:
                raise HarnessError(f"{self.path.name}: job {jid}: 'defaults' is not simulated")
            runs_on = job.get("runs-on")
            if not (isinstance(runs_on, str) and runs_on.startswith("ubuntu-")):
                raise HarnessError(f"{self.path.name}: job {jid}: runs-on {runs_on!r}: only ubuntu-* runners are simulated")
            for need in self.needs(jid):
                if need not in self.jobs:
                    raise HarnessError(f"{self.path.name}: job {jid} needs an unknown job {need!r}")
            for i, step in enumerate(job.get("steps") or []):
                unknown = set(step) - STEP_KEYS
                if unknown:
                    raise HarnessError(f"{self.path.name}: job {jid} step {i + 1}: keys not simulated: {sorted(unknown)}")
                if ("uses" in step) == ("run" in step):
                    raise HarnessError(f"{self.path.name}: job {jid} step {i + 1}: exactly one of uses/run")
                if "run" in step and not isinstance(step["run"], str):
                    step["run"] = to_str(step["run"])  # a scalar read as a string, as GitHub does
        self.order()

    def needs(self, jid: str) -> list[str]:
        n = self.jobs[jid].get("needs") or []
        return [n] if isinstance(n, str) else list(n)

    def order(self) -> list[str]:
        """The jobs in an order where each comes after what it needs (file order otherwise)."""
        done: list[str] = []
        pending = list(self.jobs)
        while pending:
            ready = [j for j in pending if all(n in done for n in self.needs(j))]
            if not ready:
                raise HarnessError(f"{self.path.name}: a cycle in needs among {pending}")
            done.append(ready[0])
            pending.remove(ready[0])
        return done

    def ancestors(self, jid: str) -> set[str]:
        out: set[str] = set()
        todo = list(self.needs(jid))
        while todo:
            j = todo.pop()
            if j not in out:
                out.add(j)
                todo += self.needs(j)
        return out

    def dispatch_inputs(self) -> dict[str, dict]:
        spec = self.on.get("workflow_dispatch") or {}
        return dict(spec.get("inputs") or {})

    def triggered_by(self, event: "Event") -> bool:
        """Would GitHub start this workflow for ``event``? (The filters this harness knows.)"""
        if event.name not in self.on:
            return False
        spec = self.on[event.name] or {}
        known = {"schedule": set(), "workflow_dispatch": {"inputs"}, "push": {"branches", "tags", "paths"},
                 "pull_request_target": {"types", "branches"}, "pull_request": {"types", "branches", "paths"},
                 "workflow_run": {"workflows", "types", "branches"}}
        if event.name not in known:
            raise HarnessError(f"the event {event.name} is not simulated")
        if event.name == "schedule":
            return True
        unknown = set(spec) - known[event.name]
        if unknown:
            raise HarnessError(f"{self.path.name}: on.{event.name}: filters not simulated: {sorted(unknown)}")
        if event.name != "pull_request" and ("paths" in spec or "tags" in spec):
            raise HarnessError(f"{self.path.name}: on.{event.name}: paths/tags filters are not simulated")

        def branch_ok(branch: str) -> bool:
            pats = spec.get("branches")
            return pats is None or any(_glob(p, branch) for p in pats)

        p = event.payload
        if event.name == "push":
            return event.ref.startswith("refs/heads/") and branch_ok(event.ref[len("refs/heads/"):])
        if event.name in ("pull_request_target", "pull_request"):
            types = spec.get("types") or ["opened", "synchronize", "reopened"]
            paths = spec.get("paths")
            if paths and any(x.startswith("!") for x in paths):
                raise HarnessError(f"{self.path.name}: on.{event.name}.paths: negated patterns are not simulated")
            touched = paths is None or any(_glob(x, f) for x in paths for f in p["changed_files_list"])
            return p["action"] in types and branch_ok(p["pull_request"]["base"]["ref"]) and touched
        if event.name == "workflow_run":
            types = spec.get("types") or ["requested", "completed"]
            return (p["action"] in types and p["workflow"]["name"] in (spec.get("workflows") or [])
                    and branch_ok(p["workflow_run"]["head_branch"]))
        return True


def _glob(pattern: str, name: str) -> bool:
    rx = re.escape(pattern).replace(r"\*\*", ".*").replace(r"\*", "[^/]*")
    return re.fullmatch(rx, name) is not None


# ============================================================================================
# "GitHub": bare repositories, events, tokens, pages
# ============================================================================================


def git(*args: str, cwd: str | os.PathLike | None = None, env: dict | None = None, check: bool = True,
        timeout: float = 300) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode:
        raise HarnessError(f"git {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout.strip()


def source_files(root: Path, exclude: Iterable[str] = ()) -> list[str]:
    """The files of a working tree as a commit of it would hold them: tracked, and untracked but
    not ignored (``git ls-files -co --exclude-standard``), less the folders ``exclude``."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root, capture_output=True,
                         check=True).stdout.decode()
    skip = tuple(e.rstrip("/") + "/" for e in exclude)
    return [p for p in out.split("\0") if p and not p.startswith(skip) and os.path.lexists(root / p)]


def copy_files(source: Path, files: Iterable[str], dest: Path) -> None:
    """Copy ``files`` (relative to ``source``) into ``dest``, symbolic links as links."""
    dest.mkdir(parents=True, exist_ok=True)
    for rel in files:
        src, dst = source / rel, dest / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)


@dataclass
class Event:
    """An event as GitHub delivers it to a workflow: name, payload, ``GITHUB_REF``/``GITHUB_SHA``."""

    name: str
    payload: dict
    ref: str
    sha: str
    actor: str = "gamesmaster"
    inputs: dict | None = None  # workflow_dispatch: the inputs as given (typed by the workflow)


_HOME_ARC = "__home__/"
"""Where a cached ``~/`` path is kept in the cache's tar (the workspace's paths are kept as they are)."""


class PipSupply:
    """Where the jobs' pip and uv get the judge and its dependencies (see the module's docstring): a
    session wheelhouse holding the judge's own wheel, built from the source tree as the release
    workflow builds it (the rules core compiled where a C compiler is at hand), and, in the default
    ``seeded`` mode, a venv holding the pinned dependencies that each job's new venv is a
    hard-linked copy of."""

    def __init__(self, root: Path, source: Path, mode: str | None = None, log: Callable[[str], None] = print):
        self.mode = mode or os.environ.get("GHA_PIP", "seeded")
        if self.mode not in ("seeded", "fresh", "index"):
            raise HarnessError(f"GHA_PIP={self.mode!r}: seeded, fresh or index")
        self.root = root
        self.cache = root / "pip-cache"
        self.wheelhouse = root / "wheelhouse"
        self.template = root / "toolcache" / "python-deps"
        self.python = Path(sys._base_executable)  # noqa: SLF001 - the interpreter the venvs are made from
        self.timings: dict[str, float] = {}
        self.cache.mkdir(parents=True, exist_ok=True)
        host = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "JUDGE_PURE"))}
        host["PIP_CACHE_DIR"] = str(self.cache)
        host.pop("PYTHONPATH", None)

        def sh(argv: list[str], env: dict | None = None) -> None:
            proc = subprocess.run(argv, env=env, capture_output=True, text=True)
            if proc.returncode:
                raise HarnessError(f"{' '.join(argv)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")

        t0 = time.perf_counter()
        self.wheelhouse.mkdir(parents=True, exist_ok=True)
        sh([str(sys.executable), "-m", "build", "--wheel", "--outdir", str(self.wheelhouse), str(source)], env=host)
        self.timings["the judge's wheel"] = time.perf_counter() - t0
        pip = [str(sys.executable), "-m", "pip", "--disable-pip-version-check", "-q"]
        pins = [source / "requirements.txt", source / "uv-requirements.txt"]
        if self.mode != "index":
            t0 = time.perf_counter()
            for f in pins:
                sh(pip + ["download", "--no-deps", "--require-hashes", "--dest", str(self.wheelhouse), "-r", str(f)], env=host)
            build = tomllib.loads((source / "pyproject.toml").read_text())["build-system"]["requires"]
            sh(pip + ["download", "--dest", str(self.wheelhouse), *build], env=host)  # for a package a job builds
            self.timings["wheelhouse"] = time.perf_counter() - t0
        if self.mode == "seeded":
            t0 = time.perf_counter()
            sh([str(self.python), "-m", "venv", str(self.template)])
            tpip = [str(self.template / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
            sh(tpip + ["install", "--no-index", "--find-links", str(self.wheelhouse), "--require-hashes",
                       *[a for f in pins for a in ("-r", str(f))]], env=host)
            self.timings["seeded venv"] = time.perf_counter() - t0
        log(f"pip supply ({self.mode}): " + ", ".join(f"{k} {v:.1f} s" for k, v in self.timings.items()))

    @property
    def judge_wheels(self) -> Path:
        """The folder holding the judge's wheel (``judge init --wheels``)."""
        return self.wheelhouse

    def env(self) -> dict[str, str]:
        """The pip and uv settings of a job's environment: the session's pip cache, and the
        wheelhouse in place of the index, but for the ``index`` mode, which reaches the index for
        everything but the judge's own wheel."""
        env = {"PIP_CACHE_DIR": str(self.cache), "PIP_DISABLE_PIP_VERSION_CHECK": "1",
               "UV_FIND_LINKS": str(self.wheelhouse),
               "UV_PYTHON_DOWNLOADS": "never"}
        if self.mode == "index":
            for k, v in os.environ.items():
                if k.startswith("PIP_") and k != "PIP_CACHE_DIR":
                    env[k] = v
            user = Path.home() / ".config" / "pip" / "pip.conf"
            if user.is_file():
                env["PIP_CONFIG_FILE"] = str(user)
            return env
        # uv has no variable for --no-index: its configuration file says it.
        config = self.root / "uv.toml"
        config.write_text(f"no-index = true\nfind-links = [{json.dumps(str(self.wheelhouse))}]\n")
        env.update({"PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(self.wheelhouse),
                    "UV_CONFIG_FILE": str(config)})
        return env

    def new_venv(self, dest: Path) -> None:
        """setup-python's Python for one job: a new venv."""
        if self.mode != "seeded":
            dest.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([str(self.python), "-m", "venv", str(dest)], check=True, capture_output=True)
            return
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["cp", "-al", str(self.template), str(dest)], check=True)
        old, new = str(self.template).encode(), str(dest).encode()
        for f in list((dest / "bin").iterdir()) + [dest / "pyvenv.cfg"]:
            if f.is_symlink() or not f.is_file():
                continue
            data = f.read_bytes()
            if old in data:
                mode = f.stat().st_mode
                f.unlink()  # break the hard link before writing
                f.write_bytes(data.replace(old, new))
                f.chmod(mode)


def _vars() -> StrictDict:
    return StrictDict("vars (no configuration variable is set in this harness)")


def _permissions(spec: Any, where: str) -> dict[str, str]:
    if spec is None:
        return {s: "write" for s in PERMISSION_SCOPES} | {"id-token": "none"}  # the permissive default
    if spec == "read-all":
        return {s: "read" for s in PERMISSION_SCOPES}
    if spec == "write-all":
        return {s: "write" for s in PERMISSION_SCOPES}
    if not isinstance(spec, dict):
        raise HarnessError(f"{where}: permissions {spec!r} not understood")
    unknown = set(spec) - PERMISSION_SCOPES
    if unknown:
        raise HarnessError(f"{where}: unknown permission scopes {sorted(unknown)}")
    out = {s: "none" for s in PERMISSION_SCOPES}
    out.update({k: str(v) for k, v in spec.items()})
    return out


class FakeGitHub:
    """A folder standing for github.com: bare repositories ``repos/<owner>/<name>.git``, the
    runs made against them, their artifacts and the deployed Pages site."""

    SERVER = "https://github.com"

    def __init__(self, root: Path, owner: str, repo: str, *, pip: PipSupply | None, default_branch: str = "main",
                 secrets: dict[str, str] | None = None, max_parallel: int | None = None,
                 log: Callable[[str], None] | None = None):
        self.root = Path(root)
        self.owner, self.repo, self.default_branch = owner, repo, default_branch
        self.repos = self.root / "repos"
        self.pages = self.root / "pages" / "live"
        self.pip = pip
        self.secrets = dict(secrets or {})
        self.max_parallel = max_parallel or int(os.environ.get("GHA_MAX_PARALLEL", "4"))
        self.log = log or (lambda line: None)
        self.runs: list[WorkflowRun] = []
        self.deployments: list[dict] = []
        self.caches: list[dict] = []  # actions/cache entries: key, ref, paths, tar, n
        self._run_ids = itertools.count(1001)
        self._groups: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self.repos.mkdir(parents=True, exist_ok=True)
        self.tokens: dict[str, dict[str, str]] = {}  # a live job token -> its permissions
        self.comments: list[dict] = []
        self.closed: list[dict] = []  # pull requests closed through the API: number, token
        self.api_unsimulated: list[str] = []
        self._api = _start_api(self)
        self.api_url = f"http://127.0.0.1:{self._api.server_address[1]}"

    def close(self) -> None:
        """Stop the REST API stand-in."""
        self._api.shutdown()
        self._api.server_close()

    def __enter__(self) -> "FakeGitHub":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- repositories ---------------------------------------------------------------------------

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.repo}"

    @property
    def bare(self) -> Path:
        return self.repos / self.owner / f"{self.repo}.git"

    def add_repo(self, full_name: str, source: Path, files: Iterable[str], *, message: str = "initial",
                 tags: Iterable[str] = (), branch: str | None = None) -> Path:
        """A bare repository ``full_name`` whose ``branch`` holds one commit of ``files`` (paths
        relative to ``source``, symbolic links kept), tagged with ``tags``."""
        branch = branch or self.default_branch
        bare = self.repos / f"{full_name}.git"
        git("init", "-q", "--bare", "-b", branch, str(bare))
        # As GitHub serves any reachable commit (actions/checkout fetches the event's sha).
        git("config", "uploadpack.allowReachableSHA1InWant", "true", cwd=bare)
        git("config", "uploadpack.allowTipSHA1InWant", "true", cwd=bare)
        stage = self.root / "stage" / full_name
        if stage.exists():
            shutil.rmtree(stage)
        copy_files(source, files, stage)
        env = self.admin_env()
        git("init", "-q", "-b", branch, cwd=stage, env=env)
        git("remote", "add", "origin", str(bare), cwd=stage, env=env)
        git("add", "-A", cwd=stage, env=env)
        git("commit", "-q", "-m", message, cwd=stage, env=env)
        for t in tags:
            git("tag", t, cwd=stage, env=env)
        git("push", "-q", "origin", f"{branch}:refs/heads/{branch}", *[f"refs/tags/{t}" for t in tags], cwd=stage, env=env)
        git("fetch", "-q", "origin", cwd=stage, env=env)
        git("branch", "-q", f"--set-upstream-to=origin/{branch}", cwd=stage, env=env)
        return stage

    def admin_env(self) -> dict[str, str]:
        """The environment of the test's own git commands (the Gamesmaster's machine)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PIP_"))}
        env.update({"GIT_AUTHOR_NAME": "Gamesmaster", "GIT_AUTHOR_EMAIL": "gm@example.invalid",
                    "GIT_COMMITTER_NAME": "Gamesmaster", "GIT_COMMITTER_EMAIL": "gm@example.invalid",
                    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull})
        return env

    def clone(self, dest: Path) -> Path:
        """A working clone of the repository for the test (the Gamesmaster's, a player's)."""
        git("clone", "-q", str(self.bare), str(dest), env=self.admin_env())
        return dest

    def push_from(self, clone: Path, *refspecs: str) -> None:
        git("push", "-q", "origin", *refspecs, cwd=clone, env=self.admin_env())

    def ref(self, name: str) -> str | None:
        out = git("rev-parse", "--verify", "-q", name, cwd=self.bare, check=False)
        return out or None

    def head(self, branch: str | None = None) -> str:
        sha = self.ref(f"refs/heads/{branch or self.default_branch}")
        assert sha, "the branch does not exist"
        return sha

    def refs(self) -> dict[str, str]:
        out = git("for-each-ref", "--format=%(refname) %(objectname)", cwd=self.bare)
        return dict(line.split(" ", 1) for line in out.splitlines() if line)

    def show(self, rev_path: str) -> str:
        return git("show", rev_path, cwd=self.bare)

    def log_oneline(self, rng: str) -> list[str]:
        out = git("log", "--format=%h %s", rng, cwd=self.bare)
        return out.splitlines() if out else []

    # -- events ---------------------------------------------------------------------------------

    def _repository(self) -> dict:
        return {"full_name": self.full_name, "name": self.repo, "owner": {"login": self.owner},
                "default_branch": self.default_branch, "html_url": f"{self.SERVER}/{self.full_name}",
                "clone_url": f"{self.SERVER}/{self.full_name}.git", "private": False}

    def schedule_event(self, workflow: Workflow) -> Event:
        """A scheduled run: the payload names the cron and the workflow, not the repository."""
        cron = workflow.on["schedule"][0]["cron"]
        return Event("schedule", {"schedule": cron, "workflow": f".github/workflows/{workflow.path.name}"},
                     f"refs/heads/{self.default_branch}", self.head(), actor="github-actions[bot]")

    def push_event(self, before: str, after: str, branch: str | None = None, pusher: str = "gamesmaster") -> Event:
        branch = branch or self.default_branch
        return Event("push", {"ref": f"refs/heads/{branch}", "before": before, "after": after,
                              "repository": self._repository(), "pusher": {"name": pusher},
                              "sender": {"login": pusher}, "head_commit": {"id": after}},
                     f"refs/heads/{branch}", after, actor=pusher)

    def dispatch_event(self, workflow: Workflow, inputs: dict | None = None, actor: str = "gamesmaster") -> Event:
        """workflow_dispatch: the payload's inputs are strings, the ``inputs`` context typed."""
        declared = workflow.dispatch_inputs()
        given = dict(inputs or {})
        unknown = set(given) - set(declared)
        if unknown:
            raise HarnessError(f"inputs not declared by {workflow.path.name}: {sorted(unknown)}")
        typed: dict[str, Any] = {}
        for name, spec in declared.items():
            spec = spec or {}
            kind = spec.get("type", "string")
            value = given.get(name, spec.get("default", ""))
            if kind == "boolean":
                if isinstance(value, str):
                    value = value.lower() == "true"
                typed[name] = bool(value)
            elif kind == "number":
                typed[name] = _num(float(value)) if value != "" else None
            elif kind in ("string", "choice", "environment"):
                typed[name] = to_str(value)
                if kind == "choice" and typed[name] not in (spec.get("options") or []):
                    raise HarnessError(f"input {name}: {typed[name]!r} is not one of its options")
            else:
                raise HarnessError(f"input type {kind!r} is not simulated")
            if spec.get("required") and name not in given and "default" not in spec:
                raise HarnessError(f"input {name} is required")
        ref = f"refs/heads/{self.default_branch}"
        payload = {"inputs": {k: to_str(v) for k, v in typed.items()}, "ref": ref,
                   "repository": self._repository(), "sender": {"login": actor},
                   "workflow": f".github/workflows/{workflow.path.name}"}
        return Event("workflow_dispatch", payload, ref, self.head(), actor=actor, inputs=typed)

    def open_pull_request(self, number: int, head_sha: str, author: str, *, action: str = "opened",
                          branch: str | None = None, event: str = "pull_request_target") -> Event:
        """A pull request: ``refs/pull/<number>/head`` set to ``head_sha`` (the commit must be in
        the bare repository, e.g. pushed to a branch of it) and its event. For
        ``pull_request_target``, GITHUB_REF/GITHUB_SHA are the base branch and its tip; for
        ``pull_request``, ``refs/pull/<number>/merge``, the merge of the head into the base's tip
        that GitHub makes (refused, as GitHub runs nothing, when they conflict). The payload's
        ``changed_files_list`` (not GitHub's: the harness's, for the ``paths`` filter) holds the
        files the pull request changes."""
        if event not in ("pull_request_target", "pull_request"):
            raise HarnessError(f"a pull request's event is pull_request_target or pull_request, not {event}")
        git("update-ref", f"refs/pull/{number}/head", head_sha, cwd=self.bare)
        base = self.head()
        repo = self._repository()
        changed = git("diff", "--name-only", f"{base}...{head_sha}", cwd=self.bare).splitlines()
        pr = {"number": number, "state": "open", "merged": False, "user": {"login": author},
              "head": {"sha": head_sha, "ref": branch or f"pr-{number}", "repo": repo, "user": {"login": author}},
              "base": {"sha": base, "ref": self.default_branch, "repo": repo},
              "html_url": f"{self.SERVER}/{self.full_name}/pull/{number}"}
        payload = {"action": action, "number": number, "pull_request": pr, "repository": repo,
                   "sender": {"login": author}, "changed_files_list": changed}
        if event == "pull_request_target":
            return Event(event, payload, f"refs/heads/{self.default_branch}", base, actor=author)
        tree = git("merge-tree", "--write-tree", base, head_sha, cwd=self.bare, check=False)
        if not re.fullmatch(r"[0-9a-f]{40}", tree):
            raise HarnessError(f"pull request {number} conflicts with {self.default_branch}: GitHub would run nothing")
        merge = git("commit-tree", tree, "-p", base, "-p", head_sha, "-m", f"Merge {head_sha} into {base}",
                    cwd=self.bare, env=self.admin_env())
        git("update-ref", f"refs/pull/{number}/merge", merge, cwd=self.bare)
        return Event(event, payload, f"refs/pull/{number}/merge", merge, actor=author)

    def workflow_run_event(self, run: "WorkflowRun") -> Event:
        """``workflow_run`` (completed) after ``run``: on the default branch, its tip now."""
        p = {"action": "completed",
             "workflow_run": {"id": run.run_id, "name": run.workflow.name, "event": run.event.name,
                              "status": "completed", "conclusion": run.conclusion,
                              "head_branch": self.default_branch, "head_sha": run.event.sha,
                              "path": f".github/workflows/{run.workflow.path.name}"},
             "workflow": {"name": run.workflow.name, "path": f".github/workflows/{run.workflow.path.name}"},
             "repository": self._repository(), "sender": {"login": run.event.actor}}
        return Event("workflow_run", p, f"refs/heads/{self.default_branch}", self.head(), actor=run.event.actor)

    # -- running --------------------------------------------------------------------------------

    def run(self, workflow: Workflow, event: Event, *, jobs: Iterable[str] | None = None,
            needs: dict[str, dict] | None = None, concurrency: bool = True,
            artifacts: dict[str, Path] | None = None) -> "WorkflowRun":
        """Run ``workflow`` for ``event``: all its jobs, or only ``jobs``, the results of the jobs
        they need and that do not run given by ``needs`` (``{"due": {"result": "success",
        "outputs": {...}}}``) and the artifacts those uploaded by ``artifacts`` (name: the file of
        an artifact in :attr:`WorkflowRun.artifacts`, e.g. of an earlier run). ``concurrency=False``
        ignores the jobs' concurrency groups (to race what GitHub would queue)."""
        if not workflow.triggered_by(event):
            raise HarnessError(f"{workflow.path.name} is not triggered by this {event.name} event")
        run = WorkflowRun(self, workflow, event, next(self._run_ids))
        run.honour_concurrency = concurrency
        for name, packed in (artifacts or {}).items():
            keep = run.folder / "artifacts" / f"{name}{Path(packed).suffix}"
            keep.parent.mkdir(exist_ok=True)
            shutil.copyfile(packed, keep)
            run.artifacts[name] = keep
            next(run.artifact_ids)
        for jid, given in (needs or {}).items():
            if jid not in workflow.jobs:
                raise HarnessError(f"needs given for an unknown job {jid!r}")
            unknown = set(given.get("outputs") or {}) - set(workflow.jobs[jid].get("outputs") or {})
            if unknown:
                raise HarnessError(f"job {jid} declares no outputs {sorted(unknown)}")
            run.jobs[jid] = JobResult(jid, given.get("result", "success"), dict(given.get("outputs") or {}), [])
            run.given.add(jid)
        run.execute(only=set(jobs) if jobs is not None else None)
        with self._lock:
            self.runs.append(run)
        return run

    def group_lock(self, group: str) -> threading.Lock:
        with self._lock:
            return self._groups.setdefault(group, threading.Lock())

    def cache_lookup(self, ref: str, paths: list[str], key: str, restore_keys: list[str]) -> tuple[str, Path] | None:
        """The cache a restore finds: the exact key, else the newest entry whose key starts with a
        restore key (in their order), among this ref's caches and the default branch's; the paths
        are part of a cache's version, as in actions/cache."""
        default = f"refs/heads/{self.default_branch}"
        with self._lock:
            usable = [c for c in self.caches if c["ref"] in (ref, default) and c["paths"] == paths]
        for c in usable:
            if c["key"] == key:
                return c["key"], c["tar"]
        for prefix in restore_keys:
            matches = [c for c in usable if c["key"].startswith(prefix)]
            if matches:
                newest = max(matches, key=lambda c: c["n"])
                return newest["key"], newest["tar"]
        return None

    def cache_save(self, ref: str, paths: list[str], key: str, tar_path: Path) -> bool:
        """Keep a cache; False when this ref already has one of that key (caches are immutable)."""
        with self._lock:
            if any(c["key"] == key and c["ref"] == ref and c["paths"] == paths for c in self.caches):
                return False
            keep = self.root / "caches" / f"cache-{len(self.caches) + 1}.tar"
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(tar_path, keep)
            self.caches.append({"key": key, "ref": ref, "paths": paths, "tar": keep, "n": len(self.caches)})
            return True

    def deploy(self, run: "WorkflowRun", tar_path: Path) -> str:
        with self._lock:
            n = len(self.deployments) + 1
            dest = self.root / "pages" / f"deployment-{n}"
            with tarfile.open(tar_path) as tar:
                tar.extractall(dest, filter="data")
            if self.pages.exists() or self.pages.is_symlink():
                self.pages.unlink()
            self.pages.parent.mkdir(parents=True, exist_ok=True)
            self.pages.symlink_to(dest.name)
            url = f"https://{self.owner}.github.io/{self.repo}/"
            files = sum(1 for p in dest.rglob("*") if p.is_file())
            self.deployments.append({"run": run.run_id, "path": dest, "page_url": url, "files": files})
            return url


def _start_api(gh: FakeGitHub) -> http.server.ThreadingHTTPServer:
    """GitHub's REST API, the little of it the workflows' commands use, on 127.0.0.1 (the jobs'
    ``GITHUB_API_URL``): ``POST /repos/<owner>/<repo>/issues/<n>/comments`` with a live job
    token that has ``pull-requests: write`` (or ``issues: write``), and ``PATCH
    /repos/<owner>/<repo>/pulls/<n>`` closing a pull request (``pull-requests: write``). Any other
    call is recorded as not simulated, and the job's step fails the harness."""

    class Api(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):  # noqa: D102
            pass

        def answer(self, code: int, data: dict) -> None:
            body = json.dumps(data).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def pull_request_call(self, method: str, pattern: str, scopes: tuple[str, ...], key: str) -> tuple | None:
            """The checks every simulated call on a pull request makes: its address (``pattern``,
            owner, repository and number), a live job token with one of ``scopes`` written, the
            pull request, and a JSON body with ``key``. Returns (number, value of key, token), or
            None once it has answered with GitHub's error."""
            size = int(self.headers.get("Content-Length") or 0)
            payload = self.rfile.read(size)
            m = re.fullmatch(pattern, self.path)
            auth = self.headers.get("Authorization", "")
            token = auth.split(" ", 1)[1] if auth.lower().startswith(("bearer ", "token ")) else ""
            if not m:
                return self.unsimulated(method)
            perms = gh.tokens.get(token)
            if perms is None:
                return self.answer(401, {"message": "Bad credentials"})
            if not any(perms.get(scope) == "write" for scope in scopes):
                return self.answer(403, {"message": "Resource not accessible by integration"})
            owner, repo, number = m.group(1), m.group(2), int(m.group(3))
            if f"{owner}/{repo}".lower() != gh.full_name.lower() or not gh.ref(f"refs/pull/{number}/head"):
                return self.answer(404, {"message": "Not Found"})
            try:
                value = json.loads(payload)[key]
            except (ValueError, KeyError, TypeError):
                return self.answer(422, {"message": f"Invalid request: {key} is required"})
            return number, value, token

        def do_POST(self):  # noqa: N802 - http.server's name
            call = self.pull_request_call("POST", r"/repos/([^/]+)/([^/]+)/issues/(\d+)/comments",
                                          ("pull-requests", "issues"), "body")
            if call is None:
                return None
            number, body, token = call
            with gh._lock:  # noqa: SLF001
                cid = len(gh.comments) + 1
                url = f"{FakeGitHub.SERVER}/{gh.full_name}/pull/{number}#issuecomment-{cid}"
                gh.comments.append({"pull_request": number, "body": body, "html_url": url, "token": token})
            return self.answer(201, {"id": cid, "html_url": url, "body": body})

        def unsimulated(self, method: str) -> None:
            gh.api_unsimulated.append(f"{method} {self.path}")
            self.answer(501, {"message": "not simulated by the gha harness"})

        def do_GET(self):  # noqa: N802
            self.unsimulated("GET")

        def do_PATCH(self):  # noqa: N802
            """``PATCH /repos/<owner>/<repo>/pulls/<n>`` with ``{"state": "closed"}``: closing a pull
            request (a live job token with ``pull-requests: write``)."""
            call = self.pull_request_call("PATCH", r"/repos/([^/]+)/([^/]+)/pulls/(\d+)", ("pull-requests",), "state")
            if call is None:
                return None
            number, state, token = call
            if state != "closed":
                return self.unsimulated("PATCH")
            with gh._lock:  # noqa: SLF001
                gh.closed.append({"pull_request": number, "token": token})
            return self.answer(200, {"number": number, "state": "closed"})

        def do_PUT(self):  # noqa: N802
            self.unsimulated("PUT")

        def do_DELETE(self):  # noqa: N802
            self.unsimulated("DELETE")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Api)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# ============================================================================================
# Runs, jobs, steps
# ============================================================================================


@dataclass
class StepResult:
    name: str
    id: str | None
    outcome: str  # success, failure, skipped
    conclusion: str
    outputs: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    log: str = ""


@dataclass
class JobRun:
    """One job run (one matrix entry)."""

    job_id: str
    name: str
    matrix: dict | None
    result: str = "skipped"
    outputs: dict[str, str] = field(default_factory=dict)
    steps: list[StepResult] = field(default_factory=list)
    seconds: float = 0.0
    folder: Path | None = None
    summary: str = ""
    apt: list[str] = field(default_factory=list)
    environment_url: str | None = None
    error: str | None = None

    def step(self, name_or_id: str) -> StepResult:
        for s in self.steps:
            if name_or_id in (s.id, s.name):
                return s
        raise KeyError(name_or_id)

    def failing_log(self) -> str:
        bad = [s for s in self.steps if s.outcome == "failure"]
        return "\n".join(f"--- {s.name} ---\n{s.log[-4000:]}" for s in bad) or (self.error or "")


@dataclass
class JobResult:
    job_id: str
    result: str
    outputs: dict[str, str]
    runs: list[JobRun]


_STEP_TIMEOUT = 900.0


class WorkflowRun:
    """One run of a workflow for one event."""

    def __init__(self, gh: FakeGitHub, workflow: Workflow, event: Event, run_id: int):
        self.gh, self.workflow, self.event, self.run_id = gh, workflow, event, run_id
        self.jobs: dict[str, JobResult] = {}
        self.folder = gh.root / "runs" / f"{run_id}-{workflow.path.stem}-{event.name}"
        self.folder.mkdir(parents=True)
        self.artifacts: dict[str, Path] = {}
        """The run's artifacts by name: a Pages artifact's tar, upload-artifact's zip."""
        self.artifact_ids = itertools.count(1)
        self.seconds = 0.0
        self.refs_before: dict[str, str] = {}
        self.refs_after: dict[str, str] = {}
        self.deployments: list[dict] = []
        self.token_base = "ghs_" + _secrets.token_hex(12)
        self.honour_concurrency = True
        self.given: set[str] = set()
        self._lock = threading.Lock()

    # -- contexts -------------------------------------------------------------------------------

    def github_context(self, token: str, job_id: str, workspace: str) -> StrictDict:
        e = self.event
        ref = e.ref
        pr = e.payload.get("pull_request") or {}
        return StrictDict("github", {
            "event": e.payload, "event_name": e.name, "event_path": str(self.folder / "event.json"),
            "ref": ref, "ref_name": ref.split("/", 2)[-1], "ref_type": "tag" if ref.startswith("refs/tags/") else "branch",
            "ref_protected": False, "sha": e.sha, "repository": self.gh.full_name,
            "repository_owner": self.gh.owner, "repositoryurl": f"git://github.com/{self.gh.full_name}.git",
            "repository_id": "1", "repository_owner_id": "1",
            "server_url": FakeGitHub.SERVER, "api_url": self.gh.api_url,
            "graphql_url": "https://api.github.com/graphql", "token": token, "workspace": workspace,
            "run_id": str(self.run_id), "run_number": str(self.run_id - 1000), "run_attempt": "1",
            "actor": e.actor, "actor_id": "1", "triggering_actor": e.actor, "job": job_id,
            "workflow": self.workflow.name, "workflow_ref": f"{self.gh.full_name}/.github/workflows/{self.workflow.path.name}@{ref}",
            "workflow_sha": e.sha, "head_ref": (pr.get("head") or {}).get("ref", "") if pr else "",
            "base_ref": (pr.get("base") or {}).get("ref", "") if pr else "", "retention_days": "90",
            "secret_source": "Actions", "action": "", "action_path": "", "action_ref": "", "action_repository": "",
            "action_status": "", "path": "", "env": "", "output": "", "state": "", "step_summary": "",
        })

    def inputs_context(self) -> StrictDict:
        names = self.workflow.dispatch_inputs()
        values = self.event.inputs if self.event.name == "workflow_dispatch" else {}
        return StrictDict("inputs", {n: (values or {}).get(n) for n in names})

    def secrets_context(self, token: str) -> dict:
        return {**self.gh.secrets, "GITHUB_TOKEN": token}

    def needs_context(self, job_id: str) -> StrictDict:
        out = StrictDict(f"needs (of job {job_id})")
        for n in self.workflow.needs(job_id):
            res = self.jobs[n]
            declared = self.workflow.jobs[n].get("outputs") or {}
            outputs = StrictDict(f"needs.{n}.outputs", {k: res.outputs.get(k, "") for k in declared})
            out[n] = {"result": res.result, "outputs": outputs}
        return out

    # -- the run --------------------------------------------------------------------------------

    @property
    def conclusion(self) -> str:
        results = [j.result for j in self.jobs.values()]
        if "failure" in results:
            return "failure"
        if "cancelled" in results:
            return "cancelled"
        return "success"

    def execute(self, only: set[str] | None = None) -> None:
        t0 = time.perf_counter()
        (self.folder / "event.json").write_text(json.dumps(self.event.payload, indent=2))
        self.refs_before = self.gh.refs()
        wanted = None
        given = set(self.jobs)
        if only is not None:
            wanted = set(only)
            for j in only:
                unknown = j not in self.workflow.jobs
                if unknown:
                    raise HarnessError(f"no job {j!r} in {self.workflow.path.name}")
                missing = [n for n in self.workflow.ancestors(j) if n not in given and n not in only]
                wanted |= set(missing)
        # Workflow-level concurrency: a run waits for another of its group; cancelling one in
        # progress is not simulated.
        group, lock = None, contextlib.nullcontext()
        if "concurrency" in self.workflow.data:
            conc = self.workflow.data["concurrency"]
            scope = Scope({"github": self.github_context("***", "", ""), "inputs": self.inputs_context(), "vars": _vars()},
                          where="the workflow's concurrency")
            group = "workflow:" + render_str(conc["group"] if isinstance(conc, dict) else conc, scope)
            cancel = isinstance(conc, dict) and truthy(render(conc.get("cancel-in-progress", False), scope))
            lock = self.gh.group_lock(group)
            if cancel and lock.locked():
                raise HarnessError(f"a run of {group} is in progress: cancel-in-progress is not simulated")
        with lock:
            for job_id in self.workflow.order():
                if (wanted is not None and job_id not in wanted) or job_id in given:
                    continue
                self.jobs[job_id] = self.run_job(job_id)
        self.refs_after = self.gh.refs()
        self.seconds = time.perf_counter() - t0
        self.gh.log(self.summary())

    def _status(self, job_id: str) -> dict[str, Callable[[], bool]]:
        ancestors = self.workflow.ancestors(job_id)
        results = lambda: [self.jobs[a].result for a in ancestors if a in self.jobs]  # noqa: E731
        return {"success": lambda: all(r == "success" for r in results()),
                "failure": lambda: any(r == "failure" for r in results()),
                "cancelled": lambda: False, "always": lambda: True}

    def run_job(self, job_id: str) -> JobResult:
        job = self.workflow.jobs[job_id]
        gh_ctx = self.github_context("***", job_id, "")
        base = {"github": gh_ctx, "needs": self.needs_context(job_id), "inputs": self.inputs_context(), "vars": _vars()}
        declared = job.get("outputs") or {}
        skipped = JobResult(job_id, "skipped", {k: "" for k in declared}, [])
        if not condition(job.get("if"), Scope(base, self._status(job_id), where=f"jobs.{job_id}.if")):
            return skipped
        # The matrix.
        strategy = job.get("strategy") or {}
        unknown = set(strategy) - {"matrix", "fail-fast", "max-parallel"}
        if unknown:
            raise HarnessError(f"job {job_id}: strategy keys not simulated: {sorted(unknown)}")
        entries: list[dict | None] = [None]
        error = None
        if "matrix" in strategy:
            try:
                entries = self._matrix(job_id, strategy["matrix"], Scope(base, where=f"jobs.{job_id}.strategy"))
            except EvalError as exc:
                error = f"Error when evaluating 'strategy' for job '{job_id}': {exc}"
        if error:
            run = JobRun(job_id, job_id, None, "failure", error=error)
            return JobResult(job_id, "failure", {k: "" for k in declared}, [run])
        fail_fast = truthy(render(strategy.get("fail-fast", True), Scope(base, where="fail-fast")))
        limit = min(int(strategy.get("max-parallel") or len(entries)), self.gh.max_parallel, len(entries))
        stop = threading.Event()

        def one(index_entry: tuple[int, dict | None]) -> JobRun:
            index, entry = index_entry
            if stop.is_set():
                return JobRun(job_id, job_id, entry, "cancelled")
            jr = self.run_one(job_id, entry, (index, len(entries), fail_fast, limit))
            if jr.result == "failure" and fail_fast and entry is not None:
                stop.set()
            return jr

        if len(entries) == 1:
            runs = [one((0, entries[0]))]
        else:
            with ThreadPoolExecutor(max_workers=max(1, limit)) as pool:
                runs = list(pool.map(one, enumerate(entries)))
        results = [r.result for r in runs]
        result = "failure" if "failure" in results else "cancelled" if "cancelled" in results else "success"
        outputs = {k: "" for k in declared}
        for r in sorted(runs, key=lambda r: r.seconds):
            outputs.update({k: v for k, v in r.outputs.items() if v != ""})
        return JobResult(job_id, result, outputs, runs)

    def _matrix(self, job_id: str, spec: Any, scope: Scope) -> list[dict]:
        spec = render(spec, scope)
        if not isinstance(spec, dict):
            raise EvalError(f"the matrix is not a mapping: {spec!r}")
        include = spec.pop("include", None) or []
        exclude = spec.pop("exclude", None) or []
        for key, values in spec.items():
            if not isinstance(values, list):
                raise EvalError(f"Matrix vector '{key}' is not an array: {values!r}")
            if not values:
                raise EvalError(f"Matrix vector '{key}' does not contain any values")
        keys = list(spec)
        combos = [dict(zip(keys, vals)) for vals in itertools.product(*(spec[k] for k in keys))] if keys else []
        combos = [c for c in combos if not any(all(loose_equal(c.get(k), v) for k, v in ex.items()) for ex in exclude)]
        originals = [dict(c) for c in combos]
        for inc in include:
            placed = False
            for c, orig in zip(combos, originals):
                if all(k not in orig or orig[k] == v for k, v in inc.items()):
                    c.update(inc)
                    placed = True
            if not placed:
                combos.append(dict(inc))
                originals.append(dict(inc))
        if not combos:
            raise EvalError(f"the matrix of job {job_id} has no entries")
        return combos

    # -- one job on one runner ------------------------------------------------------------------

    def run_one(self, job_id: str, matrix: dict | None, strategy: tuple[int, int, bool, int]) -> JobRun:
        job = self.workflow.jobs[job_id]
        t0 = time.perf_counter()
        folder = self.folder / (f"{job_id}-{strategy[0] + 1}" if matrix is not None else job_id)
        runner = _Runner(self, job_id, job, matrix, folder, strategy)
        jr = runner.jr
        group = None
        if "concurrency" in job:
            conc = job["concurrency"]
            scope = Scope(runner.base_contexts(), where=f"jobs.{job_id}.concurrency")
            if isinstance(conc, dict):
                group = render_str(conc["group"], scope)
                if truthy(render(conc.get("cancel-in-progress", False), scope)):
                    raise HarnessError(f"job {job_id}: cancel-in-progress is not simulated for jobs")
            else:
                group = render_str(conc, scope)
        lock = self.gh.group_lock(group) if group and self.honour_concurrency else contextlib.nullcontext()
        with lock:
            try:
                runner.execute()
            finally:
                jr.seconds = time.perf_counter() - t0
        return jr

    # -- reporting ------------------------------------------------------------------------------

    def pushed(self, branch: str | None = None) -> list[str]:
        ref = f"refs/heads/{branch or self.gh.default_branch}"
        before, after = self.refs_before.get(ref), self.refs_after.get(ref)
        if not after or before == after:
            return []
        return self.gh.log_oneline(f"{before}..{after}" if before else after)

    def summary(self) -> str:
        lines = [f"run {self.run_id}: {self.workflow.path.name} on {self.event.name} -> {self.conclusion} "
                 f"({self.seconds:.1f} s)"]
        for jid, res in self.jobs.items():
            if not res.runs:
                lines.append(f"  job {jid}: {res.result}{' (given)' if jid in self.given else ''}")
            for r in res.runs:
                where = f" [{', '.join(f'{k}={v}' for k, v in r.matrix.items())}]" if r.matrix else ""
                steps = ", ".join(f"{s.name} {s.seconds:.1f}s" for s in r.steps if s.outcome != "skipped" and s.seconds >= 1)
                apt = f"; apt: {' '.join(r.apt)}" if r.apt else ""
                lines.append(f"  job {jid}{where}: {r.result} in {r.seconds:.1f} s ({steps}){apt}")
                if r.error:
                    lines.append(f"    error: {r.error}")
        new_refs = {k: v for k, v in self.refs_after.items() if self.refs_before.get(k) != v}
        commits = self.pushed()
        lines.append(f"  pushed to {self.gh.default_branch}: {len(commits)} commit(s)")
        lines += [f"    {c}" for c in commits]
        tags = sorted(k[len("refs/tags/"):] for k in new_refs if k.startswith("refs/tags/"))
        if tags:
            lines.append(f"  tags pushed: {', '.join(tags)}")
        other = sorted(k for k in new_refs if not k.startswith("refs/tags/") and k != f"refs/heads/{self.gh.default_branch}")
        if other:
            lines.append(f"  other refs pushed: {', '.join(other)}")
        for c in self.comments():
            first = c["body"].strip().splitlines()[0] if c["body"].strip() else ""
            lines.append(f"  comment on pull request #{c['pull_request']}: {first}")
        for d in self.deployments:
            lines.append(f"  pages deployed: {d['page_url']} ({d['files']} files)")
        return "\n".join(lines)

    def comments(self) -> list[dict]:
        """The comments this run's jobs posted on pull requests."""
        return [c for c in self.gh.comments if c["token"].startswith(self.token_base)]

    def closed(self) -> list[int]:
        """The pull requests this run's jobs closed."""
        return [c["pull_request"] for c in self.gh.closed if c["token"].startswith(self.token_base)]


class _Runner:
    """A hosted runner running one job: its folders, environment, git configuration and shims."""

    SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

    def __init__(self, run: WorkflowRun, job_id: str, job: dict, matrix: dict | None, folder: Path,
                 strategy: tuple[int, int, bool, int] = (0, 1, True, 1)):
        self.run, self.job_id, self.job, self.matrix, self.folder = run, job_id, job, matrix, folder
        self.index, self.total, self.fail_fast, self.max_parallel = strategy
        self.gh = run.gh
        self.home = folder / "home"
        self.temp = folder / "_temp"
        self.tool = folder / "_tool"
        self.workspace = folder / "work" / self.gh.repo / self.gh.repo
        self.shims = folder / "shims"
        self.apt_record = folder / "apt-installed"
        self.harness_errors = folder / "harness-errors"
        for d in (self.home, self.temp, self.tool, self.workspace, self.shims):
            d.mkdir(parents=True, exist_ok=True)
        self.token = f"{run.token_base}{job_id.replace('-', '')}{_secrets.token_hex(4)}"
        wf_perm = _permissions(run.workflow.data.get("permissions"), run.workflow.path.name)
        self.permissions = (_permissions(job["permissions"], f"job {job_id}") if "permissions" in job else wf_perm)
        self.path_prepend: list[str] = []
        self.env_file_vars: dict[str, str] = {}
        self.jr = JobRun(job_id, job_id, matrix, folder=folder)
        self.steps_ctx = StrictDict("steps")
        self.gh.tokens[self.token] = self.permissions
        self._write_git_config()
        self._write_shims()

    # -- the machine ----------------------------------------------------------------------------

    def _write_git_config(self) -> None:
        repos = self.gh.repos.as_uri() + "/"
        nowhere = (self.gh.root / "NO-NETWORK").as_uri() + "/"
        no_creds = (self.gh.root / "PUSH-REFUSED-no-credentials").as_uri() + "/"
        read_only = (self.gh.root / "PUSH-REFUSED-token-without-contents-write").as_uri() + "/"
        token_url = f"https://x-access-token:{self.token}@github.com/"
        lines = [
            "# A hosted runner's git, its network stood in for by url.<base>.insteadOf (longest match wins).",
            f'[url "{repos}"]', "\tinsteadOf = https://github.com/", f"\tinsteadOf = {token_url}",
            f'[url "{no_creds}"]', "\tpushInsteadOf = https://github.com/",
            f'[url "{nowhere}"]', "\tinsteadOf = https://", "\tinsteadOf = http://", "\tinsteadOf = ssh://",
            "\tinsteadOf = git://", "\tinsteadOf = git@",
        ]
        if self.permissions.get("contents") != "write":
            lines += [f'[url "{read_only}"]', f"\tpushInsteadOf = {token_url}"]
        (self.home / ".gitconfig").write_text("\n".join(lines) + "\n")

    def _write_shims(self) -> None:
        py = sys.executable
        (self.shims / "sudo").write_text(textwrap.dedent(f"""\
            #!/bin/bash
            # gha harness: passwordless sudo, for apt-get only.
            case "$1" in
              apt-get) exec "$@" ;;
              *) echo "gha harness: 'sudo $*' is not simulated (only 'sudo apt-get ...')" | tee -a {self.harness_errors} >&2; exit 97 ;;
            esac
            """))
        (self.shims / "apt-get").write_text(f"#!{py}\n" + textwrap.dedent(f"""\
            # gha harness: apt-get that installs nothing; it records the packages, each of which
            # must be a Debian package installed on this machine.
            import subprocess, sys
            RECORD, ERRORS = {str(self.apt_record)!r}, {str(self.harness_errors)!r}
            def harness_error(msg):
                open(ERRORS, "a").write(msg + "\\n")
                print("gha harness: " + msg, file=sys.stderr)
                sys.exit(100)
            args = sys.argv[1:]
            flags = {{"-y", "--yes", "--assume-yes", "-q", "-qq", "--quiet", "--no-install-recommends", "--no-upgrade"}}
            words = []
            for a in args:
                if a.startswith("-"):
                    if a not in flags:
                        harness_error(f"apt-get option {{a}} is not simulated")
                else:
                    words.append(a)
            if not words:
                harness_error("apt-get without a command")
            command, names = words[0], words[1:]
            if command == "update":
                if names:
                    harness_error("apt-get update takes no packages")
                print("Reading package lists... Done (simulated)")
                sys.exit(0)
            if command != "install":
                harness_error(f"apt-get {{command}} is not simulated")
            if "-y" not in args and "--yes" not in args and "--assume-yes" not in args:
                print("E: apt-get install would ask for confirmation (no -y): aborted.", file=sys.stderr)
                sys.exit(1)
            for name in names:
                pkg = name.split("=")[0].split(":")[0]
                st = subprocess.run(["dpkg-query", "-W", "-f=${{Status}}", pkg], capture_output=True, text=True)
                if st.returncode or st.stdout.strip() != "install ok installed":
                    harness_error(f"the package {{pkg}} is not installed on this machine: the harness cannot "
                                  "pretend to install it (is it a Debian package at all?)")
                with open(RECORD, "a") as fh:
                    fh.write(pkg + "\\n")
                print(f"Setting up {{pkg}} (simulated: already on this machine) ...")
            """))
        for f in ("sudo", "apt-get"):
            (self.shims / f).chmod(0o755)

    def apt_installed(self) -> list[str]:
        return self.apt_record.read_text().split() if self.apt_record.exists() else []

    def base_contexts(self) -> dict[str, Any]:
        return {"github": self.run.github_context(self.token, self.job_id, str(self.workspace)),
                "needs": self.run.needs_context(self.job_id), "inputs": self.run.inputs_context(), "vars": _vars(),
                "matrix": StrictDict("matrix", self.matrix or {}),
                "strategy": StrictDict("strategy", {"fail-fast": self.fail_fast, "job-index": self.index,
                                                    "job-total": self.total, "max-parallel": self.max_parallel})}

    def runner_ctx(self) -> StrictDict:
        return StrictDict("runner", {"os": "Linux", "arch": "X64", "name": "GitHub Actions 1", "environment": "github-hosted",
                                     "temp": str(self.temp), "tool_cache": str(self.tool), "debug": ""})

    def job_ctx(self, failed: bool) -> StrictDict:
        return StrictDict("job", {"status": "failure" if failed else "success", "check_run_id": "1", "services": {},
                                  "container": {"id": "", "network": ""}})

    def base_env(self) -> dict[str, str]:
        e = self.run.event
        env = {
            "PATH": ":".join([str(self.shims)] + self.path_prepend[::-1] + [self.SYSTEM_PATH]),
            "HOME": str(self.home), "LANG": "C.UTF-8", "USER": "runner",
            "GIT_CONFIG_GLOBAL": str(self.home / ".gitconfig"), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "CI": "true", "GITHUB_ACTIONS": "true", "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
            "RUNNER_NAME": "GitHub Actions 1", "RUNNER_ENVIRONMENT": "github-hosted", "ImageOS": "ubuntu24",
            "RUNNER_TEMP": str(self.temp), "RUNNER_TOOL_CACHE": str(self.tool),
            "GITHUB_SERVER_URL": FakeGitHub.SERVER, "GITHUB_API_URL": self.gh.api_url,
            "GITHUB_GRAPHQL_URL": "https://api.github.com/graphql",
            "GITHUB_REPOSITORY": self.gh.full_name, "GITHUB_REPOSITORY_OWNER": self.gh.owner,
            "GITHUB_EVENT_NAME": e.name, "GITHUB_EVENT_PATH": str(self.run.folder / "event.json"),
            "GITHUB_REF": e.ref, "GITHUB_REF_NAME": e.ref.split("/", 2)[-1],
            "GITHUB_REF_TYPE": "tag" if e.ref.startswith("refs/tags/") else "branch", "GITHUB_REF_PROTECTED": "false",
            "GITHUB_SHA": e.sha, "GITHUB_WORKSPACE": str(self.workspace), "GITHUB_JOB": self.job_id,
            "GITHUB_RUN_ID": str(self.run.run_id), "GITHUB_RUN_NUMBER": str(self.run.run_id - 1000),
            "GITHUB_RUN_ATTEMPT": "1", "GITHUB_ACTOR": e.actor, "GITHUB_TRIGGERING_ACTOR": e.actor,
            "GITHUB_WORKFLOW": self.run.workflow.name, "GITHUB_RETENTION_DAYS": "90",
            "GITHUB_WORKFLOW_REF": f"{self.gh.full_name}/.github/workflows/{self.run.workflow.path.name}@{e.ref}",
            "GITHUB_WORKFLOW_SHA": e.sha,
            "GITHUB_HEAD_REF": self.run.github_context("", "", "")["head_ref"],
            "GITHUB_BASE_REF": self.run.github_context("", "", "")["base_ref"],
        }
        if self.gh.pip is not None:
            env.update(self.gh.pip.env())
        return env

    # -- the job --------------------------------------------------------------------------------

    def execute(self) -> None:
        job, jr = self.job, self.jr
        ctx = self.base_contexts()
        name_scope = Scope(ctx, where=f"jobs.{self.job_id}.name")
        jr.name = render_str(job.get("name", self.job_id), name_scope)
        env_scope = Scope({**ctx, "secrets": self.run.secrets_context(self.token)},
                          where=f"jobs.{self.job_id}.env")
        wf_env = {k: render_str(v, Scope({"github": ctx["github"], "inputs": ctx["inputs"], "vars": _vars(),
                                          "secrets": env_scope.contexts["secrets"]}, where="the workflow's env"))
                  for k, v in (self.run.workflow.data.get("env") or {}).items()}
        try:
            job_env = {**wf_env, **{k: render_str(v, env_scope) for k, v in (job.get("env") or {}).items()}}
        except EvalError as exc:
            jr.result, jr.error = "failure", str(exc)
            return
        failed = False
        for i, step in enumerate(job.get("steps") or []):
            res = self.run_step(i, step, ctx, job_env, failed)
            jr.steps.append(res)
            if res.id:
                self.steps_ctx[res.id] = {"outputs": StrictStepOutputs(res), "outcome": res.outcome,
                                          "conclusion": res.conclusion}
            if res.conclusion == "failure":
                failed = True
            if self.harness_errors.exists():
                raise HarnessError(f"job {self.job_id}, step {res.name!r}: {self.harness_errors.read_text().strip()}")
            if self.gh.api_unsimulated:
                raise HarnessError(f"job {self.job_id}, step {res.name!r}: REST API calls not simulated: "
                                   f"{self.gh.api_unsimulated}")
        self.gh.tokens.pop(self.token, None)  # GitHub revokes a job's token when the job ends
        jr.result = "failure" if failed else "success"
        jr.apt = self.apt_installed()
        summaries = sorted(self.temp.glob("_step_summary_*"), key=lambda p: int(p.name.rsplit("_", 1)[1]))
        jr.summary = "".join(p.read_text() for p in summaries)
        out_scope = Scope({**ctx, "steps": self.steps_ctx, "env": StrictDict("env", job_env),
                           "secrets": self.run.secrets_context(self.token), "job": self.job_ctx(failed),
                           "runner": self.runner_ctx()},
                          where=f"jobs.{self.job_id}.outputs")
        for k, v in (job.get("outputs") or {}).items():
            try:
                jr.outputs[k] = render_str(v, out_scope)
            except EvalError as exc:
                jr.result, jr.error = "failure", f"output {k}: {exc}"
        envir = job.get("environment")
        if isinstance(envir, dict) and "url" in envir:
            jr.environment_url = render_str(envir["url"], out_scope) if jr.result == "success" else None

    def run_step(self, i: int, step: dict, ctx: dict, job_env: dict, failed: bool) -> StepResult:
        secrets_ctx = self.run.secrets_context(self.token)
        statuses = {"success": lambda: not failed, "failure": lambda: failed, "cancelled": lambda: False,
                    "always": lambda: True}
        env_ctx = StrictDict("env", {**job_env, **self.env_file_vars})
        common = {**ctx, "steps": self.steps_ctx, "env": env_ctx, "job": self.job_ctx(failed), "runner": self.runner_ctx()}
        label = step.get("name") or (step["uses"].split("@")[0] if "uses" in step else
                                     "Run " + (step["run"].strip().splitlines() or [""])[0])
        sid = step.get("id")
        try:
            name = render_str(label, Scope(common, where=f"step {i + 1} name"))
            if not condition(step.get("if"), Scope(common, statuses, where=f"step {name!r} if")):
                return StepResult(name, sid, "skipped", "skipped")
            step_scope = Scope({**common, "secrets": secrets_ctx}, where=f"step {name!r}")
            step_env = {k: render_str(v, step_scope) for k, v in (step.get("env") or {}).items()}
            with_ = {k: render(v, step_scope) for k, v in (step.get("with") or {}).items()}
            coe = truthy(render(step.get("continue-on-error", False), step_scope))
        except EvalError as exc:
            return StepResult(label, sid, "failure", "failure", log=f"expression error: {exc}")
        n = i + 1
        files = {k: self.temp / f"_{k.lower()}_{n}" for k in ("GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE")}
        summary = self.temp / f"_step_summary_{n}"
        for f in list(files.values()) + [summary]:
            f.touch()
        env = self.base_env()
        env.update(job_env)
        env.update(self.env_file_vars)
        env.update(step_env)
        env.update({k: str(v) for k, v in files.items()})
        env["GITHUB_STEP_SUMMARY"] = str(summary)
        env["GITHUB_ACTION"] = sid or f"__run_{n}" if "run" in step else sid or f"__{step['uses'].split('@')[0].replace('/', '_')}"
        t0 = time.perf_counter()
        outputs: dict[str, str] = {}
        if "run" in step:
            ok, log = self.run_script(n, step, env)
        else:
            ok, log, outputs = self.run_action(step["uses"], with_, env)
        seconds = time.perf_counter() - t0
        if "run" in step:
            outputs = _parse_kv_file(files["GITHUB_OUTPUT"])
        self.env_file_vars.update(_parse_kv_file(files["GITHUB_ENV"]))
        for line in files["GITHUB_PATH"].read_text().splitlines():
            if line.strip():
                self.path_prepend.append(line.strip())
        outcome = "success" if ok else "failure"
        conclusion = "success" if ok or coe else "failure"
        (self.folder / "logs").mkdir(exist_ok=True)
        (self.folder / "logs" / f"{n:02d}.log").write_text(log)
        return StepResult(name, sid, outcome, conclusion, outputs, seconds, log)

    def run_script(self, n: int, step: dict, env: dict) -> tuple[bool, str]:
        shell = step.get("shell")
        script = self.temp / f"step_{n}.sh"
        script.write_text(step["run"])
        if shell is None:
            argv = ["bash", "-e", str(script)]
        elif shell == "bash":
            argv = ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)]
        elif shell == "sh":
            argv = ["sh", "-e", str(script)]
        else:
            raise HarnessError(f"shell {shell!r} is not simulated")
        cwd = self.workspace / step["working-directory"] if step.get("working-directory") else self.workspace
        timeout = float(step.get("timeout-minutes") or 0) * 60 or _STEP_TIMEOUT
        try:
            proc = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=min(timeout, _STEP_TIMEOUT))
        except subprocess.TimeoutExpired as exc:
            return False, (exc.stdout or b"").decode(errors="replace") + f"\n(timed out after {exc.timeout} s)"
        log = proc.stdout.decode(errors="replace")
        if proc.returncode:
            log += f"\nError: Process completed with exit code {proc.returncode}."
        return proc.returncode == 0, log

    # -- actions --------------------------------------------------------------------------------

    def run_action(self, uses: str, with_: dict, env: dict) -> tuple[bool, str, dict]:
        m = re.fullmatch(r"([\w.-]+/[\w.-]+(?:/[\w.-]+)?)@([\w./-]+)", uses)
        if not m:
            raise HarnessError(f"uses: {uses!r}: only owner/repo[/path]@ref actions are simulated")
        action = m.group(1)
        handlers = {"actions/checkout": self.checkout, "actions/setup-python": self.setup_python,
                    "actions/upload-pages-artifact": self.upload_pages_artifact,
                    "actions/deploy-pages": self.deploy_pages,
                    "actions/cache/restore": self.cache_restore, "actions/cache/save": self.cache_save,
                    "actions/upload-artifact": self.upload_artifact, "actions/download-artifact": self.download_artifact}
        if action not in handlers:
            raise HarnessError(f"the action {uses} is not simulated by this harness")
        return handlers[action]({k: to_str(v) for k, v in with_.items()}, env)

    def _inputs(self, action: str, with_: dict, known: dict[str, str]) -> dict[str, str]:
        unknown = set(with_) - set(known)
        if unknown:
            raise HarnessError(f"{action}: inputs not simulated: {sorted(unknown)}")
        return {**known, **with_}

    def checkout(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        """actions/checkout v4, as its source does it (input-helper, ref-helper, git-source-provider)."""
        w = self._inputs("actions/checkout", with_, {"repository": "", "ref": "", "fetch-depth": "1",
                                                     "persist-credentials": "true", "path": "", "fetch-tags": "false"})
        if w["repository"] and w["repository"].lower() != self.gh.full_name.lower():
            raise HarnessError("actions/checkout of another repository is not simulated")
        e = self.run.event
        ref, commit = w["ref"], ""
        if not ref:
            ref, commit = e.ref, e.sha
            if commit and ref and not ref.startswith("refs/"):
                ref = f"refs/heads/{ref}"
        elif re.fullmatch(r"[0-9a-fA-F]{40}", ref):
            ref, commit = "", ref
        depth = int(w["fetch-depth"])
        dest = self.workspace / w["path"] if w["path"] else self.workspace
        dest.mkdir(parents=True, exist_ok=True)
        log: list[str] = []

        def g(*args: str, check: bool = True) -> subprocess.CompletedProcess:
            proc = subprocess.run(["git", *args], cwd=dest, env=env, capture_output=True, text=True, timeout=300)
            log.append(f"[command]git {' '.join(args)}\n{proc.stdout}{proc.stderr}")
            if check and proc.returncode:
                raise _ActionFailed(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
            return proc

        try:
            g("init", str(dest))
            g("remote", "add", "origin", f"{FakeGitHub.SERVER}/{self.gh.full_name}")
            g("config", "--local", "gc.auto", "0")
            upper = ref.upper()
            branch_of = lambda r: r[len("refs/heads/"):]  # noqa: E731
            if commit:
                if upper.startswith("REFS/HEADS/"):
                    refspec = [f"+{commit}:refs/remotes/origin/{branch_of(ref)}"]
                elif upper.startswith("REFS/PULL/"):
                    refspec = [f"+{commit}:refs/remotes/pull/{ref[len('refs/pull/'):]}"]
                elif upper.startswith("REFS/TAGS/"):
                    refspec = [f"+{commit}:{ref}"]
                else:
                    refspec = [commit]
            elif not upper.startswith("REFS/"):
                refspec = [f"+refs/heads/{ref}*:refs/remotes/origin/{ref}*", f"+refs/tags/{ref}*:refs/tags/{ref}*"]
            elif upper.startswith("REFS/HEADS/"):
                refspec = [f"+{ref}:refs/remotes/origin/{branch_of(ref)}"]
            elif upper.startswith("REFS/PULL/"):
                refspec = [f"+{ref}:refs/remotes/pull/{ref[len('refs/pull/'):]}"]
            else:
                refspec = [f"+{ref}:{ref}"]
            base = ["-c", "protocol.version=2", "fetch"]
            if depth <= 0:
                all_history = ["+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"]
                if upper.startswith("REFS/PULL/"):
                    all_history.append(refspec[0] if not commit else f"+{ref}:refs/remotes/pull/{ref[len('refs/pull/'):]}")
                g(*base, "--prune", "--no-recurse-submodules", "origin", *all_history)
                moved = False
                if commit and upper.startswith("REFS/HEADS/"):
                    got = g("rev-parse", f"refs/remotes/origin/{branch_of(ref)}", check=False).stdout.strip()
                    moved = got != commit
                if moved:
                    g(*base, "--prune", "--no-recurse-submodules", "origin", *refspec)
            else:
                tags = [] if w["fetch-tags"] == "true" else ["--no-tags"]
                g(*base, *tags, "--prune", "--no-recurse-submodules", f"--depth={depth}", "origin", *refspec)
            if not ref:
                g("checkout", "--progress", "--force", commit)
            elif upper.startswith("REFS/HEADS/"):
                b = branch_of(ref)
                g("checkout", "--progress", "--force", "-B", b, f"refs/remotes/origin/{b}")
            elif upper.startswith("REFS/PULL/"):
                g("checkout", "--progress", "--force", f"refs/remotes/pull/{ref[len('refs/pull/'):]}")
            elif not upper.startswith("REFS/"):
                b = ref
                g("checkout", "--progress", "--force", "-B", b, f"refs/remotes/origin/{b}")
            else:
                g("checkout", "--progress", "--force", commit or ref)
            if w["persist-credentials"] == "true":
                basic = base64.b64encode(f"x-access-token:{self.token}".encode()).decode()
                g("config", "--local", "http.https://github.com/.extraheader", f"AUTHORIZATION: basic {basic}")
                if self.permissions.get("contents") == "write":
                    # The persisted token pushes to origin (a longer match than the global refusal).
                    g("config", "--local", f"url.{self.gh.repos.as_uri()}/.pushInsteadOf",
                      f"{FakeGitHub.SERVER}/{self.gh.full_name}")
            head = g("rev-parse", "HEAD").stdout.strip()
        except _ActionFailed as exc:
            return False, "\n".join(log) + f"\n{exc}", {}
        return True, "\n".join(log), {"ref": ref, "commit": head}

    def setup_python(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        w = self._inputs("actions/setup-python", with_, {"python-version": "", "cache": "", "check-latest": "false",
                                                         "update-environment": "true", "architecture": "x64"})
        want = w["python-version"].strip()
        have = sys.version_info
        if w["cache"] not in ("", "pip"):
            raise HarnessError(f"actions/setup-python cache: {w['cache']!r} is not simulated")
        ok = (want == f"{have.major}.{have.minor}" or want == f"{have.major}.x"
              or want == f"{have.major}.{have.minor}.{have.micro}")
        if not ok:
            raise HarnessError(f"actions/setup-python python-version {want!r}: this harness has only Python "
                               f"{have.major}.{have.minor}.{have.micro}")
        venv = self.tool / "Python" / f"{have.major}.{have.minor}.{have.micro}" / "x64"
        if self.gh.pip is None:
            raise HarnessError("actions/setup-python needs a PipSupply (FakeGitHub(pip=...))")
        t0 = time.perf_counter()
        self.gh.pip.new_venv(venv)
        # The simulated bare runner: no libcairo unless the job apt-get installed it.
        site = next(venv.glob("lib/python*/site-packages"))
        (site / "_gha_runner_image.py").write_text(_RUNNER_IMAGE.format(record=str(self.apt_record)))
        (site / "_gha_runner_image.pth").write_text("import _gha_runner_image\n")
        self.path_prepend.append(str(venv / "bin"))
        self.env_file_vars.update({"pythonLocation": str(venv), "Python_ROOT_DIR": str(venv),
                                   "Python3_ROOT_DIR": str(venv), "PKG_CONFIG_PATH": str(venv / "lib" / "pkgconfig")})
        version = f"{have.major}.{have.minor}.{have.micro}"
        return True, f"Successfully set up CPython ({version}) in {time.perf_counter() - t0:.1f} s ({self.gh.pip.mode})", {
            "python-version": version, "python-path": str(venv / "bin" / "python"), "cache-hit": "false"}

    def upload_pages_artifact(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        w = self._inputs("actions/upload-pages-artifact", with_, {"path": "_site/", "name": "github-pages",
                                                                  "retention-days": "1"})
        path = self.workspace / w["path"]
        tar = self.temp / "artifact.tar"
        # The action's own command (v3, action.yml, Linux).
        proc = subprocess.run(["tar", "--dereference", "--hard-dereference", "--directory", str(path), "-cvf",
                               str(tar), "--exclude=.git", "--exclude=.github", "."],
                              env=env, capture_output=True, text=True, cwd=self.workspace)
        if proc.returncode:
            return False, proc.stdout + proc.stderr, {}
        keep = self.run.folder / "artifacts" / f"{w['name']}.tar"
        keep.parent.mkdir(exist_ok=True)
        with self.run._lock:  # noqa: SLF001
            # The action uploads the tar with actions/upload-artifact v4: a name is taken once a run.
            if w["name"] in self.run.artifacts:
                return False, ("Failed to CreateArtifact: Received non-retryable error: Failed request: (409) "
                               "Conflict: an artifact with this name already exists on the workflow run"), {}
            shutil.copy2(tar, keep)
            self.run.artifacts[w["name"]] = keep
            artifact_id = str(next(self.run.artifact_ids))
        return True, f"packed {w['path']} ({keep.stat().st_size} bytes)", {"artifact_id": artifact_id}

    def deploy_pages(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        w = self._inputs("actions/deploy-pages", with_, {"artifact_name": "github-pages", "timeout": "600000",
                                                         "error_count": "10", "reporting_interval": "5000",
                                                         "preview": "false", "token": ""})
        for scope in ("pages", "id-token"):
            if self.permissions.get(scope) != "write":
                return False, f'Ensure GITHUB_TOKEN has permission "{scope}: write".', {}
        tar = self.run.artifacts.get(w["artifact_name"])
        if tar is None:
            return False, f"No artifacts named {w['artifact_name']!r} were found for this workflow run.", {}
        if tar.suffix != ".tar":
            return False, f"The artifact {w['artifact_name']!r} is not a Pages artifact (upload-pages-artifact makes those).", {}
        url = self.gh.deploy(self.run, tar)
        self.run.deployments.append(self.gh.deployments[-1])
        return True, f"Reported success! {url}", {"page_url": url}


    # actions/cache v4's restore and save: the repository's caches in FakeGitHub.caches.

    def _cache_paths(self, text: str) -> list[str]:
        """The paths to cache: plain paths inside the workspace, or inside the job's HOME (``~/``)."""
        paths = [line.strip() for line in text.splitlines() if line.strip()]
        for path in paths:
            inner = path[2:] if path.startswith("~/") else path
            if inner.startswith(("/", "~", "!")) or any(c in inner for c in "*?[") or ".." in Path(inner).parts or not inner:
                raise HarnessError(f"actions/cache path {path!r}: only plain paths inside the workspace or ~/ are simulated")
        if not paths:
            raise HarnessError("actions/cache needs a path")
        return paths

    def cache_restore(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        """actions/cache/restore v4: the cache of ``key`` if there is one, else the newest whose key
        starts with one of ``restore-keys`` (tried in order), among the caches of this ref and the
        default branch; files come back with their times."""
        w = self._inputs("actions/cache/restore", with_, {"path": "", "key": "", "restore-keys": "",
                                                           "fail-on-cache-miss": "false", "lookup-only": "false",
                                                           "enableCrossOsArchive": "false"})
        paths = self._cache_paths(w["path"])
        if not w["key"]:
            raise HarnessError("actions/cache/restore needs a key")
        if w["lookup-only"] != "false" or w["enableCrossOsArchive"] != "false":
            raise HarnessError("actions/cache/restore: lookup-only and enableCrossOsArchive are not simulated")
        found = self.gh.cache_lookup(self.run.event.ref, paths, w["key"],
                                     [k.strip() for k in w["restore-keys"].splitlines() if k.strip()])
        outputs = {"cache-primary-key": w["key"], "cache-hit": "false", "cache-matched-key": ""}
        if found is None:
            if w["fail-on-cache-miss"] == "true":
                return False, f"Failed to restore cache entry. Exiting as fail-on-cache-miss is set. Input key: {w['key']}", outputs
            return True, f"Cache not found for input keys: {w['key']}", outputs
        key, tar_path = found
        with tarfile.open(tar_path) as tar:
            home = [m for m in tar.getmembers() if m.name.startswith(_HOME_ARC)]
            tar.extractall(self.workspace, members=[m for m in tar.getmembers() if m not in home], filter="data")
            for m in home:
                m.name = m.name[len(_HOME_ARC):]
            tar.extractall(self.home, members=[m for m in home if m.name], filter="data")
        outputs.update({"cache-hit": "true" if key == w["key"] else "false", "cache-matched-key": key})
        return True, f"Cache restored from key: {key}", outputs

    def cache_save(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        """actions/cache/save v4: the paths packed under ``key`` (a key already taken is a warning,
        as on GitHub, and saves nothing)."""
        w = self._inputs("actions/cache/save", with_, {"path": "", "key": "", "upload-chunk-size": "",
                                                        "enableCrossOsArchive": "false"})
        paths = self._cache_paths(w["path"])
        if not w["key"]:
            raise HarnessError("actions/cache/save needs a key")
        tar_path = self.temp / f"cache-{len(self.gh.caches)}.tar"
        with tarfile.open(tar_path, "w") as tar:
            for path in paths:
                if path.startswith("~/"):
                    if (self.home / path[2:]).exists():
                        tar.add(self.home / path[2:], arcname=_HOME_ARC + path[2:])
                elif (self.workspace / path).exists():
                    tar.add(self.workspace / path, arcname=path)
        if not tarfile.open(tar_path).getmembers():
            return True, "Warning: Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.", {}
        saved = self.gh.cache_save(self.run.event.ref, paths, w["key"], tar_path)
        if not saved:
            return True, f"Warning: Failed to save: Unable to reserve cache with key {w['key']}, another job may be creating this cache.", {}
        return True, f"Cache saved with key: {w['key']}", {}


    # actions/upload-artifact and actions/download-artifact v4: the run's artifacts (WorkflowRun.artifacts).

    def upload_artifact(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        """actions/upload-artifact v4 (v4.6): the files found under ``path`` (plain paths, one a
        line; no wildcards) packed as the run's artifact ``name``. As the action's search does it:
        folders give the files below them (empty folders are not kept), symbolic links are
        followed (broken ones left out), hidden files and folders (a name starting with a dot) are
        left out unless ``include-hidden-files``; the artifact's root is the one path given (a
        single file: its folder), else the paths' common ancestor. A name already uploaded in this
        run fails (409 Conflict) unless ``overwrite``; no file found warns (``if-no-files-found``)
        and uploads nothing."""
        w = self._inputs("actions/upload-artifact", with_, {"name": "artifact", "path": "", "if-no-files-found": "warn",
                                                            "retention-days": "", "compression-level": "6",
                                                            "overwrite": "false", "include-hidden-files": "false"})
        try:
            overwrite, hidden = _boolean_input(w, "overwrite"), _boolean_input(w, "include-hidden-files")
        except ValueError as exc:
            return False, str(exc), {}
        if w["if-no-files-found"] not in ("warn", "error", "ignore"):
            return False, f"Unrecognized if-no-files-found input. Provided: {w['if-no-files-found']}. " \
                          "Available options: warn,error,ignore", {}
        if w["retention-days"] and not re.fullmatch(r"\d+", w["retention-days"].strip()):
            return False, "Invalid retention-days", {}
        if not re.fullmatch(r"\d", w["compression-level"].strip()):
            return False, "Invalid compression-level. Valid values are 0-9", {}
        name = w["name"]
        bad = next((c for c in '":<>|*?\r\n\\/' if c in name), None)
        if not name or bad is not None:
            return False, f"The artifact name is not valid: {name}. Contains the following character: {bad!r}", {}
        roots = [self._artifact_path(line.strip()) for line in w["path"].splitlines() if line.strip()]
        if not roots:
            return False, "Input required and not supplied: path", {}
        files = sorted({f for root in roots for f in _artifact_files(root, hidden)})
        if not files:
            said = f"No files were found with the provided path: {w['path']}. No artifacts will be uploaded."
            return w["if-no-files-found"] != "error", ("Warning: " if w["if-no-files-found"] == "warn" else "") + said, {}
        if len(roots) > 1:
            base = Path(os.path.commonpath([str(r) for r in roots]))
        elif len(files) == 1 and files[0] == roots[0]:
            base = roots[0].parent
        else:
            base = roots[0]
        keep = self.run.folder / "artifacts" / f"{name}.zip"
        keep.parent.mkdir(exist_ok=True)
        with self.run._lock:  # noqa: SLF001
            if name in self.run.artifacts and not overwrite:
                return False, ("Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: "
                               "an artifact with this name already exists on the workflow run"), {}
            self.run.artifacts.pop(name, None)
            level = int(w["compression-level"])
            with zipfile.ZipFile(keep, "w", zipfile.ZIP_DEFLATED if level else zipfile.ZIP_STORED,
                                 compresslevel=level or None) as zf:
                for f in files:
                    zf.write(f, f.relative_to(base).as_posix())
            self.run.artifacts[name] = keep
            artifact_id = str(next(self.run.artifact_ids))
        digest = hashlib.sha256(keep.read_bytes()).hexdigest()
        url = f"{FakeGitHub.SERVER}/{self.gh.full_name}/actions/runs/{self.run.run_id}/artifacts/{artifact_id}"
        return True, (f"With the provided path, there will be {len(files)} file{'s' if len(files) != 1 else ''} uploaded\n"
                      f"Artifact {name} has been successfully uploaded! Final size is {keep.stat().st_size} bytes. "
                      f"Artifact ID is {artifact_id}"), {"artifact-id": artifact_id, "artifact-url": url,
                                                          "artifact-digest": digest}

    def _artifact_path(self, text: str) -> Path:
        if text.startswith("!") or any(c in text for c in "*?[{"):
            raise HarnessError(f"actions/upload-artifact path {text!r}: wildcards and exclusions are not simulated")
        if text.startswith("~"):
            text = str(self.home) + text[1:]
        return Path(os.path.normpath(self.workspace / text))

    def download_artifact(self, with_: dict, env: dict) -> tuple[bool, str, dict]:
        """actions/download-artifact v4 (v4.3) within this run: ``name`` (into ``path`` itself; not
        found fails), else every artifact of the run whose name matches ``pattern`` (all without
        one), each into ``path/<its name>/`` unless ``merge-multiple`` puts them all in ``path``;
        a pattern matching nothing downloads nothing and does not fail (``path`` is then not made).
        Files come out new (their times are the download's)."""
        w = self._inputs("actions/download-artifact", with_, {"name": "", "artifact-ids": "", "path": "", "pattern": "",
                                                              "merge-multiple": "false", "github-token": "",
                                                              "repository": self.gh.full_name,
                                                              "run-id": str(self.run.run_id)})
        if w["github-token"] or w["repository"] != self.gh.full_name or w["run-id"] != str(self.run.run_id):
            raise HarnessError("actions/download-artifact from another repository or run is not simulated")
        if w["artifact-ids"]:
            raise HarnessError("actions/download-artifact artifact-ids is not simulated")
        try:
            merge = _boolean_input(w, "merge-multiple")
        except ValueError as exc:
            return False, str(exc), {}
        text = w["path"] or str(self.workspace)
        if text.startswith("~"):
            text = str(self.home) + text[1:]
        dest = Path(os.path.normpath(self.workspace / text))
        with self.run._lock:  # noqa: SLF001
            listed = dict(self.run.artifacts)
        if w["name"]:
            if w["name"] not in listed:
                return False, f"Unable to download artifact(s): Artifact '{w['name']}' not found", {}
            chosen = {w["name"]: dest}
        else:
            names = [n for n in listed if not w["pattern"] or _artifact_pattern(w["pattern"], n)]
            chosen = {n: dest if merge else dest / n for n in names}
        for name, where in chosen.items():
            where.mkdir(parents=True, exist_ok=True)
            packed = listed[name]
            if packed.suffix == ".tar":  # a Pages artifact: the one file upload-pages-artifact uploaded
                shutil.copyfile(packed, where / "artifact.tar")
                continue
            with zipfile.ZipFile(packed) as zf:
                for info in zf.infolist():
                    target = where / info.filename
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(zf.read(info))
        lines = [f"- {n}" for n in chosen] + [f"Total of {len(chosen)} artifact(s) downloaded"]
        return True, "\n".join(lines), {"download-path": str(dest)}


def _boolean_input(w: dict, key: str) -> bool:
    """An action's boolean input as @actions/core reads it (YAML 1.2 core schema), else the step fails."""
    value = w[key]
    if value in ("true", "True", "TRUE"):
        return True
    if value in ("false", "False", "FALSE"):
        return False
    raise ValueError(f"Input does not meet YAML 1.2 \"Core Schema\" specification: {key}\n"
                     "Support boolean input list: `true | True | TRUE | false | False | FALSE`")


def _artifact_files(root: Path, hidden: bool) -> list[Path]:
    """The files upload-artifact's search finds under ``root`` (a file or a folder)."""
    if not hidden and root.name.startswith("."):
        return []
    if root.is_file():
        return [root]
    found = []
    for folder, dirs, names in os.walk(root, followlinks=True):
        if not hidden:
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            names = [n for n in names if not n.startswith(".")]
        found += [Path(folder) / n for n in names if (Path(folder) / n).exists()]  # broken links left out
    return found


def _artifact_pattern(pattern: str, name: str) -> bool:
    """minimatch, as download-artifact matches artifact names: ``*``, ``?`` and ``[...]``; a
    leading dot only matched by a dot."""
    if any(c in pattern for c in "{}!+@") or "**" in pattern:
        raise HarnessError(f"actions/download-artifact pattern {pattern!r}: only *, ? and [...] are simulated")
    if name.startswith(".") and not pattern.startswith("."):
        return False
    rx = "".join("[^/]*" if c == "*" else "[^/]" if c == "?" else c if c in "[]" else re.escape(c) for c in pattern)
    return re.fullmatch(rx, name) is not None


class _ActionFailed(Exception):
    pass


class StrictStepOutputs(StrictDict):
    """``steps.<id>.outputs``: an output that a successful step did not set is a harness error (on
    GitHub it would silently be empty); those of a failed or skipped step are null."""

    def __init__(self, res: StepResult):
        super().__init__(f"steps.{res.id}.outputs", res.outputs)
        self.res = res

    def missing(self, key: str) -> Any:
        if self.res.outcome == "success":
            raise HarnessError(f"steps.{self.res.id}.outputs has no {key!r}: the step {self.res.name!r} "
                               f"succeeded without setting it (it set: {', '.join(self) or 'nothing'})")
        return None


def _parse_kv_file(path: Path) -> dict[str, str]:
    """A GITHUB_OUTPUT / GITHUB_ENV file: ``name=value`` lines and ``name<<DELIMITER`` blocks."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].rstrip("\r")
        i += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            value: list[str] = []
            while True:
                if i >= len(lines):
                    raise HarnessError(f"{path.name}: the block {name}<<{delim} is not closed (GitHub fails the step)")
                if lines[i].rstrip("\r") == delim:
                    i += 1
                    break
                value.append(lines[i])
                i += 1
            out[name] = "\n".join(value)
        elif "=" in line:
            name, value1 = line.split("=", 1)
            out[name] = value1
        else:
            raise HarnessError(f"{path.name}: a line that is neither name=value nor name<<EOF: {line!r}")
    return out


_RUNNER_IMAGE = '''\
"""gha harness: this runner has no libcairo unless the job ran `sudo apt-get install libcairo2`
(imported from a .pth file of the job's Python)."""
import importlib.abc
import sys

_RECORD = {record!r}


class _NoCairo(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "cairocffi":
            return None
        try:
            with open(_RECORD) as fh:
                installed = fh.read().split()
        except FileNotFoundError:
            installed = []
        if "libcairo2" in installed:
            return None
        # What cairocffi raises where the library is missing.
        raise OSError('no library called "cairo-2" was found\\n'
                      "(gha harness: libcairo2 is not installed on this runner: the job did not "
                      "`sudo apt-get install libcairo2`)")


sys.meta_path.insert(0, _NoCairo())
'''
