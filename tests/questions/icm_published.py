"""Published tournament ICM examples: chip stacks, payouts and the prize equities their sources print.

Data only, for tests. Every number is written as its source prints it (thousands separators dropped), never
recomputed here. ``EXAMPLES`` is a list of dicts:

- ``source``: where the numbers come from (URL, title, author, date where known).
- ``stacks``: chip stacks, in the source's order.
- ``payouts``: prizes by place, first place first, as published.
- ``model``: ``"mh"`` (Malmuth-Harville, the usual "ICM") or ``"mw"`` (Malmuth-Weitzman).
- ``units``: what ``equities`` are measured in: ``"prize"`` (the same units as ``payouts``), ``"percent of
  pool"`` (100 * equity / sum(payouts)) or ``"fraction of pool"`` (equity / sum(payouts)).
- ``equities``: per player, as published, with the source's number of decimals; ``None`` where the source
  prints no value for that player.
- ``tolerance``: half a unit of the last published decimal.
- ``note`` (optional): anything a test should know.

``PLACE_PROBABILITIES`` holds published finishing-place probabilities the same way: ``probabilities`` is a
``[player][place]`` matrix (first place first), ``None`` where unpublished, in ``units`` ``"probability"`` or
``"percent"``.

``FLAGGED`` holds published examples that do not agree with the model within the rule above, with the reason;
tests should not use them as they stand.

No published Malmuth-Weitzman example with numbers was found, so every example here is Malmuth-Harville.
"""

from fractions import Fraction

_PRATTE = (
    "https://github.com/gpratte/icm-calculator/blob/cb6c36901d2568ff33d96ad13517d2997ac4aacd/"
    "src/test/java/com/gilpratte/ICMCalculatorTest.java (Gil Pratte, JUnit test of a Malmuth-Harville ICM "
    "calculator; its comment says the expected numbers come from the PrimeDope ICM deal calculator, "
    "https://www.primedope.com/icm-deal-calculator/; the same figures reappear in "
    "poker-apprentice/icm-calculator src/calculateExact.test.ts)"
)

_DETHGRIND = (
    "http://archives2.twoplustwo.com/showthreaded.php?Cat=&Number=1122239&page=8&view=collapsed&sb=7&o=93"
    "&fpart=1 ('how to solve certain problems with the ICM (an algorithm)', dethgrind, Two Plus Two forums, "
    "One-table Tournaments, 10/12/04; bubble example, stacks listed as UTG, Button, SB, you)"
)
_DETHGRIND_NOTE = (
    "The post prints only 'you' (the last stack), in percent of the prize pool; it does not restate the "
    "payouts: 50/30/20 is the forum's standard single-table structure and reproduces all four published "
    "values (65/35 or 40/30/20/10 do not)."
)

_AIDANF = (
    "https://www.aidanf.net/posts/sample-icm-calculation-with-simpleicm ('Sample ICM calculation with "
    "SimpleICM', aidanf.net; 9-player SNG, 50/30/20, 4 left; stacks listed as CO, BTN, SB, BB = hero)"
)

_NOVEMBER_NINE = (
    "https://hochgepokert.com/2016/07/29/was-wuerde-bei-einem-deal-der-november-nine-passieren "
    "('Was würde bei einem Deal der November Nine passieren?', hochgepokert.com, 29 July 2016; table "
    "'Deal der November Nine - Auszahlung nach ICM', WSOP 2016 Main Event final table)"
)

