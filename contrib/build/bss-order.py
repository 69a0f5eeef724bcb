#!/usr/bin/env python3
"""Prints the .bss symbols of BINARY that a lackey trace on standard input touches, in the order
it first touches them (contrib/build/make-order.sh appends them to startup.order).

    valgrind --tool=lackey --trace-mem=yes --log-fd=3 BINARY ARGS… 3>&1 >/dev/null |
      python3 contrib/build/bss-order.py BINARY

Each page of .bss a command touches costs it a page fault, two when it is read before it is
written; lld puts the symbols named in the ordering file side by side, so the touched ones share
a few pages instead of being spread over the section's 180. Valgrind loads a position-independent
binary at 0x108000, and lackey writes each load, store and modify as ` L|S|M address,size`.
"""
import bisect
import re
import subprocess
import sys

LOAD_BASE = 0x108000

binary = sys.argv[1]
sections = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
found = re.search(r"\.bss\s+NOBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", sections)
if not found:
    sys.exit(f"bss-order.py: no .bss in {binary}")
start = LOAD_BASE + int(found.group(1), 16)
end = start + int(found.group(2), 16)

symbols = []
listing = subprocess.run(
    ["nm", "--defined-only", "--print-size", binary], capture_output=True, text=True
).stdout
for line in listing.splitlines():
    fields = line.split()
    if len(fields) == 4 and fields[2] in "bB":
        symbols.append((LOAD_BASE + int(fields[0], 16), int(fields[1], 16), fields[3]))
symbols.sort()
addresses = [symbol[0] for symbol in symbols]

seen = set()
for line in sys.stdin:
    if line[:2] not in (" L", " S", " M"):
        continue
    address = int(line[3:].split(",", 1)[0], 16)
    if not start <= address < end:
        continue
    index = bisect.bisect_right(addresses, address) - 1
    if index < 0:
        continue
    symbol_start, size, name = symbols[index]
    if address < symbol_start + max(size, 1) and name not in seen:
        seen.add(name)
        print(name)
