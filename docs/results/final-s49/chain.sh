#!/bin/sh
# Session 49: the final build of session 48 (e4de396, la-final) against session 47's (la-base):
# (target/release) ext suite, micro suite, lock item 3 (postmark) with the statistics sampled, lock item 4.
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
export SCX_REF="before=/work/main/results/s48/la-base"
O=results/s49
tools/vm/suite -c 2 -r 5 -t 4 -o $O/ext2 ext > $O/suite-ext.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -o $O/micro2 micro > $O/suite-micro.log 2>&1
SCX_AB_OPTS="--sample-stats --stats-interval-ms 200" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 3 -o $O/lock2 lock > $O/suite-lock-3.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 4 -o $O/lock2 lock > $O/suite-lock-4.log 2>&1
echo done > $O/chain.done
