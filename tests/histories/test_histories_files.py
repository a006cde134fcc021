"""Reading files, folders and standard input (equity.histories.files): the encodings and line ends sites
export, hands of two sites in one file, folders walked, and what is not a hand history."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.errors import EquityError, HistoryError
from equity.histories.files import Source, encoding_of, read, read_source, sources

ROOT = Path(__file__).resolve().parents[2]
ALUDRA = ROOT / "examples" / "hands" / "pokerstars-aludra.txt"
GG = ROOT / "examples" / "hands" / "ggpoker-plo.txt"


def hands(path):
    return [h for h in read([str(path)]) if not isinstance(h, HistoryError)]


@pytest.mark.parametrize(("encoding", "bom"), [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"),
                                               ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                               ("utf-16-le", b""), ("utf-16-be", b"")])
@pytest.mark.parametrize("ends", ["\n", "\r\n"])
def test_every_encoding_and_line_end_reads_the_same_hands(tmp_path, encoding, bom, ends):
    text = ALUDRA.read_text(encoding="utf-8").replace("\r\n", "\n").replace("\n", ends)
    path = tmp_path / "h.txt"
    path.write_bytes(bom + text.encode(encoding))
    assert encoding_of(path.read_bytes()[:4096]).startswith("utf-16" if "16" in encoding else "utf-8")
    got = hands(path)
    assert [h.id for h in got] == [f"25500000000{i}" for i in range(1, 6)]
    assert [h.players for h in got] == [h.players for h in hands(ALUDRA)]
    assert [h.line for h in got] == [h.line for h in hands(ALUDRA)]


def test_two_sites_in_one_file_and_text_around_them(tmp_path):
    path = tmp_path / "mixed.txt"
    aludra = ALUDRA.read_text().replace("\r\n", "\n")
    path.write_text("exported by some tool\n\n" + GG.read_text() + "\n\n" + aludra)
    got = hands(path)
    assert [h.site for h in got] == ["ggpoker"] + ["pokerstars"] * 5
    assert got[0].line == 3 and got[1].line == 3 + GG.read_text().count("\n") + 2


def test_a_folder_is_walked_in_name_order_and_its_other_files_skipped(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text(GG.read_text())
    (tmp_path / "a.txt").write_text(ALUDRA.read_text())
    (tmp_path / "notes.md").write_text("PokerStars Hand #1: not read, not a .txt")
    (tmp_path / "readme.txt").write_text("no hands here")
    names = [s.path for s in sources([str(tmp_path)])]
    assert names == [str(tmp_path / "a.txt"), str(tmp_path / "b" / "z.txt"), str(tmp_path / "readme.txt")]
    assert list(read_source(Source(str(tmp_path / "readme.txt"), named=False))) == []
    assert len(hands(tmp_path)) == 6


def test_what_is_not_a_hand_history(tmp_path):
    with pytest.raises(EquityError, match="no such file or folder: nowhere"):
        list(read(["nowhere"]))
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    with pytest.raises(EquityError, match="junk.txt is not a hand history"):
        list(read([str(junk)]))


def test_a_hand_cut_short_is_reported_and_the_next_one_read(tmp_path):
    text = ALUDRA.read_text().replace("\r\n", "\n")
    cut = text.index("*** SUMMARY ***", text.index("#255000000002"))
    path = tmp_path / "cut.txt"
    path.write_text(text[:cut] + "\n\n" + text[text.index("PokerStars Hand #255000000003"):])
    items = list(read([str(path)]))
    assert isinstance(items[1], HistoryError) and "truncated hand" in items[1].reason
    assert items[1].where.startswith(f"{path}:")
    assert [h.id for h in items if not isinstance(h, HistoryError)] == [
        "255000000001", "255000000003", "255000000004", "255000000005"]


def test_a_hand_read_is_the_value_its_fields_make():
    """The text readers build a Hand without its dataclass __init__ (for speed): the same value."""
    import dataclasses

    from equity.histories.model import Hand

    names = {f.name for f in dataclasses.fields(Hand)}
    for hand in hands(ROOT / "tests" / "histories") + hands(ROOT / "examples" / "hands"):
        assert set(vars(hand)) == names
        assert Hand(**{name: getattr(hand, name) for name in names}) == hand
