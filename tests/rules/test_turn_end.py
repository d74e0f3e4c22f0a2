"""The end of a turn as rule steps (000 CHARACTER'S TURN: "When a player's turn ends, play passes
to the player on the left"; 000 RAFTS; 000 CASTING SPELLS, Destroy Magic "at the end of your
turn"; the Warlock's quest, talisman-facts.md "On completion: teleported back here").

The end is a row of steps, each run once: the quests a fight fulfilled are completed
(``turn.end``), the raft is offered, a Spell may be cast at the end of the turn, the turn closes
(the raft lapses, a Toad's count, the turn flags cleared: ``turn.close``) and play passes on
(``turn.pass``).  A decision at one of them resumes at the next step (fix14A)."""
from pyrsistent import pvector

from support import events, legal, names, play
from talisman.engine.machine import frame
from talisman.engine.records import replace
from talisman.rules import kernel, turn
from talisman.scenarios import setup_state


def woods_end(spells=(), others=(), quest=None):
    """The Thief with an Axe moves 3 from the Village onto the Woods (a Bag of Gold lying there)
    and ends his turn there, the Prophetess next in the seating."""
    thief = {"id": "thief", "space": "village", "objects": ["axe"], "fate": 0, "spells": list(spells)}
    if quest is not None:
        thief["quest"] = quest
    other = {"id": "prophetess", "space": "tavern", "fate": 0, "spells": list(others)}
    s = setup_state({"characters": [thief, other], "board_cards": {"woods_1": ["bag_of_gold"]}}, [3])
    if s.pending.kind == "turn":  # a Spell in hand: castable before moving
        s = play(s, "roll")
    return play(s, "move:woods_1", "done")


def test_the_raft_then_a_spell_at_the_end_each_offered_once_and_the_quests_completed_once(monkeypatch):
    """000 RAFTS ("ends their turn in a Woods or Forest Space, may declare they are building a
    Raft"), then Destroy Magic "at the end of your turn": the raft's decision resumes at the Spell's
    step, the Spell's at the turn's close; the quests are completed once, at the turn's end, not
    again on the way back from either decision."""
    calls = []
    original = turn.quests.complete_fulfilled
    monkeypatch.setattr(turn.quests, "complete_fulfilled", lambda state: calls.append(1) or original(state))
    s = woods_end(spells=["destroy_magic"], quest={"complete_on": "enemy_killed"})
    assert s.pending.kind == "raft" and legal(s) == {"raft:build", "raft:none"}
    s = play(s, "raft:build")
    assert s.pending.kind == "end_of_turn" and legal(s) == {"pass", "cast:destroy_magic"}
    s = play(s, "pass")
    assert s.current == "prophetess"
    assert len(calls) == 1
    assert names(s).count("turn_ended") == 1 and names(s).count("raft_built") == 1
    thief = s.characters["thief"]
    assert thief.raft and not thief.turn_flags  # the raft built this turn does not lapse at its end


def test_a_spell_cast_at_the_end_runs_above_the_turns_close():
    """000 CASTING SPELLS (Destroy Magic, "at the end of your turn"; Counterspell "whenever
    needed"): while the Prophetess may counter the Spell, the turn waits on the step that closes it
    (``turn.close``), not on its beginning again; declined, the Spell takes effect and the turn
    ends once."""
    s = woods_end(spells=["destroy_magic"], others=["counterspell"])
    s = play(s, "raft:none", "cast:destroy_magic")
    assert s.pending.kind == "counter" and s.pending.player == "prophetess"
    assert [f.step for f in s.stack] == ["turn.close"]
    s = play(s, "pass")
    assert "destroy_magic" in s.lasting
    assert names(s).count("turn_ended") == 1 and s.current == "prophetess"
    assert names(s).index("spell_cast") < names(s).index("turn_ended")


def test_a_turn_ended_at_once_during_the_end_keeps_its_next_step():
    """``end_turn_now`` drops the turn's steps down to the next step of its end: ``turn.close``
    under a Spell cast at the end of the turn, as ``turn.end`` before the end began."""
    s = woods_end()
    for bottom in ("turn.end", "turn.close", "turn.pass"):
        waiting = replace(s, stack=pvector([frame(bottom), frame("effects.next", effects=[], actor="thief"),
                                            frame("encounters.after")]))
        assert [f.step for f in kernel.end_turn_now(waiting).stack] == [bottom]


def test_no_raft_and_no_spell_the_end_runs_through_at_once():
    """Nothing to decide at the end: the steps run one after the other in the one rule step, and
    the next character's turn begins (000 CHARACTER'S TURN)."""
    s = woods_end()
    assert s.pending.kind == "raft"
    s = play(s, "raft:none")
    assert s.current == "prophetess" and events(s, "turn_ended") == [{"character": "thief"}]
    assert not s.characters["thief"].raft and not s.characters["thief"].turn_flags
