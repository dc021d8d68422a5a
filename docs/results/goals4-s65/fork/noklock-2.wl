state=enabled
stress-ng: info:  [11678] setting to a 4 second run per stressor
stress-ng: info:  [11678] dispatching hogs: 4 fork
stress-ng: metrc: [11678] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [11678]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [11678] fork               2457      4.01      2.10     13.56       613.35         156.84
stress-ng: info:  [11678] successful run completed in 4.02s
