"""The little the judge asks of GitHub's REST API: a comment on a pull request (the orders check's
answer, where the player sees it). Standard library only; the address, the repository and the
token come from the variables GitHub sets in a workflow (``GITHUB_API_URL``, ``GITHUB_REPOSITORY``)
and the job's ``GITHUB_TOKEN``."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request

from ..core.errors import StoreError

__all__ = ["comment_on_pull_request"]


def comment_on_pull_request(number: int, body: str, *, token: str | None = None, api: str | None = None,
                            repository: str | None = None, timeout: float = 20.0) -> str:
    """Post ``body`` (Markdown) as a comment on pull request ``number``; returns the comment's
    address. StoreError (saying what is missing or what GitHub answered) if it cannot."""
    token = token if token is not None else os.environ.get("GITHUB_TOKEN", "")
    api = (api or os.environ.get("GITHUB_API_URL") or "https://api.github.com").rstrip("/")
    repository = repository or os.environ.get("GITHUB_REPOSITORY", "")
    if not token or "/" not in repository:
        raise StoreError("a comment needs GITHUB_TOKEN and GITHUB_REPOSITORY (set in a workflow)", "--comment")
    request = urllib.request.Request(
        f"{api}/repos/{repository}/issues/{int(number)}/comments", method="POST",
        data=json.dumps({"body": body[:65000]}).encode("utf-8"),
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json",
                 "X-GitHub-Api-Version": "2022-11-28", "Content-Type": "application/json",
                 "User-Agent": "judge"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310 - an https API address
            data = json.loads(answer.read().decode("utf-8") or "{}")
    except urllib.error.HTTPError as exc:
        raise StoreError(f"GitHub refused the comment: HTTP {exc.code} {exc.reason}", "--comment") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise StoreError(f"could not reach GitHub's API at {api}: {getattr(exc, 'reason', exc)}", "--comment") from None
    return str(data.get("html_url") or "")
