"""Make the bundled example games, ``games/example*/``, by playing them with the judge's own commands.

One example a variant, each in a scratch repository in a temporary folder: the Gamesmaster runs
``judge new``, the players send their orders as pull requests (each checked and merged by ``judge
check-pr --apply``, as the ``orders`` workflow does), and ``judge tick`` plays each phase at its
deadline (the clock is given with ``--now``). A few phases are played, the orders of the next one
are sent, and the game is paused, so that the project's own schedule does not play it on; ``make
demo`` plays it onward with ``force``. Finally the game folder is copied into this project.

- ``standard`` (``games/example``): Spring 1901 to Spring 1902: a bounce in Galicia, a convoy to
  Tunis, a Russian fleet dislodged from Rumania and its retreat (played early: Russia marked its
  orders ready), builds (Italy sends none: civil disorder), and Italy's stab at Trieste.
- ``machiavelli`` (``games/example-machiavelli``): the Winter 1453 income (with its dice), the
  upkeep (Austria cannot pay for three armies and disbands one) and two garrisons built, then
  Spring 1454 with money: Florence borrows from the bank and buys Lucca's autonomous garrison,
  Venice pays Florence, armies march on the autonomous cities that the next orders besiege.
- ``europe1615`` (``games/example-europe1615``): Spring and Summer 1615: Influence Points placed,
  France and England declare war on Spain, the Dutch and the English ally, a diplomatic attack
  in Westphalia, France takes Luxemburg with Lorraine's army; the Dutch, with English support,
  move on the Spanish Netherlands next.
- ``maharajah`` (``games/example-maharajah``): 1501: fleets sail down the Indus and the Hooghly,
  bounces in Bidar, Herat and Malwa, Mughalistan takes the Rajput Jaisalmer, the Monsoon builds
  (a river fleet at Agra); next, two river fleets meet at Benares and Rajputana strikes back at
  Jaisalmer with the Indus fleet's support.

    python tools/make_example_game.py [--variant standard|machiavelli|europe1615|maharajah|all]
                                      [--dest games/<name>] [--no-maps]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import click
import git

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.store.commands import COMMANDS  # noqa: E402
from judge.store.settings import format_time, parse_time  # noqa: E402
from judge.store.transaction import PlannedCommit, build_commits  # noqa: E402

Orders = dict[str, str]


@dataclass(frozen=True)
class Example:
    """An example game: who plays, the phases played (phase folder, when the pull requests
    arrive, when the tick runs, {power: orders}), the orders of the phase left for ``make demo``
    (phase folder, when they arrive, {power: orders}) and when the Gamesmaster pauses it."""

    slug: str
    variant: str
    title: str
    opened: str
    players: dict[str, str]
    phases: list[tuple[str, str, str, Orders]]
    pending: tuple[str, str, Orders]
    paused: str


STANDARD = Example(
    "example", "standard", "Example game", "2025-01-06T22:00:00Z",
    {"Austria": "anna-vienna", "England": "ed-london", "France": "fran-paris", "Germany": "gus-berlin",
     "Italy": "ida-rome", "Russia": "rus-moscow", "Turkey": "tom-ankara"},
    [
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
    ],
    # Orders already in for the phase being played, which 'make demo' plays on.
    ("1902-3-fall-movement", "2025-01-19T18:00:00Z", {
        "Austria": "# Trieste comes home.\nA VIE - TRI\nF ADR S A VIE - TRI\nA BUL - RUM\nA BUD S A BUL - RUM\nF GRE H\n",
        "England": "F NWY H\nF NTH S F NWY\nF LON - ENG\nA LVP - WAL\n# ready\n",
        "France": "A BEL - HOL\nA PIC - BEL\nA GAS - BUR\nA MAR S A GAS - BUR\nF MAO - IRI\nF BRE - ENG\n",
        "Germany": "A MUN - BUR\nA HOL H\nA KIE S A HOL\nF DEN - SKA\nA SIL H\n",
        "Italy": "A TRI H\nF AEG - EAS\nA TUN H\n",
        "Russia": "A UKR - RUM\nF SEV S A UKR - RUM\nA WAR - GAL\nF SWE H\nF BAR - NWY\n",
        "Turkey": "A RUM H\nF BLA S A RUM\nA ARM - SEV\nF CON - BUL(ec)\n",
    }),
    "2025-01-19T19:00:00Z",
)

MACHIAVELLI = Example(
    "example-machiavelli", "machiavelli", "Example game: Machiavelli", "2025-02-03T22:00:00Z",
    {"Austria": "fritz-innsbruck", "Florence": "lorenzo-firenze", "France": "louis-avignon",
     "Milan": "sforza-milano", "Naples": "alfonso-napoli", "Papacy": "niccolo-roma",
     "Turkey": "mehmed-edirne", "Venice": "doge-venezia"},
    [
        # The income is paid (with the phase's dice); nobody orders anything.
        ("1453-7-winter-income", "", "2025-02-04T22:37:00Z", {}),
        ("1453-8-winter-adjustment", "2025-02-05T09:10:00Z", "2025-02-05T22:37:00Z", {
            "Austria": "# Eight ducats keep two armies: Hungary's goes.\nMaintain A TYR\nMaintain A AUS\nDisband A HUN\n",
            "Milan": "Maintain A MIL\nMaintain A CRE\nMaintain A PAV\nBuild G MIL\n",
            "Naples": "Build G NAP\n",
            "Venice": "Maintain G VEN\nMaintain A PAD\nMaintain A VER\nMaintain F DAL\n",
        }),
        ("1454-1-spring-movement", "2025-02-07T18:20:00Z", "2025-02-08T22:37:00Z", {
            "Austria": "A AUS - CRI\nA TYR H\n",
            "Florence": "# The bank lends; Lucca's garrison is bought.\nBorrow 10 ducats for 1 year\n"
                        "Expense 1: 9 ducats buy G LUC\nA FLO - SIE\nA ARE H\nF PSA H\n",
            "France": "A SWI - TUR\nA AVI - PRO\nF MAR - WGL\n",
            "Milan": "A CRE - MAN\nA PAV - MON\nA MIL H\n",
            "Naples": "A BAR - AQU\nF NAP - GON\nF PAL - BOT\nA MES H\n",
            "Papacy": "A BOL - MOD\nF ANC - UAS\nA PER H\nA RME H\n",
            "Turkey": "A ALB - RAG\nF DUR - LAS\nF TUN H\n",
            "Venice": "Pay 2 ducats to Florence\nA VER - TRT\nA PAD - FER\nF DAL H\n",
        }),
    ],
    ("1454-3-summer-movement", "2025-02-10T20:05:00Z", {
        "Florence": "A SIE besiege\nA ARE H\nF PSA H\n",
        "Milan": "A MAN besiege\nA MON besiege\nA MIL H\n",
        "Austria": "A CRI - FRI\nA TYR H\n",
        "Venice": "A FER besiege\nA TRT besiege\nF DAL H\n",
        "Papacy": "A MOD besiege\nF UAS H\n",
        "Turkey": "A RAG besiege\nF LAS H\nF TUN H\n",
        "France": "A TUR - SLZ\nA PRO - SAV\nF WGL H\n",
        "Naples": "F BOT - TUN\nF GON H\nA AQU H\nA MES H\n",
    }),
    "2025-02-10T21:00:00Z",
)

EUROPE1615 = Example(
    "example-europe1615", "europe1615", "Example game: Europe 1615", "2025-03-03T22:00:00Z",
    {"Austria": "ferdinand-wien", "Sweden": "gustav-stockholm", "Denmark": "christian-kbh",
     "Spain": "felipe-madrid", "France": "louis-paris", "Dutch": "maurits-haag", "England": "james-london"},
    [
        ("1615-1-spring-movement", "2025-03-05T19:00:00Z", "2025-03-06T22:37:00Z", {
            "Austria": "10: BAV\nA VIE - MORA\n",
            "Sweden": "10: MEC\nF STO - CBA\n",
            "Denmark": "10: LOWR\nF COP - SKA\n",
            "Spain": "10: PAPL\n4: WES\n5: GEN\n",
            "France": "# Lorraine and Savoy first; then Spain.\n10: LOR\n6: SAV\nA PAR - CHA\nDeclare war on Spain\n",
            "Dutch": "6: WES\nAlliance with England\n",
            "England": "Alliance with Dutch\nWar on Spain\nF LON - NTH\n",
        }),
        ("1615-3-summer-movement", "2025-03-08T12:30:00Z", "2025-03-09T22:37:00Z", {
            "France": "# Lorraine's army is France's to order now.\nA CHA - LUX\nA LOR S A CHA - LUX\n",
            "Dutch": "WES > Spain\n",
            "Spain": "A LUX H\n",
            "Austria": "5: SAX\nA MORA H\n",
            "Sweden": "5: PRU\nF CBA H\n",
            "Denmark": "4: MEC\nF SKA H\n",
            "England": "F NTH H\n",
        }),
    ],
    ("1615-5-fall-movement", "2025-03-11T17:45:00Z", {
        "Dutch": "A GEL - NET\nF ZEE S A GEL - NET\n",
        "England": "F NTH S A GEL - NET\n",
        "Spain": "A NET H\n",
        "France": "A LUX H\n",
        "Austria": "A MORA H\n",
        "Sweden": "F CBA H\n",
        "Denmark": "F SKA H\n",
    }),
    "2025-03-11T19:00:00Z",
)

MAHARAJAH = Example(
    "example-maharajah", "maharajah", "Example game: Maharajah", "2025-04-07T22:00:00Z",
    {"Bahmana": "mahmud-bidar", "Delhi": "sikandar-delhi", "Gondwana": "sangram-garha",
     "Mughalistan": "babur-kabul", "Persia": "ismail-tabriz", "Rajputana": "sanga-mewar",
     "Vijayanagar": "krishna-hampi"},
    [
        ("1501-1-spring-movement", "2025-04-09T16:00:00Z", "2025-04-10T22:37:00Z", {
            "Bahmana": "A AHM - KHA\nA BIJ - BID\nF GOA - ARS\n",
            "Delhi": "A AWA - KAS\nA AGR - JAI\nA MUZ - BEN\n",
            "Gondwana": "# Down the Hooghly to Orissa.\nF SBA - ORI\nA RAI - WAR\nA JAB - BER\n",
            "Mughalistan": "A KAB - PES\nA BAL - HER\nA BAD - SAM\n",
            "Persia": "A MES - HER\nA ISF - YEZ\nF HOR - PRG\n",
            "Rajputana": "# Down the Indus to Sind.\nF JSL - SIN\nA JOD - GUJ\nA MUL H\n",
            "Vijayanagar": "A BAN - BID\nF PUL - BOB\nA CAL H\n",
        }),
        ("1501-3-fall-movement", "2025-04-12T10:20:00Z", "2025-04-13T22:37:00Z", {
            "Bahmana": "A KHA H\nA BIJ - BID\nF ARS H\n",
            "Delhi": "A KAS H\nA JAI - MAL\nA BEN - PEG\n",
            "Gondwana": "F ORI H\nA WAR - BID\nA BER - MAL\n",
            "Mughalistan": "# Jaisalmer is left open.\nA PES - JSL\nA BAL - HER\nA SAM H\n",
            "Persia": "A MES S A BAL - HER\nF PRG - OMA\nA YEZ H\n",
            "Rajputana": "F SIN H\nA GUJ H\nA MUL H\n",
            "Vijayanagar": "A BAN S A WAR - BID\nF BOB - NIS\nA CAL H\n",
        }),
        ("1501-5-monsoon-adjustment", "2025-04-14T08:00:00Z", "2025-04-14T22:37:00Z", {
            "Bahmana": "Build F GOA\n",
            "Delhi": "# A river fleet on the Ganges.\nBuild F AGR\nBuild A MUZ\n",
            "Gondwana": "Build F SBA\nBuild A RAI\n",
            "Mughalistan": "Build A KAB\nBuild A BAL\nBuild A BAD\n",
            "Persia": "Build F HOR\n",
            "Rajputana": "Build A JOD\n",
        }),
    ],
    ("1502-1-spring-movement", "2025-04-16T19:10:00Z", {
        "Rajputana": "# Jaisalmer is retaken, with the Indus fleet's support.\nA GUJ - JSL\nF SIN S A GUJ - JSL\n"
                     "A JOD S A GUJ - JSL\nA MUL H\n",
        "Mughalistan": "A JSL H\nA KAB - PES\nA BAL H\nA BAD H\nA HER H\nA SAM H\n",
        "Delhi": "F AGR - BNR\nA MUZ - BEN\nA JAI - MAL\nA PEG H\nA KAS H\n",
        "Gondwana": "# Up the Hooghly to Benares.\nF SBA - BNR\nA BER - MAL\nF ORI H\nA BID H\nA RAI H\n",
        "Vijayanagar": "F NIS - KDY\nA BAN S A BID\nA CAL H\n",
        "Bahmana": "A BIJ - BID\nA KHA S A BIJ - BID\nF GOA - LAS\nF ARS H\n",
        "Persia": "F OMA H\nF HOR - PRG\nA MES H\nA YEZ H\n",
    }),
    "2025-04-16T20:00:00Z",
)

EXAMPLES = {e.variant: e for e in (STANDARD, MACHIAVELLI, EUROPE1615, MAHARAJAH)}


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


def dated(when: str) -> dict[str, str]:
    """Fixed dates for the Gamesmaster's own commits too: the whole history is reproducible."""
    return {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}


