"""``equity query``: the Poker Query Language on equity's engines (issue 55). So far its front end:
:mod:`~equity.questions.query.syntax` reads a query into a tree (and writes one back),
:mod:`~equity.questions.query.functions` holds PQL's functions, streets, hand types and flop categories,
and :mod:`~equity.questions.query.types` checks a query's meaning before any deal is counted."""
