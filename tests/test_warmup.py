"""``equity warmup``: every game's warm-up questions are valid, and after a warm-up into an empty folder
the commands compile nothing (counted with numba's event API in new processes, never a stopwatch)."""

import json

import pytest
from test_cache import compiled, environment, equity


def test_every_games_warmup_questions_are_answered():
    """Each game's warm-up lines are valid questions of that game (the catalogue cannot rot), and
    between them ask every question the game answers."""
    from equity.games import GAMES
    from equity.questions.asking import registry

    for name, game in GAMES.items():
        lines = game.warmup_lines()
        asked = {line.get("question", "equity") for line in lines}
        assert "equity" in asked, name
        if game.board:
            assert {"dist", "runout", "hits"} <= asked, name
        if game.two_card_grid:
            assert "grid" in asked, name
        assert any(line.get("method") == "exact" for line in lines), name
        assert any(line.get("method") == "monte-carlo" or "trials" in line for line in lines), name
        for line in lines:
            registry.answer({**line, "game": name})
        for cards in game.warmup_cards():
            game.evaluate(cards)


@pytest.mark.slow
def test_warmup_leaves_nothing_to_compile(tmp_path):
    """The README's CI recipe at its core: warm up into an empty folder, then the pinned checks and a
    command of each question, each in a new process, compile nothing."""
    env = environment(tmp_path / "ci-cache")
    games = ["omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "short-deck", "short-deck-trips"]
    warm = equity("warmup", *[a for g in games for a in ("--game", g)], "--json", env=env)
    assert warm.returncode == 0, warm.stderr[-3000:]
    report = json.loads(warm.stdout)
    assert sorted(report["games"]) == sorted(games) and report["compiled"] > 0
    assert report["kernels"] == sum(f["kernels"] for f in report["families"])
    check = equity("check", "examples/games.toml", "--no-progress", env=env, counting=True)
    assert check.returncode == 0, check.stdout[-2000:]
    assert compiled(check) == []
    for args in (["AsAhKsKh", "vs", "2", "--board", "Qs9s3d"], ["AA,KK", "vs", "QQ", "-g", "6+"],
                 ["dist", "AAKKds", "vs", "JdTd9c8c", "-b", "Qs9s3d"],
                 ["runout", "AsAhKsKh2c", "vs", "JdTd9c8c3h", "-b", "Qs9s3d", "--no-progress"],
                 ["grid", "JJ+", "vs", "AK", "-g", "6+", "-b", "Td9h6c", "--no-progress"],
                 ["hits", "AAxx", "-b", "Qs9s3d", "-g", "plo"],
                 ["eval", "AsAhKsKh", "Qs9s3d2c7h", "-g", "plo"]):
        proc = equity(*args, env=env, counting=True)
        assert proc.returncode == 0, (args, proc.stderr[-2000:])
        assert compiled(proc) == [], args
    again = equity("warmup", *[a for g in games for a in ("--game", g)], "--json", env=env)
    assert json.loads(again.stdout)["compiled"] == 0  # idempotent


def test_warmup_refuses_an_unknown_game(tmp_path):
    proc = equity("warmup", "--game", "holdum", env=environment(tmp_path / "c"))
    assert proc.returncode == 2 and "holdum" in proc.stderr and "Traceback" not in proc.stderr
