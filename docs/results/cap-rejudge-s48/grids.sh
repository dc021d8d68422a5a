#!/bin/sh
cd /work/main
for v in base new; do
  for g in "" --time-shared --blocking; do
    n=$(echo "$g" | tr -d -); [ -z "$n" ] && n=thesis
    /usr/bin/time -f "$v $n %e s" tools/locksim/search-grid --bin results/s48/locksim-$v $g --out results/s48/grid-$v-$n.jsonl > results/s48/grid-$v-$n.txt 2>&1
  done
done
echo done > results/s48/grids.done
