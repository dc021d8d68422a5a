#!/bin/sh
# Session 84, after chain.sh's ext and micro suites (chain.sh was stopped there; its lock
# items run in chain3.sh):
# perf bench sched messaging (ext item 5) read 0.80 of EEVDF at 4 vCPUs, where session 65's
# build read 1.12 in §84.2 and the kernel's scx_simple reads 1.03 in the same guests. Beside
# the default: session 64's build (= session 65's scheduling; .cache/target-s64, built from
# 26083c7 in session 82), the wake batch rule off (--wake-batch-us 0) and scx_simple.
# 4 vCPUs on the 2 host cores (OVERSUBSCRIBED), Linux 6.12.117, 8 interleaved reps of 4 s.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="s64=/work/main/.cache/target-s64/release/scx_lockaware;nobatch=/work/main/target/release/scx_lockaware --wake-batch-us 0;simple=$PWD/.cache/scx-simple-6.12/scx_simple"
tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg-4 ext
echo chain2 done
