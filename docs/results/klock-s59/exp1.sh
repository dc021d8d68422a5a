#!/bin/sh
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_REF="empty=$E/la-empty;lookup=$E/la-lookup" tools/vm/suite -c 2 -r 5 -t 4 -i 15 -o results/s59/exp1 ext > results/s59/exp1.log 2>&1
echo done > results/s59/exp1.done
