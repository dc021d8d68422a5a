#!/bin/sh
# session 80, second batch: the narrow-loss rule (RECHECK_PAID) built into target/release;
# recheck = that build with --ssc-recheck-ms 2000, lockaware = the same build's default (no
# re-check: the scheduler of f8224ba), EEVDF the baseline; 2 vCPUs pinned, 4-s runs, per-second
# stats sampled. First the VM test of the rule (4 vCPUs).
cd /work/main; . .cache/env.sh
D=docs/results/recheck-s80
tools/vm/vmrun --cpus 4 --memory 2G --timeout 800 -- $PY -m pytest -q -s tests/vm/test_ssc.py \
  -k narrow_loss > $D/vmtest-narrow.log 2>&1
export SCX_REF="recheck=/work/main/target/release/scx_lockaware --ssc-recheck-ms 2000" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 16 -t 4 -i 15 -o $D/rule-pipe-6.12 ext
tools/vm/suite -c 2 -r 3 -t 4 -o $D/rule-ext-6.12 ext
for i in 1 2 5; do tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/rule-lock-6.12 lock; done
tools/vm/suite -c 2 -r 5 -t 4 -o $D/rule-micro-6.12 micro
tools/vm/suite -c 2 -r 3 -t 4 -o $D/rule-inform-6.12 inform
export SCX_VM_KERNEL=$SCX_VM_KERNEL_72
tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o $D/rule-pipe-7.2 ext
for i in 1 2 5; do tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/rule-lock-7.2 lock; done
echo chain2 done
