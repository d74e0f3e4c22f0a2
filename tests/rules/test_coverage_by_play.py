"""Every base Adventure card and every space is encountered at least once across seeded play
(ENCOUNTERS IN A SPACE; ADVENTURE CARDS): a coverage count over the logs."""
import talisman
from talisman.api import STEPS
from talisman.bots import HeuristicBot, RandomBot
from talisman.definitions import load
from talisman.engine import machine
from talisman.rules.setup import initial_state
from talisman.state import update_character


def play_out(state, seed):
    bots = {c: (HeuristicBot if i % 2 == 0 else RandomBot)(seed * 1000 + i)
            for i, c in enumerate(state.order)}
    while not state.is_over:
        state = talisman.apply(state, bots[state.pending.player].choose(state))
    return state


def _give_talisman(state, cid):
    from talisman.scenarios import take_from_deck
    state = take_from_deck(state, "talisman")
    return update_character(state, cid, objects=state.characters[cid].objects.append("talisman"))


def seen_in(state, cards, spaces):
    for e in state.log:
        if e.name in ("card_met", "card_drawn"):
            cards.add(e.data["card"])
        elif e.name == "attacked":
            cards.update(e.data["enemies"])
        elif e.name == "encountered_space":
            spaces.add(e.data["space"])


def test_every_base_card_and_space_is_encountered_in_seeded_play():
    defs = load()
    names = sorted(c for c, d in defs.characters.items() if d.set == "base")
    cards, spaces = set(), set()
    for seed in range(60):
        chars = tuple(names[(seed * 4 + i) % 14] for i in range(4))
        s = play_out(talisman.new_game(chars, seed=seed, options={"max_rounds": 60}), seed)
        seen_in(s, cards, spaces)
    # the Inner Region is rarely reached by bots in a short test: start strong characters with
    # a Talisman one step before each Inner Region space, heading for the Crown
    from talisman.rules.movement import distance_to_plain
    board = defs.board
    for i, space in enumerate(sid for sid, sp in board.spaces.items() if sp.region in ("inner", "crown")):
        before = min(board.spaces[space].neighbours, key=lambda n: (
            board.spaces[n].region != "inner", distance_to_plain(board, n)))
        if space == "plain_of_peril":
            before = "portal_of_power"
        s = initial_state(("troll", "warrior"), seed=1000 + i, options={"max_rounds": 2})
        s = update_character(s, "troll", space=before, strength=9, craft=9, fate=0)
        s = _give_talisman(s, "troll")
        s = machine.advance(s, STEPS)
        s = talisman.apply(s, f"move:{space}") if f"move:{space}" in \
            {str(a) for a in talisman.legal_actions(s)} else s
        seen_in(play_out(s, i), cards, spaces)
    assert set(defs.decks["adventure"]) - cards == set()
    base = {sid for sid, sp in defs.board.spaces.items()
            if sp.region in ("outer", "middle", "inner", "crown")}   # the main board's own spaces
    assert base - spaces == set()
