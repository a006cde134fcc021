"""The TOML that PHH files are written in, read fast: a reader of the small part of TOML a ``.phh`` file
uses, ``key = value`` lines whose values are strings, numbers, booleans and arrays of them (over as many
lines as an array takes), with blank and comment lines between; several times faster than
:mod:`tomllib`, which is what a folder of many one-hand files spends its time in.

Such a value is written the same in JSON and means the same there, as long as it holds no escape, no
comment and no literal (single-quoted) string: so each value is read by the JSON decoder, in C.
:func:`loads` returns exactly what ``tomllib.loads(text, parse_float=Decimal)`` returns for every text it
reads, and None for any text it does not (a table, an inline table, a date or time, a quoted or dotted
key, a key given twice, an escape, a comment inside an array, a trailing comma but after a string at the
end of a line, anything malformed), which the caller then gives to :mod:`tomllib`, so that errors are
its own.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

#: Blank and comment lines, then a bare key and its ``=``.
_KEY = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*([A-Za-z_][A-Za-z0-9_-]*)[ \t]*=[ \t]*")
#: What may follow a value on its line.
_LINE_END = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\n|\Z)")
_END = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*(?:#[^\n]*)?\Z")
#: What TOML refuses anywhere: control characters but tab and line ends (a carriage return only
#: before a line feed).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)")
_CONTROL_LF = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _refuse(name: str) -> Any:
    raise ValueError(name)


_JSON = json.JSONDecoder(parse_float=Decimal, parse_constant=_refuse)


def loads(text: str) -> dict[str, Any] | None:
    """``text``'s keys and values, as :mod:`tomllib` reads them (floats as :class:`~decimal.Decimal`),
    or None where the text is not of the part of TOML read here (module docstring)."""
    if "\r" in text:
        if _CONTROL.search(text):
            return None
        text = text.replace("\r\n", "\n")
    elif _CONTROL_LF.search(text):
        return None
    # An array's trailing comma after a string at the end of a line, the closing bracket starting the
    # next: TOML's, not JSON's (strings end on their line, so this comma is outside them).
    text = text.replace('",\n]', '"\n]')
    out: dict[str, Any] = {}
    at, n = 0, len(text)
    key_match, line_end, decode = _KEY.match, _LINE_END.match, _JSON.raw_decode
    while at < n:
        m = key_match(text, at)
        if m is None:
            return out if _END.match(text, at) else None
        key, start = m[1], m.end()
        if key in out or text.startswith("{", start):
            return None
        try:
            value, at = decode(text, start)
        except ValueError:
            return None  # not JSON: a date, a literal string, a comment in an array, a trailing comma ...
        written = text[start:at]
        if "\\" in written or "{" in written or "null" in written:  # an escape, an object, a null
            return None
        m = line_end(text, at)
        if m is None:
            return None
        out[key] = value
        at = m.end()
    return out


__all__ = ["loads"]
