"""VM tests of scx_corepair (issue #10). The guest has no PMU, so the scheduler runs on software
counters (--events page-faults,cpu-clock): the same perf-event-array path as hardware events,
with page faults per CPU-nanosecond as the demand. Runs in the 4-vCPU guest of tools/test.sh
(no SMT: --pairing auto pairs 0-2 and 1-3 of the one LLC). Every test fails when the kernel has
no sched_ext or the scheduler did not attach."""
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_lockaware import (ROOT, SCX, ops, sched_ext_guard, start_attached, state,
                            stress_without_ejection, wait_for)
from test_ssc import Stats

pytestmark = pytest.mark.every_kernel  # (conftest.py)


BIN = Path(os.environ.get("SCX_COREPAIR_BIN", ROOT / "target" / "release" / "scx_corepair"))
WORKLOADS = ROOT / "target" / "release" / "scx-workloads"
SOFT = ["--events", "page-faults,cpu-clock"]
STARTED = []


@pytest.fixture(autouse=True)
def need_sched_ext():
    yield from sched_ext_guard(BIN, STARTED)


def start(*args):
    """scx_corepair started with `args`, attached (else the test fails)."""
    p = start_attached(BIN, STARTED, *args)
    assert ops().startswith("corepair"), ops()
    return p


def stop(p):
    p.send_signal(signal.SIGINT)
    assert wait_for(lambda: state() == "disabled", 5.0), "state not disabled within 5 s"
    rc = p.wait(timeout=10)
    out = p.stdout.read().decode()
    assert rc == 0, out
    return out


def run_plain(*args):
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=120)


def test_refuses_to_start_without_the_hardware_counters():
    """The default events are hardware counters; the guest has no PMU. The scheduler must
    refuse before loading anything, naming the event and the way out, with its own exit code."""
    r = run_plain()
    out = r.stdout + r.stderr
    assert r.returncode == 6, out
    assert "cache-references" in out and "--events page-faults,cpu-clock" in out, out
    assert state() == "disabled"


@pytest.mark.parametrize("args,needle", [
    (["--maxcnt", "0"], "1 to 32"),
    (["--starvation-ms", "0"], "milliseconds"),
    (["--balance-ms", "100000"], "milliseconds"),
    (["--events", "page-faults"], "expected two"),
    (["--events", "nosuch,cpu-clock"], "perf list"),
    (["--pairing", "smt"], "no SMT siblings"),
])
def test_invalid_flags_are_refused_before_loading(args, needle):
    r = run_plain(*([] if "--events" in args else SOFT), *args)
    out = r.stdout + r.stderr
    assert r.returncode == 2, out
    assert args[0] in out and needle in out, out
    assert state() == "disabled"


def test_bpf_rules_agree_with_the_rust_rules():
    """The BPF side's decision rules (rate, queue average, m, slave pick, matching, figures 4.5
    and 4.6, starvation) answer every case of pairing::rule_cases() as pairing.rs does."""
    r = run_plain("--check-rules")
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "cases agree" in out and " 0 of" not in out, out
    assert state() == "disabled"


def demand(kind, n, secs):
    return subprocess.Popen([str(WORKLOADS), "demand", kind, "--workers", str(n), "--mb", "8",
                             "--duration", str(secs)], stdout=subprocess.PIPE, text=True)


@pytest.mark.home_kernel("6.12")  # the pairing policy: the same code on both kernels
def test_high_demand_runs_on_masters_and_every_task_progresses():
    """4 page-touching workers (high page-fault rate) and 4 compute loops (rate ~0) on 4 vCPUs
    in 2 pairs. From the scheduler's own counters over 8 s: work above its pair's m/2 ran
    mostly on masters and work below it mostly on slaves, slaves picked partners and some
    picks matched, the counters were read without errors; every worker progressed; the
    scheduler detaches cleanly."""
    p = start(*SOFT, "--stats", "5")
    st = Stats()
    pages, ep = demand("pages", 4, 14), demand("ep", 4, 14)
    time.sleep(4)
    st.get()
    time.sleep(8)
    m = st.get()
    st.close()
    assert state() == "enabled", "the scheduler was ejected"
    reports = [json.loads(w.communicate(timeout=60)[0].strip().splitlines()[-1])
               for w in (pages, ep)]
    out = stop(p)
    print({k: m[k] for k in ("high_on_master_pct", "low_on_slave_pct", "matching_pct",
                             "slave_picks", "xchg_pair", "xchg_masters", "xchg_slaves",
                             "len_moves", "starvation", "pmu_reads", "pair_states")})
    print("top tasks:", m["top_tasks"])
    assert m["pmu_reads"] > 1000 and m["pmu_errors"] == 0, m
    assert m["slave_picks"] > 100, m
    # Measured in this guest: 80-83% and 64%; without pairing (placement blind to demand)
    # both would be near 50%.
    assert m["high_on_master_pct"] > 65, m
    assert m["low_on_slave_pct"] > 55, m
    # Measured 30-60%: a slave's queue often holds only tasks of one kind.
    assert m["matching_pct"] > 15, m
    # 400 at 20 ms; the agent that runs them competes for the 4 loaded vCPUs (measured 184).
    assert m["balance_steps"] > 100, m
    for r in reports:
        assert all(x > 0 for x in r["per_worker_ops_per_s"]), r
    assert "detached" in out


def test_mixed_stress_30s_without_ejection():
    """30 s of stress-ng with 4x vCPUs tasks of four kinds: no ejection, clean exit."""
    seq0 = int((SCX / "enable_seq").read_text())
    p = start(*SOFT)
    stress_without_ejection(p, seq0)
    stop(p)


def test_pinned_tasks_and_kthreads_still_run():
    """One-CPU tasks (taskset) on every CPU next to unpinned hogs: each pinned task runs."""
    p = start(*SOFT)
    n = os.cpu_count()
    hogs = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(2 * n)]
    pinned = [subprocess.Popen(["taskset", "-c", str(c), str(WORKLOADS), "demand", "ep",
                                "--workers", "1", "--duration", "5"],
                               stdout=subprocess.PIPE, text=True) for c in range(n)]
    try:
        reports = [json.loads(w.communicate(timeout=120)[0].strip().splitlines()[-1])
                   for w in pinned]
    finally:
        for h in hogs:
            h.kill()
    assert state() == "enabled", "the scheduler was ejected"
    for r in reports:
        assert r["ops"] > 0, r
    stop(p)
