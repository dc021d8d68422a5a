#!/bin/sh
# postmark with 4 workers on 7.2: EEVDF, scx_lockaware (stats sampled), without the lock
# classification's tracing, scx_simple; 10 repetitions.
B=/work/main/target/release; O=$1; R=${2:-10}; L=/work/main/results/bin/s33/base
$B/scx-ab --cooldown-s 1 --reps $R --workers 4 --sample-stats --also-metric csw_per_s \
  --also-metric migr_per_s --also-metric cpu_ms_per_s \
  --variant eevdf --variant "lockaware=$L" \
  --variant "notrace=$L --no-futex --no-kernel-locks --no-xcall-waits" \
  --variant "simple=$SIMPLE" \
  --out $O -- /work/main/results/s33/pmwrap.sh {workers} 5 2>&1 | tail -12
