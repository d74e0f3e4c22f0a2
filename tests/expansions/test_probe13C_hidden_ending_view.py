"""001 Hidden Variant, read code-blind (probe13C): "place it facedown on the Crown of Command ...
preventing players from knowing the dangers that await them at the Crown of Command", and "remove all
Alternative Ending cards that have a revealed icon (a sun)"."""

import talisman

ENDING_IDS = ("armageddon_crown", "end_of_days")


def _played(seed: int, steps: int) -> talisman.GameState:
    state = talisman.new_game(characters=["warrior", "wizard"], expansions=["harbinger"], seed=seed,
                              options={"alternative_endings": "hidden"})
    for step in range(steps):
        if state.is_over:
            break
        actions = talisman.legal_actions(state)
        state = talisman.apply(state, actions[(seed + step) % len(actions)])
    return state


def test_hidden_variant_never_draws_a_sun_only_card() -> None:
    """End of Days has the sun icon only: the hidden variant returns it to the box."""
    drawn = {_played(seed, 0).ending.card for seed in range(30)}
    assert "end_of_days" not in drawn
    assert len(drawn) > 1  # "draw one card at random": more than one card can come


def test_face_down_ending_is_hidden_from_every_players_view() -> None:
    """While the card is face down, no player's view names it (nor the cards returned to the box)."""
    checked = 0
    for seed in range(20):
        state = _played(seed, 40)
        if state.ending.revealed:
            continue
        checked += 1
        for player in ("warrior", "wizard"):
            view = talisman.to_json(talisman.player_view(state, player))
            assert state.ending.card not in view
            for card in ENDING_IDS:
                assert card not in view
            assert all(card == "hidden" for card in talisman.player_view(state, player).ending.box)
    assert checked >= 10
