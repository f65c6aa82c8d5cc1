#!/usr/bin/env python3
"""Unleash's frontend API served by `burgee serve` against Yggdrasil's answer for the same toggles.

For each seed, the Unleash generator (formats/unleash.py) draws a features document and contexts;
`burgee serve --format unleash` serves the document on loopback and is asked `/api/frontend` for each
context, by GET (the context in the query, its parameters in a random order, properties as
`properties%5Bname%5D`) or by POST (the context as the body). The reference is what Unleash Edge
answers there: Yggdrasil's resolve-all, every known toggle resolved for the context and only the
enabled ones kept. yggdrasil-engine 2.0.0's Python binding has no resolve-all call, so it is made
of the calls resolve-all makes for each toggle: `list_known_toggles`, then `check_enabled` and
`check_variant` (and the impression flag `check_enabled` reports).

The answers must list the same toggles, each enabled, with the same variant (name, enabled,
feature_enabled, payload) and impressionData. Where Yggdrasil draws at random (formats/unleash.py
marks it), that toggle's presence, or its variant, is not compared. Every context carries a
`currentTime` (the generator's fixed instant when it has none), so that date constraints read the
same clock on both sides.

    .build/difftest-venv/bin/python scripts/difftest/frontend.py --seeds 100 --contexts 20

The last line is `N passed, M failed` (one per context); the exit status is 1 when any failed.
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import serving  # noqa: E402
from formats import unleash  # noqa: E402


def query(context, rng):
    """The context as a query string, as Unleash's frontend SDKs send it, parameters shuffled."""
    pairs = [(name, value) for name, value in context.items() if name != "properties"]
    pairs += [(f"properties[{name}]", value) for name, value in (context.get("properties") or {}).items()]
    rng.shuffle(pairs)
    return "&".join(urllib.parse.quote(k, safe="") + "=" + urllib.parse.quote(v, safe="") for k, v in pairs)


def fetch(base, context, rng):
    if rng.random() < 0.5:
        request = urllib.request.Request(base + "/api/frontend?" + query(context, rng))
    else:
        request = urllib.request.Request(base + "/api/frontend", data=json.dumps(context).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def reference(engine, document, context):
    """Yggdrasil's resolve-all for the context: name → toggle, enabled ones only; and the toggles
    whose presence or variant is a random draw."""
    features = {f["name"]: f for f in document["features"]}
    toggles, random_on, random_variant = {}, set(), set()
    for known in engine.list_known_toggles():
        name = known.name
        checked = engine.check_enabled(name, context)
        variant = engine.check_variant(name, context).variant
        if name in features:
            on, drawn = unleash._toggle_random(features[name], context, features)
            if on:
                random_on.add(name)
            if drawn and (on or variant.feature_enabled):
                random_variant.add(name)
        if checked.is_enabled:
            toggles[name] = {"name": name, "enabled": True, "impressionData": checked.requires_impression_event_emission,
                             "variant": {"name": variant.name, "enabled": variant.enabled,
                                         "feature_enabled": variant.feature_enabled, "payload": variant.payload}}
    return toggles, random_on, random_variant


def differences(got, want, random_on, random_variant):
    served = {t.get("name"): t for t in got.get("toggles", [])}
    found = []
    names = [t.get("name") for t in got.get("toggles", [])]
    if names != sorted(names):
        found.append("toggles not sorted by name")
    for name in sorted(set(served) | set(want)):
        if name in random_on:
            continue
        if (name in served) != (name in want):
            found.append(f"{name}: served {name in served}, Yggdrasil {name in want}")
            continue
        if name not in served:
            continue
        s, w = served[name], want[name]
        if s.get("enabled") is not True:
            found.append(f"{name}: enabled {s.get('enabled')}")
        if s.get("impressionData") != w["impressionData"]:
            found.append(f"{name}: impressionData {s.get('impressionData')} vs {w['impressionData']}")
        if name in random_variant:
            continue
        variant = s.get("variant") or {}
        for key in ("name", "enabled", "feature_enabled", "payload"):
            if variant.get(key) != w["variant"].get(key):
                found.append(f"{name}: variant {key} {json.dumps(variant.get(key))} vs {json.dumps(w['variant'].get(key))}")
    return found


def main():
    args = serving.arguments(__doc__.split("\n\n")[0], "frontend difftest")
    from yggdrasil_engine.engine import UnleashEngine

    tally = serving.Tally(args.max_report)
    for seed, rng, workdir in serving.seeds(args, "unleash-frontend"):
        definitions = os.path.join(workdir, "features.json")
        document, _ = unleash.generate(rng, 0)
        with open(definitions, "w") as f:
            f.write(json.dumps(document))
        engine = UnleashEngine()
        engine.take_state(json.dumps(document))
        with serving.served(args.burgee, "unleash", definitions, workdir) as base:
            for index in range(args.contexts):
                context = unleash.context(rng)
                context.setdefault("currentTime", unleash.NOW)
                try:
                    got = fetch(base, context, rng)
                except urllib.error.HTTPError as error:
                    got = {"status": error.code, "body": error.read().decode(errors="replace")}
                want, random_on, random_variant = reference(engine, document, context)
                found = differences(got, want, random_on, random_variant) if "toggles" in got else [f"answered {got}"]
                tally.add(found, f"seed {seed} context {index}", [
                    "context: " + json.dumps(context, ensure_ascii=False),
                    "burgee:  " + json.dumps(got, ensure_ascii=False),
                    "yggdrasil: " + json.dumps(sorted(want.values(), key=lambda t: t["name"]), ensure_ascii=False)])
    tally.finish()


if __name__ == "__main__":
    main()
