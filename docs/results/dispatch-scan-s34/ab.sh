#!/bin/sh
# Session 34: the change to dispatch() (V = scan1 or scan2, default scan1) against session 33's
# build (base), with --bpf-stats variants of both, EEVDF and the kernel's scx_simple ($SIMPLE),
# 2 vCPUs:
# perf bench futex lock-pi -t 4 (under statwrap.py) and micro sem (pinned ping-pong).
B=/work/main/target/release; O=$1; R=${2:-8}; L=/work/main/results/bin/s34; V=${V:-scan1}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --also-metric csw_per_op \
  --also-metric cpu_us_per_op --also-metric cpu_ms_per_s \
  --variant eevdf --variant "base=$L/base" --variant "$V=$L/$V" \
  --variant "base_bpf=$L/base --bpf-stats" --variant "${V}_bpf=$L/$V --bpf-stats" \
  --variant "simple=$SIMPLE" \
  --out $O/lock-pi -- python3 /work/main/docs/results/kernel72-s33/statwrap.py /work/main/tools/bench/ext-workload futex-lock-pi 4 5 2>&1 | tail -12
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats \
  --variant eevdf --variant "base=$L/base" --variant "$V=$L/$V" \
  --variant "base_bpf=$L/base --bpf-stats" --variant "${V}_bpf=$L/$V --bpf-stats" \
  --variant "simple=$SIMPLE" \
  --out $O/sem -- $B/scx-workloads micro sem --pin --duration 4 2>&1 | tail -12
