#!/bin/sh
# Build the portable scale bundle and run its smoke suite (2 vCPUs) on an empty host: a chroot
# that holds nothing but a static busybox (for run.sh's sh, grep, sed, base64, tar) and the
# bundle itself, no /lib, no /usr. The guest must boot from the bundle alone, attach
# scx_lockaware, run a two-variant A/B and bring the results back.
set -eu
cd "$(dirname "$0")/.."
# A previous run's mounts must be gone before anything is removed (never rm through /dev).
for m in .cache/bundle-root/dev .cache/bundle-root/proc; do
  if [ -d "$m" ] && mountpoint -q "$m"; then umount "$m"; fi
done
rm -rf --one-file-system .cache/bundle-root
mkdir -p .cache/bundle-root/bin .cache/bundle-root/dev .cache/bundle-root/proc \
         .cache/bundle-root/tmp
root=$(cd .cache/bundle-root && pwd)
tools/bundle/make-bundle "$root/bundle"
cp -L "$(PATH="$PATH:/usr/sbin:/sbin" command -v busybox)" "$root/bin/busybox"
for a in sh nproc dirname mkdir timeout grep cp sed tr base64 tar gzip tail echo wc cat \
         taskset sleep; do
  ln -s busybox "$root/bin/$a"
done
if [ "$(id -u)" != 0 ]; then
  # chroot and mount need root: run the bundle in place instead (a weaker check).
  echo "bundle smoke: not root, so not in an empty chroot: running the bundle in place" >&2
  "$root/bundle/run.sh" -c 2 -m 2G -s smoke -o "$root/results" -T 600
else
cleanup() {
  for m in "$root/dev" "$root/proc"; do
    if mountpoint -q "$m"; then umount "$m" 2>/dev/null || umount -l "$m"; fi
  done
}
trap cleanup EXIT
mount --bind /dev "$root/dev"
mount -t proc proc "$root/proc"
# env -i: no PATH or library path from this host leaks in.
CHROOT=$(PATH="$PATH:/usr/sbin:/sbin" command -v chroot)
env -i PATH=/bin "$CHROOT" "$root" /bin/sh -c \
  'cd /bundle && ./run.sh -c 2 -m 2G -s smoke -o /results -T 600'
cleanup
fi
python3 - "$root/results" <<'PY'
import json, sys
d = sys.argv[1]
runs = [json.loads(l) for l in open(f"{d}/smoke/runs.jsonl")]
assert len(runs) == 2, runs
assert all(r["valid"] for r in runs), runs
assert runs[0]["variant"] == "eevdf" and runs[0]["ops"] == ""
assert runs[1]["ops"].startswith("lockaware"), runs[1]
s = json.load(open(f"{d}/smoke/summary.json"))
assert len(s["cells"]) == 2
print("bundle smoke (empty chroot host): 1 passed")
PY
