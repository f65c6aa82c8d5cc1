#!/usr/bin/env python3
"""LaunchDarkly's client-side and mobile endpoints served by `burgee serve` against LaunchDarkly's own
answer for the same flags and contexts.

For each seed, the LaunchDarkly generator (formats/launchdarkly.py) draws a document, and this script
draws on each flag what only the client-side endpoints read: `clientSideAvailability` (or the older
`clientSide`, or neither), `trackEvents`, `trackEventsFallthrough` and `debugEventsUntilDate`.
`burgee serve --format launchdarkly` serves it on loopback and is asked, for each context, one of
`GET /msdk/evalx/contexts/{base64url}`, `REPORT /msdk/evalx/context`,
`GET /sdk/evalx/{envId}/contexts/{base64url}` (unpadded, as the JavaScript SDK encodes it) or
`REPORT /sdk/evalx/{envId}/context`, with `withReasons=true`; now and then also a `/meval` stream's
first `put`.

The reference is LaunchDarkly's Python server SDK's `all_flags_state(context, with_reasons=True)`
(taught Go's evaluation rules, as formats/launchdarkly.py teaches it) for the data set Burgee serves
at `/sdk/latest-all` (the same versions), each flag's `$flagsState` entry and value. Which flags a
client sees is the Relay Proxy's rule (go-server-sdk's model): `clientSideAvailability`'s
`usingMobileKey` / `usingEnvironmentId`, and without it `clientSide` for JavaScript and every flag for
mobile. The Python SDK's own `client_side_only` reads `clientSide` alone, so the script applies
Go's rule to its answer.

Compared per flag: the set of flags, `value`, `variation`, `version`, `trackEvents`, `trackReason`,
`reason`, `debugEventsUntilDate` and `prerequisites`. A context that Burgee refuses (400) must be
one the SDK finds invalid, or a single context with an empty key (which the Relay Proxy refuses).

    .build/difftest-venv/bin/python scripts/difftest/clientside.py --seeds 100 --contexts 20

The last line is `N passed, M failed` (one per context); the exit status is 1 when any failed.
"""
import base64
import http.client
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import serving  # noqa: E402
from formats import launchdarkly  # noqa: E402

ENVIRONMENT = "env-difftest"


def decorate(document, rng):
    """The members only the client-side endpoints read, drawn on each flag."""
    for f in document["flags"].values():
        r = rng.random()
        if r < 0.6:
            f["clientSideAvailability"] = {"usingMobileKey": rng.random() < 0.7, "usingEnvironmentId": rng.random() < 0.5}
            if rng.random() < 0.5:
                f["clientSide"] = rng.random() < 0.5  # ignored beside clientSideAvailability
        elif r < 0.85:
            f["clientSide"] = rng.random() < 0.6
        launchdarkly.draw_event_settings(rng, f)


def offered(flag, kind):
    """The Relay Proxy's rule: go-server-sdk reads `clientSide` only when `clientSideAvailability` is absent."""
    availability = flag.get("clientSideAvailability")
    if availability is None:
        return True if kind == "mobile" else bool(flag.get("clientSide", False))
    return bool(availability.get("usingMobileKey" if kind == "mobile" else "usingEnvironmentId", False))


def encoded(context, padded):
    text = base64.urlsafe_b64encode(json.dumps(context).encode()).decode()
    return text if padded else text.rstrip("=")


def request_for(base, context, kind, method):
    if kind == "mobile":
        prefix = base + "/msdk/evalx"
    else:
        prefix = base + "/sdk/evalx/" + ENVIRONMENT
    if method == "GET":
        return urllib.request.Request(prefix + "/contexts/" + encoded(context, kind == "mobile") + "?withReasons=true")
    # LaunchDarkly's iOS SDK sends its REPORT without a Content-Type (which urllib would add); the
    # JavaScript SDK with one.
    headers = {"Content-Type": "application/json"} if kind == "javascript" else {}
    return ("REPORT", prefix + "/context?withReasons=true", json.dumps(context).encode(), headers)


