"""Every ``setup`` key the scenario loaders accept is documented (docs/scenarios.md for Talisman,
docs/triwizard.md for the Triwizard Maze), and the documentation names no key they refuse: the
loaders' own sets (``talisman.scenarios.SETUP_KEYS`` and ``CHARACTER_FIELDS``, the Triwizard's
``SETUP_KEYS`` and ``PLAYER_KEYS``) are what an unknown key is checked against."""
import re
from pathlib import Path

from talisman import scenarios
from talisman.triwizard import scenarios as tw_scenarios

DOCS = Path(__file__).resolve().parents[2] / "docs"


def table_keys(text, heading):
    """The backticked names in the first column of the table under ``heading`` (a line of the
    page), up to the next heading."""
    lines = text.split(heading + "\n", 1)[1].splitlines()
    keys = set()
    for line in lines:
        if line.startswith("#"):
            break
        if line.startswith("| ") and not line.startswith("|---"):
            keys |= set(re.findall(r"`([a-z_]+)`", line.split(" | ")[0]))
    return keys


def test_the_talisman_setup_keys_are_the_documented_ones():
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    assert table_keys(text, "### `setup` (Talisman)") == scenarios.SETUP_KEYS


def test_every_character_field_is_documented():
    """``setup.characters``: each field of a character's record (``scrolls`` among them), the one
    refused (``turn_flags``) included with its reason."""
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    documented = table_keys(text, "#### `setup.characters`: a character's fields")
    assert "scrolls" in documented
    assert documented == scenarios.CHARACTER_FIELDS


def test_the_triwizard_setup_keys_are_the_documented_ones():
    text = (DOCS / "triwizard.md").read_text(encoding="utf-8")
    paragraph = text.split("`setup` keys: ", 1)[1].split("\nA player given", 1)[0]
    player = re.search(r"`\{([a-z_, ]+)\}`", paragraph).group(1)
    outside = re.sub(r"\([^()]*\)", "", paragraph)   # the notes in parentheses name no key
    assert set(re.findall(r"`([a-z_]+)`", outside)) == tw_scenarios.SETUP_KEYS
    assert {k.strip() for k in player.split(",")} == tw_scenarios.PLAYER_KEYS
