"""Runs buffer-opt on every file of a directory: each must either succeed or
fail with exit status 1 and at least one located "file:line:col: error:"
diagnostic. A crash, a signal, a hang or a silent failure is reported.
usage: each_fails_cleanly.py BUFFER_OPT DIR"""
import os
import re
import subprocess
import sys

buffer_opt, directory = sys.argv[1], sys.argv[2]
bad = 0
for name in sorted(os.listdir(directory)):
    path = os.path.join(directory, name)
    try:
        p = subprocess.run([buffer_opt, path], capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        print("HANG", path)
        bad += 1
        continue
    if p.returncode not in (0, 1):
        print("CRASH", path, p.returncode, p.stderr.decode(errors="replace")[-500:])
        bad += 1
    elif p.returncode == 1 and not re.search(rb":\d+:\d+: error: ", p.stderr):
        print("UNLOCATED", path, p.stderr.decode(errors="replace")[-300:])
        bad += 1
print("%d files, %d bad" % (len(os.listdir(directory)), bad))
sys.exit(1 if bad else 0)
