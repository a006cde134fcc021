"""The hand-history readers' tables of games come from the games registry (issue 54): a game added there
is read with the right hole cards and deal, and needs its PHH code, which a test here asks for."""

from equity.games import GAMES
from equity.histories import phh_fields, pokerstars_games, pokerstars_text, tokens


def test_every_game_has_a_phh_code_and_every_code_a_game():
    assert set(phh_fields.GAME_CODES.values()) == set(GAMES)
    assert len(phh_fields.GAME_CODES) == len(GAMES)  # one code a game
    assert set(phh_fields.TRIPLE_DRAWS.values()) <= {n for n, g in GAMES.items() if g.deal == "draw"}


def test_the_deals_agree_with_the_rules_of_each_game():
    for name, game in GAMES.items():
        assert game.deal in ("board", "stud", "draw") and (game.deal == "board") == (game.board > 0), name
        assert tokens.HOLE[name] == game.hole
        # what the readers and the PHH writer ask of a game, in place of its deal's name
        assert game.bring_in == (not game.has_button) == (game.deal == "stud"), name
        assert game.has_draw == (game.deal == "draw"), name
        if game.bring_in:  # seven cards, three on third street
            assert (game.hole, game.first_deal) == (7, 3), name
        else:
            assert game.first_deal == game.hole, name
    # the published shapes of the standard's games (PHH: two hole cards in hold'em, four in Omaha, five
    # in 2-7 single draw, three cards to start in stud)
    shapes = {name: (game.deal, game.first_deal) for name, game in GAMES.items()}
    assert shapes["holdem"] == ("board", 2) and shapes["omaha"] == ("board", 4)
    assert shapes["2-7"] == ("draw", 5) and shapes["razz"] == ("stud", 3)
    assert shapes["badugi"] == ("draw", 4)


def test_pokerstars_names_only_registered_games_and_reads_each_boardless_one():
    assert {name for _, name in pokerstars_text.GAMES} <= set(GAMES)
    assert set(pokerstars_games.STUD) | set(pokerstars_games.DRAW) == pokerstars_text.STUD_DRAW
    assert set(pokerstars_games.STUD) == {"stud", "stud8", "razz"}
    assert set(pokerstars_games.DRAW) == {"2-7", "draw", "badugi"}
