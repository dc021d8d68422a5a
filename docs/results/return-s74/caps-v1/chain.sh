#!/bin/sh
# Does the return cap (session 74) ever act in the VM? The lock suite's search items and
# stress-ng pipe (the item whose search resizes most), the scheduler's stats sampled every
# second (search_return_caps, search_restarts). 6.12, 4 vCPUs on the 2 host cores
# (oversubscribed) and 2 vCPUs.
cd /work/main
. .cache/env.sh
export SCX_AB_OPTS=--sample-stats
for i in 1 2 5; do tools/vm/suite -c 4 -r 3 -t 4 -i $i -o results/s74/caps/lock4 lock; done
tools/vm/suite -c 4 -r 3 -t 10 -i 15 -o results/s74/caps/pipe4 ext
tools/vm/suite -c 2 -r 3 -t 10 -i 15 -o results/s74/caps/pipe2 ext
