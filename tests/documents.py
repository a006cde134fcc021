"""What the tests compare JSON documents by: the same document, but for its clock."""

from __future__ import annotations

from typing import Any


def timeless(obj: Any) -> Any:
    """A JSON object without its clock (``elapsed_s`` at any depth)."""
    if isinstance(obj, dict):
        return {k: timeless(v) for k, v in obj.items() if k != "elapsed_s"}
    if isinstance(obj, list):
        return [timeless(v) for v in obj]
    return obj