EXAMPLES = [
    {
        "source": _PRATTE,
        "stacks": [1500, 1200],
        "payouts": [100, 76],
        "model": "mh",
        "units": "prize",
        "equities": [89.33, 86.67],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975],
        "payouts": [100, 76],
        "model": "mh",
        "units": "prize",
        "equities": [67.06, 58.73, 50.21],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1500, 975],
        "payouts": [100, 76],
        "model": "mh",
        "units": "prize",
        "equities": [64.44, 64.44, 47.12],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975, 350],
        "payouts": [100, 76],
        "model": "mh",
        "units": "prize",
        "equities": [61.05, 52.68, 44.73, 17.54],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975, 350, 275],
        "payouts": [100, 76],
        "model": "mh",
        "units": "prize",
        "equities": [57.08, 48.82, 41.28, 16.08, 12.74],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [150000, 98750, 45500],
        "payouts": [425, 280, 130],
        "model": "mh",
        "units": "prize",
        "equities": [332.99, 290.56, 211.45],
        "tolerance": 0.005,
    },
    {
        "source": _PRATTE,
        "stacks": [150000, 98750, 45500, 13250],
        "payouts": [425, 280, 130, 75],
        "model": "mh",
        "units": "prize",
        "equities": [323.2, 278.12, 195.79, 112.89],
        "tolerance": 0.005,
        "note": "323.2 is printed without its trailing zero (two decimals, like the others).",
    },
    {
        "source": (
            "https://pailiku.com/tools/icm-calculator/result ('ICM Result (Independent Chip Model)', "
            "pailiku.com: a 4-handed final-table example under the Malmuth-Harville model)"
        ),
        "stacks": [5000, 3000, 1500, 500],
        "payouts": [500, 300, 200],
        "model": "mh",
        "units": "prize",
        "equities": [377.78, 312.89, 225.60, 83.73],
        "tolerance": 0.005,
    },
    {
        "source": (
            "https://www.flopturnriver.com/pokerforum/beginners-circle/all-question-133454.html?mode=hybrid "
            "(FlopTurnRiver forum, Beginners Circle: worked example, 3 left in a 50-30-20 SNG)"
        ),
        "stacks": [5000, 3000, 2000],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "percent of pool",
        "equities": [38.4, None, None],
        "tolerance": 0.05,
    },
    {
        "source": _AIDANF,
        "stacks": [1600, 1400, 7800, 2700],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "fraction of pool",
        "equities": [None, None, None, 0.2563],
        "tolerance": 0.00005,
        "note": "Hero folds the big blind.",
    },
    {
        "source": _AIDANF,
        "stacks": [1600, 1400, 4500, 6000],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "fraction of pool",
        "equities": [None, None, None, 0.3566],
        "tolerance": 0.00005,
        "note": "Hero calls the SB's 7500 shove with 3000 and wins: hero 6000, SB 7500 - 3000 = 4500.",
    },
    {
        "source": _DETHGRIND,
        "stacks": [800, 1500, 1900, 3800],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "percent of pool",
        "equities": [None, None, None, 36.3],
        "tolerance": 0.05,
        "note": "You fold. " + _DETHGRIND_NOTE,
    },
    {
        "source": _DETHGRIND,
        "stacks": [800, 2500, 1900, 2800],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "percent of pool",
        "equities": [None, None, None, 31.5],
        "tolerance": 0.05,
        "note": "You call and lose. " + _DETHGRIND_NOTE,
    },
    {
        "source": _DETHGRIND,
        "stacks": [800, 0, 1900, 5300],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "percent of pool",
        "equities": [None, None, None, 42.7],
        "tolerance": 0.05,
        "note": "You call and win: the Button has no chips left (4th, unpaid). " + _DETHGRIND_NOTE,
    },
    {
        "source": _DETHGRIND,
        "stacks": [800, 1350, 1900, 3950],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "percent of pool",
        "equities": [None, None, None, 37.0],
        "tolerance": 0.05,
        "note": "You call and split. " + _DETHGRIND_NOTE,
    },
    {
        "source": _NOVEMBER_NINE,
        "stacks": [74600000, 67925000, 49375000, 43325000, 31600000, 27300000, 26175000, 10175000, 6150000],
        "payouts": [8000000, 4658452, 3451175, 2574808, 1934579, 1463906, 1250000, 1100000, 1000000],
        "model": "mh",
        "units": "prize",
        "equities": [4089787, 3918533, 3375798, 3172393, 2729587, 2547844, 2498299, 1677554, None],
        "tolerance": 0.5,
        "note": (
            "Players in table order: Josephy, Nguyen, Vayo, Hallaert, Ruane, Ruzicka, Benger, Wong, Pons. "
            "The copy read was cut inside the last row: Pons's ICM value is unread, and his 9th-place prize "
            "is read from the article's 'Alle Spieler haben schon einmal $1 Million sicher' ($1,000,000). "
            "Nine players: 9! orders, slow for the naive oracle."
        ),
    },
]

_PZHON = (
    "https://archives1.twoplustwo.com/showpost.php?p=3641740&postcount=17 ('Re: ICM problems', pzhon, "
    "Two Plus Two forums, 11-05-2006: the ICM chance of finishing last with stacks 1, 2, ..., n; it also "
    "lists n = 10 and n = 15)"
)


def _last_place(probabilities):
    n = len(probabilities)
    return [[None] * (n - 1) + [p] for p in probabilities]


