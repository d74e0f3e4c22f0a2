"""docs/rulings.md stays a reader's document (rulingsfold): each ruling id once, every id the code,
tests, data and other docs cite still there, and every "Superseded by X" answered by X's "Supersedes"."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "docs" / "rulings.md"
NOT_RULINGS = ("## Index", "## Id series")          # tables that list ids without being rulings
CITED_IN = ("src", "tests", "data", "docs", "benchmarks")
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".txt", ".json", ".toml", ".cfg"}

R_ID = re.compile(r"\bR-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*")
# "rulings 16", "ruling F3", "docs/rulings.md A14", "docs/rulings.md entry 11", "rulings TS20, TS25"
WORDED = re.compile(r"rulings?(?:\.md)?,?\s+(?:entry\s+|entries\s+|rows?\s+)?"
                    r"((?:[A-Z]{0,5}[0-9]+[A-Za-z0-9.-]*)(?:(?:,\s*|\s+and\s+)[A-Z]{0,5}[0-9]+[A-Za-z0-9.-]*)*)",
                    re.IGNORECASE)


def ruling_rows():
    """(id, row cells) of every ruling table row, in file order."""
    section = None
    for line in RULINGS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line
        elif (section and section not in NOT_RULINGS and line.startswith("| ")
              and not line.startswith("| # |")):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            yield cells[0], cells


def series():
    """The id series the Id series table names (a citation of a whole series, "R-CAST", is one)."""
    whole = RULINGS.read_text(encoding="utf-8")
    text = whole.split("## Id series", 1)[1]
    named = {m.group(1) for m in re.finditer(r"^\| (R-[A-Za-z0-9]+) ", text, re.MULTILINE)}
    # a block added since the fold names its series in its heading ("## R-CT8 A turn's start...")
    added = whole.split("## Added since the fold", 1)[1]
    return named | {m.group(1) for m in re.finditer(r"^## (R-[A-Za-z0-9]+) ", added, re.MULTILINE)}


def known(token, ids, names):
    token = token.rstrip(".,")
    if token in ids or token in names:
        return True
    span = (re.fullmatch(r"(R-[A-Za-z]+[0-9]*[.-]?)([0-9]+)-([0-9]+)", token)
            or re.fullmatch(r"([A-Z]*)([0-9]+)-(?:[A-Z]*)([0-9]+)", token))   # R-WOLF.1-4, A1-A12
    return bool(span) and all(f"{span.group(1)}{n}" in ids
                              for n in range(int(span.group(2)), int(span.group(3)) + 1))


def test_each_ruling_id_is_written_once():
    ids = [i for i, _ in ruling_rows()]
    assert len(ids) > 250
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert twice == [], f"ids given to two rulings: {twice}"
    for _, cells in ruling_rows():
        assert len(cells) == 8, f"{cells[0]}: {len(cells)} columns, not 8"


def test_every_cited_ruling_id_exists():
    ids = {i for i, _ in ruling_rows()}
    names = series()
    assert {"R-CAST", "R-MI", "R-WOLF"} <= names
    missing = []
    for top in CITED_IN:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or path == RULINGS or not path.is_file():
                continue
            text = re.sub(r"\s+", " ", path.read_text(encoding="utf-8", errors="replace"))
            tokens = set(R_ID.findall(text))
            for m in WORDED.finditer(text):
                tokens.update(re.split(r",\s*|\s+and\s+", m.group(1)))
            missing += [(str(path.relative_to(ROOT)), t) for t in sorted(tokens)
                        if not known(t, ids, names)]
    assert missing == [], f"cited ruling ids not in docs/rulings.md: {missing}"


def test_a_superseded_ruling_and_its_successor_name_each_other():
    cells = dict(ruling_rows())
    pairs = 0
    for rid, row in cells.items():
        for later in re.findall(r"\*\*Superseded (?:in part )?by ([^*\s]+?)\*\*", row[5]):
            pairs += 1
            assert later in cells, f"{rid} is superseded by {later}, which is no ruling"
            assert re.search(rf"\*\*Supersedes {re.escape(rid)}\b", cells[later][5]), \
                f"{later} does not say it supersedes {rid}"
        for earlier in re.findall(r"\*\*Supersedes ([^*\s]+?)\.?\*\*", row[5]):
            assert earlier in cells, f"{rid} supersedes {earlier}, which is no ruling"
            assert re.search(rf"\*\*Superseded (?:in part )?by {re.escape(rid)}\b", cells[earlier][5]), \
                f"{earlier} does not say it is superseded by {rid}"
    assert pairs >= 10


def test_the_index_links_every_area_and_the_fold_leaves_room_at_the_end():
    text = RULINGS.read_text(encoding="utf-8")
    index = text.split("## Index", 1)[1].split("\n## ", 1)[0]
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    areas = headings[headings.index("Index") + 1:headings.index("Id series")]
    linked = re.findall(r"^\| \[([^\]]+)\]\(#", index, re.MULTILINE)
    assert linked == areas and "The Harbinger" in areas and "The Triwizard Maze" in areas
    assert "Added since the fold" in headings
