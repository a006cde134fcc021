"""equity.report.flops_plot: the picture of ``equity flops --svg``, its numbers, as written and as a browser
draws it."""

import math
import xml.etree.ElementTree as ET
from functools import cache
from importlib.util import find_spec

import pytest
from conftest import needs_chromium, screenshot

from equity.errors import EquityError
from equity.questions.flops import flops
from equity.report.flops_plot import (
    CMAP,
    MONOTONE,
    RAINBOW,
    TWO_TONE,
    heat_cells,
    save_flops_picture,
    texture_curves,
    title,
)

needs_matplotlib = pytest.mark.skipif(find_spec("matplotlib") is None, reason="pip install 'equity[plot]'")
HERO, VILLAIN = "QQ+,AKs", "JJ-99,AQs"


@cache
def _every_flop():
    return flops(HERO, VILLAIN)


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _svg_text(path) -> str:
    """Every text of the SVG, parsed as XML (text kept as text, so the file can be searched for it)."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none"}):
        save_flops_picture(_every_flop(), path)
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    return " ".join(root.itertext()) + path.read_text(encoding="utf-8")


def test_the_cells_make_the_mean_over_every_flop():
    result = _every_flop()
    cells = heat_cells(result)
    assert sum(n for _, n, _ in cells.values()) == result.flops == 22100
    mean = math.fsum(eq * w for eq, _, w in cells.values()) / math.fsum(w for _, _, w in cells.values())
    assert mean == pytest.approx(result.overall.hero_equity, abs=1e-12)
    assert all(("23456789TJQKA".index(high) >= "23456789TJQKA".index(second)) for high, second in cells)
    assert len(cells) == 13 * 14 // 2  # every high card over every second card at or below it


def test_each_texture_curve_is_its_rows_sorted_and_makes_its_mean():
    result = _every_flop()
    curves = texture_curves(result)
    assert list(curves) == ["monotone", "two-tone", "rainbow"]
    table = {m.name: m.hero_equity for m in result.textures}
    flops_of = {"monotone": 4 * 286, "two-tone": 12168, "rainbow": 8788}  # monotone: 4 suits x C(13, 3)
    for suits, curve in curves.items():
        rows = [r for r in result.rows if r.suits == suits]
        assert sum(r.weight for r in rows) == flops_of[suits]
        assert [eq for _, _, eq in curve] == sorted((r.hero.equity for r in rows), reverse=True)
        weight = math.fsum(r.weight * r.pairs for r in rows)
        spans = sorted((eq, end - start) for start, end, eq in curve)
        expected = sorted((r.hero.equity, r.weight * r.pairs / weight) for r in rows)
        assert [eq for eq, _ in spans] == [eq for eq, _ in expected]
        assert [w for _, w in spans] == pytest.approx([w for _, w in expected], abs=1e-12)
        assert curve[0][0] == 0 and curve[-1][1] == 1
        assert all(a[1] == b[0] < b[1] for a, b in zip(curve, curve[1:], strict=False))
        mean = math.fsum(eq * (end - start) for start, end, eq in curve)
        direct = math.fsum(r.weight * r.pairs * r.hero.equity for r in rows) / weight
        assert mean == pytest.approx(direct, abs=1e-12)
        assert mean == pytest.approx(table[suits], abs=1e-12)  # the texture table's mean


def test_a_paired_flops_second_card_is_its_pair():
    result = flops(HERO, VILLAIN, flops="KsKhTd,9c8c8d,Ah5d2c")
    assert set(heat_cells(result)) == {("K", "K"), ("9", "8"), ("A", "5")}
    (eq, n, _), = [v for k, v in heat_cells(result).items() if k == ("K", "K")]
    row, = [r for r in result.rows if r.flop[0] == "K"]
    assert (eq, n) == (pytest.approx(row.hero.equity), row.weight)


def test_blocked_flops_are_left_out():
    result = flops("AA", "KK", game="short-deck")
    assert result.blocked
    cells, curves = heat_cells(result), texture_curves(result)
    assert sum(n for _, n, _ in cells.values()) == result.overall.counted < result.flops
    assert sum(map(len, curves.values())) == len(result.rows) - len(result.blocked)
    assert all(curve[-1][1] == 1 for curve in curves.values())
    assert title(result) == f"AA vs KK: hero's equity on {result.overall.counted:,} flops (short deck)"


@needs_matplotlib
def test_the_svg_and_the_png_are_written(tmp_path, capsys):
    text = _svg_text(tmp_path / "f.svg")
    result = _every_flop()
    for words in ("QQ+,AKs vs JJ-99,AQs: hero's equity on 22,100 flops", "second card", "high card",
                  f"all flops: mean {result.overall.hero_equity:.1%}", "share of the texture's flops",
                  *(f"{m.name}: {m.counted:,} flops, mean {m.hero_equity:.1%}" for m in result.textures[:3])):
        assert words in text, words
    for colour in (MONOTONE, TWO_TONE, RAINBOW):
        assert colour in text, colour

    from PIL import Image

    save_flops_picture(result, tmp_path / "f.png")
    with Image.open(tmp_path / "f.png") as image:
        assert image.format == "PNG" and image.size == (1440, 600)  # 12 x 5 inches at 120 dpi
        pixels = {colour: n for n, colour in image.convert("RGB").getcolors(1 << 24)}
    for colour in (MONOTONE, TWO_TONE, RAINBOW):  # a curve each, not only the legend's line (< 100 pixels)
        assert pixels.get(_rgb(colour), 0) > 400, colour
    assert capsys.readouterr() == ("", "")


@needs_matplotlib
def test_a_bad_suffix_is_named(tmp_path):
    with pytest.raises(EquityError, match=r"--svg .*f\.pdf: the picture is an \.svg or a \.png file"):
        save_flops_picture(_every_flop(), tmp_path / "f.pdf")
    assert not (tmp_path / "f.pdf").exists()


def test_an_unwritable_file_is_an_equity_error(tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(EquityError, match="cannot write"):
        save_flops_picture(_every_flop(), tmp_path / "no" / "such" / "f.svg")


@needs_matplotlib
@needs_chromium
def test_the_picture_in_a_real_browser(tmp_path):
    import matplotlib
    from matplotlib.colors import to_hex

    svg, png = tmp_path / "f.svg", tmp_path / "f.png"
    result = _every_flop()
    save_flops_picture(result, svg)
    image = screenshot(svg, png, "1200,520")
    pixels = {colour for _, colour in image.getcolors(1 << 24)}
    for colour in (MONOTONE, TWO_TONE, RAINBOW):  # the textures' curves
        assert _rgb(colour) in pixels, colour
    cmap = matplotlib.colormaps[CMAP]
    cells = heat_cells(result)
    drawn = [key for key, (eq, _, _) in cells.items() if _rgb(to_hex(cmap(eq))) in pixels]
    assert len(drawn) > len(cells) // 2, "the heat map's cells are not drawn"
    assert ("A", "K") in drawn and ("2", "2") in drawn
