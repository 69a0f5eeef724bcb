#!/usr/bin/env python3
"""Runs a command and prints what it cost, from the kernel's own accounting (wait4).

    rusage.py [--label TEXT] [--stop-after SECONDS] [--output FILE] -- COMMAND [ARG...]

Prints (to standard error, or to FILE) elapsed time, user and system CPU in milliseconds (microsecond resolution, unlike
/usr/bin/time's 10 ms), voluntary context switches (each one a sleep, i.e. a wake-up) and
peak resident memory. With --stop-after, SIGTERM ends the command after that many seconds.
"""
import argparse, os, signal, subprocess, sys, time

parser = argparse.ArgumentParser()
parser.add_argument("--label", default="")
parser.add_argument("--stop-after", type=float)
parser.add_argument("--output")
parser.add_argument("command", nargs=argparse.REMAINDER)
options = parser.parse_args()
command = options.command[1:] if options.command[:1] == ["--"] else options.command

started = time.monotonic()
child = subprocess.Popen(command)
if options.stop_after:
    try:
        child.wait(timeout=options.stop_after)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGTERM)
_, status, usage = os.wait4(child.pid, 0)
elapsed = time.monotonic() - started
line = (f"{options.label}: {elapsed:.2f} s elapsed, CPU {usage.ru_utime * 1000:.1f} ms user + "
        f"{usage.ru_stime * 1000:.1f} ms system, {usage.ru_nvcsw} voluntary switches (wake-ups), "
        f"{usage.ru_nivcsw} involuntary, peak RSS {usage.ru_maxrss / 1024:.1f} MB")
if options.output:
    with open(options.output, "w") as file:
        file.write(line + "\n")
else:
    print(line, file=sys.stderr)
