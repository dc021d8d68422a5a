#!/bin/sh
# scx-locksim search at 2, 4 and 8 cores (the VM's sizes and one above), C1-C4 x
# {ticket, mutex with the default wake of 50 ticks, mutex with 5} x seeds 1-3, 40 windows
B=${1:?binary}
for c in C1 C2 C3 C4; do
  for lock in "ticket" "mutex" "mutex --wake-ticks 5"; do
    for s in 1 2 3; do
      echo "## $c $lock seed $s"
      $B search --config $c --lock $lock --cores 2,4,8 --windows 40 --seed $s 2>&1 | grep -E "^ +[0-9]"
    done
  done
done
