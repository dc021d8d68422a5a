#!/bin/sh
# After chain.sh: is the class's cost the search's exploration? An SSC fixed at the whole
# machine (--ssc-cpus 0-1: the pair classified, nothing confined, no search) beside the
# default and the class out of the way.
cd /work/main
. .cache/env.sh
while [ ! -f results/s59/chain.done ]; do sleep 10; done
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="noclass=$E/la-final --lock-threshold 99;whole=$E/la-final --ssc-cpus 0-1" tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s59/exp8 ext > results/s59/exp8.log 2>&1
echo done > results/s59/exp8.done
