"""What a query's names mean: PQL's functions with the types of their arguments and answer, its streets,
hand types and flop categories, in PQL's own names (so results compare with published ones).

The types: ``player`` (a ``from`` key that names a player), ``street``, ``handtype`` and
``flopcategory`` (ordered, worst first), ``number`` (an equity, a fraction, a count), ``bool``,
``range`` and ``boardrange`` (quoted range text), ``text``, ``card``, ``hirating``. Names are read in any
case.
"""

from __future__ import annotations

STREETS = ("preflop", "flop", "turn", "river")
#: PQL's hand types, worst first (a game may order them its own way: short deck's flush beats a full
#: house; the order is the game's when the deals are counted).
HAND_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads",
              "straightflush")
#: PQL's 18 flop categories, worst first.
FLOP_CATEGORIES = ("flopnothing", "flopunderpair", "flopthirdpair", "floppocket23", "flopsecondpair",
                   "floppocket12", "floptoppair", "flopoverpair", "flopbottomtwo", "floptopandbottom",
                   "floptoptwo", "floptrips", "flopset", "flopstraight", "flopflush", "flopfullhouse",
                   "flopquads", "flopstraightflush")
#: The keys of ``from`` that are not players.
SETTINGS = ("game", "board", "dead", "syntax")
#: The types whose values are ordered (``<``, ``max`` ...).
ORDERED = ("number", "handtype", "flopcategory", "hirating")

_P, _S = "player", "street"

#: PQL's functions: each one's name, its arguments' types and its answer's type.
_TABLE: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # showdown
    ("riverEquity", (_P,), "number"),
    ("fractionalRiverEquity", (_P,), "number"),
    ("winsHi", (_P,), "bool"),
    ("tiesHi", (_P,), "bool"),
    ("winsLo", (_P,), "bool"),
    ("tiesLo", (_P,), "bool"),
    ("scoops", (_P,), "bool"),
    # hand types
    ("handType", (_P, _S), "handtype"),
    ("exactHandType", (_P, _S, "handtype"), "bool"),
    ("minHandType", (_P, _S, "handtype"), "bool"),
    ("winningHandType", (), "handtype"),
    # equity on a street: every player's cards known, the rest of the board run out
    ("equity", (_P, _S), "number"),
    ("HvHequity", (_P, _S), "number"),  # ProPokerTools' name: hand against hand, every card known
    ("minEquity", (_P, _S, "number"), "bool"),
    # flop categories
    ("flopHandCategory", (_P,), "flopcategory"),
    ("exactFlopHandCategory", (_P, "flopcategory"), "bool"),
    ("minFlopHandCategory", (_P, "flopcategory"), "bool"),
    # nuts and lows
    ("nutHi", (_P, _S), "bool"),
    ("madeLo", (_P, _S), "bool"),
    ("nutLo", (_P, _S), "bool"),
    # the board
    ("pairedBoard", (_S,), "bool"),
    ("monotoneBoard", (_S,), "bool"),
    ("twoToneBoard", (_S,), "bool"),
    ("rainbowBoard", (_S,), "bool"),
    ("flushingBoard", (_S,), "bool"),
    ("straightBoard", (_S,), "bool"),
    ("boardSuitCount", (_S,), "number"),
    ("boardInRange", ("boardrange",), "bool"),
    # ranges and cards
    ("inRange", (_P, "range"), "bool"),
    ("pocketPair", (_P,), "bool"),
    ("overpair", (_P, _S), "bool"),
    ("turnCard", (), "card"),
    ("riverCard", (), "card"),
    # ratings
    ("hiRating", (_P, _S), "hirating"),
    ("minHiRating", (_P, _S, "hirating"), "bool"),
    ("rateHiHand", ("text",), "hirating"),
    # outs and draws
    ("outsToHandType", (_P, _S, "handtype"), "number"),
    ("minOutsToHandType", (_P, _S, "handtype", "number"), "bool"),
    ("nutHiOuts", (_P, _S), "number"),
    ("threeFlush", (_P, _S), "bool"),
    ("fourFlush", (_P, _S), "bool"),
)
#: Each function, by its name in lower case: (its name as PQL writes it, its arguments' types, its
#: answer's type).
FUNCTIONS = {name.lower(): (name, args, answer) for name, args, answer in _TABLE}

#: How messages name a type.
SAID = {"player": "a player", "street": "a street", "handtype": "a hand type",
        "flopcategory": "a flop category", "number": "a number", "bool": "true or false", "range": "a range",
        "boardrange": "a board range", "text": "a text", "card": "a card", "hirating": "a hand rating"}
