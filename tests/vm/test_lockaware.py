"""VM integration tests for scx_lockaware. They must run as root on a sched_ext kernel: run
them through the VM rig (tools/test.sh does): tools/vm/vmrun -- python3 -m pytest tests/vm.
Every test fails (never skips) when the kernel has no sched_ext or the scheduler did not attach.
"""
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "target" / "release" / "scx_lockaware"
SCX = Path("/sys/kernel/sched_ext")


def state():
    return (SCX / "state").read_text().strip()


def ops():
    try:
        return (SCX / "root" / "ops").read_text().strip()
    except FileNotFoundError:
        return ""


def wait_for(pred, secs):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return pred()


@pytest.fixture(autouse=True)
def need_sched_ext():
    assert SCX.joinpath("state").exists(), "no sched_ext in this kernel: run via tools/vm/vmrun"
    assert os.geteuid() == 0, "VM tests need root"
    assert BIN.exists(), f"{BIN} missing: cargo build --release"
    assert state() == "disabled", f"a scheduler is already attached: {ops()}"
    yield
    assert wait_for(lambda: state() == "disabled", 5)


def start(*args):
    p = subprocess.Popen([str(BIN), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert wait_for(lambda: state() == "enabled" or p.poll() is not None, 60), "never attached"
    assert p.poll() is None, p.stdout.read().decode()
    return p


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_attach_short_stress_and_clean_exit(sig):
    """The run seen to pass by hand: 18 stressor tasks for 10 s."""
    p = start("--stats", "2")
    assert ops().startswith("lockaware"), ops()
    r = subprocess.run(["stress-ng", "--cpu", "8", "--fork", "4", "--mutex", "4", "--mmap", "2",
                        "--timeout", "10", "-q"], stdout=subprocess.DEVNULL, timeout=120)
    assert r.returncode == 0
    assert state() == "enabled" and p.poll() is None, "scheduler left during the workload"
    p.send_signal(sig)
    assert wait_for(lambda: state() == "disabled", 2.0), "state not disabled within 2 s"
    rc = p.wait(timeout=10)
    out = p.stdout.read().decode()
    assert rc == 0, out
    assert "unregistered from user space" in out, out


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_attach_stress_and_clean_exit(sig):
    seq0 = int((SCX / "enable_seq").read_text())
    p = start("--stats", "5")
    assert state() == "enabled"
    assert ops().startswith("lockaware"), ops()
    ncpu = os.cpu_count()
    n = max(1, ncpu)  # 4 stressor kinds x n workers = 4x vCPUs tasks
    stress = subprocess.Popen(
        ["stress-ng", "--cpu", str(n), "--fork", str(n), "--mutex", str(n), "--mmap", str(n),
         "--mmap-bytes", "8M", "--timeout", "30", "-q"], stdout=subprocess.DEVNULL)
    ejected = []
    deadline = time.monotonic() + 180
    while stress.poll() is None and time.monotonic() < deadline:
        if state() != "enabled" or p.poll() is not None:
            ejected.append((time.monotonic(), state(), p.poll()))
        time.sleep(0.25)
    assert stress.poll() is not None, "stress-ng did not finish in 180 s"
    assert stress.returncode == 0
    assert not ejected, f"scheduler left during the workload: {ejected}"
    assert ops().startswith("lockaware")
    assert int((SCX / "enable_seq").read_text()) == seq0 + 1, "scheduler was re-enabled"
    t0 = time.monotonic()
    p.send_signal(sig)
    assert wait_for(lambda: state() == "disabled", 2.0), "state not disabled within 2 s"
    rc = p.wait(timeout=10)
    out = p.stdout.read().decode()
    print(out)
    assert rc == 0, out
    assert "unregistered from user space" in out, out
    assert "scx_lockaware" in out and "llc" in out  # live stats were printed
    assert time.monotonic() - t0 < 10


@pytest.mark.parametrize("args", [["--slice-us", "0"], ["--slice-us", "-5"],
                                  ["--slice-us", "99999999"], ["--no-such-flag"]])
def test_invalid_flags_refused_before_load(args):
    seq0 = (SCX / "enable_seq").read_text()
    r = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2, r
    assert args[0] in r.stderr, r.stderr
    assert state() == "disabled"
    assert (SCX / "enable_seq").read_text() == seq0, "something was loaded"
