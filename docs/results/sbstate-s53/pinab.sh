#!/bin/sh
# sysbench threads (ext item 1) and stress-ng futex (ext item 7), EEVDF against scx_lockaware,
# 5 repetitions of 4 s, in 2-vCPU guests with the vCPU threads unpinned (VMRUN_PIN=off, as
# every run before session 53) and pinned (on), alternated twice; the host's view of QEMU's
# threads sampled throughout (host-sample.py). Run on the host from the repository root.
. .cache/env.sh
D=results/s53/pinab
mkdir -p $D
for round in 1 2; do
  for pin in off on; do
    python3 docs/results/sbstate-s53/host-sample.py $D/host-$pin-$round.txt &
    hs=$!
    for item in 1 7; do
      VMRUN_PIN=$pin tools/vm/suite -c 2 -r 5 -t 4 -i $item -o $D/$pin-$round ext > $D/suite-$pin-$round-$item.log 2>&1
    done
    kill $hs
  done
done
echo done > $D/DONE
