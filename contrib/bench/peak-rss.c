/* Runs a program once and writes what it cost to a file: "MICROSECONDS PEAK_KB STATUS".
 *
 *   peak-rss OUTFILE PROGRAM [ARG...]
 *
 * The program's standard output and error go to /dev/null. Peak RSS is the kernel's own
 * (wait4's ru_maxrss). It must come from a small parent: a child made by fork or vfork starts
 * with its parent's high-water mark (exec keeps the larger of the old and new), so a Python or
 * Swift parent's own memory would be the floor of every figure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fputs("usage: peak-rss OUTFILE PROGRAM [ARG...]\n", stderr);
    return 2;
  }
  struct timespec started, ended;
  clock_gettime(CLOCK_MONOTONIC, &started);
  pid_t pid = fork();
  if (pid < 0) {
    perror("peak-rss: fork");
    return 1;
  }
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execvp(argv[2], argv + 2);
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  clock_gettime(CLOCK_MONOTONIC, &ended);
  long long micros = (ended.tv_sec - started.tv_sec) * 1000000LL +
                     (ended.tv_nsec - started.tv_nsec) / 1000;
  FILE *out = fopen(argv[1], "w");
  if (!out) {
    perror("peak-rss: output");
    return 1;
  }
  fprintf(out, "%lld %ld %d\n", micros, usage.ru_maxrss, status);
  return fclose(out) == 0 ? 0 : 1;
}
