"""What the client-side difftests share: `burgee serve` started on a free loopback port, and their
command line (documents, contexts per document, the executable)."""
import argparse
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from difftest import default_burgee


def serve(burgee, fmt, definitions, log, extra=()):
    """`burgee serve --format FMT` of the file (with `extra` options), and the URL it announced."""
    # Standard error goes to a file: the server's log, unread, must never fill a pipe and stall it.
    process = subprocess.Popen([burgee, "serve", "--format", fmt, "--definitions", definitions, "--port", "0",
                                "--summary-interval", "0", "--no-explorer", *extra],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    match = re.search(r"(http://[^/\s]+)", line)
    if not match:
        process.kill()
        raise RuntimeError(f"burgee serve did not announce a URL: {line!r}; see its log")
    return process, match.group(1)


@contextlib.contextmanager
def served(burgee, fmt, definitions, workdir, extra=(), refusable=False):
    """`burgee serve` of the file while the block runs, its log in `workdir`: the URL it announced,
    or None when it refused the file and `refusable`."""
    with open(os.path.join(workdir, "serve.log"), "w") as log:
        try:
            process, base = serve(burgee, fmt, definitions, log, extra)
        except RuntimeError:
            if not refusable:
                raise
            process, base = None, None
    try:
        yield base
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)


def seeds(args, name):
    """Each seed of the run: the seed, its random generator (seeded `name:seed`) and a temporary
    folder for its files, the same folder for every seed."""
    with tempfile.TemporaryDirectory(prefix=f"difftest-{name}-") as workdir:
        for seed in range(args.seed_start, args.seed_start + args.seeds):
            yield seed, random.Random(f"{name}:{seed}"), workdir


def fetch(request):
    """Sends a urllib request: the status and the body, read as JSON for a 200, as text otherwise."""
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def arguments(description, name, more=None):
    """The scripts' options: --seeds, --seed-start, --contexts, --burgee, --max-report, and what
    `more` adds to the parser."""
    parser = argparse.ArgumentParser(description=description)
    if more:
        more(parser)
    parser.add_argument("--seeds", type=int, default=100, help="how many documents")
    parser.add_argument("--seed-start", type=int, default=0, help="the first seed")
    parser.add_argument("--contexts", type=int, default=20, help="contexts per document")
    parser.add_argument("--burgee", default=default_burgee(), help="the burgee executable")
    parser.add_argument("--max-report", type=int, default=20, help="disagreements printed in full")
    args = parser.parse_args()
    if not args.burgee:
        parser.exit(2, f"{name}: no burgee executable; build it (swift build --product burgee) or pass --burgee\n")
    return args


class Tally:
    """Passed and failed checks, the first failures printed in full."""

    def __init__(self, max_report, *counted):
        self.passed = self.failed = self.reported = 0
        self.max_report = max_report
        # What else a run counts (flags compared, refusals, …), printed before the last line.
        self.counts = {name: 0 for name in counted}

    def add(self, found, heading, details=()):
        """Counts one check: passed when `found` lists no difference; else prints `heading`, the
        differences and `details` (lines), for the first `max_report` failures."""
        if not found:
            self.passed += 1
            return
        self.failed += 1
        if self.reported < self.max_report:
            self.reported += 1
            print(f"--- {heading}: " + "; ".join(found))
            for line in details:
                print(line)

    def finish(self):
        """The counts, the last line, `N passed, M failed`, and the exit status: 1 when any failed."""
        if self.counts:
            print(", ".join(f"{name} {n}" for name, n in self.counts.items()))
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
