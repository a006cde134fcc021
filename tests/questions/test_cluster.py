"""`equity batch --cluster`: a real Dask LocalCluster with separate worker processes, one killed mid-run."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install 'equity[cluster]'")

BIN = Path(sys.executable).parent


def spots(n):
    """Hold'em lines, and every fifth an Omaha hi-lo one (its halves travel through the workers too)."""
    return "".join(json.dumps({"players": ["AsKs", 1 + i % 2], "board": "Th9h2c" if i % 3 else "",
                               "trials": 1_500_000, "seed": 100 + i, "id": i} if i % 5 != 4 else
                              {"players": ["AsAd2s3d", "random"], "game": "o8", "trials": 300_000, "seed": i,
                               "id": i}) + "\n" for i in range(n))


def without_time(text):
    out = []
    for line in text.splitlines():
        obj = json.loads(line)
        obj.pop("elapsed_s", None)
        out.append(obj)
    return out


def batch(*args):
    return subprocess.run([str(BIN / "equity"), "batch", *map(str, args)], capture_output=True, text=True,
                          timeout=900)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    source = folder / "spots.jsonl"
    source.write_text(spots(30))
    local = folder / "local.jsonl"
    proc = batch(source, "--output", local)
    assert proc.returncode == 0, proc.stderr
    return source, without_time(local.read_text())


@pytest.mark.slow
def test_a_local_cluster_gives_the_same_answers(inputs, tmp_path):
    source, expected = inputs
    out = tmp_path / "out.jsonl"
    proc = batch(source, "--output", out, "--cluster", "local:2")
    assert proc.returncode == 0, proc.stderr
    assert without_time(out.read_text()) == expected


@pytest.mark.slow
def test_a_worker_killed_mid_run_costs_only_time(inputs, tmp_path):
    source, expected = inputs
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        before = client.run(os.getpid)
        assert len(set(before.values())) == 2 and os.getpid() not in before.values()  # separate processes
        out = tmp_path / "out.jsonl"
        proc = subprocess.Popen([str(BIN / "equity"), "batch", str(source), "--output", str(out),
                                 "--cluster", cluster.scheduler_address], stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 600
        while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 4):
            time.sleep(0.05)
        victim = sorted(before.values())[0]
        os.kill(victim, signal.SIGKILL)
        _, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, err
        assert out.read_text().count("\n") == 30
        assert without_time(out.read_text()) == expected
        client.wait_for_workers(2, timeout=60)
        assert victim not in client.run(os.getpid).values()  # the nanny started a new worker


@pytest.mark.slow
def test_an_address_with_no_scheduler_is_a_clear_error(tmp_path):
    source = tmp_path / "s.jsonl"
    source.write_text(spots(1))
    proc = batch(source, "--cluster", "127.0.0.1:1")
    assert proc.returncode == 2 and "no Dask scheduler answered" in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = batch(source, "--cluster", "local:x")
    assert proc.returncode == 2 and "write local:N" in proc.stderr
