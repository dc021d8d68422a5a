#!/bin/sh
# Controls for the SSC wake-up preemption fallback (session 35, commit 0ccb951, target/release)
# with session 34's build beside it (results/bin/s34/scan2 = commit 135833e; 7e4b678 after it
# changed only the --no-balance path): the lock suite's items 1-3 (5 reps) and issue #9's ext
# suite (3 reps) on 7.2, 2 vCPUs.
cd /work/main
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
export SCX_REF="s34=/work/main/results/bin/s34/scan2"
O=docs/results/ssc-rt-waker-s35
for i in 1 2 3; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $O/ctl-lock lock >> $O/ctl-lock.log 2>&1
done
tools/vm/suite -c 2 -r 3 -t 4 -o $O/ctl-ext ext > $O/ctl-ext.log 2>&1
echo done > $O/ctl.done
