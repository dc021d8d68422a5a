#!/bin/sh
# postmark with 1 and 4 workers: EEVDF, scx_lockaware, the same without tracing, scx_simple;
# context switches and migrations per second from perf stat (pmwrap.sh).
B=/work/main/target/release; O=$1; R=${2:-10}; W=${3:-1,4}
$B/scx-ab --cooldown-s 1 --reps $R --workers $W --also-metric csw_per_s --also-metric migr_per_s \
  --variant eevdf --variant "lockaware=/work/main/results/bin/s33/base" \
  --variant "notrace=/work/main/results/bin/s33/base --no-futex --no-kernel-locks --no-xcall-waits" \
  --variant "simple=/work/main/.cache/scx-simple-6.12/scx_simple" \
  --out $O -- /work/main/results/s33/pmwrap.sh {workers} 5 2>&1 | tail -12
