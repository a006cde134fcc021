"""How questions are asked, beside the questions themselves: the equity question's keys and run options
(:mod:`~equity.questions.asking.spec`), every question by name (:mod:`~equity.questions.asking.registry`),
many lines at once (:mod:`~equity.questions.asking.batch`), and where work runs: worker processes
(:mod:`~equity.questions.asking.pool`) or a Dask cluster (:mod:`~equity.questions.asking.cluster`)."""
