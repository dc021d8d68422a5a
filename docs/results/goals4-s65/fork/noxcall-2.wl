state=enabled
stress-ng: info:  [15984] setting to a 4 second run per stressor
stress-ng: info:  [15984] dispatching hogs: 4 fork
stress-ng: metrc: [15984] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [15984]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [15984] fork               2037      4.00      1.68     11.09       508.75         159.45
stress-ng: info:  [15984] successful run completed in 4.02s
