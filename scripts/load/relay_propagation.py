#!/usr/bin/env python3
"""How long a change takes to cross a relaying `burgee serve`, measured by hand (not in CI: it
needs an open-files limit above the streams' count and a quiet machine). LaunchDarkly mode: one
`burgee serve` serves a file, a second relays from it (`--upstream`); a probe stream on the
upstream (`GET /all`) marks when each change arrives from upstream, and N server-side streams
(`GET /all`) and M mobile streams (`GET /meval/{context}`) on the relay mark when it reaches them.
The file is changed `--changes` times, a second apart, one flag each time.

    python3 scripts/load/relay_propagation.py --burgee .build/release/burgee --streams 1000 --mobile 1000

Prints one line per measure; docs/performance.md holds the figures.
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
import tempfile
import time

sys_path = os.path.dirname(os.path.abspath(__file__))
import sys  # noqa: E402
sys.path.insert(0, sys_path)
from clientside_load import document, encoded, percentile, rss_kib  # noqa: E402


def toggled(variation):
    """The load test's document with one flag changed, as a flag is toggled: its first flag's rule
    serves `variation`."""
    changed = document(1)
    changed["flags"]["f0"]["rules"][0]["variation"] = variation
    return changed


class Stream:
    """One open stream: the times of the events after its first."""

    def __init__(self, path):
        self.path = path
        self.events = []
        self.writer = None

    async def open(self, host, port):
        reader, self.writer = await asyncio.open_connection(host, port)
        self.writer.write(f"GET {self.path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: relay-key\r\n\r\n".encode())
        await self.writer.drain()
        asyncio.get_running_loop().create_task(self.read(reader))

    async def read(self, reader):
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"event: "):
                    self.events.append(time.monotonic())
        except (ConnectionError, asyncio.CancelledError):
            return


def start(arguments, limit):
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit)))
    line = process.stdout.readline()
    match = re.search(r"at (http://([^:/\s]+):(\d+))", line)
    return process, match.group(1), match.group(2), int(match.group(3))


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burgee", required=True)
    parser.add_argument("--streams", type=int, default=1000, help="server-side streams (/all) on the relay")
    parser.add_argument("--mobile", type=int, default=1000, help="mobile streams (/meval) on the relay")
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--every-flag", action="store_true", help="change all 20 flags at once, not one")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    work = tempfile.mkdtemp(prefix="relay-")
    path = os.path.join(work, "ld.json")
    with open(path, "w") as f:
        json.dump(document(1), f)
    common = ["--format", "launchdarkly", "--port", "0", "--summary-interval", "0", "--no-explorer", "--heartbeat", "60",
              "--sdk-key", "relay-key"]
    upstream, upstream_url, up_host, up_port = start([args.burgee, "serve", "--definitions", path, *common], hard)
    relay, _, host, port = start([args.burgee, "serve", "--upstream", upstream_url, *common], hard)
    try:
        probe = Stream("/all")
        await probe.open(up_host, up_port)
        streams = [Stream("/all") for _ in range(args.streams)]
        streams += [Stream("/meval/" + encoded({"kind": "user", "key": f"user-{i}", "plan": "pro" if i % 2 else "free"}))
                    for i in range(args.mobile)]
        for batch in range(0, len(streams), 200):
            await asyncio.gather(*(s.open(host, port) for s in streams[batch:batch + 200]))
        begin = time.monotonic()
        while sum(1 for s in streams if s.events) < len(streams) and time.monotonic() - begin < 120:
            await asyncio.sleep(0.1)
        print(f"streams: {sum(1 for s in streams if s.events)} of {len(streams)} open on the relay; "
              f"relay rss {rss_kib(relay.pid) / 1024:.1f} MiB")
        await asyncio.sleep(1)

        delays, fan_outs = [], []
        for change in range(args.changes):
            counts = [len(s.events) for s in streams]
            seen = len(probe.events)
            with open(path + ".tmp", "w") as f:
                json.dump((document if args.every_flag else toggled)(0 if change % 2 == 0 else 1), f)
            os.replace(path + ".tmp", path)
            deadline = time.monotonic() + 30
            while (len(probe.events) <= seen or any(len(s.events) <= n for s, n in zip(streams, counts))) \
                    and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            if len(probe.events) <= seen:
                print(f"change {change}: the upstream's stream never announced it")
                continue
            arrived = probe.events[seen]
            reached = [s.events[n] - arrived for s, n in zip(streams, counts) if len(s.events) > n]
            delays += reached
            fan_outs.append(max(reached) - min(reached))
            await asyncio.sleep(1)
        print(f"changes: {args.changes}; {len(delays)} arrivals on the relay's streams, from the upstream's "
              f"announcement p50 {percentile(delays, 50) * 1000:.1f} ms, p99 {percentile(delays, 99) * 1000:.1f} ms, "
              f"max {max(delays) * 1000:.1f} ms; fan-out per change (first to last stream) median "
              f"{statistics.median(fan_outs) * 1000:.1f} ms")
    finally:
        relay.kill()
        upstream.kill()


if __name__ == "__main__":
    asyncio.run(main())
