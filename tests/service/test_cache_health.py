#!/usr/bin/python3
"""Cache health tests of the service: the real bufferd on a free loopback
port and a real SQLite cache that is damaged, made read-only or filled up.

usage: test_cache_health.py BIN_DIR SOURCE_DIR [TEST_NAME...]

A damaged database (b-tree pages overwritten in the middle of the file, a
zeroed header, a directory where the file should be) is moved aside at
start-up, logged and counted, and the daemon starts with an empty cache;
damage the start-up check does not look for is counted when a read meets
it. A read-only cache directory or a full disk (a file-size limit) leaves
the daemon serving uncached, with /readyz and bufferd_cache_degraded saying
so and one warning a minute, not one a compile. Two daemons sharing one
cache directory keep its size total right and its bound.
"""
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import time

# The daemon harness, schemas and helpers of the service tests.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)

from test_service import Daemon, check, big_program  # noqa: E402

ONLY = sys.argv[3:]
PAGE = 4096  # SQLite's default page size, which the cache uses


def fill(d, n, first=0):
    """Compiles n distinct programs; returns their keys."""
    keys = []
    for i in range(first, first + n):
        status, _, doc = d.compile(big_program(40, salt=i))
        check(status == 200, "compile %d: %s" % (i, status))
        keys.append(doc["key"])
    return keys


def db_path(d):
    return os.path.join(d.cache_dir, "cache.db")


