#!/bin/sh
# Session 55: the controls and the other third-party items against the build before and
# EEVDF (futex hash, lock-pi, messaging, stress-ng yield; lock item 4, fork-control), 5 reps,
# 2 vCPUs, 6.12.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware"
for i in 3 4 5 6; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s55/ctl ext > results/s55/ctl-$i.log 2>&1
done
tools/vm/suite -c 2 -r 5 -t 4 -i 4 -o results/s55/ctl lock > results/s55/ctl-fork.log 2>&1
echo done > results/s55/chain6.done
