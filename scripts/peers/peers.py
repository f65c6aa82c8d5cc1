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
  two rounds (the SDK keeps its events on); a payload filter is refused with 400.
- Split (splitio_client): a polling client (streaming off, its SDK, events, auth and telemetry URLs
  the server's `/api`) evaluates every flag for a set of keys, and its treatments and configs are
  compared with `burgee eval --format split` on the same file; the client sees the rewritten file
  (and a key added to a segment), and so does a streaming client polling once an hour, through
  `/event-stream`'s notifications; its impressions, impression counts and tracked events reach the
  server's `/api/testImpressions/*` and `/api/events/bulk`, counted exactly.
- OFREP over native definitions (openfeature-sdk with openfeature-provider-ofrep): flags are
  evaluated, the change is seen, and native event batches posted to `POST /events` are counted.

Every run checks `GET /status`, a wrong key (401) and an unknown route (404 with the key), and
that the server's summary line reports the traffic. Prints one line per check and last
`N passed, M failed`; exits 1 on any failure. Every server is killed on every path.

Run with the venv that scripts/difftest/setup.sh makes (its requirements.txt pins these SDKs):

    .build/difftest-venv/bin/python scripts/peers/peers.py --burgee .build/debug/burgee
"""

from __future__ import annotations

import argparse
import atexit
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
    """`burgee serve` on a free loopback port; `stop()` kills it, and so does exit."""

    live: list["Server"] = []

    def __init__(self, burgee: str, definitions: str, fmt: str) -> None:
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.output: list[str] = []
        self.process = subprocess.Popen(
            [burgee, "serve", "--definitions", definitions, "--format", fmt, "--port", "0",
             "--sdk-key", KEY, "--summary-interval", "0.5"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        Server.live.append(self)
        threading.Thread(target=self._read, daemon=True).start()
        self.base = None
        deadline = time.monotonic() + WAIT
        while self.base is None and time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
            if match:
                self.base = match.group(1)
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
        c.check("launchdarkly: a payload filter is refused with 400 and a message",
                status == 400 and "filter" in body.get("message", ""), (status, body))
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burgee", required=True, help="the burgee binary")
    parser.add_argument("--only", choices=["unleash", "launchdarkly", "split", "ofrep"], action="append",
                        help="run only these (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="show the SDKs' logs")
    arguments = parser.parse_args()
    console = logging.StreamHandler()
    console.setLevel(logging.INFO if arguments.verbose else logging.CRITICAL)
    logging.basicConfig(level=logging.INFO if arguments.verbose else logging.WARNING, handlers=[console, SDK_LOG])
    burgee = os.path.abspath(arguments.burgee)
    started = time.monotonic()
    c = Checks()
    runs = {"unleash": run_unleash, "launchdarkly": run_launchdarkly, "split": run_split, "ofrep": run_ofrep}
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
