"""The judge's one way to git: every git operation it needs, through GitPython.

No other module of the judge imports ``git`` or starts a git process: they open a repository,
read commits, run a git command, move refs, push and fetch through the functions here. Every
failure, whether git is missing, a command exits with an error or a revision is unknown, is a
:class:`~judge.core.errors.StoreError` (a :class:`GitFailed` when a git command said why), with
any credentials in a URL masked.

Git commands run through GitPython's command runner (:meth:`git.Git.execute`), in the
repository's working tree (or, for a bare repository, its ``.git``), with the environment
added to by ``env``. The rules core never imports this module.

GitPython is imported only when a function here first needs it, so that reading games from a
folder (the site) does not pay for it.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import datetime
from io import BytesIO
from pathlib import Path
from typing import Any

from ..core.errors import StoreError


def redact(text: str) -> str:
    """``text`` with the credentials of any URL in it masked.

    >>> redact("fatal: https://bob:s3cret@github.com/x/y.git not found")
    'fatal: https://***@github.com/x/y.git not found'
    """
    return re.sub(r"://[^/@\s]+@", "://***@", text)


class GitFailed(StoreError):
    """A git command that exited with an error. The message is ``git <command> failed: <reason>``;
    the command's output is kept for callers that read it (``git push --porcelain`` lists there
    each ref it refused)."""

    def __init__(self, command: str, status: object, stdout: str, stderr: str) -> None:
        self.command = command
        """The git command that failed (``push``, ``update-ref``...)."""
        self.status = status
        """Its exit status (or GitPython's note when it could not run)."""
        self.stdout = stdout
        """What it wrote on its standard output."""
        self.reason = _reason(stderr, status)
        """What it said, on one line (see :func:`_reason`)."""
        super().__init__(f"git {command} failed: {self.reason}")


def _reason(stderr: str, status: object) -> str:
    """What git said when a command failed, on one line: its ``fatal:``/``error:`` lines (or all
    of them, hints left out), with any credentials in URLs masked.

    >>> _reason("hint: try again\\nfatal: not a git repository\\n", 128)
    'fatal: not a git repository'
    >>> _reason("", 1)
    'git exited with 1'
    """
    text = stderr.strip().removeprefix("stderr:").strip().strip("'")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("hint:")]
    said = [ln for ln in lines if ln.startswith(("fatal:", "error:"))] or lines
    return redact("; ".join(said)) or f"git exited with {status}"


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value or "")


# -- opening and making repositories ------------------------------------------------------------


