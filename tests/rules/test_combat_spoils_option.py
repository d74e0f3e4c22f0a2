"""RESOLVING COMBAT BETWEEN CHARACTERS (000): the spoils an expansion's card offers end the combat
as the base spoils do (mutation testing of ``combat.spoils_chosen``, docs/reliability.md)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "expansions"))
from test_blood_moon_held import ok, thief_beats_wizard  # noqa: E402
from support import legal, play  # noqa: E402


def test_combat_spoils_of_a_card_end_the_combat_like_the_base_spoils():
    """"The victor may either force the loser to lose 1 Life ... or take one Object ... or
    Gold": one spoil, then the combat is over. The Syphoning Sceptre's spoil (card-data.md 1.3:
    "take one of his Strength or Craft instead of the usual spoils") is taken instead of those,
    and leaves no combat behind: the next player is to roll, with no spoils offered again."""
    s = thief_beats_wizard(["syphoning_sceptre"])
    assert s.battle is not None and "spoils:syphon:craft" in legal(s)
    s = ok(play(s, "spoils:syphon:craft"))
    assert s.battle is None
    assert not [a for a in legal(s) if a.startswith("spoils:")]
    base = ok(play(thief_beats_wizard(["syphoning_sceptre"]), "spoils:gold"))
    assert base.battle is None and legal(base) == legal(s)
