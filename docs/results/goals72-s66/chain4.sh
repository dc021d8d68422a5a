cd /work/main
. .cache/env.sh
while [ ! -e results/s66/chain3.done ]; do sleep 20; done
B=/work/main/target/release/scx_lockaware
SCX_REF="fix3=$B --ssc-cpus 0-2 --stats 5;fix4=$B --ssc-cpus 0-3 --stats 5" \
  tools/vm/suite -c 4 -r 4 -t 20 -i 15 -o results/s66/pipe4-fixed ext > results/s66/pipe4-fixed.log 2>&1
date > results/s66/chain4.done