def damage_pages(path, seed=7):
    """Overwrites twenty pages a third of the way into the file with random
    bytes: b-tree pages of entries and artifacts and the overflow pages of
    artifacts, not the header. (Three pages are enough for quick_check, but
    may hold only overflow pages, which reads see as checksum mismatches.)"""
    pages = os.path.getsize(path) // PAGE
    check(pages > 60, "a database large enough to damage in the middle (%d pages)" % pages)
    rng = random.Random(seed)
    with open(path, "r+b") as f:
        for page in range(pages // 3, pages // 3 + 20):
            f.seek(page * PAGE)
            f.write(bytes(rng.getrandbits(8) for _ in range(PAGE)))


def moved_aside(d):
    return [n for n in os.listdir(d.cache_dir) if ".damaged-" in n and not n.endswith("-wal")]


def readyz(d):
    status, _, doc = d.json("GET", "/readyz")
    check(status == 200 and doc["ready"] is True, "still ready: %s %s" % (status, doc))
    return doc


def log_lines(d, words):
    return [l for l in d.log_text().splitlines() if words in l]


def check_fresh_and_working(d):
    """The daemon runs on an empty, healthy cache: a miss, then a hit."""
    check(d.metric("bufferd_cache_entries") == 0, "starts with an empty cache")
    program = big_program(5, salt=12345)
    status, hdrs, _ = d.compile(program)
    check(status == 200 and hdrs["x-cache"] == "MISS", "a compile after the restart misses")
    status, hdrs, _ = d.compile(program + "\n")
    check(status == 200 and hdrs["x-cache"] == "HIT", "and is stored: the next one hits")
    check(readyz(d)["status"] == "ok", "the fresh cache is healthy")
    check(d.metric("bufferd_cache_degraded") == 0, "not degraded")


def test_damaged_btree_is_moved_aside(tmp):
    d = Daemon(tmp)
    try:
        keys = fill(d, 300)
    finally:
        d.stop()  # the last connection's close copies the WAL into the file
    damage_pages(db_path(d))
    d.start()
    try:
        aside = moved_aside(d)
        check(len(aside) == 1, "the damaged database was moved aside: %s" % os.listdir(d.cache_dir))
        check(d.metric("bufferd_cache_damaged_total") == 1, "counted")
        lines = log_lines(d, "moved aside")
        check(len(lines) == 1 and aside[0] in lines[0] and "quick_check" in lines[0],
              "logged with where it went and why: %s" % lines)
        check_fresh_and_working(d)
        status, _, _ = d.json("GET", "/v1/artifacts/" + keys[0])
        check(status == 404, "old entries are gone with the damaged file")
    finally:
        d.stop()


def test_damage_found_by_reads_is_counted(tmp):
    # With the start-up check off, the daemon meets the damage on reads:
    # each one is a miss (the program is recompiled), counted, and the cache
    # says it is degraded; the next start with the check moves it aside.
    d = Daemon(tmp, "--cache-check-ms", "0", "--memory-cache-bytes", "0")
    try:
        keys = fill(d, 300)
    finally:
        d.stop()
    damage_pages(db_path(d))
    d.start()
    try:
        found = sum(1 for k in keys if d.request("GET", "/v1/artifacts/" + k)[0] == 404)
        corrupt = d.metric("bufferd_cache_corrupt_total")
        check(found >= 1 and corrupt >= 1,
              "reads met the damage: %d keys unreadable, %d counted" % (found, corrupt))
        doc = readyz(d)
        check(doc["status"] == "cache degraded" and "damaged" in doc["reason"],
              "readyz says the cache is degraded: %s" % doc)
        check(d.metric("bufferd_cache_degraded") == 1, "degraded gauge")
        # Compiles of the damaged keys' programs are answered all the same.
        for i in range(0, 300, 30):
            status, _, doc = d.compile(big_program(40, salt=i))
            check(status == 200 and doc["key"] == keys[i], "compile %d still answered" % i)
        warnings = log_lines(d, "cache degraded")
        check(len(warnings) == 1, "one warning, not one a read: %d" % len(warnings))
    finally:
        d.stop()
    i = d.args.index("--cache-check-ms")
    del d.args[i:i + 2]
    d.start()
    try:
        check(len(moved_aside(d)) == 1, "the next start moves it aside")
        check_fresh_and_working(d)
    finally:
        d.stop()


def test_damaged_header_is_moved_aside(tmp):
    d = Daemon(tmp)
    try:
        fill(d, 3)
    finally:
        d.stop()
    with open(db_path(d), "r+b") as f:
        f.write(b"\0" * 100)
    d.start()
    try:
        aside = moved_aside(d)
        check(len(aside) == 1, "moved aside: %s" % os.listdir(d.cache_dir))
        lines = log_lines(d, "moved aside")
        check(len(lines) == 1 and "not a database" in lines[0], "logged why: %s" % lines)
        check(d.metric("bufferd_cache_damaged_total") == 1, "counted")
        check_fresh_and_working(d)
    finally:
        d.stop()


def test_unreadable_database_is_moved_aside(tmp):
    # A directory where the database file should be: not a database.
    cache_dir = os.path.join(tmp, "d", "cache")
    os.makedirs(os.path.join(cache_dir, "cache.db"))
    d = Daemon(tmp)
    try:
        check(len(moved_aside(d)) == 1, "moved aside: %s" % os.listdir(d.cache_dir))
        check(d.metric("bufferd_cache_damaged_total") == 1, "counted")
        check_fresh_and_working(d)
    finally:
        d.stop()


class Wrapped(Daemon):
    """A daemon started through a wrapper command and under a file-size
    limit (the harness's start, with those two)."""

    def __init__(self, tmp, *args, wrapper=(), fsize=None, name="d"):
        self.wrapper = list(wrapper)
        self.fsize = fsize
        super().__init__(tmp, *args, name=name)

    def start(self):
        if os.path.exists(self.port_file):
            os.unlink(self.port_file)
        fsize = self.fsize

        def limit():
            if fsize is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        self.proc = subprocess.Popen(self.wrapper + [ts.BUFFERD] + self.args, stdout=self.log,
                                     stderr=self.log, preexec_fn=limit)
        deadline = time.time() + 10
        while time.time() < deadline:
            check(self.proc.poll() is None, "bufferd exited at start: " + self.log_text())
            if os.path.exists(self.port_file):
                with open(self.port_file) as f:
                    text = f.read().strip()
                if text:
                    self.port = int(text)
                    return
            time.sleep(0.02)
        raise AssertionError("bufferd did not start")


def without_root_override():
    """The command that runs a program without the capabilities that let
    root write where file permissions say no (none needed when not root)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if not setpriv:
        return None
    caps = "-dac_override,-dac_read_search,-fowner"
    return [setpriv, "--inh-caps=" + caps, "--bounding-set=" + caps]


def check_serves_uncached(d, first_salt):
    """Compiles go on answering; the cache says it is degraded, once."""
    for i in range(6):
        status, _, _ = d.compile(big_program(20, salt=first_salt + i))
        check(status == 200, "compile answered while the cache is degraded")
    doc = readyz(d)
    check(doc["status"] == "cache degraded", "readyz says the cache is degraded: %s" % doc)
    check(d.metric("bufferd_cache_degraded") == 1, "degraded gauge")
    warnings = log_lines(d, "cache degraded")
    check(len(warnings) == 1, "one warning a minute, not one a compile: %s" % warnings)
    return doc


def test_read_only_cache_dir_serves_uncached(tmp):
    wrapper = without_root_override()
    if wrapper is None:
        print("  (skipped: running as root without setpriv)")
        return
    d = Daemon(tmp)
    try:
        fill(d, 2)
    finally:
        d.stop()
    os.chmod(d.cache_dir, 0o555)
    try:
        w = Wrapped(tmp, wrapper=wrapper)
        try:
            doc = check_serves_uncached(w, 100)
            check("cache unavailable" in doc["reason"], "says why: %s" % doc)
            status, _, _ = w.compile(big_program(20, salt=100))
            check(status == 200, "the same program again is compiled again")
        finally:
            w.stop()
    finally:
        os.chmod(d.cache_dir, 0o755)
    # A cache directory that cannot even be created.
    parent = os.path.join(tmp, "ro")
    os.makedirs(parent)
    os.chmod(parent, 0o555)
    try:
        w = Wrapped(tmp, "--cache-dir", os.path.join(parent, "cache"), wrapper=wrapper, name="e")
        try:
            doc = check_serves_uncached(w, 200)
            check("cannot create cache directory" in doc["reason"], "says why: %s" % doc)
        finally:
            w.stop()
    finally:
        os.chmod(parent, 0o755)


def test_full_disk_serves_uncached(tmp):
    # A file-size limit stands for a full disk: the WAL cannot grow past it.
    d = Wrapped(tmp, fsize=384 * 1024)
    try:
        status, _, _ = d.compile(big_program(5, salt=1))
        check(status == 200 and readyz(d)["status"] == "ok", "healthy before the disk fills")
        for i in range(60):
            status, _, _ = d.compile(big_program(200, salt=1000 + i))
            check(status == 200, "compile %d answered" % i)
        doc = check_serves_uncached(d, 2000)
        check("cache writes fail" in doc["reason"], "says why: %s" % doc)
        check(d.proc.poll() is None, "the daemon is alive")
    finally:
        d.stop()


def test_two_daemons_share_totals_and_bound(tmp):
    bound = 200 * 1024
    a = Daemon(tmp, "--cache-max-bytes", str(bound), name="a")
    b = Daemon(tmp, "--cache-max-bytes", str(bound), "--cache-dir", a.cache_dir, name="b")
    try:
        for i in range(120):
            status, _, _ = (a if i % 2 else b).compile(big_program(60, salt=i))
            check(status == 200, "compile %d" % i)
        db = sqlite3.connect(os.path.join(a.cache_dir, "cache.db"), timeout=10)
        deadline = time.time() + 10
        while True:
            count, total = db.execute("SELECT COUNT(*), COALESCE(SUM(bytes), 0) FROM entries").fetchone()
            kept = db.execute("SELECT entries, bytes FROM totals").fetchone()
            if total <= bound or time.time() > deadline:
                break
            time.sleep(0.1)
        db.close()
        check(kept == (count, total), "the totals row matches the entries: %s vs %s" % (kept, (count, total)))
        check(total <= bound, "both daemons keep the bound: %d > %d" % (total, bound))
        evicted = a.metric("bufferd_cache_evicted_total") + b.metric("bufferd_cache_evicted_total")
        check(evicted >= 1 and count + evicted >= 120, "evicted %d, kept %d" % (evicted, count))
        for d in (a, b):
            check(d.metric("bufferd_cache_entries") == count, "each daemon sees the shared count")
    finally:
        a.stop()
        b.stop()


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_")]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, ONLY, "bufferd-cache-health-"))