def fetch(request):
    if isinstance(request, tuple):
        method, url, body, headers = request
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.netloc, timeout=30)
        try:
            connection.request(method, parts.path + "?" + parts.query, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            return (response.status, json.loads(data)) if response.status == 200 else \
                (response.status, data.decode(errors="replace"))
        finally:
            connection.close()
    return serving.fetch(request)


def first_put(base, context):
    """The first event of the mobile stream for the context: its name and data."""
    request = urllib.request.Request(base + "/meval/" + encoded(context, True) + "?withReasons=true")
    try:
        response = urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")
    with response:
        event, data = None, None
        for raw in response:
            line = raw.decode().rstrip("\n")
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data = json.loads(line[5:].strip())
            elif line == "" and event:
                return event, data
    return None, None


def reference(client, context, served, kind):
    """`all_flags_state` with reasons, as `{key: {value, variation?, version, …}}` for the flags `kind` sees."""
    ld = launchdarkly.ld_context(launchdarkly.as_go_context(context))
    state = client.all_flags_state(ld, with_reasons=True)
    if not state.valid:
        return None
    whole = state.to_json_dict()
    flags = {}
    for key, meta in whole["$flagsState"].items():
        if offered(served["flags"][key], kind):
            flags[key] = dict(meta, value=whole[key])
            prerequisites = go_prerequisites(client, ld, meta, served)
            if prerequisites:
                flags[key]["prerequisites"] = prerequisites
            else:
                flags[key].pop("prerequisites", None)
    return flags


def go_prerequisites(client, ld, meta, served):
    """The prerequisites go-server-sdk reports where the Python SDK lists more: Go reports one only
    once it found the flag (the Python SDK lists a missing one too), and not one whose evaluation
    failed as a whole (a prerequisite cycle, a malformed rule: Go's `evaluatePrerequisite` returns
    not valid, and the flag's answer is then ERROR). The Relay Proxy's answer is Go's."""
    listed = [p for p in meta.get("prerequisites") or [] if p in served["flags"]]
    if listed and (meta.get("reason") or {}).get("kind") == "ERROR":
        last = client.variation_detail(listed[-1], ld, None).reason
        if last.get("kind") == "ERROR":
            listed.pop()
    return listed


def differences(got, want):
    found = []
    if sorted(got) != sorted(want):
        found.append(f"flags {sorted(got)} vs {sorted(want)}")
    for key in sorted(set(got) & set(want)):
        g, w = got[key], want[key]
        if not launchdarkly.same_json(g.get("value"), w.get("value")):
            found.append(f"{key}: value {json.dumps(g.get('value'))} vs {json.dumps(w.get('value'))}")
        for member in ("variation", "version", "debugEventsUntilDate"):
            if g.get(member) != w.get(member):
                found.append(f"{key}: {member} {g.get(member)} vs {w.get(member)}")
        if g.get("flagVersion") != w.get("version"):
            found.append(f"{key}: flagVersion {g.get('flagVersion')} vs version {w.get('version')}")
        for member in ("trackEvents", "trackReason"):
            if bool(g.get(member)) != bool(w.get(member)) or (member in g and g[member] is not True):
                found.append(f"{key}: {member} {g.get(member)} vs {w.get(member)}")
        if launchdarkly.normal_reason(g.get("reason")) != launchdarkly.normal_reason(w.get("reason")):
            found.append(f"{key}: reason {json.dumps(g.get('reason'))} vs {json.dumps(w.get('reason'))}")
        if (g.get("prerequisites") or []) != (w.get("prerequisites") or []):
            found.append(f"{key}: prerequisites {g.get('prerequisites')} vs {w.get('prerequisites')}")
    return found


def refused_rightly(context, client):
    """Whether a 400 is right: the SDK finds the context invalid, or it is one context with an empty key."""
    ld = launchdarkly.ld_context(launchdarkly.as_go_context(context))
    return not ld.valid or (not ld.multiple and ld.key == "")


def main():
    args = serving.arguments(__doc__.split("\n\n")[0], "client-side difftest")
    from ldclient.versioned_data_kind import FEATURES, SEGMENTS

    tally = serving.Tally(args.max_report, "flags compared", "contexts refused rightly", "streams")
    for seed, rng, workdir in serving.seeds(args, "launchdarkly-clientside"):
        definitions = os.path.join(workdir, "launchdarkly.json")
        document, _ = launchdarkly.generate(rng, 0)
        decorate(document, rng)
        with open(definitions, "w") as f:
            f.write(json.dumps(document))
        with serving.served(args.burgee, "launchdarkly", definitions, workdir) as base:
            with urllib.request.urlopen(base + "/sdk/latest-all", timeout=30) as response:
                served = json.loads(response.read())
            client, store = launchdarkly.client()
            served_go = launchdarkly.as_go_document(served)
            store.init({FEATURES: served_go["flags"], SEGMENTS: served_go["segments"]})
            for index in range(args.contexts):
                context = launchdarkly.context(rng)
                kind = rng.choice(["mobile", "javascript"])
                method = rng.choice(["GET", "REPORT"])
                stream = kind == "mobile" and rng.random() < 0.1
                want = reference(client, context, served, kind)
                if stream:
                    tally.counts["streams"] += 1
                    event, data = first_put(base, context)
                    status, got = (200, data) if event == "put" else (event, data)
                else:
                    status, got = fetch(request_for(base, context, kind, method))
                if status == 400 and refused_rightly(context, client):
                    tally.counts["contexts refused rightly"] += 1
                    tally.add([], "")
                    continue
                if status != 200 or want is None:
                    found = [f"answered {status}: {got}; the SDK's state is {'invalid' if want is None else 'valid'}"]
                else:
                    found = differences(got, want)
                    tally.counts["flags compared"] += len(got)
                tally.add(found, f"seed {seed} context {index} ({kind} {'stream' if stream else method})",
                          ["context: " + json.dumps(context, ensure_ascii=False)])
    tally.finish()


if __name__ == "__main__":
    main()
