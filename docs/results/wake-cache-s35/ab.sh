#!/bin/sh
# Session 35: the running task's vtime, start and id kept in cpu_ctx for wakee_preempts_now()
# (cache) against the build before it (base, session 35's SSC fix), with --bpf-stats variants
# of both and EEVDF, 2 vCPUs: perf bench futex lock-pi -t 4 (under statwrap.py),
# perf bench sched messaging -g 2, stress-ng --futex 2 and micro sem (pinned ping-pong).
# Usage (in the guest): ab.sh OUTDIR [REPS]
B=/work/main/target/release; O=$1; R=${2:-6}; L=/work/main/results/bin/s35
ab() {  # NAME METRICS CMD... (METRICS: "" or statwrap.py's extra metrics)
  n=$1; m=$2; shift 2
  $B/scx-ab --cooldown-s 1 --reps $R --sample-stats $m \
    --variant eevdf --variant "base=$L/base" --variant "cache=$L/cache" \
    --variant "base_bpf=$L/base --bpf-stats" --variant "cache_bpf=$L/cache --bpf-stats" \
    --out "$O/$n" -- "$@" 2>&1 | tail -10
}
S=/work/main/docs/results/kernel72-s33/statwrap.py
E=/work/main/tools/bench/ext-workload
M="--also-metric csw_per_op --also-metric cpu_us_per_op --also-metric cpu_ms_per_s"
ab lock-pi "$M" python3 $S $E futex-lock-pi 4 5
ab messaging "$M" python3 $S $E messaging 2 5
ab stress-futex "$M" python3 $S $E stress-futex 2 5
ab sem "" $B/scx-workloads micro sem --pin --duration 4
