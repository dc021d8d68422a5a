#!/bin/sh
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="noclass=$E/la-sample2 --lock-threshold 99;empty=$E/la-empty" tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s59/exp5 ext > results/s59/exp5.log 2>&1
echo done > results/s59/exp5.done
