#!/bin/sh
# Session 57: issue #9's goal table refreshed with one build (c3dbede, defaults as session 56's):
# the third-party suite (items 1-14) and lock items 1-4 at 2 vCPUs (pinned, not oversubscribed),
# 5 interleaved repetitions of 4 s; on 6.12 with the kernel's scx_simple beside, on 7.2 without.
cd /work/main
. .cache/env.sh
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
SCX_REF="simple=/work/main/.cache/scx-simple-6.12/scx_simple" \
  tools/vm/suite -c 2 -r 5 -t 4 -o results/s57/ext-6.12 ext > results/s57/ext-6.12.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o results/s57/lock-6.12 lock > results/s57/lock-6.12-1.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 2 -o results/s57/lock-6.12 lock > results/s57/lock-6.12-2.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 3 -o results/s57/lock-6.12 lock > results/s57/lock-6.12-3.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 4 -o results/s57/lock-6.12 lock > results/s57/lock-6.12-4.log 2>&1
echo 612 > results/s57/chain2.612
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/suite -c 2 -r 5 -t 4 -o results/s57/ext-7.2 ext > results/s57/ext-7.2.log 2>&1
echo done > results/s57/chain2.done