def open_repo(path: str | os.PathLike = ".") -> Any:
    """The git repository containing ``path`` (a GitPython ``Repo``); StoreError if there is none."""
    import git

    try:
        return git.Repo(Path(path).resolve(), search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        raise StoreError("not inside a league's git repository: run the command in one, or make one with "
                         "`judge init <folder>` (see the README's 'A league of your own')", str(path)) from None


def open_or_init(folder: Path, branch: str = "main") -> Any:
    """The git repository containing ``folder``, or a new one made there (on ``branch``) if
    there is none."""
    import git

    try:
        return git.Repo(folder, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        return init_repo(folder, branch)


def init_repo(folder: Path, branch: str = "main") -> Any:
    """A new, empty git repository in ``folder``, on ``branch``."""
    import git

    try:
        return git.Repo.init(folder, initial_branch=branch)
    except (git.GitCommandError, OSError) as exc:
        raise StoreError(f"cannot make a git repository here: {redact(str(exc))}", str(folder)) from None


# -- running git --------------------------------------------------------------------------------


def run(repo: Any, *args: str, input: bytes | None = None, env: dict[str, str] | None = None,
        check: bool = True) -> str:
    """Run ``git <args>`` in ``repo``, ``input`` on its standard input and ``env`` added to the
    environment; its output, without the final newline. GitFailed if it exits with an error
    (unless not ``check``: the output is then returned all the same), StoreError if git cannot
    be run at all."""
    return _execute(repo.git, args, input, env, check, None)


def run_in(folder: str | os.PathLike, *args: str, env: dict[str, str] | None = None,
           timeout: float | None = None) -> str:
    """Run ``git <args>`` in ``folder``, which need not be the top of a repository nor in one (git
    then fails: StoreError, as :func:`run`); killed after ``timeout`` seconds."""
    import git

    if not Path(folder).is_dir():  # GitPython would run git in the current folder instead
        raise StoreError(f"cannot run git {args[0] if args else ''} in {folder}: not a folder")
    return _execute(git.Git(str(folder)), args, None, env, True, timeout)


def _execute(runner: Any, args: tuple[str, ...], input: bytes | None, env: dict[str, str] | None, check: bool,
             timeout: float | None) -> str:
    """Run git through GitPython's ``runner`` (a ``git.Git``): the one place the judge starts git.
    The input goes through a temporary file, as GitPython passes a file as standard input."""
    import git

    name = args[0] if args else "git"
    stdin = None
    try:
        if input is not None:
            stdin = tempfile.TemporaryFile()
            stdin.write(input)
            stdin.seek(0)
        status, out, err = runner.execute([runner.GIT_PYTHON_GIT_EXECUTABLE, *args], istream=stdin, env=env, with_extended_output=True,
                                          with_exceptions=False, stdout_as_string=False,
                                          kill_after_timeout=timeout)
    except git.GitCommandNotFound as exc:
        raise StoreError(f"cannot run git {name}: {exc}") from None
    except OSError as exc:
        raise StoreError(f"cannot run git {name}: {exc}") from exc
    finally:
        if stdin is not None:
            stdin.close()
    if status != 0 and check:
        raise GitFailed(name, status, _text(out), _text(err))
    return _text(out)


# -- reading ------------------------------------------------------------------------------------


def head(repo: Any) -> tuple[str, str | None]:
    """(the ref HEAD moves: ``refs/heads/<branch>``, or ``HEAD`` when detached; the commit it is
    at, or None if the branch has no commit yet)."""
    if repo.head.is_detached:
        return "HEAD", repo.head.commit.hexsha
    ref = repo.head.ref.path
    try:
        return ref, repo.head.commit.hexsha
    except ValueError:
        return ref, None


def branch(repo: Any) -> str | None:
    """The name of the branch checked out; None when HEAD is detached."""
    return None if repo.head.is_detached else str(repo.active_branch.name)


def commit(repo: Any, rev: str = "HEAD") -> Any:
    """The commit ``rev`` names (a GitPython ``Commit``: its ``tree`` is read by
    :class:`~judge.store.layout.GitTree`); StoreError if there is no such commit."""
    import git

    try:
        return repo.commit(rev)
    except (git.BadName, git.BadObject, ValueError) as exc:
        raise StoreError(f"no commit {rev!r} in this repository: {exc}") from None


class GitTree:
    """The files of one commit (a :class:`~judge.store.layout.Tree`: what the judge reads a game
    from), read from the object store."""

    def __init__(self, commit: Any) -> None:
        self.commit = commit
        """The commit (from :func:`commit`)."""
        self._tree = commit.tree

    def _node(self, path: str) -> Any:
        try:
            return self._tree / path if path else self._tree
        except (KeyError, ValueError, TypeError):  # none, or a hand-made tree git would not write
            return None

    def blob(self, path: str) -> Any | None:
        """The blob at ``path``, found folder by folder (GitPython's: its ``hexsha``, its ``size``
        and its bytes from ``data_stream``); None if there is no file there (or the tree was made
        by hand, e.g. with an entry name holding a ``/``)."""
        node = self._node(path)
        return node if node is not None and node.type == "blob" else None

    def read(self, path: str) -> bytes | None:
        """The bytes of the file at ``path``, or None if there is none."""
        node = self.blob(path)
        return None if node is None else bytes(node.data_stream.read())

    def listdir(self, path: str) -> list[str]:
        """The names directly under folder ``path`` (files and folders), sorted; [] if none."""
        node = self._node(path)
        if node is None or node.type != "tree":
            return []
        return sorted(item.name for item in node)


def tag_names(repo: Any) -> set[str]:
    """The names of the repository's tags (read from its refs: no git process is started)."""
    return {t.name for t in repo.tags}


def tag_commits(repo: Any) -> dict[str, str]:
    """Every tag of the repository: ``{name: the commit it marks}``."""
    return {t.name: t.commit.hexsha for t in repo.tags}


def is_ancestor(repo: Any, ancestor: str, descendant: str) -> bool:
    """Is commit ``ancestor`` in the history of ``descendant`` (or the same commit)?"""
    try:
        run(repo, "merge-base", "--is-ancestor", ancestor, descendant)
    except GitFailed as exc:
        if exc.status == 1:  # git's answer "no"; anything else is an error
            return False
        raise
    return True


def read_blob(repo: Any, sha: str) -> bytes:
    """The bytes of blob ``sha``; StoreError if the repository lacks it."""
    from git.db import BadObject

    try:
        return bytes(repo.odb.stream(bytes.fromhex(sha)).read())
    except (BadObject, ValueError, OSError) as exc:
        raise StoreError(f"cannot read object {sha}: {exc}") from None


def store_blob(objects: Path, data: bytes) -> str:
    """Write ``data`` as a loose blob into the object folder ``objects`` (which need not be a
    repository's own: a quarantine); its sha."""
    from git.db import IStream, LooseObjectDB

    return str(LooseObjectDB(str(objects)).store(IStream(b"blob", len(data), BytesIO(data))).hexsha.decode())


# -- who commits --------------------------------------------------------------------------------


def actor(name: str | None = None, email: str | None = None) -> Any:
    """Who commits: ``name <email>``, by default ``$JUDGE_GIT_NAME <$JUDGE_GIT_EMAIL>`` or the
    judge's own name."""
    from git import Actor

    return Actor(name or os.environ.get("JUDGE_GIT_NAME", "judge"),
                 email or os.environ.get("JUDGE_GIT_EMAIL", "judge@users.noreply.github.com"))


def configured_actor(repo: Any) -> Any | None:
    """The ``user.name`` and ``user.email`` of the repository's git configuration as an actor;
    None unless both are set."""
    reader = repo.config_reader()
    name = reader.get_value("user", "name", "") if reader.has_option("user", "name") else ""
    email = reader.get_value("user", "email", "") if reader.has_option("user", "email") else ""
    return actor(str(name), str(email)) if name and email else None


def identity(who: Any, when: datetime | None = None) -> dict[str, str]:
    """The environment that makes a git command author and commit as ``who`` (an actor), dated
    ``when`` (to the second, UTC) if given, else by the clock.

    >>> from datetime import timezone
    >>> sorted(identity(actor("Ann", "ann@x.org"), datetime(2001, 1, 1, tzinfo=timezone.utc)).items())[:2]
    [('GIT_AUTHOR_DATE', '@978307200 +0000'), ('GIT_AUTHOR_EMAIL', 'ann@x.org')]
    """
    env = {"GIT_AUTHOR_NAME": who.name, "GIT_AUTHOR_EMAIL": who.email,
           "GIT_COMMITTER_NAME": who.name, "GIT_COMMITTER_EMAIL": who.email}
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"@{int(when.timestamp())} +0000"
    return env


def commit_paths(repo: Any, paths: list[str], message: str, who: Any) -> str:
    """Stage ``paths`` (repository paths, as they are in the working tree) and commit the index,
    authored and committed by ``who``; the new commit's sha."""
    run(repo, "add", "--all", "--", *paths)
    run(repo, "commit", "-q", "--no-gpg-sign", "-m", message, env=identity(who))
    return run(repo, "rev-parse", "HEAD")
