#!/bin/sh
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="empty=$E/la-empty;noclass=$E/la-head --lock-threshold 99;bpfstats=$E/la-head --bpf-stats" tools/vm/suite -c 2 -r 5 -t 4 -i 15 -o results/s59/exp2 ext > results/s59/exp2.log 2>&1
echo done > results/s59/exp2.done