def make(example: Example, dest: Path, group: click.Group, maps: list[str]) -> None:
    """Play ``example`` in a scratch repository and copy its folder to ``dest``."""
    slug = example.slug
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        repo = git.Repo.init(root, initial_branch="main")
        with repo.config_writer() as cw:
            cw.set_value("user", "name", "gamesmaster")
            cw.set_value("user", "email", "gm@example.invalid")
        (root / "README.md").write_text("Example games\n")
        repo.git.add("README.md")
        repo.git.commit("-q", "-m", "init", env=dated(format_time(parse_time(example.opened) - timedelta(hours=1))))
        here = os.getcwd()
        os.chdir(root)
        try:
            players = [f"{p}={login}" for p, login in example.players.items()]
            run(group, "new", f"games/{slug}", "--variant", example.variant, "--title", example.title,
                "--players", *players, "--now", example.opened, "--commit", *maps)
            number = 0
            for folder, sent, tick_at, orders in example.phases:
                for power, text in orders.items():
                    number += 1
                    path = f"games/{slug}/{folder}/orders/{power.lower()}.txt"
                    send(repo, group, path, text, example.players[power], sent, number)
                run(group, "tick", "--now", tick_at, "--max-phases", "1", *maps)
                assert (root / "games" / slug / folder / "results.yaml").is_file(), f"{folder} was not played"
            folder, sent, orders = example.pending
            for power, text in orders.items():
                number += 1
                path = f"games/{slug}/{folder}/orders/{power.lower()}.txt"
                send(repo, group, path, text, example.players[power], sent, number)
            # The Gamesmaster pauses the game: the project's own schedule must not play it on.
            settings = root / "games" / slug / "game.yaml"
            settings.write_text(settings.read_text().replace("status: active", "status: paused"))
            repo.git.commit("-q", "-am", f"{slug}: paused (the example is played on by 'make demo')",
                            env=dated(example.paused))
            run(group, "verify", f"games/{slug}")
        finally:
            os.chdir(here)
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(root / "games" / slug, dest)
    print(f"wrote {dest}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=[*EXAMPLES, "all"], default="standard",
                        help="the example to make (default: standard; all: the four)")
    parser.add_argument("--dest", help="where to write the game folder (default: games/<its name>)")
    parser.add_argument("--no-maps", action="store_true")
    args = parser.parse_args()
    chosen = list(EXAMPLES.values()) if args.variant == "all" else [EXAMPLES[args.variant]]
    if args.dest and len(chosen) > 1:
        parser.error("--dest names one game's folder: choose one --variant")
    group = click.Group("judge")
    for command in COMMANDS:
        group.add_command(command)
    maps = ["--no-maps"] if args.no_maps else []
    for example in chosen:
        make(example, Path(args.dest) if args.dest else ROOT / "games" / example.slug, group, maps)


if __name__ == "__main__":
    main()
