#!/bin/sh
# Session 54: BPF time per wake-up under stress-ng nanosleep at 4 vCPUs (oversubscribed), 4
# workers, 3 rounds, 6.12.
cd /work/main
K=/work/shared/vmtest
B=$PWD/target/release/scx_lockaware
tools/vm/vmrun --kernel $K/bzImage-6.12.117-scx --cpus 4 --memory 2G --timeout 900 -- \
  env W=4 sh docs/results/ext-s54/bpfcost.sh 3 $PWD/.cache/scx-simple-7.2/build/build/sbin/bpftool \
  "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits" \
  "simple=$PWD/.cache/scx-simple-6.12/scx_simple" > results/s54/bpfcost-6.12.117-c4.log 2>&1
echo done > results/s54/chain8.done
