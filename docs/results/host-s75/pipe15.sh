#!/bin/sh
# session 75: stress-ng pipe at 2 vCPUs (ext item 15): what the kernel-lock probes cost,
# with the programs' cost per run (--bpf-stats) in one more variant.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
SCX_REF="nokl=$B --no-kernel-locks;bpf=$B --bpf-stats" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 5 -t 4 -i 15 -o docs/results/host-s75/pipe15 ext
