cd /work/main
. .cache/env.sh
while [ ! -e results/s66/inform-72.done ]; do sleep 20; done
for i in 11 15; do
  tools/vm/suite -c 4 -r 5 -t 20 -i $i -o results/s66/long4 ext
done
touch results/s66/long4.done
