#!/bin/sh
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="head=$E/la-head" tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s59/exp4 ext > results/s59/exp4.log 2>&1
echo done > results/s59/exp4.done
