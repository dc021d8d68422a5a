#!/bin/sh
# Session 49: the final build on Linux 7.2.13 (2 vCPUs): the third-party suite and the micro
# suite, against session 47's build (the §44.2 column of the status table is session 33's build).
cd /work/main
while pgrep -f "chain3.sh" > /dev/null || pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
cmp target/release/scx_lockaware results/s48/la-final || exit 1
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-7.2.13-scx
export SCX_REF="before=/work/main/results/s48/la-base"
O=results/s49/k72
mkdir -p $O
tools/vm/suite -c 2 -r 5 -t 4 -o $O/ext2 ext > $O/suite-ext.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -o $O/micro2 micro > $O/suite-micro.log 2>&1
echo done > $O/chain4.done
