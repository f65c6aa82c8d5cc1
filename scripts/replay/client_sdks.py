#!/usr/bin/env python3
# Copyright the Burgee authors. Licensed under the Apache License, Version 2.0.
"""Replays the vendors' client SDKs' HTTP requests against `burgee serve`, byte for byte, over loopback.

Each request is written out as raw HTTP/1.1 on a TCP socket (request line, headers in their order,
query encoding and body exactly as the SDK sends them), to a `burgee serve` of its own on a free
port, and the answer's status, headers and evaluated flags are checked. The Swift tests in
Tests/BurgeeServerTests replay the same requests with the same expectations; this script ports them
so that the binary, as built, is checked from outside:

- unleash_swift: Unleash's Swift frontend SDK (`unleash-proxy-client-swift`, as
  UnleashSwiftClientReplayTests pins it): `GET /api/frontend?…` with the context in the query, each key
  and value percent-encoded but RFC 3986's unreserved characters (`properties%5Bcountry%5D`), in a
  dictionary's order; the raw client key as `Authorization`; an empty `If-None-Match` until an `ETag`
  came; then the same query in another order (304), a context change, raw brackets; and its metrics
  posted to `/api/frontend/client/metrics`, counted at `GET /events/stats`. The `features` document
  is UnleashFrontendTests'.
- launchdarkly_mobile, launchdarkly_javascript: LaunchDarkly's mobile (iOS, Android) and JavaScript
  client-side SDKs, as the Relay Proxy serves them (LaunchDarklyClientSideTests): `GET …/evalx/…/contexts/`
  with the context's JSON in base64url, padded (mobile) or not (JavaScript); `REPORT` with the context
  as body, with or without `Content-Type`; `?withReasons=true`; ETag and 304; CORS and the `OPTIONS`
  preflight; mobile keys, environment IDs and secure mode's `h`; the streams (`/meval/…`, `REPORT
  /eval/{envId}`), a put then another after the file changes; the event posts, counted by SDK and kind.
- split_thin: Split's (Harness FME's) thin client (`splitio/ios-thin-client`, as SplitThinClientTests
  pins it): `GET /api/v3/auth` with the SDK key, a token whose payload reads as padded standard base64,
  then `POST /api/evaluations?since=N` with the token and a sorted-key body; 304 at the same change number.
- datadog_ios: Datadog's iOS flags SDK (`dd-sdk-ios`, the `source` its body names; DatadogPrecomputeTests):
  `POST /precompute-assignments` in JSON:API, its `dd-client-token`, and its exposures as lines of JSON
  posted to `/api/v2/exposures?ddsource=ios` with the token as `DD-API-KEY`, counted by flag.
- eppo_precomputed: Eppo's precomputed JavaScript client (EppoPrecomputeTests): `POST /assignments?apiKey=…`
  with `{"subject_key","subject_attributes"}`, answered obfuscated (keys MD5 of salt and key, values base64).

Prints one line per check and last `N passed, M failed`; exits 1 on any failure. Every server is
killed on every path. Standard library only:

    python3 scripts/replay/client_sdks.py --burgee .build/debug/burgee [--only split_thin]
"""

from __future__ import annotations

import argparse
import atexit
import base64
import hashlib
import hmac
import json
import os
import queue
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

WAIT = 10.0  # seconds: the longest a server start, an answer or a stream event is waited for


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


