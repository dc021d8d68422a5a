#!/bin/sh
# perf bench futex lock-pi -t 4 at 2 vCPUs: EEVDF, scx_lockaware, the same with --bpf-stats
# (each BPF program's time per run), and the kernel's scx_simple for this kernel ($SIMPLE).
B=/work/main/target/release; O=$1; R=${2:-8}; L=/work/main/results/bin/s33/base
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --also-metric csw_per_op \
  --also-metric cpu_us_per_op --also-metric cpu_ms_per_s \
  --variant eevdf --variant "lockaware=$L" --variant "bpfstats=$L --bpf-stats" \
  --variant "simple=$SIMPLE" \
  --out $O -- python3 /work/main/results/s33/statwrap.py /work/main/tools/bench/ext-workload futex-lock-pi 4 5 2>&1 | tail -30
