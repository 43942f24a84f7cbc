"""Games as folders of a git repository: settings, phase folders, the deadline job, pull
requests, sealed orders and replays. The layout is in ``docs/game-layout.md``; its one model
(game names, phase folders, every file's reader and schema), which the site reads too, is
:mod:`judge.store.layout`.

The entry points a program needs:

- :func:`play_due` — tick every game of a repository (what ``make demo`` calls);
- :func:`tick` — the same with every option, returning a :class:`TickResult`;
- :func:`new_game` / :func:`create_game` — a new game's files;
- :func:`check_pr` / :func:`accept` — judge and merge a pull request of orders;
- :func:`verify_game` — replay a game's history;
- :func:`prepare_demo_repo` — a scratch repository holding a copy of ``games/``.

The command line's commands are in :mod:`judge.store.commands`.
"""

from __future__ import annotations

from .pr import Verdict, accept, check_pr
from .tick import TickResult, create_game, new_game, open_repo, play_due, prepare_demo_repo, tick
from .verify import VerifyResult, verify_game

__all__ = [
    "TickResult", "Verdict", "VerifyResult", "accept", "check_pr", "create_game", "new_game", "open_repo",
    "play_due", "prepare_demo_repo", "tick", "verify_game",
]
