state=enabled
stress-ng: info:  [9316] setting to a 4 second run per stressor
stress-ng: info:  [9316] dispatching hogs: 4 fork
stress-ng: metrc: [9316] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [9316]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [9316] fork               2325      4.01      1.99     12.22       580.45         163.61
stress-ng: info:  [9316] successful run completed in 4.03s
