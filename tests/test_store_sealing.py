"""Sealed orders in a public repository, and dice nobody can know before the deadline."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.core.errors import StoreError
from judge.dice import Dice, phase_seed
from judge.sealing import generate_identity, seal, unseal
from judge.store.layout import GitTree
from judge.store.tick import tick
from judge.store.verify import verify_game
from test_store import F01, G, S01, _cli, no_maps, order_path  # noqa: F401
from test_store_helpers import T0, hours, said, make_game, repo, send_orders, snapshot  # noqa: F401

WHEN = T0 + hours(5)


def sealed_path(power: str, folder: str = S01) -> str:
    return order_path(folder, power) + ".age"


def test_seal_and_unseal_round_trip():
    identity, recipient = generate_identity()
    data = seal("A PAR - BUR\n# ready\n", recipient=recipient, game="g", phase=S01, power="France")
    assert data.startswith(b"-----BEGIN AGE ENCRYPTED FILE-----")
    # The orders are nowhere in clear, in the armour nor in the bytes under it (three letters such as
    # "BUR" may turn up in random base64 by chance; the order line cannot).
    import base64

    body = base64.b64decode(b"".join(data.splitlines()[1:-1]))
    assert b"PAR - BUR" not in data and b"PAR - BUR" not in body
    opened = unseal(data, [identity])
    assert (opened.game, opened.phase, opened.power) == ("g", S01, "France")
    assert opened.text.splitlines()[4:] == ["A PAR - BUR", "# ready"]
    # Sealing an opened file again keeps one header.
    again = unseal(seal(opened.text, recipient=recipient, game="g", phase=S01, power="France"), [identity])
    assert again.text == opened.text
    other, _ = generate_identity()
    with pytest.raises(StoreError, match="cannot be decrypted"):
        unseal(data, [other], "x.age")
    with pytest.raises(StoreError, match="JUDGE_AGE_IDENTITY is not set"):
        unseal(data, [])


def test_a_sealed_game_end_to_end(repo, no_maps, monkeypatch):
    game = make_game(repo, sealed=True)
    root = Path(repo.working_tree_dir)
    settings = yaml.safe_load((root / G / "game.yaml").read_text())
    assert settings["orders"] == "sealed" and settings["recipient"] == game.recipient
    assert game.identity.startswith("AGE-SECRET-KEY-1")
    assert game.identity not in "".join(p.read_text() for p in root.rglob("*.yaml"))
    rcpt = game.recipient

    # France seals its orders, marked ready; Germany's file was sealed for another phase (a replay).
    france = seal("A PAR - BUR\nA MAR - SPA\n# ready\n", recipient=rcpt, game="g", phase=S01, power="France")
    assert send_orders(repo, sealed_path("France"), france, "fran", WHEN).accepted
    replay = seal("A MUN - BUR\n", recipient=rcpt, game="g", phase="1900-1-spring-movement", power="Germany")
    assert send_orders(repo, sealed_path("Germany"), replay, "gus", WHEN).accepted
    # A clear-text file is refused in a sealed game.
    verdict = send_orders(repo, order_path(S01, "Italy"), "A VEN H\n", "ida", WHEN)
    assert not verdict.accepted and "sealed" in verdict.files[0].reason
    assert not (root / order_path(S01, "France")).exists()

    # At the deadline, without the identity (a missing CI secret), the game stops, unchanged:
    # turning everyone's orders into holds would be worse.
    monkeypatch.delenv("JUDGE_AGE_IDENTITY", raising=False)
    before = snapshot(repo)
    result = tick(repo, now=T0 + hours(73))
    assert result.played == []
    assert result.errors == [f"{sealed_path('France')}: sealed orders cannot be read: JUDGE_AGE_IDENTITY is not set"]
    assert snapshot(repo) == before
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", "# the judge's key\n" + game.identity + "\n")
    result = tick(repo, now=T0 + hours(73))
    assert result.played == [f"g/{S01}"], result.errors
    r = yaml.safe_load((root / G / S01 / "results.yaml").read_text())
    assert {"power": "France", "order": "A PAR - BUR", "result": "success", "reason": "moved to Burgundy", "tags": []} in said(r)
    assert any("sealed for game 'g', phase '1900-1-spring-movement', power 'Germany', not for this file: refused" in n
               for n in r["notes"])
    assert "No orders from Germany: its units hold." in r["notes"]
    # After the deadline the clear text is published next to the sealed file.
    clear = (root / order_path(S01, "France")).read_text()
    assert clear.endswith("A PAR - BUR\nA MAR - SPA\n# ready\n") and "# power: France" in clear
    # verify needs no secret: it reads the published clear text.
    monkeypatch.delenv("JUDGE_AGE_IDENTITY")
    assert verify_game(GitTree(repo.head.commit), G).ok


def test_sealed_orders_marked_ready_play_the_phase_early(repo, no_maps, monkeypatch):
    players = {"France": "fran", "Germany": "gus"}
    game = make_game(repo, sealed=True, players=players)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    for power, text in (("France", "A PAR - BUR\n# ready\n"), ("Germany", "A MUN - RUH\n")):
        data = seal(text, recipient=game.recipient, game="g", phase=S01, power=power)
        send_orders(repo, sealed_path(power), data, players[power], WHEN)
    assert tick(repo, now=WHEN + hours(1)).played == []  # Germany has not said it is ready
    data = seal("A MUN - RUH\n#ready\n", recipient=game.recipient, game="g", phase=S01, power="Germany")
    send_orders(repo, sealed_path("Germany"), data, "gus", WHEN + hours(2))
    assert tick(repo, now=WHEN + hours(3)).played == [f"g/{S01}"]


def test_a_file_sealed_to_another_key_is_reported_and_not_used(repo, no_maps, monkeypatch):
    game = make_game(repo, sealed=True, players={"France": "fran"})
    _, stranger = generate_identity()
    data = seal("A PAR - BUR\n", recipient=stranger, game="g", phase=S01, power="France")
    send_orders(repo, sealed_path("France"), data, "fran", WHEN)
    monkeypatch.setenv("JUDGE_AGE_IDENTITY", game.identity)
    assert tick(repo, now=T0 + hours(73)).played == [f"g/{S01}"]
    r = yaml.safe_load((Path(repo.working_tree_dir) / G / S01 / "results.yaml").read_text())
    assert any("cannot be decrypted" in n and "France's orders are not used" in n for n in r["notes"])


def test_the_seal_and_keygen_commands(repo, no_maps, monkeypatch, tmp_path):
    make_game(repo)
    root = Path(repo.working_tree_dir)
    monkeypatch.chdir(root)
    runner = CliRunner()
    out = runner.invoke(_cli(), ["keygen", "--game", G], catch_exceptions=False)
    identity = out.stdout.strip()
    assert out.exit_code == 0 and identity.startswith("AGE-SECRET-KEY-1")
    assert "orders: sealed" in (root / G / "game.yaml").read_text()
    draft = tmp_path / "mine.txt"
    draft.write_text("A PAR - BUR\n")
    out = runner.invoke(_cli(), ["seal", str(draft), "--game", G, "--power", "france"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    sealed = root / sealed_path("France")
    assert unseal(sealed.read_bytes(), [identity]).power == "France"


# -- dice ---------------------------------------------------------------------------------------

FILES = {f"{G}/{S01}/orders/france.txt": b"A PAR - BUR\n", f"{G}/{S01}/orders/germany.txt": b"A MUN H\n"}


def test_dice_are_deterministic_and_fair():
    a = Dice.for_phase("g", S01, FILES).rolls(600)
    assert a == Dice.for_phase("g", S01, dict(reversed(list(FILES.items())))).rolls(600)  # path order, not insertion
    counts = [a.count(face) for face in range(1, 7)]
    assert all(70 <= c <= 130 for c in counts), counts
    assert set(Dice(b"seed").rolls(200, sides=20)) == set(range(1, 21))


@pytest.mark.parametrize("change", ["game", "phase", "content", "path", "extra file", "missing file"])
def test_dice_depend_on_every_input(change):
    game, phase, files = "g", S01, dict(FILES)
    if change == "game":
        game = "h"
    elif change == "phase":
        phase = F01
    elif change == "content":
        files[f"{G}/{S01}/orders/france.txt"] += b" "
    elif change == "path":
        files[f"{G}/{S01}/orders/italy.txt"] = files.pop(f"{G}/{S01}/orders/germany.txt")
    elif change == "extra file":
        files[f"{G}/{S01}/orders/turkey.txt"] = b""
    else:
        files.pop(f"{G}/{S01}/orders/germany.txt")
    assert phase_seed(game, phase, files) != phase_seed("g", S01, FILES)
    assert Dice.for_phase(game, phase, files).rolls(20) != Dice.for_phase("g", S01, FILES).rolls(20)
