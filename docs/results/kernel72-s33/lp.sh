#!/bin/sh
# perf bench futex lock-pi -t 4 (the ext suite's item at 2 vCPUs) with perf stat's counts:
# EEVDF, scx_lockaware, without tracing, without waking on the waker's CPU, without wake-up
# preemption.
B=/work/main/target/release; O=$1; R=${2:-8}; L=/work/main/results/bin/s33/base
$B/scx-ab --cooldown-s 1 --reps $R --also-metric csw_per_op --also-metric migr_per_op \
  --also-metric cpu_us_per_op --also-metric cpu_ms_per_s \
  --variant eevdf --variant "lockaware=$L" \
  --variant "notrace=$L --no-futex --no-kernel-locks --no-xcall-waits" \
  --variant "nowa=$L --no-wake-affine" --variant "nopreempt=$L --no-wake-preempt" \
  --out $O -- python3 /work/main/results/s33/statwrap.py /work/main/tools/bench/ext-workload futex-lock-pi 4 5 2>&1 | tail -30
