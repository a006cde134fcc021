import pytest
from hypothesis import given
from hypothesis import strategies as st

from equity.cards import format_card, format_cards, mask_of, parse_card, parse_cards
from equity.errors import CardError, DuplicateCardError, EquityError


def test_encoding_is_4_rank_plus_suit():
    assert parse_cards("2c2d2h2s") == [0, 1, 2, 3]
    assert parse_cards("AcAdAhAs") == [48, 49, 50, 51]
    assert parse_card("Th") == 4 * 8 + 2


@pytest.mark.parametrize("text", ["AsKd", "As Kd", "As,Kd", "as kd", "AS KD", " As , Kd ", "A♠K♦", "A♤ K♢",
                                  "A♠️K♦️"])
def test_separators_and_case(text):
    assert parse_cards(text) == [51, 45]


def test_ten_may_be_written_10():
    assert parse_cards("10h9h") == parse_cards("Th9h")


def test_sequences_of_strings_and_ids():
    assert parse_cards(["As", "Kd"]) == [51, 45]
    assert parse_cards([51, 45]) == [51, 45]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Xs", "unknown rank 'X' in card 'Xs'"),
        ("Ax", "unknown suit 'x' in card 'Ax'"),
        ("AsK", "'K' at position 3 of 'AsK' is not a card"),
        ("AsKdQ", "'Q' at position 5"),
        ("1s", "unknown rank '1'"),
        ("AsKd+", "'+' at position 5 of 'AsKd+' is not a card"),
        ("A♠K♪", "unknown suit '♪' in card 'K♪' at position 3 of 'A♠K♪'"),
        ("♠A", "unknown rank '♠' in card '♠A'"),
    ],
)
def test_bad_tokens_are_named_with_position(text, needle):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert needle in str(info.value)
    assert isinstance(info.value, EquityError) and isinstance(info.value, ValueError)


def test_out_of_range_ids_and_foreign_objects():
    with pytest.raises(CardError, match="52"):
        parse_cards([52])
    with pytest.raises(CardError, match="-1"):
        parse_cards([-1])
    with pytest.raises(CardError, match="not a card"):
        parse_cards([1.5])


def test_duplicates_are_named():
    with pytest.raises(DuplicateCardError, match="card As appears twice"):
        parse_cards("AsKdAs")
    assert parse_cards("AsAs", distinct=False) == [51, 51]


def test_parse_card_wants_exactly_one():
    with pytest.raises(CardError, match="not one card"):
        parse_card("AsKd")


def test_mask():
    assert mask_of(parse_cards("2c As")) == 1 | 1 << 51


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_format_parse_round_trip(cards):
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, sep=", ")) == cards
    assert parse_cards(format_cards(cards).lower()) == cards


def test_every_card_formats_uniquely():
    names = [format_card(c) for c in range(52)]
    assert len(set(names)) == 52
    assert [parse_card(n) for n in names] == list(range(52))


def test_every_question_names_a_card_twice_the_same_way():
    """One check and one sentence for known cards that collide, whichever question takes them."""
    from equity import calculate
    from equity.cards import check_places
    from equity.errors import DuplicateCardError
    from equity.questions.grid import range_grid
    from equity.questions.hits import range_hits

    said = "card 2c appears in the board and in the dead cards"
    for ask in (lambda: calculate(["AsKs", "QQ"], board="2c3d4h", dead="2c"),
                lambda: range_grid("AA", board="2c3d4h", dead="2c"),
                lambda: range_hits("AA", "2c3d4h", "2c")):
        with pytest.raises(DuplicateCardError, match=f"^{said}$"):
            ask()
    with pytest.raises(DuplicateCardError, match="^card 2c appears twice in the board$"):
        check_places([("the board", [0, 0])])
    check_places([("the board", [0, 1]), ("the dead cards", [2])])  # distinct: nothing to say
