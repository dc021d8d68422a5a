#!/bin/sh
# exp9 again with 12 reps: is it the class or an SSC of every CPU? The class out of the way (--lock-threshold 99) with
# the SSC at its initial 1 CPU, and with an SSC of both CPUs (--ssc-cpus 0-1): nothing
# classified in either, so only the SSC CPUs' dispatch differs.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
SCX_AB_OPTS=--sample-stats SCX_REF="noclass=$E/la-final --lock-threshold 99;noclasswhole=$E/la-final --lock-threshold 99 --ssc-cpus 0-1" tools/vm/suite -c 2 -r 12 -t 4 -i 15 -o results/s59/exp10 ext > results/s59/exp10.log 2>&1
echo done > results/s59/exp10.done
