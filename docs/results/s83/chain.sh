#!/bin/sh
# session 83: SCX_OPS_ALLOW_QUEUED_WAKEUP (`queued`, --queued-wakeups) beside the default,
# notrace and EEVDF on Linux 7.2 (the flag does not exist in 6.12), 2 vCPUs pinned, 5 reps of 4 s:
# the wake-up-bound ext items and the micro suite.
cd /work/main; . .cache/env.sh
D=docs/results/s83
export SCX_VM_KERNEL=$SCX_VM_KERNEL_72
export SCX_REF="queued=/work/main/target/release/scx_lockaware --queued-wakeups" SCX_AB_OPTS=--sample-stats
for i in 13 17 4 14 9 5; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/ext-7.2 ext
done
tools/vm/suite -c 2 -r 5 -t 4 -o $D/micro-7.2 micro
echo chain done
