#!/bin/sh
# The inform suite's two barrier items (7: libinform's barrier, 8: pthread_barrier_wait under
# the shim) at 2 vCPUs, 5 repetitions of 4 s, with one experimental build beside the suite's
# variants (eevdf, lockaware, inform): a barrier waiter that gives way is demoted
# (--barrier-demote 1: its vtime raised to its LLC's clock; 2: charged the slice it gives up).
# Build: demote.patch on the commit in README.md, copied to results/bin/s37/demote.
# From the repository root: sh docs/results/demote-s37/run.sh MODE OUT
set -eu
mode=$1 out=$2
B=$(pwd)/results/bin/s37/demote
for item in 7 8; do
  SCX_REF="demote$mode=$B --inform-lib $(pwd)/target/inform/libinform.so --barrier-demote $mode" \
  INFORM_SHIM_VARIANTS="inform demote$mode" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $item -o "$out" inform
done
