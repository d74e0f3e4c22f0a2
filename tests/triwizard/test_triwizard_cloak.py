"""002 The Invisibility Cloak, Removing an Invisibility Cloak."""
import pytest

from talisman.triwizard import apply
from talisman.triwizard.positions import events, options, position


def cloaked(dice, **kw):
    return position({"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"},
                     "fleur": {"space": "r1c3"}}, cloak="harry", dice=dice, **kw)


def test_002_invisibility_cloak_rolled_moves_it_to_a_different_piece():
    """002 The Invisibility Cloak 2: rolling the symbol, the cloak is taken "from wherever it
    is" and put on a different piece if one wears it."""
    s = apply(position({"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"}},
                       cloak="cedric", dice=[1]), "roll")
    assert options(s) == ["cloak:harry"]
    s = apply(s, "cloak:harry")
    assert s.cloak == "harry"
    assert events(s, "cloak_placed") == [{"player": "harry", "by": "harry", "from": "cedric",
                                          "how": "rolled"}]


def test_002_invisibility_cloak_no_cup_check():
    """002 The Invisibility Cloak: "you cannot check Cup Tiles"."""
    s = apply(position({"harry": {"space": "r6c8"}, "cedric": {"space": "r1c1"}}, cloak="harry",
                       dice=[2], cups={"r7c8": "triwizard_cup"}), "roll")
    s = apply(s, "move:r7c8")
    assert not s.is_over and not s.cups["r7c8"].face_up
    assert events(s, "space_ignored")[0]["kind"] == "cup"


def test_002_removing_an_invisibility_cloak_odd_roll_takes_the_whole_turn():
    """002 Removing an Invisibility Cloak: the whole turn; an odd roll removes it; then
    beside the board or on any other piece."""
    s = cloaked([3])
    assert "remove_cloak" in options(s)
    s = apply(s, "remove_cloak")
    assert options(s) == ["cloak:aside", "cloak:cedric", "cloak:fleur"]
    s = apply(s, "cloak:aside")
    assert s.cloak is None and s.current == "cedric"
    assert s.players["harry"].space == "r15c5"


@pytest.mark.parametrize("roll", [1, 2, 4, 6])
def test_002_removing_an_invisibility_cloak_even_or_cloak_face_fails(roll):
    """002 Removing an Invisibility Cloak: "the Invisibility Cloak Symbol does not count as
    odd"; an even roll fails and the turn is over."""
    s = apply(cloaked([roll]), "remove_cloak")
    assert s.cloak == "harry" and s.current == "cedric" and events(s, "cloak_kept")


def test_002_removing_an_invisibility_cloak_may_go_on_another_piece():
    """002 Removing an Invisibility Cloak: "or place it on any other playing piece"."""
    s = apply(apply(cloaked([5]), "remove_cloak"), "cloak:fleur")
    assert s.cloak == "fleur" and s.current == "cedric"


def test_002_removing_an_invisibility_cloak_not_after_a_tile():
    """002 Removing an Invisibility Cloak: "this is the only action allowed" in that turn."""
    s = position({"harry": {"space": "r15c5", "tiles": ["summon_hedge"]},
                  "cedric": {"space": "r1c1"}}, cloak="harry", dice=[3])
    s = apply(s, "play:summon_hedge:r6c7")
    assert options(s) == ["roll"]


def test_002_invisibility_cloak_is_optional_to_remove():
    """Choice cloak_removal_optional: a cloaked player may roll and move as usual."""
    s = apply(cloaked([3]), "roll")
    assert s.pending.kind == "move" and s.cloak == "harry"
