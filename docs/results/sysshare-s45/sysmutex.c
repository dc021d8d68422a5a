// Threads whose system time is real work (page-cache reads) and whose only sleeps are on a
// shared mutex: the case the lock-system-time rule could misclassify.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int stop;
static long counter;
static int fd;
static long ops[64];
static void *worker(void *arg) {
  long id = (long)arg; char buf[16384];
  while (!stop) {
    if (pread(fd, buf, sizeof buf, 0) < 0) abort();
    pthread_mutex_lock(&m); counter++; pthread_mutex_unlock(&m);
    ops[id]++;
  }
  return NULL;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4; double secs = argc > 2 ? atof(argv[2]) : 4;
  char buf[16384] = {0};
  fd = open("/dev/shm/sysmutex.dat", O_RDWR | O_CREAT, 0600);
  if (fd < 0 || write(fd, buf, sizeof buf) != sizeof buf) return 1;
  pthread_t t[64];
  for (long i = 0; i < n; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  usleep(secs * 1e6); stop = 1;
  long tot = 0;
  for (int i = 0; i < n; i++) { pthread_join(t[i], NULL); tot += ops[i]; }
  printf("{\"ops_per_s\":%.1f}\n", tot / secs);
  return 0;
}
