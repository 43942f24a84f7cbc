"""The little the judge asks of GitHub's REST API: a comment on a pull request (the orders check's
answer, where the player sees it), and closing a pull request whose files it committed. Standard library only; the address, the repository and the
token come from the variables GitHub sets in a workflow (``GITHUB_API_URL``, ``GITHUB_REPOSITORY``)
and the job's ``GITHUB_TOKEN``."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request

from ..core.errors import StoreError

__all__ = ["comment_on_pull_request", "close_pull_request"]


def _call(method: str, path: str, payload: dict, what: str, *, token: str | None, api: str | None,
          repository: str | None, timeout: float) -> dict:
    """One call of GitHub's REST API on the workflow's repository; StoreError (saying what is
    missing or what GitHub answered) if it cannot be made."""
    token = token if token is not None else os.environ.get("GITHUB_TOKEN", "")
    api = (api or os.environ.get("GITHUB_API_URL") or "https://api.github.com").rstrip("/")
    repository = repository or os.environ.get("GITHUB_REPOSITORY", "")
    if not token or "/" not in repository:
        raise StoreError(f"{what} needs GITHUB_TOKEN and GITHUB_REPOSITORY (set in a workflow)", "--comment")
    request = urllib.request.Request(
        f"{api}/repos/{repository}/{path}", method=method, data=json.dumps(payload).encode("utf-8"),
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json",
                 "X-GitHub-Api-Version": "2022-11-28", "Content-Type": "application/json",
                 "User-Agent": "judge"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310 - an https API address
            return dict(json.loads(answer.read().decode("utf-8") or "{}"))
    except urllib.error.HTTPError as exc:
        raise StoreError(f"GitHub refused {what}: HTTP {exc.code} {exc.reason}", "--comment") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise StoreError(f"could not reach GitHub's API at {api}: {getattr(exc, 'reason', exc)}", "--comment") from None


def comment_on_pull_request(number: int, body: str, *, token: str | None = None, api: str | None = None,
                            repository: str | None = None, timeout: float = 20.0) -> str:
    """Post ``body`` (Markdown) as a comment on pull request ``number``; returns the comment's
    address. StoreError (saying what is missing or what GitHub answered) if it cannot."""
    data = _call("POST", f"issues/{int(number)}/comments", {"body": body[:65000]}, "the comment", token=token,
                 api=api, repository=repository, timeout=timeout)
    return str(data.get("html_url") or "")


def close_pull_request(number: int, *, token: str | None = None, api: str | None = None,
                       repository: str | None = None, timeout: float = 20.0) -> None:
    """Close pull request ``number`` (its files were committed to the base branch on their own:
    GitHub would not see it merged). StoreError if it cannot."""
    _call("PATCH", f"pulls/{int(number)}", {"state": "closed"}, "closing the pull request", token=token, api=api,
          repository=repository, timeout=timeout)
