"""Narration of a whole bot game (``talisman triwizard play``)."""
import io

from rich.console import Console

from talisman.triwizard.narrate import TEMPLATES, describe, play_bot_game


def test_play_bot_game_narrates_a_whole_game_to_a_winner():
    out = io.StringIO()
    final = play_bot_game(seed=0, players=4, console=Console(file=out, width=200))
    text = out.getvalue()
    assert final.is_over and final.winner in final.order
    assert "The Triwizard Tournament begins" in text
    assert f"{final.winner} lifts the Triwizard Cup" in text
    assert text.count("\n") > 50


def test_play_bot_game_is_deterministic():
    a = play_bot_game(seed=4, players=3, console=Console(file=io.StringIO()))
    b = play_bot_game(seed=4, players=3, console=Console(file=io.StringIO()))
    assert a == b


def test_every_event_of_a_game_has_a_human_line():
    final = play_bot_game(seed=2, players=4, console=Console(file=io.StringIO()))
    for e in final.log:
        assert e.name in TEMPLATES, e.name
        line = describe(e)
        assert line is None or (isinstance(line, str) and line)
