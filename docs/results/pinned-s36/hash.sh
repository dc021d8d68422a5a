#!/bin/sh
# futex hash -t 2 (the ext suite's count at 2 vCPUs): the final build against base, each twice
# per repetition (A B B' A'), after the ext suite's 3 reps read 0.77 with base in the last slot.
B=/work/main/target/release; L=/work/main/results/bin/s36; O=$1; R=${2:-5}
$B/scx-ab --cooldown-s 1 --reps $R --variant eevdf --variant "base=$L/base" \
  --variant "new=$B/scx_lockaware" --variant "new2=$B/scx_lockaware" --variant "base2=$L/base" \
  --out $O -- /work/main/tools/bench/ext-workload futex-hash 2 4 0 2>&1 | tail -6