class Server:
    """`burgee serve --format F --definitions FILE OPTIONS` on a free loopback port; killed by `stop()`
    and at exit. `rewrite` replaces the file as a whole; the server reads it again within 250 ms."""

    live: list["Server"] = []

    def __init__(self, burgee: str, directory: str, fmt: str, document: str, *options: str) -> None:
        self.path = os.path.join(directory, f"{fmt}-{len(Server.live)}-{time.monotonic_ns()}.json")
        self.rewrite(document)
        self.output: list[str] = []
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.process = subprocess.Popen(
            [burgee, "serve", "--format", fmt, "--definitions", self.path, "--port", "0",
             "--summary-interval", "0", "--no-explorer", *options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        Server.live.append(self)
        threading.Thread(target=self._read, daemon=True).start()
        self.port = None
        deadline = time.monotonic() + WAIT
        while self.port is None and time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            match = re.match(r"Serving \S+ definitions from .* at http://127\.0\.0\.1:(\d+)", line)
            if match:
                self.port = int(match.group(1))
        if self.port is None:
            self.stop()
            raise RuntimeError("burgee serve did not start: " + " | ".join(self.output))

    def _read(self) -> None:
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            self.lines.put(line)

    def rewrite(self, document: str) -> None:
        with open(self.path + ".tmp", "w") as file:
            file.write(document)
        os.replace(self.path + ".tmp", self.path)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        if self in Server.live:
            Server.live.remove(self)

    def raw(self, request: str | bytes) -> "Answer":
        """Sends the request as it is and reads the answer until the server closes."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=WAIT) as connection:
            connection.sendall(request.encode() if isinstance(request, str) else request)
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
        return Answer(received)

    def send(self, method: str, target: str, headers: list[tuple[str, str]] = (), body: str | bytes | None = None) -> "Answer":
        """The request as an HTTP client writes it: Host, the headers given, Content-Length for a body."""
        data = body.encode() if isinstance(body, str) else body
        head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers)
        head += (f"Content-Length: {len(data)}\r\n" if data is not None else "") + "Connection: close\r\n\r\n"
        return self.raw(head.encode() + (data or b""))

    def stats(self, key: str | None = None) -> dict:
        return self.send("GET", "/events/stats", [("Authorization", key)] if key else []).json()


@atexit.register
def _kill_servers() -> None:
    for server in list(Server.live):
        server.stop()


def dechunk(data: bytes) -> tuple[bytes, bytes]:
    """The complete chunks' payload, and what is left of `data` after them."""
    payload = b""
    while (end := data.find(b"\r\n")) >= 0:
        size = int(data[:end].split(b";")[0], 16)
        if len(data) < end + 2 + size + 2:
            break
        payload += data[end + 2:end + 2 + size]
        data = data[end + 4 + size:]
        if size == 0:
            break
    return payload, data


class Answer:
    """An HTTP/1.1 answer: its status line, headers and body (de-chunked)."""

    def __init__(self, received: bytes) -> None:
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status_line = lines[0]
        self.status = int(lines[0].split(" ")[1]) if lines[0].startswith("HTTP/1.1 ") else 0
        self.headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
        self.body = dechunk(body)[0] if (self.header("transfer-encoding") or "").lower() == "chunked" else body

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    def json(self) -> object:
        return json.loads(self.body)

    def __repr__(self) -> str:
        return f"{self.status_line!r} {self.body[:300]!r}"


class Stream:
    """A Server-Sent Events answer, read event by event as it arrives."""

    def __init__(self, server: Server, request: bytes) -> None:
        self.connection = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        self.connection.sendall(request)
        self.pending = b""
        while b"\r\n\r\n" not in self.pending:
            self._receive()
        head, _, self.pending = self.pending.partition(b"\r\n\r\n")
        self.answer = Answer(head + b"\r\n\r\n")
        self.chunked = (self.answer.header("transfer-encoding") or "").lower() == "chunked"
        self.text = b""

    def _receive(self) -> None:
        data = self.connection.recv(65536)
        if not data:
            raise EOFError("the stream closed")
        self.pending += data

    def next_event(self) -> tuple[str, dict]:
        """The next event with data (comments and heartbeats skipped): its name and data as JSON;
        ("", {}) when none comes within WAIT seconds or the stream ends."""
        try:
            name, data = self._next()
            return name, json.loads(data)
        except (OSError, EOFError, ValueError):
            return "", {}

    def _next(self) -> tuple[str, str]:
        while True:
            payload, self.pending = dechunk(self.pending) if self.chunked else (self.pending, b"")
            self.text += payload
            while b"\n\n" in self.text:
                block, _, self.text = self.text.partition(b"\n\n")
                name, data = "message", []
                for line in block.decode().split("\n"):
                    field, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    if field == "event":
                        name = value
                    elif field == "data":
                        data.append(value)
                if data:
                    return name, "\n".join(data)
            self._receive()

    def close(self) -> None:
        self.connection.close()


def names(answer: Answer) -> list[str] | None:
    try:
        return [toggle["name"] for toggle in answer.json()["toggles"]]
    except (ValueError, KeyError, TypeError):
        return None


# Unleash's Swift frontend SDK ---------------------------------------------------------------------

UNLEASH_FEATURES = """{"version":1,"features":[
  {"name":"on","enabled":true,"impressionData":true,"strategies":[{"name":"default"}]},
  {"name":"off","enabled":false,"strategies":[{"name":"default"}]},
  {"name":"user-7","enabled":true,"strategies":[{"name":"userWithId","parameters":{"userIds":"7,8"}}]},
  {"name":"french","enabled":true,"strategies":[{"name":"default",
    "constraints":[{"contextName":"country","operator":"IN","values":["FR"]}]}]},
  {"name":"prod-app","enabled":true,"strategies":[{"name":"default","constraints":[
    {"contextName":"environment","operator":"IN","values":["prod"]},
    {"contextName":"appName","operator":"IN","values":["my app"]}]}]},
  {"name":"blue","enabled":true,"strategies":[{"name":"default"}],
   "variants":[{"name":"blue","weight":1000,"stickiness":"default","payload":{"type":"string","value":"b"}}]}
]}"""
UNLEASH_KEY = "*:development.frontend"
UNLEASH_HEADERS = ("unleash-appname: my app\r\nunleash-connection-id: 0E0B8A2C-6C0B-4C4A-9A62-5B1B1E6A5C11\r\n"
                   "unleash-sdk: unleash-client-swift:2.2.0\r\n")


def unleash_swift(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "unleash", UNLEASH_FEATURES, "--frontend-key", UNLEASH_KEY)

    def poll(query: str, etag: str, authorization: str = f"Authorization: {UNLEASH_KEY}\r\n") -> Answer:
        return server.raw(f"GET /api/frontend?{query} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                          f"Content-Type: application/json\r\n{authorization}If-None-Match: {etag}\r\n"
                          f"{UNLEASH_HEADERS}Accept: */*\r\nConnection: close\r\n\r\n")

    first = poll("appName=my%20app&properties%5Bcountry%5D=FR&userId=7&environment=prod", "")
    c.check("unleash_swift: the first poll (empty If-None-Match) is 200 OK", first.status_line == "HTTP/1.1 200 OK", first)
    c.check("unleash_swift: its toggles are those enabled for appName, country, userId and environment",
            names(first) == ["blue", "french", "on", "prod-app", "user-7"], names(first))
    etag = first.header("etag")
    c.check("unleash_swift: the answer carries an ETag", bool(etag), first.headers)
    second = poll("userId=7&environment=prod&properties%5Bcountry%5D=FR&appName=my%20app", etag or "")
    c.check("unleash_swift: the same context in another order with the ETag is 304 Not Modified",
            second.status_line == "HTTP/1.1 304 Not Modified" and second.body == b"", second)
    changed = poll("appName=my%20app&userId=9", etag or "")
    c.check("unleash_swift: a changed context (updateContext) is 200 with its toggles",
            changed.status_line == "HTTP/1.1 200 OK" and names(changed) == ["blue", "on"], (changed.status_line, names(changed)))
    raw = poll("properties[country]=FR", "")
    c.check("unleash_swift: raw brackets read as the encoded ones", b'"name":"french"' in raw.body, raw)
    keyless = poll("userId=7", "", authorization="")
    c.check("unleash_swift: without the frontend key the poll is 401", keyless.status == 401, keyless)

    body = ('{"appName":"my app","instanceId":"swift","bucket":{"start":"2025-01-01T00:00:00.000Z",'
            '"stop":"2025-01-01T00:00:30.000Z","toggles":{"blue":{"yes":3,"no":0,"variants":{"blue":3}},'
            '"off":{"yes":0,"no":2,"variants":{}}}}}')
    posted = server.raw(f"POST /api/frontend/client/metrics HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                        "Accept: application/json\r\nCache: no-cache\r\nContent-Type: application/json\r\n"
                        f"Authorization: {UNLEASH_KEY}\r\n{UNLEASH_HEADERS}"
                        f"Content-Length: {len(body.encode())}\r\nConnection: close\r\n\r\n{body}")
    c.check("unleash_swift: its metrics post is 202 Accepted", posted.status_line == "HTTP/1.1 202 Accepted", posted)
    stats = server.stats()
    toggles = {"blue": {"yes": 3, "no": 0, "variants": {"blue": 3}}, "off": {"yes": 0, "no": 2, "variants": {}}}
    c.check("unleash_swift: the metrics are counted per toggle, with variants (GET /events/stats)",
            stats.get("metrics") == 1 and stats.get("toggles") == toggles, stats)
    server.stop()


# LaunchDarkly's mobile and JavaScript SDKs --------------------------------------------------------

LD_DOCUMENT = """{"flags":{
  "both":{"key":"both","on":true,"version":7,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},
          "clientSideAvailability":{"usingMobileKey":true,"usingEnvironmentId":true}},
  "mobile":{"key":"mobile","on":true,"version":2,"variations":["x","y"],"offVariation":0,"fallthrough":{"variation":1},
            "clientSideAvailability":{"usingMobileKey":true,"usingEnvironmentId":false},"trackEvents":true},
  "server":{"key":"server","on":true,"version":3,"variations":[1,2],"offVariation":0,"fallthrough":{"variation":1},
            "clientSideAvailability":{"usingMobileKey":false,"usingEnvironmentId":false}},
  "legacy":{"key":"legacy","on":true,"version":5,"variations":[1,2],"offVariation":0,"fallthrough":{"variation":0},
            "clientSide":true,"trackEventsFallthrough":true,"debugEventsUntilDate":4102444800000,
            "prerequisites":[{"key":"both","variation":1}]},
  "vip":{"key":"vip","on":true,"version":1,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":0},
         "targets":[{"values":["u-7"],"variation":1}],"clientSide":true}
},"segments":{}}"""
LD_VIP_IS_U1 = LD_DOCUMENT.replace('"targets":[{"values":["u-7"]', '"targets":[{"values":["u-1"]')
LD_BATCH = '[{"kind":"custom","key":"k"},{"kind":"summary"}]'
LD_DIAGNOSTIC = '{"kind":"diagnostic"}'
JSON_TYPE = [("Content-Type", "application/json")]
MULTI = '{"kind":"multi","user":{"key":"u-7"},"org":{"key":"o"}}'


def encoded(context: str, padded: bool = True) -> str:
    """base64url of the context's JSON, padded (mobile SDKs) or not (JavaScript SDKs)."""
    text = base64.urlsafe_b64encode(context.encode()).decode()
    return text if padded else text.rstrip("=")


def value(answer: Answer, flag: str, field: str = "value") -> object:
    try:
        return answer.json()[flag][field]
    except (ValueError, KeyError, TypeError):
        return None


def launchdarkly_mobile(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT)
    answer = server.send("GET", "/msdk/evalx/contexts/" + encoded('{"kind":"user","key":"u-1"}'))
    expected = {"both": {"value": True, "variation": 1, "version": 7, "flagVersion": 7},
                "mobile": {"value": "y", "variation": 1, "version": 2, "flagVersion": 2, "trackEvents": True},
                "legacy": {"value": 1, "variation": 0, "version": 5, "flagVersion": 5, "trackEvents": True,
                           "trackReason": True, "reason": {"kind": "FALLTHROUGH"},
                           "debugEventsUntilDate": 4102444800000, "prerequisites": ["both"]},
                "vip": {"value": False, "variation": 0, "version": 1, "flagVersion": 1}}
    c.check("launchdarkly_mobile: GET /msdk/evalx/contexts/{padded base64url} is 200 JSON with an ETag",
            answer.status == 200 and answer.header("content-type") == "application/json" and bool(answer.header("etag")),
            answer)
    c.check("launchdarkly_mobile: it answers the mobile-visible flags in the Relay Proxy's shape",
            answer.status == 200 and answer.json() == expected, answer)
    for path, headers in [("/msdk/evalx/context", JSON_TYPE), ("/msdk/evalx/context", []), ("/msdk/evalx/user", [])]:
        report = server.send("REPORT", path, headers, MULTI)
        c.check(f"launchdarkly_mobile: REPORT {path} {'with' if headers else 'without'} Content-Type evaluates the body's "
                "multi-context", report.status == 200 and value(report, "vip") is True, report)

    # The stream and the polls' ETag, across a change of the file (vip now targets u-1).
    context = encoded('{"key":"u-1"}')
    stream = Stream(server, f"GET /meval/{context} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    event, data = stream.next_event()
    c.check("launchdarkly_mobile: GET /meval/{context} streams a put of the context's flags",
            stream.answer.status == 200 and event == "put" and data.get("vip", {}).get("value") is False, (event, data))
    first = server.send("GET", "/msdk/evalx/contexts/" + context)
    etag = first.header("etag") or ""
    again = server.send("GET", "/msdk/evalx/contexts/" + context, [("If-None-Match", etag)])
    c.check("launchdarkly_mobile: the poll's ETag answers 304", bool(etag) and again.status == 304, again)
    server.rewrite(LD_VIP_IS_U1)
    event, data = stream.next_event()
    vip = data.get("vip", {})
    c.check("launchdarkly_mobile: the stream puts the flags again when the file changes (vip true, version 2)",
            event == "put" and vip.get("value") is True and vip.get("version") == 2, (event, data))
    stream.close()
    changed = server.send("GET", "/msdk/evalx/contexts/" + context, [("If-None-Match", etag)])
    c.check("launchdarkly_mobile: the old ETag then gets 200 and the new value",
            changed.status == 200 and value(changed, "vip") is True, changed)

    paths = ["/mobile/events/bulk", "/mobile/events", "/mobile"]
    statuses = [server.send("POST", path, JSON_TYPE, LD_BATCH).status for path in paths]
    statuses.append(server.send("POST", "/mobile/events/diagnostic", JSON_TYPE, LD_DIAGNOSTIC).status)
    c.check("launchdarkly_mobile: event posts to /mobile/events/bulk, /mobile/events, /mobile and /mobile/events/diagnostic "
            "are 202", statuses == [202] * 4, statuses)
    bad = server.send("POST", "/mobile/events/bulk", JSON_TYPE, "{")
    c.check("launchdarkly_mobile: a malformed batch is 400", bad.status == 400, bad)
    stats = server.stats()
    c.check("launchdarkly_mobile: GET /events/stats counts 3 bulk posts, 1 diagnostic, by kind, all mobile",
            (stats.get("bulk"), stats.get("diagnostic"), stats.get("kinds"), stats.get("sdks"))
            == (3, 1, {"custom": 3, "summary": 3, "diagnostic": 1}, {"mobile": 4}), stats)
    events = server.send("GET", "/events").json()
    c.check("launchdarkly_mobile: GET /events lists the posts by path, in order",
            [post.get("path") for post in events] == paths + ["/mobile/events/diagnostic"], events)
    server.stop()

    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT, "--mobile-key", "mob-1", "--sdk-key", "sdk-1")
    url = "/msdk/evalx/contexts/" + encoded('{"key":"u"}')
    got = {key: server.send("GET", url, [("Authorization", key)] if key else []).status
           for key in ["", "sdk-1", "mob-2", "api_key mob-1", "mob-1"]}
    c.check("launchdarkly_mobile: with --mobile-key, only the mobile key (raw or 'api_key …') opens evalx",
            got == {"": 401, "sdk-1": 401, "mob-2": 401, "api_key mob-1": 200, "mob-1": 200}, got)
    keyless = server.send("POST", "/mobile/events/bulk", JSON_TYPE, "[]")
    c.check("launchdarkly_mobile: an event post without the mobile key is 401", keyless.status == 401, keyless)
    server.stop()

    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT, "--sdk-key", "sdk-1", "--secure-mode")
    mobile = server.send("GET", "/msdk/evalx/contexts/" + encoded('{"kind":"org","key":"o:1"}'))
    c.check("launchdarkly_mobile: secure mode does not ask the mobile SDKs for h", mobile.status == 200, mobile)
    server.stop()


def launchdarkly_javascript(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT)
    origin = [("Origin", "https://app.example")]
    answer = server.send("GET", "/sdk/evalx/env-1/contexts/" + encoded('{"key":"u-7"}', padded=False) + "?withReasons=true",
                         origin)
    flags = answer.json() if answer.status == 200 else {}
    c.check("launchdarkly_javascript: GET /sdk/evalx/{envId}/contexts/{unpadded base64url} is 200 with the "
            "environment-ID flags", sorted(flags) == ["both", "legacy", "vip"], answer)
    c.check("launchdarkly_javascript: withReasons=true gives the reasons (vip TARGET_MATCH, both FALLTHROUGH)",
            value(answer, "vip") is True and value(answer, "vip", "reason") == {"kind": "TARGET_MATCH"}
            and value(answer, "both", "reason") == {"kind": "FALLTHROUGH"}, flags)
    cors = (answer.header("access-control-allow-origin"), answer.header("access-control-expose-headers"))
    c.check("launchdarkly_javascript: the answer allows the Origin and exposes Date",
            cors == ("https://app.example", "Date"), cors)
    for path, content_type in [("/sdk/evalx/env-1/context", "application/json; charset=utf-8"),
                               ("/sdk/evalx/env-1/user", "application/json")]:
        report = server.send("REPORT", path, [("Content-Type", content_type)], MULTI)
        c.check(f"launchdarkly_javascript: REPORT {path} ({content_type}) evaluates the body's multi-context",
                report.status == 200 and value(report, "vip") is True, report)
    preflight = server.send("OPTIONS", "/sdk/evalx/env-1/context", origin)
    c.check("launchdarkly_javascript: the OPTIONS preflight is 200 with the Relay Proxy's CORS headers",
            preflight.status == 200 and preflight.header("access-control-allow-origin") == "https://app.example"
            and "REPORT" in (preflight.header("access-control-allow-methods") or "")
            and "X-LaunchDarkly-User-Agent" in (preflight.header("access-control-allow-headers") or "")
            and preflight.header("access-control-max-age") == "300", preflight.headers)

    body = '{"key":"u-7"}'
    stream = Stream(server, (f"REPORT /eval/env-1 HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json"
                             f"\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode())
    event, put = stream.next_event()
    c.check("launchdarkly_javascript: REPORT /eval/{envId} streams a put of the body's context's flags",
            stream.answer.status == 200 and event == "put" and sorted(put) == ["both", "legacy", "vip"]
            and put["vip"]["value"] is True, (event, put))
    stream.close()

    statuses = [server.send("POST", "/events/bulk/env-1", JSON_TYPE, LD_BATCH).status,
                server.send("POST", "/events/diagnostic/env-1", JSON_TYPE, LD_DIAGNOSTIC).status]
    c.check("launchdarkly_javascript: event posts to /events/bulk/{envId} and /events/diagnostic/{envId} are 202",
            statuses == [202, 202], statuses)
    stats = server.stats()
    c.check("launchdarkly_javascript: GET /events/stats counts them by kind, as the JavaScript SDK's",
            (stats.get("bulk"), stats.get("diagnostic"), stats.get("kinds"), stats.get("sdks"))
            == (1, 1, {"custom": 1, "summary": 1, "diagnostic": 1}, {"javascript": 2}), stats)
    server.stop()

    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT, "--environment-id", "env-1")
    context = encoded('{"key":"u"}', padded=False)
    got = [server.send("GET", f"/sdk/evalx/{env}/contexts/{context}").status for env in ["env-1", "env-2"]]
    got.append(server.send("POST", "/events/bulk/env-2", JSON_TYPE, "[]").status)
    c.check("launchdarkly_javascript: with --environment-id env-1, env-1 is 200, env-2 404 (evalx and events)",
            got == [200, 404, 404], got)
    server.stop()

    server = Server(burgee, directory, "launchdarkly", LD_DOCUMENT, "--sdk-key", "sdk-1", "--secure-mode")
    url = "/sdk/evalx/env-1/contexts/" + encoded('{"kind":"org","key":"o:1"}', padded=False)
    # Secure mode's h: HMAC-SHA256 of the fully qualified key ("org:" and the key, ':' escaped) under the SDK key.
    h = hmac.new(b"sdk-1", b"org:o%3A1", hashlib.sha256).hexdigest()
    got = [server.send("GET", url + query).status for query in ["", "?h=" + "0" * 64, "?h=" + h]]
    c.check("launchdarkly_javascript: secure mode: no h 400, a wrong h 400, the context's hash 200",
            got == [400, 400, 200], got)
    server.stop()


# Split's thin client ------------------------------------------------------------------------------

def split_flag(name: str, sets: list[str], segment: str | None = None) -> str:
    matcher = (f'{{"matcherType":"IN_SEGMENT","negate":false,"userDefinedSegmentMatcherData":{{"segmentName":"{segment}"}}}}'
               if segment else '{"matcherType":"ALL_KEYS","negate":false}')
    return (f'{{"name":"{name}","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","killed":false,'
            f'"defaultTreatment":"off","seed":1,"algo":2,"sets":[{",".join(json.dumps(s) for s in sets)}],'
            '"conditions":[{"conditionType":"ROLLOUT","label":"in","matcherGroup":{"combiner":"AND","matchers":['
            f'{matcher}]}},"partitions":[{{"treatment":"on","size":100}}]}}]}}')


SPLIT_CONFIGURED = (r'{"name":"c","trafficTypeName":"account","changeNumber":5,"status":"ACTIVE","killed":false,'
                    r'"defaultTreatment":"off","seed":1,"algo":2,"sets":["front"],"configurations":{"on":"{\"size\":3}"},'
                    r'"conditions":[{"conditionType":"ROLLOUT","label":"in","matcherGroup":{"combiner":"AND","matchers":['
                    r'{"matcherType":"ALL_KEYS","negate":false}]},"partitions":[{"treatment":"on","size":100},'
                    r'{"treatment":"off","size":0}]}]}')
SPLIT_RULE_BASED = ('{"name":"rb","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","excluded":{"keys":[],"segments":[]},'
                    '"conditions":[{"matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"ALL_KEYS","negate":false}]}}]}')
SPLIT_DOCUMENT = (f'{{"ff":{{"d":[{split_flag("a", ["front"])},{split_flag("b", ["back"], "vips")},{SPLIT_CONFIGURED}],'
                  f'"s":-1,"t":100}},"rbs":{{"d":[{SPLIT_RULE_BASED}],"s":-1,"t":100}},"segments":{{"vips":["u1","u2"]}}}}')


def thin_body(key: str, sets: list[str] = (), configs: bool = True) -> str:
    """The thin client's request body: every key, sorted."""
    listed = ",".join(f'"{s}"' for s in sorted(sets))
    return f'{{"attributes":{{}},"bucketingKey":null,"configs":{str(configs).lower()},"key":"{key}","sets":[{listed}]}}'


def split_thin(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "split", SPLIT_DOCUMENT, "--sdk-key", "sdk-1")
    auth = server.send("GET", "/api/v3/auth?capabilities=evaluatorWithConfigs&key=u1",
                       [("Authorization", "Bearer sdk-1"), ("X-Harness-FME-SDK-Version", "ios-1.0.0")])
    answer = auth.json() if auth.status == 200 else {}
    token = answer.get("token") if isinstance(answer.get("token"), str) else ""
    c.check("split_thin: GET /api/v3/auth with the SDK key is 200, a token, push disabled",
            auth.status == 200 and answer.get("pushEnabled") is False and bool(token), auth)
    parts = token.split(".")
    try:  # the thin client pads the payload and decodes it as standard base64
        claims = json.loads(base64.b64decode(parts[1] + "=" * (-len(parts[1]) % 4), validate=True))
    except Exception as error:
        claims = repr(error)
    c.check("split_thin: the token has 3 parts, its payload padded standard base64 with an integer exp",
            len(parts) == 3 and isinstance(claims, dict) and type(claims.get("exp")) is int, (token, claims))
    wrong = server.send("GET", "/api/v3/auth?capabilities=evaluator&key=u1", [("Authorization", "Bearer wrong")])
    c.check("split_thin: a wrong SDK key is 401", wrong.status == 401, wrong)

    headers = [("Authorization", f"Bearer {token}"), ("Content-Type", "application/json"),
               ("X-Harness-FME-SDK-Version", "iOSThin-1.0.0"), ("X-Harness-FME-Content-Digest", "J8dGcK23UHU")]
    every = server.send("POST", "/api/evaluations?since=-1", headers, thin_body("u1"))
    body = every.json() if every.status == 200 else {}
    c.check("split_thin: POST /api/evaluations?since=-1 is 200, since -1 and an integer till",
            every.status == 200 and body.get("since") == -1 and type(body.get("till")) is int, every)
    c.check("split_thin: it evaluates every flag for the key, with sets and configs",
            body.get("evaluations") == [
                {"flag": "a", "treatment": "on", "changeNumber": 1, "sets": ["front"]},
                {"flag": "b", "treatment": "on", "changeNumber": 1, "sets": ["back"]},
                {"flag": "c", "treatment": "on", "changeNumber": 5, "sets": ["front"], "config": '{"size":3}'}],
            body.get("evaluations"))
    by_sets = server.send("POST", "/api/evaluations?since=-1", headers, thin_body("u9", ["back"], configs=False))
    evaluations = by_sets.json().get("evaluations") if by_sets.status == 200 else by_sets
    c.check("split_thin: with sets [back] and configs false, flag b alone, off for u9 (not in vips)",
            evaluations == [{"flag": "b", "treatment": "off", "changeNumber": 1, "sets": ["back"]}], evaluations)
    unchanged = server.send("POST", f"/api/evaluations?since={body.get('till')}", headers, thin_body("u1"))
    c.check("split_thin: since the answer's till it is 304", unchanged.status == 304, unchanged)
    server.stop()


# Datadog's iOS flags SDK --------------------------------------------------------------------------

DATADOG_DOCUMENT = """{"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
 "checkout":{"key":"checkout","enabled":true,"variationType":"STRING",
  "variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},
  "allocations":[{"key":"pro","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                  "splits":[{"variationKey":"a","shards":[]}],"doLog":true},
                 {"key":"rest","splits":[{"variationKey":"b","shards":[]}],"doLog":false}]},
 "limit":{"key":"limit","enabled":true,"variationType":"INTEGER",
  "variations":{"ten":{"key":"ten","value":10}},
  "allocations":[{"key":"pro-only","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                  "splits":[{"variationKey":"ten","shards":[]}]}]},
 "settings":{"key":"settings","enabled":true,"variationType":"JSON",
  "variations":{"x":{"key":"x","value":{"n":1}}},
  "allocations":[{"key":"all","splits":[{"variationKey":"x","shards":[]}]}]},
 "off":{"key":"off","enabled":false,"variationType":"BOOLEAN",
  "variations":{"t":{"key":"t","value":true}},"allocations":[{"key":"all","splits":[{"variationKey":"t","shards":[]}]}]},
 "rejected":{"key":"rejected","enabled":true,"variationType":"INTEGER",
  "variations":{"d":{"key":"d","value":42.0}},"allocations":[{"key":"all","splits":[{"variationKey":"d","shards":[]}]}]}}}"""


def precompute_request(key: str | None, attributes: str = "{}") -> str:
    """The request Datadog's iOS flags SDK sends (its line break included)."""
    targeting = f'"targeting_key":"{key}",' if key is not None else ""
    return ('{"data":{"type":"precompute-assignments-request","attributes":{"env":{"name":"prod","dd_env":"prod"},\n'
            ' "source":{"sdk_name":"dd-sdk-ios","sdk_version":"3.1.0"},"subject":{'
            f'{targeting}"targeting_attributes":{attributes}}}}}}}}}')


def assigned(answer: Answer) -> dict:
    try:
        return answer.json()["data"]["attributes"]["flags"]
    except (ValueError, KeyError, TypeError):
        return {}


def datadog_ios(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "datadog", DATADOG_DOCUMENT)
    answer = server.send("POST", "/precompute-assignments", [("Content-Type", "application/vnd.api+json")],
                         precompute_request("u-1", '{"plan":"pro","seats":3}'))
    data = answer.json().get("data", {}) if answer.status == 200 else {}
    c.check("datadog_ios: POST /precompute-assignments is 200 application/vnd.api+json, precomputed-assignments for prod",
            answer.header("content-type") == "application/vnd.api+json" and data.get("type") == "precomputed-assignments"
            and data.get("attributes", {}).get("environment") == {"name": "prod"}
            and type(data.get("attributes", {}).get("createdAt")) is int, answer)
    expected = {
        "checkout": {"allocationKey": "pro", "variationKey": "a", "variationType": "string", "variationValue": "new",
                     "reason": "TARGETING_MATCH", "doLog": True, "extraLogging": {}},
        "limit": {"allocationKey": "pro-only", "variationKey": "ten", "variationType": "integer", "variationValue": 10,
                  "reason": "TARGETING_MATCH", "doLog": True, "extraLogging": {}},
        "settings": {"allocationKey": "all", "variationKey": "x", "variationType": "object", "variationValue": {"n": 1},
                     "reason": "STATIC", "doLog": True, "extraLogging": {}}}
    c.check("datadog_ios: the pro subject's flags as the SDK decodes them (disabled, default and rejected left out)",
            assigned(answer) == expected, assigned(answer))
    free = assigned(server.send("POST", "/precompute-assignments", [], precompute_request(None, '{"plan":"free"}')))
    c.check("datadog_ios: a keyless free subject gets checkout 'old' (unlogged) and settings",
            sorted(free) == ["checkout", "settings"] and free["checkout"].get("variationValue") == "old"
            and free["checkout"].get("doLog") is False, free)
    server.stop()

    server = Server(burgee, directory, "datadog", DATADOG_DOCUMENT, "--client-token", "pub-1")
    got = [server.send("POST", "/precompute-assignments", headers, precompute_request("u")).status
           for headers in [[], [("dd-client-token", "pub-2")], [("dd-client-token", "pub-1")]]]
    c.check("datadog_ios: with --client-token: none 401, a wrong dd-client-token 401, the token 200",
            got == [401, 401, 200], got)
    lines = ('{"timestamp":1,"allocation":{"key":"pro"},"flag":{"key":"checkout"},"variant":{"key":"a"},"subject":{"id":"u","attributes":{}}}\n'
             '{"timestamp":2,"allocation":{"key":"all"},"flag":{"key":"settings"},"variant":{"key":"x"},"subject":{"id":"u","attributes":{}}}')
    posted = server.send("POST", "/api/v2/exposures?ddsource=ios",
                         [("Content-Type", "text/plain;charset=UTF-8"), ("DD-API-KEY", "pub-1")], lines)
    c.check("datadog_ios: its exposures, one per line with the token as DD-API-KEY, are 202", posted.status == 202, posted)
    not_one = server.send("POST", "/api/v2/exposures?ddsource=ios", [("DD-API-KEY", "pub-1")], '{"a":1}')
    c.check("datadog_ios: a line that is not an exposure is 400", not_one.status == 400, not_one)
    stats = server.stats()
    c.check("datadog_ios: GET /events/stats counts 2 exposures, one per flag",
            stats.get("exposures") == 2 and stats.get("flags") == {"checkout": 1, "settings": 1}, stats)
    server.stop()


# Eppo's precomputed clients -----------------------------------------------------------------------

EPPO_DOCUMENT = r"""{"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
 "checkout":{"key":"checkout","enabled":true,"variationType":"STRING","totalShards":10000,
  "variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},
  "allocations":[{"key":"pro","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                  "splits":[{"variationKey":"a","shards":[],"extraLogging":{"holdout":"h1"}}],"doLog":true},
                 {"key":"rest","splits":[{"variationKey":"b","shards":[]}],"doLog":false}]},
 "ratio":{"key":"ratio","enabled":true,"variationType":"NUMERIC","totalShards":10000,
  "variations":{"big":{"key":"big","value":1e21}},
  "allocations":[{"key":"all","rules":[{"conditions":[{"attribute":"seats","operator":"GTE","value":10}]}],
                  "splits":[{"variationKey":"big","shards":[]}],"doLog":true}]},
 "settings":{"key":"settings","enabled":true,"variationType":"JSON","totalShards":10000,
  "variations":{"x":{"key":"x","value":"{ \"n\": 1 }"}},
  "allocations":[{"key":"all","splits":[{"variationKey":"x","shards":[]}],"doLog":true}]},
 "off":{"key":"off","enabled":false,"variationType":"BOOLEAN","totalShards":10000,
  "variations":{"t":{"key":"t","value":true}},"allocations":[{"key":"all","splits":[{"variationKey":"t","shards":[]}]}]}}}"""


def eppo_request(key: str, numeric: str = "{}", categorical: str = "{}") -> str:
    """The request Eppo's precomputed JavaScript client sends."""
    return (f'{{"subject_key":"{key}","subject_attributes":{{"numericAttributes":{numeric},'
            f'"categoricalAttributes":{categorical}}}}}')


def unobfuscated(text: object) -> str | None:
    try:
        return base64.b64decode(text, validate=True).decode()
    except Exception:
        return None


def eppo_precomputed(c: Checks, burgee: str, directory: str) -> None:
    server = Server(burgee, directory, "eppo", EPPO_DOCUMENT, "--sdk-key", "eppo-key")
    answer = server.send("POST", "/assignments?apiKey=eppo-key&sdkName=js&sdkVersion=3", JSON_TYPE,
                         eppo_request("u-1", '{"seats":12}', '{"plan":"pro"}'))
    body = answer.json() if answer.status == 200 else {}
    salt = body.get("salt") if isinstance(body.get("salt"), str) else ""
    flags = body.get("flags") if isinstance(body.get("flags"), dict) else {}
    c.check("eppo_precomputed: POST /assignments is 200, PRECOMPUTED, obfuscated, for prod, no bandits",
            answer.status == 200 and (body.get("format"), body.get("obfuscated"), body.get("environment"), body.get("bandits"))
            == ("PRECOMPUTED", True, {"name": "prod"}, {}), answer)
    c.check("eppo_precomputed: the salt is 16 bytes in unpadded base64 and 3 flags are served (not the disabled one)",
            len(salt) == 22 and len(flags) == 3, (salt, sorted(flags)))

    def flag(key: str) -> dict:  # Eppo's obfuscation: the MD5 of the salt then the key, in hex
        return flags.get(hashlib.md5((salt + key).encode()).hexdigest(), {})

    checkout = flag("checkout")
    c.check("eppo_precomputed: checkout is 'new' from allocation pro, variation a, logged, with its extra logging",
            (checkout.get("variationType"), unobfuscated(checkout.get("variationValue")),
             unobfuscated(checkout.get("allocationKey")), unobfuscated(checkout.get("variationKey")), checkout.get("doLog"),
             checkout.get("extraLogging"))
            == ("STRING", "new", "pro", "a", True, {base64.b64encode(b"holdout").decode(): base64.b64encode(b"h1").decode()}),
            checkout)
    ratio = unobfuscated(flag("ratio").get("variationValue"))
    c.check("eppo_precomputed: a number as Rust writes an f64 (1e21 positional, no .0)",
            ratio == "1000000000000000000000", ratio)
    settings = unobfuscated(flag("settings").get("variationValue"))
    c.check("eppo_precomputed: a JSON flag's value as the document wrote it", settings == '{ "n": 1 }', settings)

    unlogged = server.send("POST", "/assignments?apiKey=eppo-key", [], eppo_request("u-2", categorical='{"plan":"free"}'))
    body = unlogged.json() if unlogged.status == 200 else {}
    checkout = body.get("flags", {}).get(hashlib.md5((str(body.get("salt")) + "checkout").encode()).hexdigest(), {})
    c.check("eppo_precomputed: an unlogged assignment carries no allocation, variation or extra logging",
            sorted(checkout) == ["doLog", "variationType", "variationValue"]
            and unobfuscated(checkout.get("variationValue")) == "old" and checkout.get("doLog") is False, checkout)
    got = [server.send("POST", "/assignments" + query, [], '{"subject_key":"u"}').status for query in ["?apiKey=wrong", ""]]
    c.check("eppo_precomputed: a wrong or missing apiKey is 401", got == [401, 401], got)
    server.stop()


def main() -> int:
    runs = {"unleash_swift": unleash_swift, "launchdarkly_mobile": launchdarkly_mobile,
            "launchdarkly_javascript": launchdarkly_javascript, "split_thin": split_thin, "datadog_ios": datadog_ios,
            "eppo_precomputed": eppo_precomputed}
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burgee", required=True, help="the burgee binary")
    parser.add_argument("--only", choices=list(runs), action="append", help="run only these (repeatable)")
    arguments = parser.parse_args()
    burgee = os.path.abspath(arguments.burgee)
    started = time.monotonic()
    c = Checks()
    with tempfile.TemporaryDirectory(prefix="burgee-replay-") as directory:
        for name, run in runs.items():
            if arguments.only and name not in arguments.only:
                continue
            try:
                run(c, burgee, directory)
            except Exception as error:  # a run that breaks is a failure, and the next run still runs
                c.check(f"{name}: run completed", False, repr(error))
            finally:
                for server in list(Server.live):
                    server.stop()
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
