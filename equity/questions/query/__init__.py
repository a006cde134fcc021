"""``equity query``: the Poker Query Language on equity's engines (issue 55). So far its text:
:mod:`equity.questions.query.syntax` reads a query into a tree and writes one back."""
