"""equity.report.dist_plot: the SVG picture of a distribution, as written and as a browser draws it."""

import sys
from importlib.util import find_spec

import pytest
from conftest import needs_chromium, screenshot

from equity.errors import EquityError
from equity.questions.dist import equity_distribution
from equity.report.dist_plot import CURVE, MISSING, save_svg

needs_matplotlib = pytest.mark.skipif(find_spec("matplotlib") is None, reason="pip install 'equity[plot]'")


def _save(dist, path, title="test"):
    """Save with text kept as text, so that the file can be searched for it."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none"}):
        save_svg(dist, path, title)
    return path.read_text(encoding="utf-8")


@needs_matplotlib
def test_the_svg_is_written_with_its_text(tmp_path):
    dist = equity_distribution(["QQ+,AK,T9s", "JJ,TT,AQs"], board="Kh7c2d")
    text = _save(dist, tmp_path / "d.svg", "Overpairs on a dry board")
    assert text.lstrip().startswith(("<?xml", "<svg"))
    assert text.rstrip().endswith("</svg>")
    # The picture shows the figures the distribution holds: the hero's mean, a breakdown row's share.
    mean = f"mean {100 * dist.players[0].equity:.1f}%"
    share = f"{100 * dist.breakdowns[0].rows[0].share:.1f}%"
    for words in ("QQ+,AK,T9s", "JJ,TT,AQs", "Overpairs on a dry board", "Kh7c2d", "equity by class", mean,
                  share):
        assert words in text, words
    assert CURVE in text


@needs_matplotlib
def test_a_one_combo_player_and_a_cut_breakdown(tmp_path):
    dist = equity_distribution(["AsKs", "QQ+,AK"], board="Th9h2c")
    assert len(dist.players[0].combos) == 1
    text = _save(dist, tmp_path / "one.svg")
    assert "AsKs" in text and "AsKs vs QQ+,AK: equity by class" in text and "more not shown" not in text

    dist = equity_distribution(["AsKs", "22+,A2s+,K9s+,QTo+"], board="Th9h2c")
    assert len(dist.breakdowns[0].rows) > 30
    more = len(dist.breakdowns[0].rows) - 30
    assert f"{more} more not shown" in _save(dist, tmp_path / "cut.svg")


@needs_matplotlib
def test_monte_carlo_and_combo_breakdowns(tmp_path):
    dist = equity_distribution(["AA,KK", "QQ,JJ,AKs"], board="2c3d4h", method="monte-carlo", trials=2000,
                               seed=1, by="combo")
    text = _save(dist, tmp_path / "mc.svg")
    assert "Monte Carlo" in text and "equity by combo" in text


def test_without_matplotlib_the_error_says_how_to_get_it(tmp_path, monkeypatch):
    dist = equity_distribution(["AsKs", "QQ+,AK"], board="Th9h2c")
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_svg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(EquityError, match=r"need matplotlib: pip install 'equity\[plot\]'") as info:
        save_svg(dist, tmp_path / "x.svg", "x")
    assert str(info.value) == MISSING
    assert not (tmp_path / "x.svg").exists()


@needs_matplotlib
@needs_chromium
def test_the_picture_in_a_real_browser(tmp_path):
    svg, png = tmp_path / "d.svg", tmp_path / "d.png"
    dist = equity_distribution(["QQ+,AK,T9s", "JJ,TT,AQs"], board="Kh7c2d")
    save_svg(dist, svg, "in a browser")
    image = screenshot(svg, png, "900,1200")
    pixels = image.load()
    rgb = tuple(int(CURVE[i:i + 2], 16) for i in (1, 3, 5))
    hits = sorted((y, x) for y in range(image.height) for x in range(image.width) if pixels[x, y] == rgb)
    assert hits, f"no pixel of the curve's colour {CURVE}"

    top = [hits[0]]  # the hero's curve: the first run of rows with curve pixels (the panels are apart)
    for y, x in hits[1:]:
        if y > top[-1][0] + 40:
            break
        top.append((y, x))
    left, right = min(x for _, x in top), max(x for _, x in top)
    assert right - left > 400  # it runs across the whole range
    height = {x: [y for y, xx in top if xx == x] for x in (left, right)}
    left_y = sum(height[left]) / len(height[left])
    right_y = sum(height[right]) / len(height[right])
    assert right_y - left_y > 100  # best combos (~99%) on the left, T9s (~10%) on the right: it falls
    assert len(top) < len(hits)  # and the opponent's curve is drawn below it
