"""Session 40: when the SSC search makes its moves in a guest, and where it ends, with two builds
interleaved. Each run: the scheduler BUILD (with --interval-ms 100, the default, and -v off),
one pthread mutex with 2N lock threads (scx-workloads mutex, as the lock suite's ssc-sizes
item), SECS seconds; the agent's "SSC a -> b CPUs" lines timed from the workload's start,
the operations per second. Usage (in a guest, from the repository root):
    python3 docs/results/follow-s40/settle.py REPS SECS NAME=BUILD [NAME=BUILD ...]
Prints one RES line per run."""
import os, re, signal, subprocess, sys, threading, time

SCX = "/sys/kernel/sched_ext"
W = "target/release/scx-workloads"


def state():
    return open(f"{SCX}/state").read().strip()


def run(name, build, secs):
    p = subprocess.Popen(build.split(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    t0 = [None]

    def reader():
        for line in p.stdout:
            lines.append((time.monotonic(), line.rstrip()))
    th = threading.Thread(target=reader, daemon=True)
    th.start()
    end = time.monotonic() + 60
    while state() != "enabled":
        assert p.poll() is None and time.monotonic() < end, "never attached"
        time.sleep(0.05)
    n = os.cpu_count()
    t0 = time.monotonic()
    out = subprocess.run([W, "mutex", "--lock-threads", str(2 * n), "--cpu-threads", "0",
                          "--duration", str(secs)], capture_output=True, text=True).stdout
    ok = state() == "enabled"
    p.send_signal(signal.SIGINT)
    p.wait(timeout=30)
    th.join(timeout=5)
    moves = []
    for t, l in lines:
        m = re.search(r"SSC (\d+) -> (\d+) CPUs \((\w+)", l)
        if m and t >= t0:
            moves.append((round(t - t0, 2), int(m.group(1)), int(m.group(2)), m.group(3)))
    ops = re.search(r'"ops_per_s"\s*:\s*([\d.]+)', out)
    last = moves[-1] if moves else None
    print(f"RES {name}: attached {ok} ops/s {ops.group(1) if ops else '?'} moves {len(moves)} "
          f"last_move_s {last[0] if last else '-'} ends_at {last[2] if last else '-'} "
          f"path {' '.join(f'{a}>{b}@{t}' for t, a, b, _ in moves)}", flush=True)
    if os.environ.get("SHOW_LOG"):
        for t, l in lines:
            print(f"  {t - t0:7.3f} {l}")


reps, secs = int(sys.argv[1]), int(sys.argv[2])
builds = [a.split("=", 1) for a in sys.argv[3:]]
for r in range(reps):
    for name, build in builds:
        run(name, build, secs)
