import os, sys, time
# Every 0.1 s until PID exits: uptime, the CPU and state of each stress-ng process, and how
# many of PID's threads last ran on each CPU (/proc/*/stat: state field 3, processor field 39).
pid, out = int(sys.argv[1]), open(sys.argv[2], 'w')
def stat(path):
    s = open(path).read()
    f = s[s.rindex(')') + 2:].split()
    return f[0], int(f[36])
while os.path.exists(f'/proc/{pid}'):
    t = open('/proc/uptime').read().split()[0]
    hog = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                if open(f'/proc/{p}/comm').read().startswith('stress-ng'):
                    st, c = stat(f'/proc/{p}/stat'); hog.append(f'{st}{c}')
            except OSError:
                pass
    cnt = {}
    try:
        for t2 in os.listdir(f'/proc/{pid}/task'):
            try:
                st, c = stat(f'/proc/{pid}/task/{t2}/stat'); cnt[c] = cnt.get(c, 0) + 1
            except OSError:
                pass
    except OSError:
        break
    out.write(f"{t} hog={','.join(hog)} sb={' '.join(f'{n}@{c}' for c, n in sorted(cnt.items()))}\n")
    out.flush()
    time.sleep(0.1)
