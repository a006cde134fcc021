"""The ``equity`` command: a thin click layer over the public API, and the only writer to the terminal.

Exit status: 0 success; 1 a ``check`` run with regressions; 2 any bad input, with a one-line message
naming the offending token and no traceback; 130 interrupted (Ctrl-C).
"""

from equity.cli.app import cli, main

# isort: split
# each registers its commands on cli
from equity.cli import batch_check, flops, grid_dist, hands, help, query, questions, run, warmup  # noqa: F401

__all__ = ["cli", "main"]
