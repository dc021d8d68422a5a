#!/bin/sh
# session 79: a throw-away build (tie.patch on c6a24fd): a comparison within one standard
# error of the bar (the window's and its reference's, from their parts, times the noise
# scale) moves the search's streak neither way, at most twice in a row (§95.4's rule).
# stress-ng pipe (ext item 15), 6.12, 2 vCPUs, 16 reps of 4 s.
cd /work/main; . .cache/env.sh
O=docs/results/settle-s79/tie
SCX_REF="tie=/work/proto79/scx_lockaware_tie" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 16 -t 4 -i 15 -o $O ext
