#!/bin/sh
# Session 47's VM chain: lock items 1, 2, 5 and the ext suite at 2 vCPUs against la-base
# (session 46's build). One VM at a time.
cd /work/main
export BPF_CLANG=clang-19
export SCX_REF="before=/work/main/results/s47/la-base"
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
for i in 1 2 5; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s47/lock2 lock > results/s47/suite-lock-$i.log 2>&1
done
tools/vm/suite -c 2 -r 5 -t 4 -o results/s47/ext2 ext > results/s47/suite-ext.log 2>&1
# (the full VM tests ran from chain2.sh: this guest's python3 has no pytest; vmrun needs the
# host's interpreter path)
echo done > results/s47/chain.done
