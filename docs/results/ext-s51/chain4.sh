#!/bin/sh
# Session 51, after chain3: sched-pipe again, 8 reps on 7.2, with the two builds' places swapped
# (ca36ade's build as "lockaware", second in each round; the one-LLC pick as "new", last).
cd /work/main
while [ ! -f results/s51/chain3.done ]; do sleep 10; done
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
export BPF_CLANG=clang-19
cp --remove-destination results/s51/bin/la-ca36ade target/release/scx_lockaware
export SCX_REF="new=/work/main/results/s51/bin/la-pick1"
export SCX_VM_KERNEL=$K/bzImage-7.2.13-scx
tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o results/s51/pick-swap-k72 ext > results/s51/pick-swap-k72-9.log 2>&1
cp --remove-destination results/s51/bin/la-pick1 target/release/scx_lockaware
echo done > results/s51/chain4.done
