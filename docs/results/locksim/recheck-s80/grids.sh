#!/bin/sh
# session 80: issue #11's five grids with the re-check of narrow losses after 2 s (20 windows),
# against calib-s76/kept/ (the same search without it).
cd /work/main/docs/results/locksim/recheck-s80
G=../../../../tools/locksim/search-grid
$G --ssc-recheck-ms 2000 --out thesis.jsonl
$G --blocking --ssc-recheck-ms 2000 --out blocking.jsonl
$G --time-shared --ssc-recheck-ms 2000 --out ts.jsonl
$G --blocking --wake-ticks 50 --ssc-recheck-ms 2000 --out blocking-wake50.jsonl
$G --time-shared --wake-ticks 50 --ssc-recheck-ms 2000 --out ts-wake50.jsonl
echo grids done
