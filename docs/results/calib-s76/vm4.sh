#!/bin/sh
# session 76: stress-ng pipe (ext item 15) on Linux 7.2, the change against the build before,
# 10 reps at 2 vCPUs pinned, stats sampled.
cd /work/main; . .cache/env.sh
SCX_VM_KERNEL="$SCX_VM_KERNEL_72" SCX_REF="prev=/work/prev76/scx_lockaware" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o docs/results/calib-s76/k72 ext
