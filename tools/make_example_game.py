"""Make the bundled example game, ``games/example/``, by playing it with the judge's own commands.

A scratch repository is created in a temporary folder; the Gamesmaster runs ``judge new``, the
seven players send their orders as pull requests (each checked and merged by ``judge check-pr
--apply``, as the ``orders`` workflow does), and ``judge tick`` plays each phase at its deadline
(the clock is given with ``--now``). Spring 1901 to Spring 1902 are played: a bounce in Galicia,
a convoy to Tunis, a Russian fleet dislodged from Rumania and its retreat (played early: Russia
marked its orders ready), builds (Italy sends none: civil disorder), and Italy's stab at Trieste.
The game is then paused, so that the project's own schedule does not play it on; ``make demo``
plays it onward with ``force``. Finally the game folder is copied into this project.

    python tools/make_example_game.py [--dest games/example] [--no-maps]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

import click
import git

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.store.commands import COMMANDS  # noqa: E402
from judge.store.settings import parse_time  # noqa: E402
from judge.store.transaction import PlannedCommit, build_commits  # noqa: E402

SLUG = "example"
PLAYERS = {"Austria": "anna-vienna", "England": "ed-london", "France": "fran-paris", "Germany": "gus-berlin",
           "Italy": "ida-rome", "Russia": "rus-moscow", "Turkey": "tom-ankara"}

# (phase folder, when the pull requests arrive, when the tick runs, {power: orders})
PHASES = [
    ("1901-1-spring-movement", "2025-01-08T19:30:00Z", "2025-01-09T22:37:00Z", {
        "Austria": "# Galicia first, then the Balkans.\nA Vienna - Galicia\nA Budapest - Serbia\nF Trieste - Albania\n",
        "England": "F LON - NTH\nF EDI - NWG\nA LVP - YOR\n# ready\n",
        "France": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n# ready\n",
        "Germany": "A BER - KIE\nA MUN - RUH\nF KIE - DEN\n",
        "Italy": "A ROM - APU\nA VEN H\nF NAP - ION\n",
        "Russia": "A MOS - UKR\nA WAR - GAL\nF SEV - RUM\nF STP/SC - BOT\n",
        "Turkey": "F ANK - BLA\nA CON - BUL\nA SMY - ARM\n",
    }),
    ("1901-3-fall-movement", "2025-01-12T08:15:00Z", "2025-01-12T22:37:00Z", {
        "Austria": "F ALB - GRE\nA SER S A BUL - RUM\nA VIE H\n",
        "England": "F NWG - NOR\nF NTH H\nA YOR H\n",
        "France": "A BUR - BEL\nA SPA H\nF MAO - POR\n",
        "Germany": "A RUH - HOL\nF DEN H\nA KIE H\n",
        "Italy": "F ION C A APU - TUN\nA APU - TUN via convoy\nA VEN H\n",
        "Russia": "F BOT - SWE\nA UKR S F RUM\nA WAR H\nF RUM H\n",
        "Turkey": "A BUL - RUM\nF BLA S A BUL - RUM\nA ARM H\n",
    }),
    ("1901-4-fall-retreat", "2025-01-13T07:40:00Z", "2025-01-13T08:07:00Z", {
        "Russia": "F RUM - SEV\n# ready\n",
    }),
    ("1901-5-winter-adjustment", "2025-01-13T21:00:00Z", "2025-01-14T08:37:00Z", {
        "Austria": "Build A BUD\nBuild F TRI\n",
        "England": "Build F LON\n",
        "France": "Build A PAR\nBuild A MAR\nBuild F BRE\n",
        "Germany": "Build A BER\nBuild A MUN\n",
        "Russia": "Build F STP/NC\n",
        "Turkey": "Build F ANK\n",
    }),
    ("1902-1-spring-movement", "2025-01-17T12:00:00Z", "2025-01-17T22:37:00Z", {
        "Austria": "A SER - BUL\nF GRE S A SER - BUL\nA BUD - GAL\nF TRI - ADR\nA VIE H\n",
        "England": "F LON - ENG\nF NTH H\nF NOR H\nA YOR - LVP\n",
        "France": "F BRE - ENG\nA PAR - PIC\nA BEL H\nA MAR - BUR\nA SPA - GAS\nF POR - MAO\n",
        "Germany": "A MUN - BUR\nA HOL H\nF DEN H\nA KIE H\nA BER - SIL\n",
        "Italy": "A TUN H\nF ION - AEG\nA VEN - TRI\n",
        "Russia": "A WAR - GAL\nA UKR - RUM\nF SEV S A UKR - RUM\nF SWE H\nF STP/NC - BAR\n",
        "Turkey": "A RUM H\nF BLA S A RUM\nA ARM - SEV\nF ANK - CON\n",
    }),
]


# Orders already in for the phase being played, which 'make demo' plays on.
PENDING = ("1902-3-fall-movement", "2025-01-19T18:00:00Z", {
    "Austria": "# Trieste comes home.\nA VIE - TRI\nF ADR S A VIE - TRI\nA BUL - RUM\nA BUD S A BUL - RUM\nF GRE H\n",
    "England": "F NWY H\nF NTH S F NWY\nF LON - ENG\nA LVP - WAL\n# ready\n",
    "France": "A BEL - HOL\nA PIC - BEL\nA GAS - BUR\nA MAR S A GAS - BUR\nF MAO - IRI\nF BRE - ENG\n",
    "Germany": "A MUN - BUR\nA HOL H\nA KIE S A HOL\nF DEN - SKA\nA SIL H\n",
    "Italy": "A TRI H\nF AEG - EAS\nA TUN H\n",
    "Russia": "A UKR - RUM\nF SEV S A UKR - RUM\nA WAR - GAL\nF SWE H\nF BAR - NWY\n",
    "Turkey": "A RUM H\nF BLA S A RUM\nA ARM - SEV\nF CON - BUL(ec)\n",
})


def run(group: click.Group, *args: str) -> None:
    """Run a judge command as the command line would; stop on failure."""
    print("$ judge " + " ".join(args), flush=True)
    try:
        group.main(list(args), prog_name="judge", standalone_mode=False)
    except SystemExit as exc:
        if exc.code:
            raise


def send(repo: git.Repo, group: click.Group, path: str, text: str, login: str, when: str, number: int) -> None:
    """A player's pull request: a commit holding the order file, checked and merged by the judge."""
    head = build_commits(repo, [PlannedCommit(f"orders for {path}", {path: text.encode()})], parse_time(when))[0]
    run(group, "check-pr", "--head", head, "--author", login, "--pr", str(number), "--apply", "--now", when)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", default=str(ROOT / "games" / SLUG))
    parser.add_argument("--no-maps", action="store_true")
    args = parser.parse_args()
    group = click.Group("judge")
    for command in COMMANDS:
        group.add_command(command)
    maps = ["--no-maps"] if args.no_maps else []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        repo = git.Repo.init(root, initial_branch="main")
        with repo.config_writer() as cw:
            cw.set_value("user", "name", "gamesmaster")
            cw.set_value("user", "email", "gm@example.invalid")
        (root / "README.md").write_text("Example games\n")
        repo.git.add("README.md")
        # Fixed dates for the Gamesmaster's own commits too: the whole history is reproducible.
        dated = {"GIT_AUTHOR_DATE": "2025-01-06T21:00:00Z", "GIT_COMMITTER_DATE": "2025-01-06T21:00:00Z"}
        repo.git.commit("-q", "-m", "init", env=dated)
        os.chdir(root)
        players = [f"{p}={login}" for p, login in PLAYERS.items()]
        run(group, "new", f"games/{SLUG}", "--title", "Example game", "--players", *players,
            "--now", "2025-01-06T22:00:00Z", "--commit", *maps)
        number = 0
        for folder, sent, tick_at, orders in PHASES:
            for power, text in orders.items():
                number += 1
                path = f"games/{SLUG}/{folder}/orders/{power.lower()}.txt"
                send(repo, group, path, text, PLAYERS[power], sent, number)
            run(group, "tick", "--now", tick_at, *maps)
        folder, sent, orders = PENDING
        for power, text in orders.items():
            number += 1
            send(repo, group, f"games/{SLUG}/{folder}/orders/{power.lower()}.txt", text, PLAYERS[power], sent, number)
        # The Gamesmaster pauses the game: the project's own schedule must not play it on.
        settings = root / "games" / SLUG / "game.yaml"
        settings.write_text(settings.read_text().replace("status: active", "status: paused"))
        dated = {"GIT_AUTHOR_DATE": "2025-01-19T19:00:00Z", "GIT_COMMITTER_DATE": "2025-01-19T19:00:00Z"}
        repo.git.commit("-q", "-am", f"{SLUG}: paused (the example is played on by 'make demo')", env=dated)
        run(group, "verify", f"games/{SLUG}")
        dest = Path(args.dest)
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(root / "games" / SLUG, dest)
        print(f"wrote {dest}")


if __name__ == "__main__":
    main()
