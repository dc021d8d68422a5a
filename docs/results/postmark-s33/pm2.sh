#!/bin/sh
# postmark with 4 workers: the slice. EEVDF, scx_lockaware at 5 ms (default), 1.5 ms (about
# EEVDF's at 2 CPUs) and 20 ms (scx_simple's); CPU used (task-clock), switches, migrations.
B=/work/main/target/release; O=$1; R=${2:-8}; W=${3:-4}; L=/work/main/results/bin/s33/base
$B/scx-ab --cooldown-s 1 --reps $R --workers $W --also-metric csw_per_s --also-metric migr_per_s \
  --also-metric cpu_ms_per_s \
  --variant eevdf --variant "lockaware=$L" --variant "slice1500=$L --slice-us 1500" \
  --variant "slice20000=$L --slice-us 20000" \
  --out $O -- /work/main/results/s33/pmwrap.sh {workers} 5 2>&1 | tail -12
