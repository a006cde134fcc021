"""The fast reader of the TOML in PHH files (equity.histories.phh_toml) against tomllib, the reference:
wherever it reads a text, it reads what tomllib reads (the same keys, values and types, decimals written
the same); wherever tomllib refuses a text, it declines it (returns None) so that tomllib's error is the
one reported."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.histories.phh_toml import loads

ROOT = Path(__file__).resolve().parents[2]


def reference(text: str):
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return "refused"


def agrees(text: str) -> bool:
    """Whether the fast reader declines ``text`` or reads exactly what tomllib does."""
    fast = loads(text)
    return fast is None or repr(fast) == repr(reference(text))


def test_every_phh_file_of_the_tests_and_examples_reads_as_tomllib_reads_it():
    paths = [p for folder in ("tests", "examples") for p in (ROOT / folder).rglob("*.phh*")]
    assert len(paths) > 20
    read = 0
    for path in paths:
        text = path.read_text(encoding="utf-8").lstrip("\ufeff")
        assert agrees(text), path
        read += loads(text) is not None
    assert read >= len(paths) // 2  # the common case is the fast one


def test_what_a_phh_writer_writes_is_read_fast():
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n'
            'starting_stacks = [100, 87.25]\nactions = [\n  "d dh p1 AsKs",\n  "p2 cbr 3",  # a raise\n'
            '  "p1 f",\n]\nhand = 12\nplayers = ["Ana", "Bo \\"the\\" B"]\n# done\n')
    assert loads(text.replace("  # a raise", "").replace('\\"the\\" ', "")) == {
        "variant": "NT", "antes": [0, 0], "blinds_or_straddles": [Decimal("0.5"), 1], "min_bet": 1,
        "starting_stacks": [100, Decimal("87.25")], "actions": ["d dh p1 AsKs", "p2 cbr 3", "p1 f"],
        "hand": 12, "players": ["Ana", "Bo B"]}
    assert agrees(text)


#: Values where JSON and TOML part ways: written the same but read differently, or valid in one only.
PARTING = ['"\\/"', '"\\b"', '"\\u00e9"', '"\\U0001F600"', '"a\tb"', "1E5", "1e400", "-0", "-0.0", "0.10",
           "NaN", "Infinity", "-Infinity", "null", '{"a": 1}', "[1, [2, 3]]", "[[]]", '["a", 1, true]',
           "[1,]", "[\n1,\n]", '[\n"a",\n]', '[\n"a", # c\n]', "[1 2]", "[,]", '"\u00e9"', "1_000"]


def test_values_where_json_and_toml_part_ways():
    for value in PARTING:
        for text in (f"k = {value}", f"k = {value}\n", f"k = [{value}]", f"k = [\n  {value},\n]\nx = 1"):
            assert agrees(text), text


#: Pieces of TOML, valid and not, near what PHH files hold.
KEYS = st.sampled_from(["variant", "antes", "hand", "players", "a-b", "_rake", "k"] * 3
                       + ["1x", '"q"', "a.b", "x y"])
SCALARS = st.sampled_from([
    '"NT"', '""', '"a # b"', '"\\"q\\""', '"back\\\\slash"', '"\\n"', '"\\/"', '"tab\there"', "'lit'",
    "'it''s'", '"nul\x01l"', '"null"', '"{x}"', "0", "-0", "12", "007", "+3", "1_000", "0.25", "-1.50",
    "1.", ".5", "1e3", "1.5E-2", "inf", "nan", "true", "false", "True", "null", "2024-01-02",
    "21:04:30", "{a = 1}", '"unterminated', "[]"])
SPACE = st.sampled_from(["", " ", "\t", "\n", "\r\n", "  # c\n", "\r"])


@st.composite
def values(draw, depth: int = 0):
    if depth < 2 and draw(st.booleans()):
        items = draw(st.lists(values(depth + 1), max_size=4))
        sep = [draw(SPACE) + "," + draw(SPACE) for _ in items]
        body = "".join(i + s for i, s in zip(items, sep, strict=True))
        if items and draw(st.booleans()):
            body = body.rstrip(" \t\n\r,#c")  # no trailing comma
        return "[" + draw(SPACE) + body + draw(SPACE) + "]"
    return draw(SCALARS)


@st.composite
def documents(draw):
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append(draw(st.sampled_from(["", "# comment", "   ", "[1]", "x = 1 2", "= 3"])))
        else:
            lines.append(f"{draw(KEYS)}{draw(st.sampled_from([' = ', '=', ' =', ' = ' + chr(10)]))}"
                         f"{draw(values())}{draw(st.sampled_from(['', ' # note', '  ', chr(13)]))}")
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(documents())
def test_the_fast_reader_agrees_with_tomllib_or_declines(text):
    assert agrees(text), (text, loads(text), reference(text))
