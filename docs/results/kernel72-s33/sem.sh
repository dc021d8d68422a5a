#!/bin/sh
# micro sem (pinned semaphore ping-pong) at 2 vCPUs: EEVDF, scx_lockaware (--bpf-stats, stats
# sampled), the kernel's scx_simple ($SIMPLE); 8 repetitions of 4 s.
B=/work/main/target/release; O=$1; R=${2:-8}; L=/work/main/results/bin/s33/base
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats \
  --variant eevdf --variant "lockaware=$L" --variant "bpfstats=$L --bpf-stats" \
  --variant "simple=$SIMPLE" \
  --out $O -- $B/scx-workloads micro sem --pin --duration 4 2>&1 | tail -8
