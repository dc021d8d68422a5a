"""VM smoke test of the A/B harness (scx-ab): a short two-variant run, EEVDF against
scx_lockaware, sweeping two worker counts. The outputs must exist, parse, and record which
scheduler ran each run; with --sample-stats, scheduler runs carry the scheduler's own
statistics read during the run and EEVDF runs carry none."""
import csv
import json
import subprocess

import pytest

from test_lockaware import BIN, ROOT, state  # noqa: F401 (the fixture checks sched_ext)

# A --lean run on the other kernel runs only the tests marked every_kernel (conftest.py).
pytestmark = pytest.mark.home_kernel("7.2")


AB = ROOT / "target" / "release" / "scx-ab"
WORKLOADS = ROOT / "target" / "release" / "scx-workloads"


def test_two_variant_sweep(tmp_path):
    out = tmp_path / "ab"
    r = subprocess.run(
        [str(AB), "--variant", "eevdf", "--variant", f"lockaware={BIN}", "--reps", "2",
         "--workers", "1,2", "--cooldown-s", "0", "--sample-stats", "--stats-interval-ms", "500",
         "--out", str(out), "--",
         str(WORKLOADS), "mutex", "--lock-threads", "{workers}", "--cpu-threads", "0",
         "--duration", "2"],
        capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert len(runs) == 8
    # Interleaved: eevdf, lockaware, eevdf, lockaware...
    assert [x["variant"] for x in runs[:4]] == ["eevdf", "lockaware"] * 2
    for x in runs:
        assert x["valid"], x
        assert x["metric"] > 0 and x["workload"]["benchmark"] == "mutex"
        if x["variant"] == "eevdf":
            assert x["ops"] == ""
            assert "sched_stats" not in x
        else:
            assert x["ops"].startswith("lockaware"), x
            st = x["sched_stats"]
            assert st["error"] is None, st
            # 2 s at 500 ms plus the last one; the first may wait for the stats server.
            assert len(st["samples"]) >= 2, st
            last = st["samples"][-1]
            assert last["t_s"] <= x["seconds"] + 1
            assert last["stats"]["nr_cpus"] >= 1 and 1 <= last["stats"]["ssc_size"] <= 4
    summary = json.loads((out / "summary.json").read_text())
    cells = summary["cells"]
    assert {(c["workers"], c["variant"]) for c in cells} == {
        (1, "eevdf"), (1, "lockaware"), (2, "eevdf"), (2, "lockaware")}
    for c in cells:
        assert c["n"] == 2 and c["discarded"] == 0
        assert c["ci95"][0] <= c["mean"] <= c["ci95"][1]
        if c["variant"] == "lockaware":
            assert c["ratio_to_baseline"] > 0 and 0 <= c["welch_p"] <= 1
    assert (out / "summary.svg").read_text().startswith("<svg")
    rows = list(csv.DictReader((out / "summary.csv").open()))
    assert len(rows) == 4 and float(rows[0]["mean"]) > 0
    assert state() == "disabled", "the harness left a scheduler attached"
