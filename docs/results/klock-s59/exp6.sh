#!/bin/sh
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="noclass=$E/la-sample2 --lock-threshold 99;head=$E/la-head" tools/vm/suite -c 2 -r 5 -t 16 -i 15 -o results/s59/exp6 ext > results/s59/exp6.log 2>&1
echo done > results/s59/exp6.done
