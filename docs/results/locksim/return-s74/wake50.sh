#!/bin/sh
# C1-C4 with the mutex at the simulator's default wake latency (50 ticks), 16/32/64 cores,
# seeds 1-3, 60 windows: the blocking grid's cells with --wake-ticks 50 instead of 5
B=${1:?binary}
for c in C1 C2 C3 C4; do
  for s in 1 2 3; do
    echo "## $c mutex wake 50 seed $s"
    $B search --config $c --lock mutex --cores 16,32 --windows 60 --seed $s 2>&1 | grep -E "^ +[0-9]"
    $B search --config $c --lock mutex --cores 64 --chips 16 --windows 60 --seed $s 2>&1 | grep -E "^ +[0-9]"
  done
done
