"""``equity query`` as a registered question: a line ``{"question": "query", "query": "select ..."}``
with the run keys (``method``, ``trials``, ``precision``, ``time``, ``seed``) answers what
``equity query --json`` prints."""

from __future__ import annotations

from typing import Any

from equity.questions.question import Command, Question, Threads, text_key

_KEYS = ("query", "method", "trials", "precision", "time", "seed")


def _answer(keys: dict[str, Any], as_text: bool, threads: Threads) -> dict[str, Any]:
    from equity.errors import EquityError
    from equity.questions.asking.spec import read_run
    from equity.questions.query.run import run_query

    text = text_key(keys, "query", "the query's text")
    if text is None:
        raise EquityError("a query line needs 'query': the query's text, e.g. "
                          "\"select avg(riverEquity(hero)) from hero='AhKd', villain='QQ+'\"")
    options = read_run(keys, text=as_text).replace(threads=threads)
    return run_query(text, options).to_dict()


#: ``equity query``: the Poker Query Language. Its command is written by the command line (a file or
#: the text, CSV).
QUESTION = Question("query", _KEYS, _answer, command=Command(
    "QUERY | FILE.pql", "the Poker Query Language: your own question, exact when it can be"))
