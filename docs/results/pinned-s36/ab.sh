#!/bin/sh
# Session 36: one-CPU tasks never classified lock-intensive (pinned = results/bin/s36/pinned)
# against the build before (base = results/bin/s36/base, commit 27721ed), 2 vCPUs: the items
# whose threads perf binds to one CPU each (futex lock-pi and hash), 8 interleaved repetitions,
# each build twice per repetition (A B B' A' order) to see the spread of a build against itself.
B=/work/main/target/release; L=/work/main/results/bin/s36; O=$1; R=${2:-8}
EXT=/work/main/tools/bench/ext-workload
set -- --variant eevdf --variant "base=$L/base" --variant "pinned=$L/pinned" \
  --variant "pinned2=$L/pinned" --variant "base2=$L/base"
for item in futex-lock-pi futex-hash; do
  $B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --out $O/$item -- $EXT $item 4 5 0 2>&1 | tail -7
done
