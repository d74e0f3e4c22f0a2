"""Where the data's values come from (issue 19): every card, character and board space has a
``source`` or ``stand_in: true`` with a ``reason``; ``talisman cards --stand-ins`` lists the made-up
values; ``docs/stand-ins.md`` is generated from the same data; each deck has its published count."""
import collections
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from talisman.cli import main
from talisman.definitions import load, load_from, stand_in_values, stand_ins_markdown
from talisman.engine.data import data_root
from talisman.errors import DataError

DOCS = Path(__file__).resolve().parents[1] / "docs" / "stand-ins.md"
REFERENCE = Path("/work/shared/reference")


def test_docs_stand_ins_is_in_step_with_the_data():
    """Regenerate with: talisman cards --stand-ins --markdown > docs/stand-ins.md"""
    assert DOCS.read_text(encoding="utf-8") == stand_ins_markdown()


def test_every_entry_has_a_source_or_is_a_stand_in_with_a_reason():
    d = load()
    for entry in [*d.cards.values(), *d.characters.values(), *d.board.spaces.values()]:
        assert entry.source or (entry.stand_in and entry.reason), entry.id
        for field, why in (entry.stand_ins or {}).items():
            assert why.strip() and "\n" not in why.strip(), (entry.id, field)


def _copy_data(tmp_path):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    return root


def _drop_key(path, entry_id, key):
    text = path.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(text) if line.strip() == f"- id: {entry_id}")
    out = text[:start + 1]
    skipping = False
    for line in text[start + 1:]:
        if line.startswith("- ") or not line.startswith("  "):
            skipping = False
        if line.startswith(f"  {key}:"):
            skipping = True
            continue
        if skipping and line.startswith("    "):
            continue
        skipping = False
        out.append(line)
    path.write_text("\n".join(out), encoding="utf-8")


def test_a_card_without_source_or_stand_in_is_a_load_error_naming_it(tmp_path):
    root = _copy_data(tmp_path)
    _drop_key(root / "cards" / "adventure.yaml", "angel", "source")
    with pytest.raises(DataError, match=r"adventure\.yaml.*'angel'.*source"):
        load_from(root)


def test_a_stand_in_without_a_reason_is_a_load_error(tmp_path):
    root = _copy_data(tmp_path)
    _drop_key(root / "cards" / "scrolls.yaml", "scroll_of_healing", "reason")
    with pytest.raises(DataError, match=r"'scroll_of_healing'.*reason"):
        load_from(root)


def test_a_stand_in_field_that_is_no_field_is_a_load_error(tmp_path):
    root = _copy_data(tmp_path)
    path = root / "cards" / "adventure.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "- id: angel\n", "- id: angel\n  stand_ins: {colour: made up}\n"), encoding="utf-8")
    with pytest.raises(DataError, match=r"'angel'.*stand_ins\.colour"):
        load_from(root)


def test_cards_stand_ins_lists_card_field_and_reason():
    r = CliRunner().invoke(main, ["cards", "--stand-ins", "fire_giant"])
    assert r.exit_code == 0, r.output
    assert "fire_giant" in r.output and "strength" in r.output and "NOT FOUND" in r.output
    assert "4 stand-in values" in r.output  # the burning is played since card-data.md 1.3
    r = CliRunner().invoke(main, ["cards", "--stand-ins", "--markdown"])
    assert r.exit_code == 0 and r.output == stand_ins_markdown()
    r = CliRunner().invoke(main, ["cards", "--markdown"])
    assert r.exit_code != 0 and "--stand-ins" in r.output


def test_every_stand_in_row_names_a_real_entry_and_field():
    d = load()
    for r in stand_in_values(d):
        if r.kind == "chart":
            continue
        assert r.id in d.cards or r.id in d.characters or r.id in d.board.spaces
        assert r.field == "*" or r.reason


def test_a_sourced_line_reference_points_at_the_name():
    """Each `<reference>.md:<line>` source names a line of that file holding the entry's name
    (skipped where the shared reference folder is absent)."""
    if not REFERENCE.is_dir():
        pytest.skip("the shared reference folder is not here")
    d = load()
    checked = 0
    for e in [*d.cards.values(), *d.characters.values()]:
        m = re.match(r"(card-data|talisman-facts|talisman-facts-verified)\.md:(\d+)", e.source)
        if not m:
            continue
        line = (REFERENCE / f"{m.group(1)}.md").read_text(encoding="utf-8").split("\n")[int(m.group(2)) - 1]
        assert e.name.lower() in line.lower() or e.id == "talisman_card", (e.id, line)
        checked += 1
    assert checked > 300


# --- deck counts (card-data.md 1.1, 2.1 and 3; talisman-facts.md 0) ------------------------

def _count(deck):
    return len(deck)


def test_the_base_decks_have_their_published_counts():
    """104 Adventure (with one Talisman: card-data.md 3), 24 Spells, 28 Purchase, 4 Talismans."""
    decks = load().decks
    assert [_count(decks[k]) for k in ("adventure", "spell", "purchase", "talisman")] == [104, 24, 28, 4]
    assert collections.Counter(decks["adventure"])["talisman_card"] == 1
    assert "pool_of_life" not in load().cards


def test_the_blood_moon_holds_its_110_known_adventure_cards():
    """The rulesheet counts 111; the 111th card is not named in any source (card-data.md 1.1)."""
    decks = load().expansion_decks["blood_moon"]
    assert _count(decks["adventure"]) == 110 and len(set(decks["adventure"])) == 96
    assert _count(decks["spell"]) == 10 and _count(decks["lycanthrope"]) == 6


def test_the_harbinger_deck_has_75_cards():
    decks = load().expansion_decks["harbinger"]
    assert _count(decks["harbinger"]) == 75 and len(set(decks["harbinger"])) == 64
    assert _count(decks["omen"]) == 32 and _count(decks["spell"]) == 10 and _count(decks["terrain"]) == 10


def test_blood_moon_types_follow_the_database_blocks():
    """card-data.md 1.3 and 6: 12 Magic Objects / 9 Objects (copies); the [DB] Craft block's
    enemies fight by Craft, the two Dragons too (``fights_by: craft``, the inference marked)."""
    cards = [load().cards[c] for c in load().expansion_decks["blood_moon"]["adventure"]]
    kinds = collections.Counter(c.type for c in cards)
    assert kinds["magic_object"] == 12 and kinds["object"] == 9
    for cid in ("harvest_horror", "mummy", "mummy_king", "vampire_bats"):
        c = load().cards[cid]
        assert c.craft and c.strength is None and c.subtype == "spirit"
        assert c.fights_by == "craft" and "inferred" in c.stand_ins["fights_by"]
    for cid in ("crypt_wyvern", "zombie_dragon"):
        c = load().cards[cid]
        assert c.craft and c.strength is None and c.subtype == "dragon"
        assert c.fights_by == "craft" and c.combat_kind == "psychic" and "inferred" in c.stand_ins["fights_by"]
