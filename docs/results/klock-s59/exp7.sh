#!/bin/sh
# Probe cost alone, class out of the way (--lock-threshold 99 on both builds): the build
# before (every wait traced) against this one (sampled, default --klock-trace-rate), and
# this one with --bpf-stats for the probes' ns per run. stress-ng pipe, 2 vCPUs, 6.12.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="headnc=$E/la-head --lock-threshold 99;samplenc=$E/la-sample2 --lock-threshold 99;bpfstats=$E/la-sample2 --lock-threshold 99 --bpf-stats" tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s59/exp7 ext > results/s59/exp7.log 2>&1
echo done > results/s59/exp7.done
