state=enabled
stress-ng: info:  [2247] setting to a 4 second run per stressor
stress-ng: info:  [2247] dispatching hogs: 4 fork
stress-ng: metrc: [2247] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [2247]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [2247] fork               2440      4.01      2.07     13.63       609.21         155.40
stress-ng: info:  [2247] successful run completed in 4.03s
