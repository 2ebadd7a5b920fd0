#!/usr/bin/env python3
"""Runs a plan of timed processes and reports, for each, its wall time and what wait4 says of it.

bench/run.ts writes the plan (a JSON list of runs, each a list of commands run back to back) and
reads the results. One meter process serves a whole case, so its own start costs nothing per run.
wait4 gives each child's CPU time in microseconds, which the report shows beside the wall time: on
a busy machine the wall time also counts the waits for a free core, the CPU time does not.

Peak memory comes from GNU time's %M, for the commands that ask for it. wait4's own maximum resident
size cannot serve: Linux carries it over exec, so a child started from this Python process would
count the meter's memory as its own.
"""
import base64
import json
import os
import selectors
import subprocess
import sys
import time


GNU_TIME = "/usr/bin/time"


def run_command(command, peak_file):
    argv = command["argv"]
    if command.get("peak"):
        argv = [GNU_TIME, "-f", "%M", "-o", peak_file] + argv
    process = subprocess.Popen(
        argv,
        env=command["env"],
        cwd=command.get("cwd"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    chunks = {process.stdout.fileno(): [], process.stderr.fileno(): []}
    kept = {process.stdout.fileno(): 0, process.stderr.fileno(): 0}
    limit = command.get("keepBytes", 65536)
    selector = selectors.DefaultSelector()
    for stream in (process.stdout, process.stderr):
        selector.register(stream, selectors.EVENT_READ)
    open_streams = 2
    while open_streams:
        for key, _ in selector.select():
            data = os.read(key.fd, 1 << 20)
            if not data:
                selector.unregister(key.fileobj)
                open_streams -= 1
            elif kept[key.fd] < limit:
                chunks[key.fd].append(data)
                kept[key.fd] += len(data)
    # Reap the child here, not through Popen, to get its resource usage.
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    peak_kib = None
    if command.get("peak"):
        with open(peak_file, encoding="utf-8") as peak:
            # After "Command exited with non-zero status N" when it did; the figure is last.
            peak_kib = int(peak.read().split()[-1])
    return {
        "status": process.returncode,
        # Includes the children it waited for: a shell's commands, or GNU time's one.
        "cpuMs": (usage.ru_utime + usage.ru_stime) * 1000,
        "peakKiB": peak_kib,
        "stdout": b"".join(chunks[process.stdout.fileno()])[:limit],
        "stderr": b"".join(chunks[process.stderr.fileno()])[:limit],
    }


def main():
    with open(sys.argv[1], encoding="utf-8") as plan_file:
        plan = json.load(plan_file)
    peak_file = sys.argv[1] + ".peak"
    results = []
    for commands in plan:
        cpu_ms = 0.0
        peak_kib = None
        start = time.perf_counter()
        for command in commands:
            outcome = run_command(command, peak_file)
            cpu_ms += outcome["cpuMs"]
            if outcome["peakKiB"] is not None:
                peak_kib = max(peak_kib or 0, outcome["peakKiB"])
            if outcome["status"] != 0:
                results.append({"error": "%s exited %s: %s" % (
                    " ".join(command["argv"])[:200], outcome["status"], outcome["stderr"][:300].decode("utf-8", "replace"))})
                break
        else:
            results.append({
                "wallMs": (time.perf_counter() - start) * 1000,
                "cpuMs": cpu_ms,
                "peakKiB": peak_kib,
                "stdout": base64.b64encode(outcome["stdout"]).decode("ascii"),
            })
            continue
        break
    json.dump(results, sys.stdout)


main()
