"""The orders check answers on the pull request: ``judge check-pr --comment`` posts its verdict (how
each line was read) through GitHub's REST API, here a real HTTP server on 127.0.0.1 standing for it."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading

import pytest

from test_store_helpers import make_game, make_repo, pr_commit

S01 = "1901-1-spring-movement"


class _API(http.server.BaseHTTPRequestHandler):
    received: list = []
    status = 201

    def do_POST(self):  # noqa: N802 - the handler's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _API.received.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body["body"]})
        self.send_response(_API.status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps({"html_url": "https://github.com/alice/lg/pull/7#issuecomment-1"}).encode())

    def log_message(self, *args):  # noqa: D102
        pass


@pytest.fixture
def api():
    _API.received, _API.status = [], 201
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _API)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _check_pr(repo, head: str, author: str, api: str, token: str = "t0ken"):
    env = {**os.environ, "GITHUB_API_URL": api, "GITHUB_REPOSITORY": "alice/lg", "GITHUB_TOKEN": token}
    return subprocess.run([sys.executable, "-m", "judge", "check-pr", "--pr", "7", "--head", head, "--author", author,
                           "--comment", "--now", "2025-01-07T10:00:00Z"], cwd=repo.working_tree_dir, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_verdict_is_posted_on_the_pull_request_with_each_line_read(tmp_path, api):
    repo = make_repo(tmp_path / "repo")
    make_game(repo)
    head = pr_commit(repo, {f"games/g/{S01}/orders/france.txt": b"A Par - Bur\nF Bre - Nowhere\n# ready\n"})
    proc = _check_pr(repo, head, "fran", api)
    assert proc.returncode == 0, proc.stderr
    [posted] = _API.received
    assert posted["path"] == "/repos/alice/lg/issues/7/comments" and posted["auth"] == "Bearer t0ken"
    assert "accepted" in posted["body"] and "A PAR - BUR" in posted["body"].upper()
    assert "Nowhere" in posted["body"], "the line not understood is shown with its reason"
    assert "answered on the pull request" in proc.stderr


def test_a_refused_pull_request_is_answered_too_and_a_failed_comment_is_only_a_warning(tmp_path, api):
    repo = make_repo(tmp_path / "repo")
    make_game(repo)
    head = pr_commit(repo, {f"games/g/{S01}/orders/england.txt": b"F Lon - Nth\n"})
    proc = _check_pr(repo, head, "fran", api)
    assert proc.returncode == 1 and "refused" in _API.received[0]["body"]
    _API.status = 403
    proc = _check_pr(repo, head, "fran", api)
    assert proc.returncode == 1, "the verdict decides the exit code, not the comment"
    assert "warning: --comment: GitHub refused the comment: HTTP 403" in proc.stderr and "Traceback" not in proc.stderr
