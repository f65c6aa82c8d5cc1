#!/usr/bin/env python3
"""The flag explorer in a real headless Chromium (docs/explorer.md).

For a native, an Unleash, a LaunchDarkly and a flagd document it starts `burgee serve` on a copy
of the document, drives the page through chromedriver's WebDriver protocol (a small client over
urllib: no dependency beyond Python) and checks: the list loads and search filters it; a flag
opens with its rules in words; a context evaluated on the page shows the value, variation and
reason `burgee eval` gives, and the matched rule; the rollout view's bars are within 2 points of
the configured weights; a change of the file shows on the page without a reload; no console
errors; form labels, image texts, headings and text contrast pass a check of its own. A
screenshot of each view is written under --screenshots.

    python3 scripts/explorer/browser_test.py --burgee .build/debug/burgee
"""
import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, what, timeout=15.0):
    """Polls `predicate` until it returns a true value; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except (WebDriverError, OSError) as error:
            last = error
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what} (last: {last})")


class WebDriverError(Exception):
    pass


class Browser:
    """A WebDriver session on chromedriver: the few commands the test needs."""

    def __init__(self, driver_url):
        self.url = driver_url
        capabilities = {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1400,1300", "--no-first-run", "--disable-extensions"],
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        }
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = value["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise WebDriverError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.command("POST", "/url", {"url": url})

    def script(self, source, *args):
        return self.command("POST", "/execute/sync", {"script": source, "args": list(args)})

    def find(self, css):
        return self.command("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.command("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css, text, clear=True):
        element = self.find(css)
        if clear:
            self.command("POST", f"/element/{element}/clear", {})
        self.command("POST", f"/element/{element}/value", {"text": text})

    def text(self, css):
        return self.script("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css)

    def screenshot(self, path):
        png = base64.b64decode(self.command("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)

    def console(self):
        return self.command("POST", "/se/log", {"type": "browser"}) or []

    def close(self):
        try:
            self.command("DELETE", "")
        except Exception:
            pass


# Form labels, image texts, headings and contrast, checked in the page: a list of problems.
ACCESSIBILITY = r"""
const problems = [];
for (const field of document.querySelectorAll("input, select, textarea")) {
  if (field.type === "hidden") continue;
  const labelled = (field.labels && field.labels.length) || field.getAttribute("aria-label") || field.getAttribute("aria-labelledby");
  if (!labelled) problems.push("no label: " + (field.id || field.outerHTML.slice(0, 60)));
}
for (const img of document.querySelectorAll("img")) if (!img.hasAttribute("alt")) problems.push("img without alt");
for (const img of document.querySelectorAll("[role=img]")) if (!img.getAttribute("aria-label")) problems.push("role=img without a label");
for (const button of document.querySelectorAll("button")) if (!button.textContent.trim() && !button.getAttribute("aria-label")) problems.push("button without text");
if (document.querySelectorAll("h1").length !== 1) problems.push("not one h1");
let previous = 0;
for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
  if (h.closest("[hidden]")) continue;
  const level = Number(h.tagName[1]);
  if (level > previous + 1) problems.push("heading level skipped at " + h.tagName + " " + h.textContent);
  previous = level;
}
if (!document.documentElement.lang) problems.push("no lang");
if (!document.title) problems.push("no title");
function rgb(text) { const m = text.match(/[\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; }
function luminance([r, g, b]) {
  const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
function background(node) {
  for (let e = node; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255];
}
for (const e of document.querySelectorAll("body *")) {
  if (!e.offsetParent && getComputedStyle(e).position !== "fixed") continue;
  const hasText = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!hasText) continue;
  const style = getComputedStyle(e);
  const fg = luminance(rgb(style.color)), bg = luminance(background(e));
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
  const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
  if (ratio < needed) problems.push("contrast " + ratio.toFixed(2) + " < " + needed + ": " + e.tagName + " " + e.textContent.trim().slice(0, 40));
}
return problems;
"""


def toggled(document, fmt, key):
    """The document with `key` switched on or off, in the format's own words."""
    changed = json.loads(json.dumps(document))
    if fmt == "native":
        changed["flags"][key]["enabled"] = not changed["flags"][key].get("enabled", True)
    elif fmt == "launchdarkly":
        changed["flags"][key]["on"] = not changed["flags"][key].get("on", False)
    elif fmt == "flagd":
        flag = changed["flags"][key]
        flag["state"] = "DISABLED" if flag.get("state") == "ENABLED" else "ENABLED"
    elif fmt == "unleash":
        feature = next(f for f in changed["features"] if f["name"] == key)
        feature["enabled"] = not feature.get("enabled", True)
    return changed


def fixture(path, member):
    with open(os.path.join(ROOT, path)) as f:
        case_file = json.load(f)
    document = case_file[member]
    return document[0] if isinstance(document, list) else document


CASES = [
    ("native", "spec-fixtures/rollouts.json", "definitions"),
    ("unleash", "spec-fixtures/unleash/strategy-variants.json", "state"),
    ("launchdarkly", "spec-fixtures/launchdarkly/rollouts.json", "definitions"),
    ("flagd", "spec-fixtures/flagd/fractional-v2.json", "documents"),
]


def api(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + "/explorer/api" + path, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def check_format(browser, burgee, fmt, path, member, shots, workdir):
    document = fixture(path, member)
    file = os.path.join(workdir, f"{fmt}.json")
    with open(file, "w") as f:
        json.dump(document, f)
    port = free_port()
    serve = subprocess.Popen([burgee, "serve", "--definitions", file, "--format", fmt, "--port", str(port),
                              "--summary-interval", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: serve.poll() is None and api(base, "/status"), f"{fmt}: burgee serve listening")
        listed = api(base, "/flags")["flags"]
        outlines = {f["key"]: api(base, "/flags/" + urllib.parse.quote(f["key"], safe="")) for f in listed}

        ruled = next((k for k, o in outlines.items() if o["rules"] and o["enabled"]), listed[0]["key"])
        # A rollout by the context's key, as the view varies it: the fallthrough's first.
        keyed = ("user.key", "user.userId", "targetingKey")

        def keyed_rollout(serve):
            return "rollout" in serve and serve["rollout"]["by"].startswith(keyed)
        rolled = next((k for k, o in outlines.items() if o["enabled"] and keyed_rollout(o["fallthrough"])), None) or \
            next((k for k, o in outlines.items() if o["enabled"] and any(keyed_rollout(r["serve"]) for r in o["rules"])), None)
        assert rolled, f"{fmt}: {path} has no flag with a rollout"

        # The list, and search; the console read empty first.
        browser.console()
        browser.go(base + "/")
        wait_for(lambda: browser.script("return document.querySelectorAll('#flag-list li').length") == len(listed),
                 f"{fmt}: the list of {len(listed)} flags")
        browser.script("window.__sameDocument = true;")
        browser.screenshot(os.path.join(shots, f"{fmt}-list.png"))
        browser.type("#search", ruled)
        query = ruled.lower()
        expected_keys = [f["key"] for f in listed
                         if any(query in part.lower() for part in [f["key"], *f["sets"], *f["variations"]])]
        wait_for(lambda: browser.script(
            "return Array.from(document.querySelectorAll('#flag-list li')).map((li) => li.dataset.key)") == expected_keys,
            f"{fmt}: search for {ruled} showing {expected_keys}")

        # A flag opens with its rules in words.
        browser.click(f"#flag-list li[data-key='{ruled}'] a")
        wait_for(lambda: browser.text("#detail-heading") == "Flag " + ruled, f"{fmt}: {ruled} opened")
        rules = browser.script("return Array.from(document.querySelectorAll('#rules li')).map((li) => li.dataset.when || li.textContent)")
        assert [r["when"] for r in outlines[ruled]["rules"]] == rules, (rules, outlines[ruled]["rules"])
        browser.screenshot(os.path.join(shots, f"{fmt}-flag.png"))

        # A context evaluated on the page, against `burgee eval`.
        status = api(base, "/status")
        context = dict(status["exampleContext"])
        context[status["contextKeyMember"]] = "explorer-user-7"
        browser.type("#context", json.dumps(context))
        browser.click("#evaluate-flag")
        wait_for(lambda: browser.text("#result h3") == "Result for " + ruled, f"{fmt}: the result of {ruled}")
        evaluated = subprocess.run([burgee, "eval", "--definitions", file, "--format", fmt, "--flag", ruled,
                                    "--context", json.dumps(context), "--json"], capture_output=True, text=True, check=True)
        expected = json.loads(evaluated.stdout.strip().splitlines()[-1])
        shown_value = json.loads(browser.text("#result-value"))
        assert shown_value == expected["value"], (fmt, ruled, shown_value, expected)
        assert json.loads(browser.text("#result-reason")) == expected["reason"], (browser.text("#result-reason"), expected)
        variation = expected["variation"] if expected["variation"] is not None else expected["variationIndex"]
        assert browser.text("#result-variation") == (str(variation) if variation is not None else "none"), \
            (browser.text("#result-variation"), expected)
        if expected["reason"].get("kind") == "RULE_MATCH":
            matched = browser.text("#result-matched") or ""
            index = expected["reason"].get("ruleIndex")
            wanted = f"rule {index}" if index is not None else ("rule", "condition")
            assert matched.startswith(wanted), (matched, expected["reason"])
            if expected["reason"].get("ruleId"):
                assert f"'{expected['reason']['ruleId']}'" in matched, (matched, expected["reason"])
        browser.screenshot(os.path.join(shots, f"{fmt}-result.png"))

        # The rollout view: bars within 2 points of the configured weights.
        browser.go(base + "/explorer#flag=" + urllib.parse.quote(rolled, safe=""))
        wait_for(lambda: browser.text("#detail-heading") == "Flag " + rolled, f"{fmt}: {rolled} opened")
        wait_for(lambda: browser.script("return !document.getElementById('rollout').hidden"), f"{fmt}: the rollout view")
        # The example context, so that a rule's condition does not hide the rollout; the key is varied.
        browser.type("#context", json.dumps(status["exampleContext"]))
        browser.click("#draw")
        bars = wait_for(lambda: browser.script(
            "return Array.from(document.querySelectorAll('.bar-row')).map((b) => [b.dataset.variation, b.dataset.measured, b.dataset.configured])"),
            f"{fmt}: the bars of {rolled}", timeout=60)
        weighted = [(v, float(m), float(c)) for v, m, c in bars if c != ""]
        assert weighted, f"{fmt}: no bar of {rolled} has a configured weight: {bars}"
        for variation, measured, configured in weighted:
            assert abs(measured - configured) <= 0.02, f"{fmt}: {rolled} '{variation}' {measured} against {configured}"
        browser.screenshot(os.path.join(shots, f"{fmt}-rollout.png"))

        # A change of the file shows without a reload.
        browser.script("window.__sameDocument = true;")
        with open(file, "w") as f:
            json.dump(toggled(document, fmt, ruled), f)
        wait_for(lambda: browser.script(
            f"return document.querySelector(\"#flag-list li.changed[data-key='{ruled}']\") !== null"),
            f"{fmt}: {ruled} marked changed")
        assert browser.script("return window.__sameDocument === true"), f"{fmt}: the page was reloaded"
        browser.screenshot(os.path.join(shots, f"{fmt}-changed.png"))

        # The other tabs draw.
        browser.click("#evaluate-all")
        wait_for(lambda: browser.script("return document.querySelectorAll('#all-table tbody tr').length") == len(listed),
                 f"{fmt}: all flags evaluated")
        browser.screenshot(os.path.join(shots, f"{fmt}-all.png"))
        browser.click("#tab-events")
        wait_for(lambda: (browser.text("#events") or "").strip().startswith(("{", "[")), f"{fmt}: recorded events")
        browser.screenshot(os.path.join(shots, f"{fmt}-events.png"))
        browser.click("#tab-flags")

        problems = browser.script(ACCESSIBILITY)
        assert not problems, f"{fmt}: accessibility: {problems}"
        errors = [entry for entry in browser.console() if entry.get("level") == "SEVERE"]
        assert not errors, f"{fmt}: console errors: {errors}"
        print(f"explorer {fmt}: {len(listed)} flags; search, '{ruled}' opened and evaluated as burgee eval does, "
              f"'{rolled}' drawn within 2 points, change shown live, no console errors, accessibility clean")
    finally:
        # Leave the page before its server stops, so that its polling does not log a refused connection.
        try:
            browser.go("about:blank")
            browser.console()
        except Exception:
            pass
        serve.terminate()
        try:
            serve.wait(timeout=10)
        except subprocess.TimeoutExpired:
            serve.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--burgee", required=True)
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "explorer-screenshots"))
    parser.add_argument("--formats", default=",".join(c[0] for c in CASES))
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    port = free_port()
    driver = subprocess.Popen([args.chromedriver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    browser = None
    try:
        driver_url = f"http://127.0.0.1:{port}"
        wait_for(lambda: urllib.request.urlopen(driver_url + "/status", timeout=2).status == 200, "chromedriver")
        browser = Browser(driver_url)
        with tempfile.TemporaryDirectory() as workdir:
            for fmt, path, member in CASES:
                if fmt in args.formats.split(","):
                    check_format(browser, os.path.abspath(args.burgee), fmt, path, member, args.screenshots, workdir)
        print(f"explorer: screenshots in {args.screenshots}")
    finally:
        if browser:
            browser.close()
        driver.terminate()
        driver.wait(timeout=10)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as error:
        print(f"explorer browser test failed: {error}", file=sys.stderr)
        sys.exit(1)
