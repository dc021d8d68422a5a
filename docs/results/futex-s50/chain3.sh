#!/bin/sh
# Session 50: the hand-off waker that follows on the local queue (la-follow, target/release)
# against the build before (la-base): 7.2 items 7 and 5 with 8 reps and the micro suite, then
# 6.12 ext and micro with 5 reps.
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
export SCX_REF="before=/work/main/results/s50/bin/la-base"
for i in 7 5; do
SCX_VM_KERNEL=$K/bzImage-7.2.13-scx tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s50/k72 ext > results/s50/k72-ext-$i.log 2>&1
done
SCX_VM_KERNEL=$K/bzImage-7.2.13-scx tools/vm/suite -c 2 -r 5 -t 4 -o results/s50/k72 micro > results/s50/k72-micro.log 2>&1
echo k72 > results/s50/chain3.k72
SCX_VM_KERNEL=$K/bzImage-6.12.117-scx tools/vm/suite -c 2 -r 5 -t 4 -o results/s50/k612 ext > results/s50/k612-ext.log 2>&1
SCX_VM_KERNEL=$K/bzImage-6.12.117-scx tools/vm/suite -c 2 -r 5 -t 4 -o results/s50/k612 micro > results/s50/k612-micro.log 2>&1
echo done > results/s50/chain3.done
