#!/bin/sh
# Session 63: is --wake-batch-us 1000 fit to be the default? Every suite beside EEVDF and
# the default (and the suites' own variants), 2 vCPUs pinned a vCPU per host core (not
# oversubscribed), 3 reps of 4 s; the build of 9ad1955 (same scheduler as 2fbf334).
# Order: the ext suite on 6.12 (never run with the flag), the 10 ext items session 62 did not
# run on 7.2, the inform suite on both kernels, the micro and lock suites on 6.12.
cd /work/main
. .cache/env.sh
O=results/s63
export SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000"
K612=/work/shared/vmtest/bzImage-6.12.117-scx K72=/work/shared/vmtest/bzImage-7.2.13-scx
SCX_VM_KERNEL=$K612 tools/vm/suite -c 2 -r 3 -t 4 -o $O/ext-6.12 ext > $O/ext-6.12.log 2>&1
date > $O/ext-6.12.done
for i in 1 3 6 8 10 11 12 14 16 17; do
  SCX_VM_KERNEL=$K72 tools/vm/suite -c 2 -r 3 -t 4 -i $i -o $O/ext-7.2 ext > $O/ext-7.2-$i.log 2>&1
done
date > $O/ext-7.2.done
SCX_VM_KERNEL=$K72 tools/vm/suite -c 2 -r 3 -t 4 -o $O/inform-7.2 inform > $O/inform-7.2.log 2>&1
SCX_VM_KERNEL=$K612 tools/vm/suite -c 2 -r 3 -t 4 -o $O/inform-6.12 inform > $O/inform-6.12.log 2>&1
date > $O/inform.done
SCX_VM_KERNEL=$K612 tools/vm/suite -c 2 -r 3 -t 4 -o $O/micro-6.12 micro > $O/micro-6.12.log 2>&1
SCX_VM_KERNEL=$K612 tools/vm/suite -c 2 -r 3 -t 4 -o $O/lock-6.12 lock > $O/lock-6.12.log 2>&1
date > $O/all.done