PLACE_PROBABILITIES = [
    {
        "source": _PZHON,
        "stacks": [1, 2],
        "model": "mh",
        "units": "probability",
        "probabilities": _last_place([Fraction(2, 3), Fraction(1, 3)]),
        "tolerance": 0.0,
        "note": "Printed as the fractions 2/3 and 1/3: exact.",
    },
    {
        "source": _PZHON,
        "stacks": [1, 2, 3],
        "model": "mh",
        "units": "probability",
        "probabilities": _last_place([0.5833333333333334, 0.2666666666666666, 0.15]),
        "tolerance": 1e-15,
        "note": "Double-precision output; tolerance covers its last-digit rounding.",
    },
    {
        "source": _PZHON,
        "stacks": [1, 2, 3, 4],
        "model": "mh",
        "units": "probability",
        "probabilities": _last_place(
            [0.5511904761904762, 0.24126984126984127, 0.12976190476190477, 0.07777777777777778]
        ),
        "tolerance": 1e-15,
        "note": "Double-precision output; tolerance covers its last-digit rounding.",
    },
    {
        "source": _PZHON,
        "stacks": [1, 2, 3, 4, 5],
        "model": "mh",
        "units": "probability",
        "probabilities": _last_place(
            [
                0.5361360861360861,
                0.22936507936507936,
                0.12031302031302031,
                0.07022977022977023,
                0.04395604395604396,
            ]
        ),
        "tolerance": 1e-15,
        "note": "Double-precision output; tolerance covers its last-digit rounding.",
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975],
        "model": "mh",
        "units": "percent",
        "probabilities": [[40.8, 34.5, 24.7], [32.7, 34.3, 33.0], [26.5, 31.2, 42.3]],
        "tolerance": 0.05,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1500, 975],
        "model": "mh",
        "units": "percent",
        "probabilities": [[37.7, 35.1, 27.1], [37.7, 35.1, 27.1], [24.5, 29.7, 45.7]],
        "tolerance": 0.05,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975, 350],
        "model": "mh",
        "units": "percent",
        "probabilities": [
            [37.3, 31.3, 22.9, 8.6],
            [29.8, 30.1, 27.4, 12.7],
            [24.2, 27.0, 31.2, 17.6],
            [8.7, 11.6, 18.5, 61.1],
        ],
        "tolerance": 0.05,
    },
    {
        "source": _PRATTE,
        "stacks": [1500, 1200, 975, 350, 275],
        "model": "mh",
        "units": "percent",
        "probabilities": [
            [34.9, 29.2, 21.7, 11.1, 3.0],
            [27.9, 27.5, 24.6, 15.0, 5.0],
            [22.7, 24.5, 26.4, 19.0, 7.5],
            [8.1, 10.5, 15.1, 29.9, 36.5],
            [6.4, 8.3, 12.3, 25.0, 48.0],
        ],
        "tolerance": 0.05,
    },
    {
        "source": _PRATTE,
        "stacks": [150000, 98750, 45500],
        "model": "mh",
        "units": "percent",
        "probabilities": [[51.0, 35.1, 13.9], [33.6, 41.0, 25.4], [15.5, 23.9, 60.6]],
        "tolerance": 0.05,
    },
    {
        "source": _PRATTE,
        "stacks": [150000, 98750, 45500, 13250],
        "model": "mh",
        "units": "percent",
        "probabilities": [
            [48.8, 33.7, 15.1, 2.4],
            [32.1, 37.6, 24.8, 5.5],
            [14.8, 21.8, 44.4, 19.1],
            [4.3, 6.9, 15.8, 73.0],
        ],
        "tolerance": 0.05,
    },
]

FLAGGED = [
    {
        "source": (
            "https://en.wikipedia.org/wiki/Independent_Chip_Model (Wikipedia, 'Independent Chip Model', "
            "section Model: A, B, C hold 50%, 30%, 20% of the chips; 1st pays 70 units, 2nd 30)"
        ),
        "stacks": [50, 30, 20],
        "payouts": [70, 30],
        "model": "mh",
        "units": "prize",
        "equities": [45, 32, 22],
        "tolerance": 0.5,
        "reason": (
            "Printed as approximations ('≈45', '≈32', '≈22'); C's exact equity is 158/7 = 22.57, so 22 is "
            "truncated, not rounded, and misses the half-unit tolerance. A and B agree."
        ),
    },
    {
        "source": (
            "https://ruffpoker.com/blog/explaining-icm-to-casual-players ('Explaining ICM to casual "
            "players', ruffpoker.com, 11 April 2011; $50/$30/$20; players Me, Villain 1, You, Villain 2)"
        ),
        "stacks": [18000, 8000, 15000, 3200],
        "payouts": [50, 30, 20],
        "model": "mh",
        "units": "prize",
        "equities": [34.35, 23.27, 31.87, 10.49],
        "tolerance": 0.005,
        "reason": (
            "Cents look truncated, not rounded (31.878 printed 31.87, 10.496 printed 10.49): agrees "
            "within 0.01, not 0.005. The same post's 'me winning' case [33000, 8000, 0, 3200] prints "
            "44.60 where the model gives 44.63 (30.90 and 24.46 agree within 0.01), and its pre-hand case "
            "[25000, 8000, 7100, 3200] prints 39.14/25.10/23.47/12.27, far from the model "
            "(39.78/24.85/23.23/12.14): those stacks add up to 43300, not the 44200 of the other two cases."
        ),
    },
]
