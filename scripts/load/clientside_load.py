#!/usr/bin/env python3
"""Load and hostility on `burgee serve`'s client-side endpoints, measured by hand (not in CI: it
needs an open-files limit above 10,000 and a quiet machine). LaunchDarkly mode: N mobile streams
(`GET /meval/{context}`, each a different context), evaluations at a target rate
(`GET /msdk/evalx/contexts/{context}`), one change of the file reaching every stream, slow readers,
hostile requests, and the server's resident memory before, during and after.

    python3 scripts/load/clientside_load.py --burgee .build/release/burgee --streams 5000 --rate 2000

Prints one line per measure; docs/performance.md and docs/reliability.md hold the figures.
"""
import argparse
import asyncio
import base64
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def document(variation):
    flags = {f"f{i}": {"key": f"f{i}", "on": True, "version": 1, "variations": [False, True], "offVariation": 0,
                       "fallthrough": {"rollout": {"variations": [{"variation": 0, "weight": 50000},
                                                                  {"variation": 1, "weight": 50000}]}},
                       "clientSideAvailability": {"usingMobileKey": True, "usingEnvironmentId": True},
                       "rules": [{"id": "r", "variation": variation,
                                  "clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}]}]}
             for i in range(20)}
    return {"flags": flags, "segments": {}}


def encoded(context):
    return base64.urlsafe_b64encode(json.dumps(context).encode()).decode()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


async def request(host, port, path, method="GET", headers=(), body=b""):
    reader, writer = await asyncio.open_connection(host, port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close", f"Content-Length: {len(body)}", *headers, "", ""]
    writer.write("\r\n".join(lines).encode() + body)
    await writer.drain()
    data = await reader.read()
    writer.close()
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1") else 0
    return status, data


class Stream:
    """One open mobile stream: counts the puts it receives and when."""

    def __init__(self, index):
        self.index = index
        self.puts = []
        self.reader = self.writer = None

    async def open(self, host, port, read=True):
        context = {"kind": "user", "key": f"user-{self.index}", "plan": "pro" if self.index % 2 else "free"}
        self.reader, self.writer = await asyncio.open_connection(host, port)
        self.writer.write(f"GET /meval/{encoded(context)} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await self.writer.drain()
        if read:
            asyncio.get_running_loop().create_task(self.read())

    async def read(self):
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    return
                if line.startswith(b"event: put"):
                    self.puts.append(time.monotonic())
        except (ConnectionError, asyncio.CancelledError):
            return


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burgee", required=True)
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--rate", type=int, default=2000, help="evaluations per second")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--slow", type=int, default=50, help="streams that never read")
    parser.add_argument("--rounds", type=int, default=2, help="how many times the streams open and leave")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    work = tempfile.mkdtemp(prefix="load-")
    path = os.path.join(work, "ld.json")
    with open(path, "w") as f:
        json.dump(document(1), f)
    server = subprocess.Popen([args.burgee, "serve", "--format", "launchdarkly", "--definitions", path, "--port", "0",
                               "--summary-interval", "0", "--no-explorer", "--heartbeat", "60"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard)))
    match = re.search(r"http://([^:/\s]+):(\d+)", server.stdout.readline())
    host, port = match.group(1), int(match.group(2))
    try:
        await asyncio.sleep(0.5)
        idle = rss_kib(server.pid)
        print(f"rss idle: {idle / 1024:.1f} MiB")

        # Streams.
        streams = [Stream(i) for i in range(args.streams)]
        started = time.monotonic()
        for batch in range(0, len(streams), 200):
            await asyncio.gather(*(s.open(host, port) for s in streams[batch:batch + 200]))
        slow = [Stream(args.streams + i) for i in range(args.slow)]
        for s in slow:
            await s.open(host, port, read=False)
        while sum(1 for s in streams if s.puts) < len(streams) and time.monotonic() - started < 120:
            await asyncio.sleep(0.1)
        opened = time.monotonic() - started
        await asyncio.sleep(1)
        with_streams = rss_kib(server.pid)
        print(f"streams: {sum(1 for s in streams if s.puts)} of {len(streams)} got their first put in {opened:.1f} s "
              f"(+{len(slow)} that never read); rss {with_streams / 1024:.1f} MiB, "
              f"{(with_streams - idle) / (len(streams) + len(slow)):.1f} KiB per stream")

        # One change reaching every stream (the file is checked every 250 ms).
        written = time.monotonic()
        with open(path + ".tmp", "w") as f:
            json.dump(document(0), f)
        os.replace(path + ".tmp", path)
        while sum(1 for s in streams if len(s.puts) >= 2) < len(streams) and time.monotonic() - written < 60:
            await asyncio.sleep(0.01)
        arrivals = [s.puts[1] for s in streams if len(s.puts) >= 2]
        print(f"change: {len(arrivals)} of {len(streams)} streams got it; from the file's write p50 "
              f"{(percentile(arrivals, 50) - written) * 1000:.0f} ms, p99 {(percentile(arrivals, 99) - written) * 1000:.0f} ms, "
              f"last {(max(arrivals) - written) * 1000:.0f} ms; from the first stream to the p99 "
              f"{(percentile(arrivals, 99) - min(arrivals)) * 1000:.0f} ms (the fan-out)")

        # Evaluations at the target rate, while the streams stay open.
        latencies, statuses = [], {}
        interval = 1 / args.rate
        deadline = time.monotonic() + args.seconds

        async def one(i):
            context = {"kind": "user", "key": f"eval-{i}", "plan": "pro"}
            t0 = time.monotonic()
            status, _ = await request(host, port, f"/msdk/evalx/contexts/{encoded(context)}")
            latencies.append(time.monotonic() - t0)
            statuses[status] = statuses.get(status, 0) + 1

        tasks, i, begin = [], 0, time.monotonic()
        while time.monotonic() < deadline:
            tasks.append(asyncio.get_running_loop().create_task(one(i)))
            i += 1
            await asyncio.sleep(max(0, begin + i * interval - time.monotonic()))
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - begin
        print(f"evaluations: {len(latencies)} in {elapsed:.1f} s ({len(latencies) / elapsed:.0f}/s, target {args.rate}/s), "
              f"statuses {statuses}; latency p50 {percentile(latencies, 50) * 1000:.1f} ms, "
              f"p99 {percentile(latencies, 99) * 1000:.1f} ms; rss {rss_kib(server.pid) / 1024:.1f} MiB")

        # Hostile requests.
        big = {"kind": "user", "key": "k", "name": "x" * (2 << 20)}
        checks = {
            "oversized REPORT context": await request(host, port, "/msdk/evalx/context", "REPORT",
                                                      body=json.dumps(big).encode()),
            "malformed base64": await request(host, port, "/msdk/evalx/contexts/%%%not-base64"),
            "not a context": await request(host, port, f"/msdk/evalx/contexts/{encoded([1, 2])}"),
        }
        print("hostile: " + ", ".join(f"{name} {status}" for name, (status, _) in checks.items()))

        # Every client leaves, half of them mid-stream without a word.
        for s in streams + slow:
            s.writer.transport.abort() if s.index % 2 else s.writer.close()
        await asyncio.sleep(3)
        after = rss_kib(server.pid)
        _, status_body = await request(host, port, "/status")
        open_streams = json.loads(status_body.split(b"\r\n\r\n", 1)[1]).get("openStreams")
        print(f"after every client left: open streams {open_streams}, rss {after / 1024:.1f} MiB "
              f"(idle was {idle / 1024:.1f}), server alive: {server.poll() is None}")
        # More rounds of the same clients coming and leaving: memory the allocator keeps for the next
        # round is reused, a leak would grow with each round.
        for round in range(2, args.rounds + 1):
            again = [Stream(i) for i in range(args.streams)]
            for batch in range(0, len(again), 200):
                await asyncio.gather(*(s.open(host, port) for s in again[batch:batch + 200]))
            while sum(1 for s in again if s.puts) < len(again):
                await asyncio.sleep(0.1)
            for s in again:
                s.writer.transport.abort() if s.index % 2 else s.writer.close()
            await asyncio.sleep(3)
            print(f"round {round}: {len(again)} streams opened and left; rss {rss_kib(server.pid) / 1024:.1f} MiB")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    asyncio.run(main())
