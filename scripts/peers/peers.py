#!/usr/bin/env python3
# Copyright the Burgee authors. Licensed under the Apache License, Version 2.0.
"""Checks `burgee serve` against the vendors' real Python SDKs, over loopback.

One run per API, each with its own server on a free port and a definitions file in a temporary
directory:

- Unleash (UnleashClient): a polling client, a streaming client (`/api/client/streaming`) and a
  client filtered to one project evaluate; the file is rewritten and each sees the change; the
  registrations and the metrics' yes/no counts are read back from `GET /events/stats`, exactly.
- LaunchDarkly (launchdarkly-server-sdk): a streaming client and a polling client evaluate; the
  streaming one sees the rewritten file; custom and identify events, the summary and the
  diagnostic event reach `POST /bulk` and `POST /diagnostic` and are counted by kind, exactly, in
  two rounds (the SDK keeps its events on); a payload filter is refused with 404, and an SDK with a filter key is not initialized.
- Split (splitio_client): a polling client (streaming off, its SDK, events, auth and telemetry URLs
  the server's `/api`) evaluates every flag for a set of keys, and its treatments and configs are
  compared with `burgee eval --format split` on the same file; the client sees the rewritten file
  (and a key added to a segment), and so does a streaming client polling once an hour, through
  `/event-stream`'s notifications (a one-flag change carried in `SPLIT_UPDATE`'s `d`, which the SDK
  applies without a fetch); its impressions, impression counts and tracked events reach the
  server's `/api/testImpressions/*` and `/api/events/bulk`, counted exactly.
- OFREP over native definitions (openfeature-sdk with openfeature-provider-ofrep): flags are
  evaluated, the change is seen, and native event batches posted to `POST /events` are counted.
- Datadog (ddtrace's OpenFeature provider, `ddtrace.openfeature.DataDogProvider`): ddtrace reads its
  environment when imported, so it runs in a child process of the same Python (`peers.py
  --datadog-sdk`, answering JSON lines), and one server (with `--sdk-key`) is both its configuration
  CDN and its Agent: the agentless configuration source
  (`DD_FEATURE_FLAGS_CONFIGURATION_SOURCE_AGENTLESS_BASE_URL` = the server's origin, polled every
  second; ddtrace sends no `DD-API-KEY` to a custom base URL, and the server's configuration endpoint
  is open to a keyless request) and exposures through the Agent (`DD_TRACE_AGENT_URL` = the server,
  flushed every 0.2 s; no `DD_API_KEY`, so nothing can go to Datadog), whose EVP proxy ddtrace finds
  by itself in the server's `GET /info`. Checked: the CDN's 200 without `DD-API-KEY`, 403 with a wrong
  one, 200 with the key, its JSON:API envelope around the raw file, ETag and 304; `GET /info` (open)
  listing `/evp_proxy/v2/` and the EVP origin headers; the intake's 403 and the EVP proxy's 400
  without its subdomain header; a UFC document (a STRING flag with a targeting rule, a BOOLEAN split 50/50 by
  MD5 of `salt-targetingKey`, checked against `hashlib`, an INTEGER, a NUMERIC, a JSON object, a disabled
  flag, an unknown one, a type mismatch) evaluated twice for 12 subjects, each value, variant, reason,
  error, allocation, doLog and serial id equal to `burgee eval --format datadog`'s; the rewritten file
  seen; exposures of doLog allocations only, deduplicated (the second round adds none), arriving at
  `POST /evp_proxy/v2/api/v2/exposures` each as burgee eval describes it, counted exactly at
  `GET /events/stats`, and added up exactly by the summary lines (`Datadog: N exposure posts (M exposures)`).
- Eppo (eppo-server-sdk): `eppo_client.init` with the server's `/api` as base URL, polling every
  second; the same flags in Eppo's dialect (`totalShards` on the flag, JSON values as strings)
  assigned with the `…_details` calls, each value, variation, evaluation code and allocation equal to
  `burgee eval --format eppo`'s; the assignment logger gets one event per assignment of a doLog
  allocation (Eppo does not deduplicate), each as burgee eval describes it; the rewritten file is seen;
  `GET /api/flag-config/v1/config` answers 401 without the right `apiKey` (a client with a wrong key
  logs "not authorized" and never initializes), the file as it is with it, ETag and 304.

Every run checks `GET /status`, a wrong key (401) and an unknown route (404 with the key), and
that the server's summary line reports the traffic. Prints one line per check and last
`N passed, M failed`; exits 1 on any failure. Every server is killed on every path.

Run with the venv that scripts/difftest/setup.sh makes (its requirements.txt pins these SDKs):

    .build/difftest-venv/bin/python scripts/peers/peers.py --burgee .build/debug/burgee [--only datadog] [--relay]
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import logging
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

KEY = "peers-sdk-key"
WAIT = 10.0  # seconds: the longest any one condition is waited for


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, name: str, ok: bool, detail: object = "") -> bool:
        if ok:
            self.passed += 1
            print(f"ok    {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL  {name}" + (f": {detail}" if detail != "" else ""), flush=True)
        return ok


def eventually(condition, within: float = WAIT):
    """Polls `condition` every 50 ms until it returns a true value or `within` seconds pass."""
    deadline = time.monotonic() + within
    while True:
        try:
            value = condition()
        except Exception:  # a server or client not ready yet
            value = None
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(0.05)


class Server:
    """`burgee serve` on a free loopback port, with `--sdk-key` KEY; `stop()` kills it, and so does
    exit. With `--relay`, the file is served by one `burgee serve` and the SDKs talk to a second,
    relaying from the first (`--upstream`, polling every 0.2 s where the protocol does not stream):
    every check then goes through the relay, and the upstream's counts of what was posted must end
    equal to the relay's (`relay_check`)."""

    live: list["Server"] = []
    relay = False

    def __init__(self, burgee: str, definitions: str, fmt: str) -> None:
        self.upstream: Server | None = None
        arguments = ["--definitions", definitions]
        if Server.relay:
            self.upstream = Server.__new__(Server)
            self.upstream.upstream = None
            self.upstream._spawn(burgee, ["--definitions", definitions], fmt)
            arguments = ["--upstream", self.upstream.client_url, "--upstream-interval", "0.2"]
        self._spawn(burgee, arguments, fmt)

    def _spawn(self, burgee: str, source: list[str], fmt: str) -> None:
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.output: list[str] = []
        self.process = subprocess.Popen(
            [burgee, "serve", *source, "--format", fmt, "--port", "0",
             "--sdk-key", KEY, "--summary-interval", "0.5"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        Server.live.append(self)
        threading.Thread(target=self._read, daemon=True).start()
        self.base = None
        self.client_url = None
        deadline = time.monotonic() + WAIT
        while self.base is None and time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            match = re.search(r"at ((http://127\.0\.0\.1:\d+)\S*)", line)
            if match:
                self.base = match.group(2)
                self.client_url = match.group(1)
        if self.base is None:
            self.stop()
            raise RuntimeError("burgee serve did not start: " + " | ".join(self.output))

    def _read(self) -> None:
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            self.lines.put(line)

    def summaries(self) -> list[str]:
        return [line for line in self.output if line.startswith("summary")]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        if self in Server.live:
            Server.live.remove(self)
        if self.upstream is not None:
            self.upstream.stop()

    def get(self, path: str, key: str | None = KEY) -> tuple[int, object]:
        request = urllib.request.Request(self.base + path)
        if key is not None:
            request.add_header("Authorization", key)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                body = response.read()
                return response.status, json.loads(body) if body else None
        except urllib.error.HTTPError as error:
            body = error.read()
            return error.code, json.loads(body) if body else None

    def post(self, path: str, body: object) -> int:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Authorization": KEY, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def stats(self) -> dict:
        status, body = self.get("/events/stats")
        assert status == 200, status
        return body


@atexit.register
def _kill_servers() -> None:
    for server in list(Server.live):
        server.stop()


class SDKLog(logging.Handler):
    """The SDKs' warnings and errors, kept to check that none reports an HTTP error."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def http_errors(self) -> list[str]:
        return [m for m in self.messages if re.search(r"\b(40[0-9]|41[0-9]|5[0-9][0-9])\b", m)]


SDK_LOG = SDKLog()


def write_json(path: str, document: object) -> None:
    """Replaces the file as a whole, so the server never reads half of it."""
    temporary = path + ".tmp"
    with open(temporary, "w") as file:
        json.dump(document, file)
    os.replace(temporary, path)


def common_checks(c: Checks, server: Server, name: str, fmt: str) -> None:
    status, body = server.get("/status")
    c.check(f"{name}: GET /status answers 200 with the format", status == 200 and body.get("format") == fmt,
            (status, body))
    status, _ = server.get("/status", key="wrong-key")
    c.check(f"{name}: a wrong key gets 401", status == 401, status)
    status, _ = server.get("/no/such/route", key=None)
    c.check(f"{name}: an unknown route without the key gets 401", status == 401, status)
    status, _ = server.get("/no/such/route")
    c.check(f"{name}: an unknown route with the key gets 404", status == 404, status)


def summary_check(c: Checks, server: Server, name: str, needle: str) -> None:
    found = eventually(lambda: any(needle in line for line in server.summaries()))
    c.check(f"{name}: the summary line reports {needle!r}", bool(found), server.summaries()[-3:])
    relay_check(c, server, name)


def without_sizes(value: object) -> object:
    if isinstance(value, dict):
        return {k: without_sizes(v) for k, v in value.items() if "bytes" not in k.lower()}
    if isinstance(value, list):
        return [without_sizes(v) for v in value]
    return value


def relay_check(c: Checks, server: Server, name: str) -> None:
    """Relaying: what the SDKs posted to the relay reached the upstream, each post once."""
    if server.upstream is None:
        return
    same = eventually(lambda: without_sizes(server.upstream.stats()) == without_sizes(server.stats()))
    c.check(f"{name}: relayed, the upstream counts what the relay counted (each post sent on once)", bool(same),
            (server.stats(), server.upstream.stats()))


# MARK: Unleash

def unleash_features(peer_off_enabled: bool) -> dict:
    return {"version": 2, "features": [
        {"name": "peer-on", "enabled": True, "project": "default", "strategies": [{"name": "default"}]},
        {"name": "peer-off", "enabled": peer_off_enabled, "project": "default", "strategies": [{"name": "default"}]},
        {"name": "peer-user", "enabled": True, "project": "default",
         "strategies": [{"name": "userWithId", "parameters": {"userIds": "u-1,u-2"}}]},
        {"name": "peer-counted", "enabled": True, "project": "default",
         "strategies": [{"name": "userWithId", "parameters": {"userIds": "u-1,u-2"}}]},
        {"name": "other-flag", "enabled": True, "project": "other", "strategies": [{"name": "default"}]},
    ]}


def run_unleash(c: Checks, burgee: str, directory: str) -> None:
    from UnleashClient import UnleashClient

    SDK_LOG.messages.clear()
    path = os.path.join(directory, "unleash.json")
    write_json(path, unleash_features(False))
    server = Server(burgee, path, "unleash")
    clients = []
    try:
        common_checks(c, server, "unleash", "unleash")

        def client(name: str, **options) -> UnleashClient:
            made = UnleashClient(url=server.base + "/api", app_name="peers", instance_id=name,
                                 custom_headers={"Authorization": KEY}, refresh_interval=1, metrics_interval=1,
                                 cache_directory=os.path.join(directory, "cache-" + name), **options)
            made.initialize_client()
            clients.append(made)
            return made

        polling = client("polling")
        streaming = client("streaming", experimental_mode={"type": "streaming"}, disable_metrics=True,
                           disable_registration=True)
        project = client("project", project_name="other", disable_metrics=True, disable_registration=True)

        expected = {"peer-on": True, "peer-off": False, "peer-user": True, "other-flag": True}
        for name, sdk in (("polling", polling), ("streaming", streaming)):
            ready = eventually(lambda: sdk.is_enabled("peer-on", {"userId": "u-1"}))
            got = {flag: sdk.is_enabled(flag, {"userId": "u-1"}) for flag in expected}
            c.check(f"unleash: the {name} client evaluates the served features", ready and got == expected, got)
        # peer-counted is evaluated here only: its metrics must count these calls exactly.
        users = ("u-1", "u-3", "u-2", "u-4", "u-1", "u-5", "u-6")
        counted = [polling.is_enabled("peer-counted", {"userId": user}) for user in users]
        want = {"yes": counted.count(True), "no": counted.count(False)}
        got = project.is_enabled("other-flag"), project.is_enabled("peer-on")
        c.check("unleash: a client filtered to project 'other' sees only that project's features",
                got == (True, False), got)
        status, body = server.get("/api/client/features?namePrefix=peer-&project=default")
        names = sorted(f["name"] for f in body["features"]) if status == 200 else status
        c.check("unleash: namePrefix and project filter GET /api/client/features",
                names == ["peer-counted", "peer-off", "peer-on", "peer-user"], names)
        status, body = server.get("/api/client/features?namePrefix=peer-o")
        names = sorted(f["name"] for f in body["features"]) if status == 200 else status
        c.check("unleash: namePrefix alone filters by name", names == ["peer-off", "peer-on"], names)
        status, body = server.get("/status")
        c.check("unleash: the streaming client holds a stream open (GET /status)",
                status == 200 and body["openStreams"] == 1, body)

        write_json(path, unleash_features(True))
        for name, sdk in (("polling", polling), ("streaming", streaming)):
            seen = eventually(lambda: sdk.is_enabled("peer-off", {"userId": "u-9"}))
            c.check(f"unleash: the {name} client sees the rewritten file", bool(seen))
        def counted_toggle():
            toggle = server.stats()["toggles"].get("peer-counted", {})
            return toggle if toggle.get("yes", 0) + toggle.get("no", 0) >= len(users) else None

        toggle = eventually(counted_toggle) or server.stats()["toggles"].get("peer-counted")
        c.check("unleash: metrics count peer-counted's evaluations exactly (yes 3, no 4)",
                toggle is not None and {k: toggle.get(k) for k in want} == want == {"yes": 3, "no": 4}, toggle)
        stats = server.stats()
        c.check("unleash: the reporting client registered exactly once", stats["registrations"] == 1,
                stats["registrations"])
        status, listed = server.get("/events")
        c.check("unleash: GET /events lists the registration and the metrics buckets",
                status == 200 and len(listed["registrations"]) == 1 and len(listed["metrics"]) == stats["metrics"],
                (status, stats))
        summary_check(c, server, "unleash", "Unleash: 1 registration")

        # The stream's delta events, as Unleash's engine applies them: a feature removed, a feature
        # using a new segment, then that segment changed.
        def segmented(users: str) -> dict:
            document = unleash_features(True)
            document["features"] = [f for f in document["features"] if f["name"] != "peer-on"]
            document["features"].append({"name": "peer-segmented", "enabled": True, "project": "default",
                                         "strategies": [{"name": "default", "segments": [7]}]})
            document["segments"] = [{"id": 7, "constraints": [
                {"contextName": "userId", "operator": "IN", "values": users.split(","), "inverted": False,
                 "caseInsensitive": False}]}]
            return document

        def sees(users: list) -> bool:
            return (not streaming.is_enabled("peer-on", {"userId": "u-1"})
                    and all(streaming.is_enabled("peer-segmented", {"userId": u}) == (u in users) for u in ("u-1", "u-3")))

        write_json(path, segmented("u-1"))
        c.check("unleash: the streaming client applies a feature removed and a feature with a new segment",
                bool(eventually(lambda: sees(["u-1"]))))
        write_json(path, segmented("u-3"))
        c.check("unleash: the streaming client applies a changed segment",
                bool(eventually(lambda: sees(["u-3"]))))
        c.check("unleash: the SDK logged no HTTP error", not SDK_LOG.http_errors(), SDK_LOG.http_errors()[:3])
    finally:
        for sdk in clients:
            try:
                sdk.destroy()
            except Exception:
                pass
        server.stop()


# MARK: Split

def split_document(rollout_on: str) -> dict:
    def matcher(kind: str, **data) -> dict:
        return {"matcherType": kind, "negate": False, "keySelector": {"trafficType": "user", "attribute": data.pop("attribute", None)},
                **data}

    def condition(matchers: list, partitions: list, label: str, kind: str = "ROLLOUT") -> dict:
        return {"conditionType": kind, "label": label, "matcherGroup": {"combiner": "AND", "matchers": matchers},
                "partitions": [{"treatment": t, "size": n} for t, n in partitions]}

    def flag(name: str, conditions: list, **extra) -> dict:
        return {"name": name, "trafficTypeName": "user", "changeNumber": 10, "status": "ACTIVE", "killed": False,
                "defaultTreatment": "off", "seed": 1234 + len(name), "trafficAllocation": 100, "trafficAllocationSeed": 99,
                "algo": 2, "conditions": conditions, "sets": ["peers"], **extra}

    all_keys = matcher("ALL_KEYS")
    return {
        "ff": {"s": -1, "t": 10, "d": [
            flag("sp-rollout", [condition([all_keys], [("on", 50), (rollout_on, 50)], "default rule")],
                 configurations={"on": '{"color":"red"}'}),
            flag("sp-segment", [condition([matcher("IN_SEGMENT", userDefinedSegmentMatcherData={"segmentName": "beta"})],
                                          [("on", 100)], "in segment beta"),
                                condition([all_keys], [("off", 100)], "default rule")]),
            flag("sp-whitelist", [condition([matcher("WHITELIST", whitelistMatcherData={"whitelist": ["k-3", "k-7"]})],
                                            [("vip", 100)], "whitelisted", "WHITELIST"),
                                  condition([all_keys], [("a", 34), ("b", 33), ("c", 33)], "default rule")]),
            flag("sp-attribute", [condition([matcher("GREATER_THAN_OR_EQUAL_TO", attribute="age",
                                                     unaryNumericMatcherData={"dataType": "NUMBER", "value": 18})],
                                            [("adult", 100)], "age >= 18")]),
            flag("sp-rule-based", [condition([matcher("IN_RULE_BASED_SEGMENT", userDefinedSegmentMatcherData={"segmentName": "staff"})],
                                             [("on", 100)], "in rule based segment staff")]),
            flag("sp-legacy", [condition([all_keys], [("on", 30), ("off", 70)], "default rule")], algo=1,
                 trafficAllocation=60),
            flag("sp-killed", [condition([all_keys], [("on", 100)], "default rule")], killed=True),
        ]},
        "rbs": {"s": -1, "t": 10, "d": [
            {"name": "staff", "trafficTypeName": "user", "changeNumber": 10, "status": "ACTIVE",
             "excluded": {"keys": ["k-2"], "segments": [{"name": "beta", "type": "standard"}]},
             "conditions": [{"matcherGroup": {"combiner": "AND", "matchers": [
                 matcher("ENDS_WITH", whitelistMatcherData={"whitelist": ["1", "2", "4", "5"]})]}}]},
        ]},
        "segments": {"beta": ["k-1", "k-5", "k-9"] if rollout_on == "on" else ["k-1", "k-5", "k-9", "k-10"]},
    }


SPLIT_KEYS = [f"k-{i}" for i in range(1, 25)]


def split_requests() -> list[dict]:
    requests = []
    for flag in ("sp-rollout", "sp-segment", "sp-whitelist", "sp-attribute", "sp-rule-based", "sp-legacy", "sp-killed",
                 "sp-missing"):
        for i, key in enumerate(SPLIT_KEYS):
            requests.append({"flag": flag, "context": {"key": key, "attributes": {"age": 10 + i}}})
    return requests


def burgee_split_treatments(burgee: str, definitions: str, requests: list[dict], directory: str) -> tuple[list, list]:
    path = os.path.join(directory, "split-requests.jsonl")
    with open(path, "w") as file:
        file.writelines(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run([burgee, "eval", "--format", "split", "--definitions", definitions, "--requests", path],
                          capture_output=True, text=True, timeout=60)
    results = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [(r.get("split") or {}).get("treatment") for r in results], [(r.get("split") or {}).get("config") for r in results]


def run_split(c: Checks, burgee: str, directory: str) -> None:
    from splitio import get_factory

    SDK_LOG.messages.clear()
    path = os.path.join(directory, "split.json")
    write_json(path, split_document("on"))
    server = Server(burgee, path, "split")
    factory = None
    streamer = None
    try:
        common_checks(c, server, "split", "split")
        api = server.base + "/api"
        factory = get_factory(KEY, sdk_api_base_url=api, events_api_base_url=api, auth_api_base_url=api,
                              streaming_api_base_url=server.base, telemetry_api_base_url=api,
                              config={"streamingEnabled": False, "featuresRefreshRate": 1, "segmentsRefreshRate": 1,
                                      "impressionsRefreshRate": 1, "eventsPushRate": 1, "impressionsMode": "DEBUG",
                                      "metricsRefreshRate": 60})
        factory.block_until_ready(WAIT)
        client = factory.client()
        requests = split_requests()
        # A streaming client that polls once an hour: only push can bring it the rewritten file.
        streamer = get_factory(KEY, sdk_api_base_url=api, events_api_base_url=api, auth_api_base_url=api,
                               streaming_api_base_url=server.base, telemetry_api_base_url=api,
                               config={"streamingEnabled": True, "featuresRefreshRate": 3600, "segmentsRefreshRate": 3600,
                                       "impressionsMode": "NONE", "metricsRefreshRate": 60})
        streamer.block_until_ready(WAIT)
        streaming_client = streamer.client()
        streams = eventually(lambda: server.get("/status")[1]["openStreams"] >= 1)
        c.check("split: a streaming client opens GET /event-stream with the token of /api/v2/auth", bool(streams))

        def python_treatments() -> tuple[list, list]:
            answers = [client.get_treatment_with_config(r["context"]["key"], r["flag"], r["context"]["attributes"])
                       for r in requests]
            return [a[0] for a in answers], [a[1] for a in answers]

        got, got_configs = python_treatments()
        want, want_configs = burgee_split_treatments(burgee, path, requests, directory)
        differing = [(r["flag"], r["context"]["key"], g, w) for r, g, w in zip(requests, got, want) if g != w]
        c.check(f"split: Split's SDK and burgee eval agree on {len(requests)} treatments",
                len(want) == len(requests) and not differing, differing[:5] or len(want))
        c.check("split: ... and on their configs", got_configs == want_configs,
                [(g, w) for g, w in zip(got_configs, want_configs) if g != w][:3])
        c.check("split: the treatments are not all the same",
                len(set(got)) >= 6 and "control" in got, sorted(set(map(str, got))))

        write_json(path, split_document("blue"))
        seen = eventually(lambda: client.get_treatment("k-10", "sp-segment") == "on"
                          and "blue" in [client.get_treatment(k, "sp-rollout") for k in SPLIT_KEYS])
        c.check("split: the client sees the rewritten file (a new treatment, a key added to a segment)", bool(seen))
        pushed = eventually(lambda: streaming_client.get_treatment("k-10", "sp-segment") == "on"
                            and "blue" in [streaming_client.get_treatment(k, "sp-rollout") for k in SPLIT_KEYS])
        c.check("split: the streaming client sees it through push (SPLIT_UPDATE, SEGMENT_UPDATE)", bool(pushed))
        # Each rewrite changes one flag (sp-rollout): SPLIT_UPDATE carries it (c, d) and the SDK
        # applies it in place when it follows on from its change number. One it could not read is
        # logged and never fetched: the check above fails then.
        write_json(path, split_document("green"))
        carried = eventually(lambda: "green" in [streaming_client.get_treatment(k, "sp-rollout") for k in SPLIT_KEYS])
        c.check("split: the streaming client applies a flag carried in SPLIT_UPDATE (d)", bool(carried))
        eventually(lambda: "green" in [client.get_treatment(k, "sp-rollout") for k in SPLIT_KEYS])
        got, _ = python_treatments()
        want, _ = burgee_split_treatments(burgee, path, requests, directory)
        c.check("split: after the change, Split's SDK and burgee eval still agree", got == want,
                [(r["flag"], r["context"]["key"], g, w) for r, g, w in zip(requests, got, want) if g != w][:5])
        # In DEBUG mode every evaluation but control makes an impression; the flags below were
        # evaluated by the two comparisons only (the waits above evaluated the others).
        counted = ("sp-whitelist", "sp-attribute", "sp-rule-based", "sp-legacy", "sp-killed")
        want_impressions = {flag: 2 * len(SPLIT_KEYS) for flag in counted}
        tracked = [client.track(f"k-{i}", "user", "peers-event", float(i)) for i in range(3)]
        c.check("split: track accepts the events", tracked == [True] * 3, tracked)

        def delivered():
            stats = server.stats()
            flags = stats["impressions"]["flags"]
            done = all(flags.get(flag, 0) >= n for flag, n in want_impressions.items()) and stats["events"]["total"] >= 3
            return stats if done else None

        stats = eventually(delivered) or server.stats()
        got_impressions = {flag: stats["impressions"]["flags"].get(flag, 0) for flag in counted}
        c.check(f"split: impressions reach POST /api/testImpressions/bulk, exactly ({2 * len(SPLIT_KEYS)} a flag)",
                got_impressions == want_impressions, got_impressions)
        c.check("split: tracked events reach POST /api/events/bulk, exactly (3)",
                stats["events"]["types"] == {"peers-event": 3}, stats["events"])
        summary_check(c, server, "split", "Split: ")
        status, listed = server.get("/events")
        c.check("split: GET /events lists the posts", status == 200 and len(listed) >= 2, status)
        c.check("split: the SDK logged no HTTP error", not SDK_LOG.http_errors(), SDK_LOG.http_errors()[:3])
    finally:
        for made in (factory, streamer):
            if made is not None:
                try:
                    made.destroy()
                except Exception:
                    pass
        server.stop()


# MARK: LaunchDarkly

def launchdarkly_flags(bool_on: bool) -> dict:
    def flag(key: str, variations: list, fallthrough: int, targets=None) -> dict:
        return {"key": key, "version": 1, "on": True, "variations": variations, "offVariation": 0,
                "fallthrough": {"variation": fallthrough}, "targets": targets or [], "rules": [],
                "prerequisites": [], "salt": key, "trackEvents": False}
    return {"flags": {
        "ld-bool": flag("ld-bool", [False, True], 1 if bool_on else 0),
        "ld-string": flag("ld-string", ["red", "green", "blue"], 1, [{"values": ["u-2"], "variation": 2}]),
    }, "segments": {"ld-segment": {"key": "ld-segment", "version": 1, "included": ["u-1"], "salt": "s"}}}


def run_launchdarkly(c: Checks, burgee: str, directory: str) -> None:
    import ldclient
    from ldclient import Config, Context, LDClient

    SDK_LOG.messages.clear()
    path = os.path.join(directory, "launchdarkly.json")
    write_json(path, launchdarkly_flags(True))
    server = Server(burgee, path, "launchdarkly")
    clients = []
    try:
        common_checks(c, server, "launchdarkly", "launchdarkly")
        status, body = server.get("/sdk/latest-all?filter=mobile")
        c.check("launchdarkly: a payload filter is refused with 404 (the Relay Proxy's answer) and a message",
                status == 404 and "filter" in body.get("message", ""), (status, body))
        status, flags = server.get("/sdk/latest-flags")
        status2, segments = server.get("/sdk/latest-segments")
        c.check("launchdarkly: GET /sdk/latest-flags and /sdk/latest-segments serve the items",
                status == 200 and sorted(flags) == ["ld-bool", "ld-string"] and status2 == 200
                and sorted(segments) == ["ld-segment"], (status, status2))

        def client(stream: bool) -> LDClient:
            config = Config(sdk_key=KEY, base_uri=server.base, stream_uri=server.base, events_uri=server.base,
                            stream=stream, flush_interval=60, diagnostic_recording_interval=60)
            made = LDClient(config=config, start_wait=WAIT)
            clients.append(made)
            return made

        streaming = client(True)
        polling = client(False)
        u1, u2 = Context.create("u-1"), Context.create("u-2")
        for name, sdk in (("streaming", streaming), ("polling", polling)):
            got = (sdk.is_initialized(), sdk.variation("ld-bool", u1, None), sdk.variation("ld-string", u1, None),
                   sdk.variation("ld-string", u2, None))
            c.check(f"launchdarkly: the {name} client evaluates the served flags", got == (True, True, "green", "blue"), got)

        status, body = server.get("/status")
        c.check("launchdarkly: the streaming client holds a stream open (GET /status)",
                status == 200 and body["openStreams"] == 1, body)
        write_json(path, launchdarkly_flags(False))
        seen = eventually(lambda: streaming.variation("ld-bool", u1, None) is False)
        c.check("launchdarkly: the streaming client sees the rewritten file (a patch on /all)", bool(seen))

        expected_custom = expected_identify = 0
        for round_number in (1, 2):
            for i in range(3):
                streaming.track("peer-event", u1, data={"round": round_number, "i": i})
                expected_custom += 1
            streaming.identify(Context.create(f"identified-{round_number}"))
            expected_identify += 1
            streaming.flush()
            want = {"custom": expected_custom, "identify": expected_identify}
            arrived = eventually(lambda: all(server.stats()["kinds"].get(k, 0) >= n for k, n in want.items()))
            kinds = server.stats()["kinds"]
            c.check(f"launchdarkly: round {round_number}: custom and identify events counted exactly on POST /bulk",
                    bool(arrived) and kinds.get("custom") == expected_custom
                    and kinds.get("identify") == expected_identify, kinds)
        stats = eventually(lambda: (lambda s: s if s["kinds"].get("diagnostic-init", 0) >= 2 else None)(server.stats()))
        stats = stats or server.stats()
        c.check("launchdarkly: each client's diagnostic-init arrived on POST /diagnostic, exactly",
                stats["kinds"].get("diagnostic-init") == 2 and stats["diagnostic"] == 2, stats)
        c.check("launchdarkly: summary events arrived", stats["kinds"].get("summary", 0) >= 1, stats["kinds"])
        status, listed = server.get("/events")
        paths = sorted({post["path"] for post in listed}) if status == 200 else status
        c.check("launchdarkly: GET /events lists the /bulk and /diagnostic posts",
                paths == ["/bulk", "/diagnostic"] and len(listed) == stats["requests"], paths)
        summary_check(c, server, "launchdarkly", "LaunchDarkly: ")
        c.check("launchdarkly: the SDK logged no HTTP error (events stay on)", not SDK_LOG.http_errors(),
                SDK_LOG.http_errors()[:3])
        # An SDK with a payload filter key gets the 404 and no flags (it waits long before asking again).
        filtered = LDClient(config=Config(sdk_key=KEY, base_uri=server.base, stream_uri=server.base, events_uri=server.base,
                                          payload_filter_key="mobile", send_events=False, diagnostic_opt_out=True),
                            start_wait=2)
        clients.append(filtered)
        refused = [m for m in SDK_LOG.http_errors() if "404" in m]
        c.check("launchdarkly: an SDK with a payload filter key is refused with 404 and not initialized",
                not filtered.is_initialized() and bool(refused), (filtered.is_initialized(), refused[:1]))
    finally:
        for sdk in clients:
            try:
                sdk.close()
            except Exception:
                pass
        server.stop()


# MARK: OFREP over native definitions

def native_document(checkout_on: bool) -> dict:
    boolean = [{"key": "off", "value": False}, {"key": "on", "value": True}]
    return {"formatVersion": 1, "flags": {
        "new-checkout": {"enabled": True, "type": "boolean", "variations": boolean,
                         "fallthrough": {"variation": "on" if checkout_on else "off"}},
        "theme": {"enabled": True, "type": "string",
                  "variations": [{"key": "a", "value": "light"}, {"key": "b", "value": "dark"}],
                  "fallthrough": {"variation": "b"}},
    }, "segments": {}}


def run_ofrep(c: Checks, burgee: str, directory: str) -> None:
    from openfeature import api
    from openfeature.contrib.provider.ofrep import OFREPProvider
    from openfeature.evaluation_context import EvaluationContext

    path = os.path.join(directory, "native.json")
    write_json(path, native_document(True))
    server = Server(burgee, path, "native")
    try:
        common_checks(c, server, "ofrep", "native")
        api.set_provider(OFREPProvider(server.base, headers_factory=lambda: {"Authorization": KEY}))
        client = api.get_client()
        context = EvaluationContext(targeting_key="u-1")
        got = (client.get_boolean_value("new-checkout", False, context), client.get_string_value("theme", "x", context),
               client.get_string_details("missing", "fallback", context).error_code)
        c.check("ofrep: the OpenFeature client evaluates the native definitions",
                got[:2] == (True, "dark") and str(got[2]).endswith("FLAG_NOT_FOUND"), got)
        write_json(path, native_document(False))
        seen = eventually(lambda: client.get_boolean_value("new-checkout", True, context) is False)
        c.check("ofrep: the OpenFeature client sees the rewritten file", bool(seen))
        api.clear_providers()
        # OFREP has no event channel: native clients post their batches to POST /events.
        batches = [{"schemaVersion": 1, "events": [{"kind": "custom", "key": f"e-{i}"}]} for i in range(4)]
        statuses = [server.post("/events", batch) for batch in batches]
        bad = server.post("/events", {"no": "events"})
        stats = server.stats()
        c.check("ofrep: native event batches are accepted (202) and counted exactly",
                statuses == [202] * 4 and bad == 400 and stats["requests"] == 4, (statuses, bad, stats))
        status, listed = server.get("/events")
        c.check("ofrep: GET /events lists the batches", status == 200 and listed == batches, status)
        summary_check(c, server, "ofrep", "4 event batches")
    finally:
        server.stop()


# MARK: Datadog and Eppo (UFC)

UFC_SUBJECTS = [(f"s-{i}", {"country": ("FR", "US", "DE", "JP")[i % 4], "age": 9 + 3 * i}) for i in range(1, 13)]
# (flag, the type asked for): every flag with its own type, an unknown flag, and a type mismatch.
UFC_ASKED = [("peer-string", "STRING"), ("peer-bool", "BOOLEAN"), ("peer-int", "INTEGER"), ("peer-numeric", "NUMERIC"),
             ("peer-json", "JSON"), ("peer-disabled", "STRING"), ("peer-missing", "BOOLEAN"), ("peer-int", "STRING")]
UFC_DEFAULTS = {"STRING": "fallback", "BOOLEAN": False, "INTEGER": -1, "NUMERIC": -1.5, "JSON": {"fallback": True}}
UFC_LOGGED = {"eu-users", "rollout", "adults", "static-json"}  # the allocations with doLog: true
UFC_JSON = {"color": "red", "sizes": [1, 2]}


def ufc_document(dialect: str, number: int) -> dict:
    """A UFC document in Datadog's dialect (`totalShards` on each shard, JSON values inline, serial
    ids) or Eppo's (`totalShards` on the flag, JSON values as strings holding JSON)."""
    datadog = dialect == "datadog"

    def shard(salt: str, start: int, end: int) -> dict:
        return {"salt": salt, "ranges": [{"start": start, "end": end}], **({"totalShards": 10000} if datadog else {})}

    def flag(key: str, kind: str, variations: dict, allocations: list, enabled: bool = True) -> dict:
        return {"key": key, "enabled": enabled, "variationType": kind,
                "variations": {name: {"key": name, "value": value} for name, value in variations.items()},
                "allocations": allocations, **({} if datadog else {"totalShards": 10000})}

    def split(variation: str, shards: list, serial: int | None = None) -> dict:
        return {"variationKey": variation, "shards": shards, **({"serialId": serial} if datadog and serial else {})}

    def rule(attribute: str, operator: str, value) -> list:
        return [{"conditions": [{"attribute": attribute, "operator": operator, "value": value}]}]

    colors = {"blue": "blue", "red": "red"}
    return {"createdAt": "2026-01-01T00:00:00Z", "format": "SERVER", "environment": {"name": "peers"}, "flags": {
        "peer-string": flag("peer-string", "STRING", colors, [
            {"key": "eu-users", "doLog": True, "rules": rule("country", "ONE_OF", ["FR", "DE"]),
             "splits": [split("blue", [])]},
            {"key": "everyone", "doLog": False, "splits": [split("red", [])]}]),
        "peer-bool": flag("peer-bool", "BOOLEAN", {"on": True, "off": False}, [
            {"key": "rollout", "doLog": True, "splits": [split("on", [shard("peer-bool", 0, 5000)], 11),
                                                          split("off", [shard("peer-bool", 5000, 10000)], 12)]}]),
        "peer-int": flag("peer-int", "INTEGER", {"number": number}, [
            {"key": "static-int", "doLog": False, "splits": [split("number", [])]}]),
        "peer-numeric": flag("peer-numeric", "NUMERIC", {"ratio": 2.5}, [
            {"key": "adults", "doLog": True, "rules": rule("age", "GTE", 18), "splits": [split("ratio", [])]}]),
        "peer-json": flag("peer-json", "JSON", {"object": UFC_JSON if datadog else json.dumps(UFC_JSON)}, [
            {"key": "static-json", "doLog": True, "splits": [split("object", [])]}]),
        "peer-disabled": flag("peer-disabled", "STRING", colors, [
            {"key": "never", "doLog": True, "splits": [split("blue", [])]}], enabled=False),
    }}


def ufc_requests() -> list[dict]:
    return [{"flag": flag, "type": kind, "default": UFC_DEFAULTS[kind],
             "context": {"targetingKey": key, "attributes": attributes}}
            for flag, kind in UFC_ASKED for key, attributes in UFC_SUBJECTS]


def ufc_shard(salt: str, key: str, total: int = 10000) -> int:
    """MD5 of `salt-key`, its first four bytes big-endian, modulo `total`: both vendors' shard."""
    return int.from_bytes(hashlib.md5(f"{salt}-{key}".encode()).digest()[:4], "big") % total


def burgee_ufc_results(burgee: str, fmt: str, definitions: str, requests: list[dict], directory: str) -> list[dict]:
    """`burgee eval --format FMT` on the requests: the result lines (`value`, … and the vendor's member,
    `datadog` or `eppo`)."""
    path = os.path.join(directory, f"{fmt}-requests.jsonl")
    with open(path, "w") as file:
        file.writelines(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run([burgee, "eval", "--format", fmt, "--definitions", definitions, "--requests", path],
                          capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def http(method: str, url: str, headers: dict | None = None, body: object = None) -> tuple[int, dict, object]:
    """One request with exactly these headers: (status, response headers, JSON body or None)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            raw, status, answer = response.read(), response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        raw, status, answer = error.read(), error.code, dict(error.headers)
    try:
        return status, answer, json.loads(raw) if raw else None
    except ValueError:
        return status, answer, raw


def datadog_sdk_peer() -> int:
    """`peers.py --datadog-sdk`: ddtrace's OpenFeature provider in a process of its own, configured
    by the environment the parent gives it (ddtrace reads it on import). Answers one JSON line on
    standard output per line on standard input: first `{"ready", "error"}`, then for
    `{"evaluate": [request, …]}` the results `{"value", "variant", "reason", "errorCode",
    "allocationKey", "doLog", "serialId"}`, for `{"stop": true}` `{"stopped"}` after the provider's shutdown
    (which flushes the exposures); every answer carries the SDK's warnings so far."""
    answers = sys.stdout
    sys.stdout = sys.stderr  # whatever the SDK prints stays off the answers
    log = SDKLog()
    logging.basicConfig(level=logging.WARNING, handlers=[log, logging.StreamHandler(sys.stderr)])

    def answer(body: dict) -> None:
        answers.write(json.dumps({**body, "warnings": log.messages}, default=str) + "\n")
        answers.flush()

    from ddtrace.openfeature import DataDogProvider
    from openfeature import api
    from openfeature.evaluation_context import EvaluationContext

    try:
        api.set_provider_and_wait(DataDogProvider())
        answer({"ready": True, "error": None})
    except Exception as error:
        answer({"ready": False, "error": repr(error)})
    client = api.get_client()
    getters = {"STRING": client.get_string_details, "BOOLEAN": client.get_boolean_details,
               "INTEGER": client.get_integer_details, "NUMERIC": client.get_float_details,
               "JSON": client.get_object_details}

    def name(value: object) -> object:
        return getattr(value, "value", value)

    for line in sys.stdin:
        command = json.loads(line)
        if command.get("stop"):
            api.shutdown()
            answer({"stopped": True})
            return 0
        results = []
        for r in command["evaluate"]:
            context = EvaluationContext(targeting_key=r["context"]["targetingKey"], attributes=r["context"]["attributes"])
            d = getters[r["type"]](r["flag"], r["default"], context)
            metadata = d.flag_metadata or {}
            results.append({"value": d.value, "variant": d.variant, "reason": name(d.reason),
                            "errorCode": name(d.error_code), "allocationKey": metadata.get("allocation_key"),
                            "doLog": bool(metadata.get("__dd_do_log")), "serialId": metadata.get("__dd_split_serial_id")})
        answer({"results": results})
    return 0


class DatadogSDK:
    """The child process of `datadog_sdk_peer`; `ask` sends a command and waits for its answer."""

    def __init__(self, environment: dict, log_path: str) -> None:
        self.log = open(log_path, "w")
        self.process = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--datadog-sdk"], env=environment,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.answers: "queue.Queue[dict]" = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.warnings: list[str] = []

    def _read(self) -> None:
        for line in self.process.stdout:
            self.answers.put(json.loads(line))

    def next_answer(self) -> dict:
        answer = self.answers.get(timeout=2 * WAIT)
        self.warnings = answer.get("warnings", [])
        return answer

    def ask(self, command: dict) -> dict:
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self.next_answer()

    def evaluate(self, requests: list[dict]) -> list[dict]:
        return self.ask({"evaluate": requests})["results"]

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.ask({"stop": True})
                self.process.wait(timeout=5)
            except Exception:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


def exposure_summaries(server: Server) -> tuple[int, int]:
    """The exposure posts and exposures the server's summary lines report, added up."""
    posts = exposures = 0
    for line in server.summaries():
        match = re.search(r"Datadog: (\d+) exposure posts? \((\d+) exposures?\)", line)
        if match:
            posts, exposures = posts + int(match.group(1)), exposures + int(match.group(2))
    return posts, exposures


def run_datadog(c: Checks, burgee: str, directory: str) -> None:
    path = os.path.join(directory, "datadog.json")
    write_json(path, ufc_document("datadog", 7))
    # One server is ddtrace's configuration CDN (ddtrace sends no DD-API-KEY to a custom base URL;
    # a key that is sent must be right) and its Agent (GET /info, and the EVP proxy, which needs no
    # key: the Agent adds it).
    server = Server(burgee, path, "datadog")
    sdk = None
    try:
        common_checks(c, server, "datadog", "datadog")
        configuration = server.base + "/api/v2/feature-flagging/config/rules-based/server"
        answers = [http("GET", configuration), http("GET", configuration, {"DD-API-KEY": "wrong-key"}),
                   http("GET", configuration, {"DD-API-KEY": KEY})]
        statuses = [status for status, _, _ in answers]
        c.check("datadog: the configuration without DD-API-KEY gets 200 (ddtrace sends none to a custom base URL), "
                "with a wrong one 403, with the key 200", statuses == [200, 403, 200], statuses)

        def envelope(body: object) -> bool:
            data = body.get("data", {}) if isinstance(body, dict) else {}
            return data.get("type") == "universal-flag-configuration" and data.get("attributes") == ufc_document("datadog", 7)

        c.check("datadog: without DD-API-KEY and with it, it is the raw file in the CDN's JSON:API envelope",
                envelope(answers[0][2]) and envelope(answers[2][2]),
                [(status, str(body)[:200]) for status, _, body in (answers[0], answers[2])])
        etags = [answers[0][1].get("ETag"), answers[2][1].get("ETag")]
        etag = etags[1]
        statuses = [http("GET", configuration, {"If-None-Match": etag or ""})[0],
                    http("GET", configuration, {"DD-API-KEY": KEY, "If-None-Match": etag or ""})[0]]
        c.check("datadog: If-None-Match with its ETag gets 304, without DD-API-KEY and with it",
                bool(etag) and etags[0] == etag and statuses == [304, 304], (etags, statuses))
        status, _, info = http("GET", server.base + "/info")
        info = info if isinstance(info, dict) else {}
        allowed = {str(header).lower() for header in info.get("evp_proxy_allowed_headers") or []}
        c.check("datadog: GET /info (no key) answers 200 as the Agent, /evp_proxy/v2/ among its endpoints and the "
                "EVP origin headers allowed",
                status == 200 and "/evp_proxy/v2/" in (info.get("endpoints") or [])
                and {"dd-evp-origin", "dd-evp-origin-version"} <= allowed, (status, info))
        agentless, agent = server.base + "/api/v2/exposures", server.base + "/evp_proxy/v2/api/v2/exposures"
        batch = {"context": {"service": "peers"}, "exposures": [
            {"timestamp": 1, "allocation": {"key": "a"}, "flag": {"key": "peer-manual"}, "variant": {"key": "v"},
             "subject": {"id": "s-0", "attributes": {}}}]}
        json_type = {"Content-Type": "application/json"}
        statuses = [http("POST", agentless, json_type, batch)[0],
                    http("POST", agentless, {**json_type, "DD-API-KEY": "wrong-key"}, batch)[0],
                    http("POST", agent, json_type, batch)[0],
                    http("POST", agentless, {**json_type, "DD-API-KEY": KEY}, batch)[0]]
        c.check("datadog: agentless exposures need DD-API-KEY (403, 403), the Agent path its EVP subdomain (400); "
                "one agentless post accepted (202)", statuses == [403, 403, 400, 202], statuses)

        environment = {k: v for k, v in os.environ.items() if not k.startswith(("DD_", "OTEL_"))}
        environment.update({
            "DD_FEATURE_FLAGS_CONFIGURATION_SOURCE": "agentless",
            "DD_FEATURE_FLAGS_CONFIGURATION_SOURCE_AGENTLESS_BASE_URL": server.base,  # an origin: ddtrace adds the path
            "DD_FEATURE_FLAGS_CONFIGURATION_SOURCE_AGENTLESS_POLL_INTERVAL_SECONDS": "1",  # whole seconds
            "DD_EXPERIMENTAL_FLAGGING_PROVIDER_INITIALIZATION_TIMEOUT_MS": str(int(WAIT * 1000)),
            "DD_TRACE_AGENT_URL": server.base, "DD_FFE_INTAKE_HEARTBEAT_INTERVAL": "0.2",
            "DD_FLAGGING_EVALUATION_COUNTS_ENABLED": "false", "DD_REMOTE_CONFIGURATION_ENABLED": "false",
            "DD_INSTRUMENTATION_TELEMETRY_ENABLED": "false", "DD_TRACE_STARTUP_LOGS": "false",
            "DD_SERVICE": "peers", "DD_ENV": "peers-env", "DD_VERSION": "1.2.3",
        })  # no DD_API_KEY: nothing may go to Datadog's own intake
        sdk = DatadogSDK(environment, os.path.join(directory, "datadog-sdk.log"))
        started = sdk.next_answer()
        c.check("datadog: ddtrace's provider gets ready from the agentless base URL (the keyed server)",
                started.get("ready") is True,
                started)

        requests = ufc_requests()
        first, second = sdk.evaluate(requests), sdk.evaluate(requests)
        want = [line.get("datadog") or {} for line in burgee_ufc_results(burgee, "datadog", path, requests, directory)]
        fields = ("value", "variant", "reason", "errorCode", "allocationKey", "doLog", "serialId")
        differing = [(r["flag"], r["type"], r["context"]["targetingKey"], field, g.get(field), w.get(field))
                     for r, g, w in zip(requests, first, want) for field in fields if g.get(field) != w.get(field)]
        c.check(f"datadog: ddtrace and burgee eval agree on {len(requests)} evaluations (value, variant, reason, "
                "error, allocation, doLog, serial id)", len(want) == len(requests) and not differing, differing[:4] or len(want))
        c.check("datadog: ... and evaluating them again gives the same", second == first)
        got = {(r["flag"], r["type"], g["reason"], g["errorCode"]) for r, g in zip(requests, first)}
        reasons = {(flag, reason, error) for flag, _, reason, error in got}
        c.check("datadog: the evaluations cover TARGETING_MATCH, STATIC, SPLIT, DEFAULT, DISABLED, FLAG_NOT_FOUND "
                "and TYPE_MISMATCH",
                {(f, r) for f, r, _ in reasons} >= {("peer-string", "TARGETING_MATCH"), ("peer-string", "STATIC"),
                                                    ("peer-bool", "SPLIT"), ("peer-numeric", "DEFAULT"),
                                                    ("peer-disabled", "DISABLED")}
                and {e for *_, e in reasons} >= {"FLAG_NOT_FOUND", "TYPE_MISMATCH"}, sorted(map(str, reasons)))
        bools = {r["context"]["targetingKey"]: g["variant"] for r, g in zip(requests, first) if r["flag"] == "peer-bool"}
        by_hash = {key: "on" if ufc_shard("peer-bool", key) < 5000 else "off" for key, _ in UFC_SUBJECTS}
        c.check("datadog: the 50/50 split follows MD5('peer-bool-' + key), both halves served",
                bools == by_hash and set(bools.values()) == {"on", "off"}, (bools, by_hash))

        expected = {}  # (flag, subject) → the exposure burgee eval says the provider enqueues
        for r, w in zip(requests, want):
            if w.get("doLog") and w.get("exposure"):
                expected[(r["flag"], r["context"]["targetingKey"])] = w["exposure"]
        logged_allocations = {exposure["allocation"]["key"] for exposure in expected.values()}
        c.check("datadog: exposures are due for doLog allocations only", logged_allocations == UFC_LOGGED,
                sorted(logged_allocations))
        want_flags = {"peer-manual": 1}
        for flag, _ in expected:
            want_flags[flag] = want_flags.get(flag, 0) + 1
        total = len(expected) + 1

        def delivered():
            stats = server.stats()
            return stats if stats["exposures"] >= total else None

        stats = eventually(delivered) or server.stats()
        time.sleep(0.5)  # two more flush intervals: nothing else may come
        stats = server.stats()
        c.check(f"datadog: GET /events/stats counts the exposures exactly, deduplicated ({len(expected)} from "
                f"{2 * len(requests)} evaluations, + 1 agentless)",
                stats["exposures"] == total and stats["flags"] == want_flags, stats)
        status, listed = server.get("/events")
        posts = listed if status == 200 else []
        sdk_posts = [post for post in posts if post["path"] == "/evp_proxy/v2/api/v2/exposures"]
        posted = {}
        for post in sdk_posts:
            for exposure in post["body"]["exposures"]:
                posted[(exposure["flag"]["key"], exposure["subject"]["id"])] = {
                    k: v for k, v in exposure.items() if k != "timestamp"}
        c.check("datadog: ddtrace found the Agent's EVP proxy through GET /info, its exposures came through it, "
                "each the one burgee eval describes",
                len(posts) == stats["posts"] == len(sdk_posts) + 1 and posted == expected,
                [(k, posted.get(k), v) for k, v in expected.items() if posted.get(k) != v][:2] or len(posts))
        contexts = [post["body"].get("context") for post in sdk_posts]
        c.check("datadog: their context is DD_SERVICE, DD_ENV and DD_VERSION",
                bool(contexts) and all(x == {"service": "peers", "env": "peers-env", "version": "1.2.3"}
                                       for x in contexts), contexts[:1])

        write_json(path, ufc_document("datadog", 8))
        probe = [r for r in requests if r["flag"] == "peer-int" and r["type"] == "INTEGER"][:1]
        seen = eventually(lambda: sdk.evaluate(probe)[0]["value"] == 8)
        c.check("datadog: ddtrace sees the rewritten file (polling every second, with If-None-Match)", bool(seen))
        sdk.stop()
        totals = eventually(lambda: exposure_summaries(server) == (stats["posts"], stats["exposures"]))
        c.check("datadog: the summary lines add up to the exposure posts and exposures counted",
                bool(totals), (exposure_summaries(server), stats))
        summary_check(c, server, "datadog", "Datadog: ")
        errors = [m for m in sdk.warnings if re.search(r"\b(40[0-9]|41[0-9]|5[0-9][0-9])\b", m)]
        c.check("datadog: ddtrace logged no HTTP error", not errors and sdk.process.returncode == 0,
                (errors[:3], sdk.process.returncode))
    finally:
        if sdk is not None:
            sdk.stop()
        server.stop()


def run_eppo(c: Checks, burgee: str, directory: str) -> None:
    import eppo_client
    from eppo_client.config import AssignmentLogger, Config

    SDK_LOG.messages.clear()
    path = os.path.join(directory, "eppo.json")
    write_json(path, ufc_document("eppo", 7))
    server = Server(burgee, path, "eppo")
    client = None
    try:
        common_checks(c, server, "eppo", "eppo")
        configuration = server.base + "/api/flag-config/v1/config"
        statuses = [http("GET", configuration)[0], http("GET", configuration + "?apiKey=wrong-key")[0]]
        c.check("eppo: the configuration without apiKey, or with a wrong one, gets 401", statuses == [401, 401], statuses)
        status, headers, body = http("GET", f"{configuration}?apiKey={KEY}&sdkName=peers&sdkVersion=1")
        c.check("eppo: with apiKey it is the file as it is", status == 200 and body == ufc_document("eppo", 7),
                (status, str(body)[:200]))
        etag = headers.get("ETag")
        status = http("GET", f"{configuration}?apiKey={KEY}", {"If-None-Match": etag or ""})[0]
        c.check("eppo: If-None-Match with its ETag gets 304", bool(etag) and status == 304, (etag, status))

        class Logged(AssignmentLogger):
            def __init__(self) -> None:
                super().__init__()
                self.events: list[dict] = []

            def log_assignment(self, event: dict) -> None:
                self.events.append(event)

        logger = Logged()
        client = eppo_client.init(Config(api_key=KEY, base_url=server.base + "/api", assignment_logger=logger,
                                         poll_interval_seconds=1, poll_jitter_seconds=0))
        c.check("eppo: the client initializes from the server's /api", bool(eventually(client.is_initialized)))
        getters = {"STRING": client.get_string_assignment_details, "BOOLEAN": client.get_boolean_assignment_details,
                   "INTEGER": client.get_integer_assignment_details, "NUMERIC": client.get_numeric_assignment_details,
                   "JSON": client.get_json_assignment_details}

        def assign(r: dict) -> dict:
            before = len(logger.events)
            result = getters[r["type"]](r["flag"], r["context"]["targetingKey"], r["context"]["attributes"], r["default"])
            details = result.evaluation_details or {}
            matched = [a["key"] for a in details.get("allocations") or [] if a.get("allocationEvaluationCode") == "MATCH"]
            return {"value": result.variation, "variationKey": details.get("variationKey"),
                    "flagEvaluationCode": details.get("flagEvaluationCode"),
                    "allocationKey": matched[0] if matched else None, "events": logger.events[before:]}

        requests = ufc_requests()
        got = [assign(r) for r in requests]
        lines = burgee_ufc_results(burgee, "eppo", path, requests, directory)
        want, want_values = [line.get("eppo") or {} for line in lines], [line.get("value") for line in lines]
        differing = [(r["flag"], r["type"], r["context"]["targetingKey"], field, g.get(field), w.get(field))
                     for r, g, w in zip(requests, got, want)
                     for field in ("variationKey", "flagEvaluationCode", "allocationKey") if g.get(field) != w.get(field)]
        differing += [(r["flag"], r["type"], r["context"]["targetingKey"], "value", g["value"], v)
                      for r, g, v in zip(requests, got, want_values) if g["value"] != v]
        c.check(f"eppo: Eppo's SDK and burgee eval agree on {len(requests)} assignments (value, variation, "
                "evaluation code, allocation)", len(want) == len(requests) and not differing, differing[:4] or len(want))
        codes = {g["flagEvaluationCode"] for g in got}
        c.check("eppo: the assignments cover MATCH, DEFAULT_ALLOCATION_NULL, FLAG_UNRECOGNIZED_OR_DISABLED and "
                "TYPE_MISMATCH", codes >= {"MATCH", "DEFAULT_ALLOCATION_NULL", "FLAG_UNRECOGNIZED_OR_DISABLED",
                                           "TYPE_MISMATCH"}, sorted(map(str, codes)))
        bools = {r["context"]["targetingKey"]: g["variationKey"] for r, g in zip(requests, got) if r["flag"] == "peer-bool"}
        by_hash = {key: "on" if ufc_shard("peer-bool", key) < 5000 else "off" for key, _ in UFC_SUBJECTS}
        c.check("eppo: the 50/50 split follows MD5('peer-bool-' + key), both halves served",
                bools == by_hash and set(bools.values()) == {"on", "off"}, (bools, by_hash))
        json_values = {json.dumps(g["value"]) for r, g in zip(requests, got) if r["flag"] == "peer-json"}
        c.check("eppo: the JSON flag's string is served parsed", json_values == {json.dumps(UFC_JSON)}, json_values)

        def event(e: dict) -> dict:
            return {k: e.get(k) for k in ("featureFlag", "allocation", "experiment", "variation", "subject",
                                          "subjectAttributes")}

        wrong = [(r["flag"], r["context"]["targetingKey"], [event(e) for e in g["events"]], w.get("assignmentEvent"))
                 for r, g, w in zip(requests, got, want)
                 if [event(e) for e in g["events"]] != ([event(w["assignmentEvent"])] if w.get("doLog") else [])]
        logged = {e["allocation"] for g in got for e in g["events"]}
        c.check(f"eppo: the assignment logger got one event per assignment of a doLog allocation "
                f"({sum(len(g['events']) for g in got)}), as burgee eval describes it",
                not wrong and logged == UFC_LOGGED, wrong[:2] or sorted(logged))

        write_json(path, ufc_document("eppo", 8))
        probe = [r for r in requests if r["flag"] == "peer-int" and r["type"] == "INTEGER"][0]
        seen = eventually(lambda: assign(probe)["value"] == 8)
        c.check("eppo: the client sees the rewritten file (polling every second)", bool(seen))
        c.check("eppo: the SDK logged no HTTP error", not SDK_LOG.http_errors(), SDK_LOG.http_errors()[:3])
        summary_check(c, server, "eppo", "requests")
        client.shutdown()
        client = eppo_client.init(Config(api_key="wrong-key", base_url=server.base + "/api",
                                         assignment_logger=AssignmentLogger(), poll_interval_seconds=1,
                                         poll_jitter_seconds=0))
        refused = eventually(lambda: any("not authorized" in m for m in SDK_LOG.messages))
        c.check("eppo: a client with a wrong key is refused (401: 'not authorized') and stays uninitialized",
                bool(refused) and not client.is_initialized(), SDK_LOG.messages[-3:])
    finally:
        if client is not None:
            try:
                client.shutdown()
            except Exception:
                pass
        server.stop()


def main() -> int:
    if sys.argv[1:] == ["--datadog-sdk"]:  # the child process of run_datadog
        return datadog_sdk_peer()
    runs = {"unleash": run_unleash, "launchdarkly": run_launchdarkly, "split": run_split, "ofrep": run_ofrep,
            "datadog": run_datadog, "eppo": run_eppo}
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burgee", required=True, help="the burgee binary")
    parser.add_argument("--only", choices=list(runs), action="append", help="run only these (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="show the SDKs' logs")
    parser.add_argument("--relay", action="store_true",
                        help="the SDKs talk to a burgee serve relaying from another that serves the file")
    arguments = parser.parse_args()
    Server.relay = arguments.relay
    console = logging.StreamHandler()
    console.setLevel(logging.INFO if arguments.verbose else logging.CRITICAL)
    logging.basicConfig(level=logging.INFO if arguments.verbose else logging.WARNING, handlers=[console, SDK_LOG])
    burgee = os.path.abspath(arguments.burgee)
    started = time.monotonic()
    c = Checks()
    with tempfile.TemporaryDirectory(prefix="burgee-peers-") as directory:
        for name, run in runs.items():
            if arguments.only and name not in arguments.only:
                continue
            try:
                run(c, burgee, directory)
            except Exception as error:  # a run that breaks is a failure, and the next run still runs
                c.check(f"{name}: run completed", False, repr(error))
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
