#!/bin/sh
# session 77: stress-ng pipe at 2 vCPUs (ext item 15, 6.12, 10 reps): what the SSC fixed at
# both CPUs costs against notrace, split: the probes with nobody classified
# (--lock-threshold 99), the class on an SSC of every CPU (--ssc-cpus 0-1), and the same with
# the kernel's BPF run-time statistics (--bpf-stats: each program's runs and ns per run).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/split
SCX_REF="fixed2=$B --ssc-cpus 0-1;thr99=$B --lock-threshold 99;bpfst=$B --ssc-cpus 0-1 --bpf-stats" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o $O ext
