extension ExplorerAssets {
    /// The script: reads the JSON API below `/explorer/api`, draws the views, polls `status` to follow changes.
    static let script = ##"""
"use strict";
// The flag explorer: reads the JSON API below /explorer/api (docs/explorer.md) from this server only.
const api = "/explorer/api";
const state = { status: null, flags: [], segments: [], fingerprints: new Map(), changed: new Set(), selected: null, version: null };

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function call(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(api + path, { credentials: "same-origin", cache: "no-store", ...options });
  const json = await response.json();
  if (!response.ok) throw new Error(json.message || response.statusText);
  return json;
}

function percent(share) {
  return (Math.round(share * 10000) / 100).toString() + " %";
}

function serveWords(serve) {
  if (!serve) return "nothing";
  if (serve.variation !== undefined) return "serve '" + serve.variation + "'";
  if (serve.rollout) {
    const parts = serve.rollout.shares.map((s) => percent(s.share) + " '" + s.variation + "'");
    return parts.join(" / ") + " by " + serve.rollout.by + (serve.rollout.experiment ? " (experiment)" : "") +
      (serve.expression !== undefined ? ", as targeting computes it: " + JSON.stringify(serve.expression) : "");
  }
  if (serve.expression !== undefined) return "what targeting computes: " + JSON.stringify(serve.expression);
  if (serve.none) return "the caller's default";
  return "nothing that can be served (malformed)";
}

function link(kind, key) {
  return el("a", { href: "#" + kind + "=" + encodeURIComponent(key), "data-key": key }, key);
}

// MARK: The list

function renderList() {
  const query = document.getElementById("search").value.trim().toLowerCase();
  const list = document.getElementById("flag-list");
  list.replaceChildren();
  for (const flag of state.flags) {
    const haystack = [flag.key, ...flag.sets, ...flag.variations].join(" ").toLowerCase();
    if (query && !haystack.includes(query)) continue;
    const changed = state.changed.has(flag.key);
    list.append(el("li", { class: changed ? "changed" : null, "data-key": flag.key },
      link("flag", flag.key),
      el("span", { class: "badge" + (flag.enabled ? "" : " off") }, flag.malformed ? "malformed" : flag.enabled ? "on" : "off"),
      flag.rollout ? el("span", { class: "badge" }, "rollout") : null,
      changed ? el("span", { class: "badge changed-mark" }, "changed") : null,
      el("div", { class: "off" }, flag.variations.length + " variations" + (flag.sets.length ? " · sets: " + flag.sets.join(", ") : "") + " · version " + flag.version +
        (flag.lastChanged ? " · changed " + new Date(flag.lastChanged).toLocaleTimeString() : ""))));
  }
  const segments = document.getElementById("segment-list");
  segments.replaceChildren(...state.segments.map((key) => el("li", {}, link("segment", key))));
}

async function loadFlags() {
  const listed = await call("/flags");
  const changed = new Set();
  for (const flag of listed.flags) {
    const before = state.fingerprints.get(flag.key);
    if (state.version !== null && before !== flag.fingerprint) changed.add(flag.key);
  }
  state.fingerprints = new Map(listed.flags.map((f) => [f.key, f.fingerprint]));
  if (changed.size) state.changed = changed;
  state.flags = listed.flags;
  state.segments = listed.segments;
  state.version = listed.version;
  renderList();
  return changed;
}

// MARK: A flag or segment

function rulesList(rules) {
  return el("ol", { class: "rules", id: "rules" }, rules.map((rule) =>
    el("li", { "data-when": rule.when },
      el("strong", {}, rule.target ? "target" : rule.label ? "'" + rule.label + "'" : "rule " + (rule.index ?? "") + (rule.id ? " (" + rule.id + ")" : "")), ": ",
      "when ", el("code", {}, rule.when), " → ", serveWords(rule.serve))));
}

function renderFlag(outline) {
  document.getElementById("detail-heading").textContent = "Flag " + outline.key;
  // A result belongs to the flag it was evaluated for.
  const result = document.querySelector("#result h3");
  if (result && result.textContent !== "Result for " + outline.key) document.getElementById("result").replaceChildren();
  const detail = document.getElementById("detail");
  const variations = el("table", { id: "variations" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Variation"), el("th", { scope: "col" }, "Value"))),
    el("tbody", {}, outline.variations.map((v) => el("tr", {}, el("td", {}, v.name), el("td", {}, el("code", {}, JSON.stringify(v.value)))))));
  const parts = [
    el("p", { id: "flag-state" }, outline.malformed ? "Malformed. " : "", outline.enabled ? "On" : "Off",
      " · version " + outline.version,
      outline.sets.length ? " · sets: " + outline.sets.join(", ") : "",
      outline.offVariation !== null ? " · when off: '" + outline.offVariation + "'" : ""),
    el("h3", {}, "Variations"), variations,
  ];
  if (outline.prerequisites.length) {
    parts.push(el("h3", {}, "Prerequisites"), el("ul", {}, outline.prerequisites.map((p) =>
      el("li", {}, link("flag", p.flag), " must serve " + p.variations.map((v) => "'" + v + "'").join(" or ")))));
  }
  parts.push(el("h3", {}, "Rules, in order"), outline.rules.length ? rulesList(outline.rules) : el("p", {}, "None."));
  parts.push(el("p", { id: "fallthrough" }, el("strong", {}, "Otherwise: "), serveWords(outline.fallthrough)));
  if (outline.segments.length) parts.push(el("h3", {}, "Segments used"), el("ul", {}, outline.segments.map((s) => el("li", {}, link("segment", s)))));
  if (outline.flags.length) parts.push(el("h3", {}, "Flags it reads"), el("ul", {}, outline.flags.map((f) => el("li", {}, link("flag", f)))));
  if (outline.usedBy.length) parts.push(el("h3", {}, "Used by"), el("ul", {}, outline.usedBy.map((f) => el("li", {}, link("flag", f)))));
  if (outline.problems.length) parts.push(el("h3", {}, "Problems"), el("ul", {}, outline.problems.map((p) => el("li", { class: "fail" }, p))));
  detail.replaceChildren(...parts);
  const rollout = document.getElementById("rollout");
  const hasRollout = outline.fallthrough.rollout || outline.rules.some((r) => r.serve.rollout);
  rollout.hidden = !hasRollout;
  document.getElementById("bars").replaceChildren();
  document.getElementById("evaluate-flag").disabled = false;
}

function renderSegment(outline) {
  document.getElementById("detail-heading").textContent = "Segment " + outline.key;
  const entries = el("ol", { class: "rules", id: "rules" }, outline.entries.map((e) =>
    el("li", {}, (e.includes ? "includes" : "excludes") + " when ", el("code", {}, e.when),
      e.rollout ? " (" + percent(e.rollout.inside) + " by " + e.rollout.by + ")" : "")));
  const parts = [el("p", {}, outline.malformed ? "Malformed." : ""), el("h3", {}, "Entries, in order"), entries];
  if (outline.usedByFlags.length) parts.push(el("h3", {}, "Used by flags"), el("ul", {}, outline.usedByFlags.map((f) => el("li", {}, link("flag", f)))));
  if (outline.usedBySegments.length) parts.push(el("h3", {}, "Used by segments"), el("ul", {}, outline.usedBySegments.map((s) => el("li", {}, link("segment", s)))));
  if (outline.problems.length) parts.push(el("h3", {}, "Problems"), el("ul", {}, outline.problems.map((p) => el("li", { class: "fail" }, p))));
  document.getElementById("detail").replaceChildren(...parts);
  document.getElementById("rollout").hidden = true;
  document.getElementById("evaluate-flag").disabled = true;
}

async function show(hash) {
  const match = /^#(flag|segment)=(.+)$/.exec(hash);
  if (!match) return;
  const key = decodeURIComponent(match[2]);
  state.selected = { kind: match[1], key };
  try {
    if (match[1] === "flag") renderFlag(await call("/flags/" + encodeURIComponent(key)));
    else renderSegment(await call("/segments/" + encodeURIComponent(key)));
  } catch (error) {
    document.getElementById("detail-heading").textContent = key;
    document.getElementById("detail").replaceChildren(el("p", { class: "fail" }, error.message));
  }
}

// MARK: Contexts

function contextKey() { return "burgee-explorer-contexts-" + (state.status ? state.status.format : ""); }

function recentContexts() {
  try { return JSON.parse(localStorage.getItem(contextKey()) || "[]"); } catch { return []; }
}

function remember(text) {
  const recent = [text, ...recentContexts().filter((t) => t !== text)].slice(0, 10);
  try { localStorage.setItem(contextKey(), JSON.stringify(recent)); } catch { /* storage may be off */ }
  renderRecent();
}

function renderRecent() {
  const select = document.getElementById("recent");
  const recent = recentContexts();
  select.replaceChildren(el("option", { value: "" }, recent.length ? "(choose one)" : "(none yet)"),
    ...recent.map((text, i) => el("option", { value: String(i) }, text.replace(/\s+/g, " ").slice(0, 80))));
}

function readContext() {
  const error = document.getElementById("context-error");
  const text = document.getElementById("context").value;
  try {
    const context = JSON.parse(text);
    if (context === null || typeof context !== "object" || Array.isArray(context)) throw new Error("the context must be a JSON object");
    error.textContent = "";
    remember(JSON.stringify(context, null, 2));
    return context;
  } catch (e) {
    error.textContent = "Context: " + e.message;
    return null;
  }
}

function renderResult(result) {
  const steps = result.trace.steps.map((step) => el("li", { class: step.outcome || "", style: "margin-left:" + step.depth * 1.2 + "em" },
    el("span", { "aria-hidden": "true" }, step.outcome === "pass" ? "✓ " : step.outcome === "fail" ? "✗ " : "· "),
    el("span", { class: "visually-hidden" }, step.outcome ? step.outcome + ": " : ""), step.text));
  const matched = result.trace.steps.find((s) => s.outcome === "pass" && /^(rule|condition|target|exit)/.test(s.text));
  document.getElementById("result").replaceChildren(
    el("h3", {}, "Result for " + result.flag),
    el("table", { id: "result-table" }, el("tbody", {},
      el("tr", {}, el("th", { scope: "row" }, "Value"), el("td", { id: "result-value" }, el("code", {}, JSON.stringify(result.value)))),
      el("tr", {}, el("th", { scope: "row" }, "Variation"), el("td", { id: "result-variation" }, result.variation ?? (result.variationIndex ?? "none"))),
      el("tr", {}, el("th", { scope: "row" }, "Reason"), el("td", { id: "result-reason" }, el("code", {}, JSON.stringify(result.reason)))),
      matched ? el("tr", {}, el("th", { scope: "row" }, "Matched"), el("td", { id: "result-matched" }, matched.text)) : null)),
    el("h3", {}, "Trace"), el("ol", { id: "trace" }, steps),
    el("p", { id: "trace-note" }, result.trace.note || ""));
}

async function evaluateFlag() {
  const context = readContext();
  if (!context || !state.selected || state.selected.kind !== "flag") return;
  try { renderResult(await call("/evaluate", { flag: state.selected.key, context })); }
  catch (error) { document.getElementById("context-error").textContent = error.message; }
}

async function evaluateAll() {
  const context = readContext();
  if (!context) return;
  try {
    const all = await call("/evaluate", { context });
    document.getElementById("all-results").replaceChildren(el("table", { id: "all-table" },
      el("thead", {}, el("tr", {}, ["Flag", "Value", "Variation", "Reason"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, all.results.map((r) => el("tr", { "data-key": r.flag }, el("td", {}, link("flag", r.flag)),
        el("td", {}, el("code", {}, JSON.stringify(r.value))), el("td", {}, r.variation ?? ""), el("td", {}, el("code", {}, JSON.stringify(r.reason))))))));
    selectTab("all");
  } catch (error) { document.getElementById("context-error").textContent = error.message; }
}

// MARK: Rollouts

async function draw() {
  if (!state.selected || state.selected.kind !== "flag") return;
  const count = Number(document.getElementById("rollout-count").value) || 10000;
  let context = null;
  try { context = JSON.parse(document.getElementById("context").value); } catch { context = null; }
  const body = { flag: state.selected.key, count };
  if (context && typeof context === "object" && !Array.isArray(context)) body.context = context;
  const bars = document.getElementById("bars");
  bars.replaceChildren(el("p", {}, "Evaluating " + count + " contexts…"));
  try {
    const measured = await call("/distribution", body);
    const configured = new Map(((measured.configured && measured.configured.rollout) ? measured.configured.rollout.shares : []).map((s) => [s.variation, s.share]));
    bars.replaceChildren(el("p", {}, measured.count + " contexts, '" + measured.member + "' varied; the dark mark is the configured weight."),
      ...measured.counts.map((row) => {
        const name = row.variation ?? "(default)";
        const weight = configured.get(row.variation);
        return el("div", { class: "bar-row", "data-variation": name, "data-measured": row.share, "data-configured": weight ?? "" },
          el("div", {}, el("strong", {}, name), ": " + percent(row.share) + " measured" + (weight !== undefined ? ", " + percent(weight) + " configured" : "")),
          el("div", { class: "bar-track", role: "img", "aria-label": name + " " + percent(row.share) },
            el("div", { class: "bar-fill", style: "width:" + row.share * 100 + "%" }),
            weight !== undefined ? el("div", { class: "bar-configured", style: "left:calc(" + weight * 100 + "% - 1px)" }) : null));
      }));
  } catch (error) { bars.replaceChildren(el("p", { class: "fail" }, error.message)); }
}

// MARK: Tabs, live updates

function selectTab(name) {
  for (const tab of ["flags", "all", "events"]) document.getElementById("tab-" + tab).setAttribute("aria-pressed", String(tab === name));
  document.querySelector("main").classList.toggle("wide", name !== "flags");
  document.getElementById("all-pane").hidden = name !== "all";
  document.getElementById("events-pane").hidden = name !== "events";
  if (name === "events") loadEvents();
}

async function loadEvents() {
  try { document.getElementById("events").textContent = JSON.stringify(await call("/events"), null, 2); }
  catch (error) { document.getElementById("events").textContent = error.message; }
}

function renderSummary() {
  const s = state.status;
  document.getElementById("summary").textContent = s.evaluable
    ? s.format + " definitions, version " + s.version + ": " + s.flagCount + " flags, " + s.segmentCount + " segments" + (s.problems.length ? ", " + s.problems.length + " problems" : "")
    : s.format + " definitions that cannot be evaluated";
}

async function poll() {
  try {
    const status = await call("/status");
    const moved = state.status && status.version !== state.status.version;
    state.status = status;
    renderSummary();
    if (moved) {
      await loadFlags().catch((error) => document.getElementById("flag-list").replaceChildren(el("li", { class: "fail" }, error.message)));
      if (state.selected) await show(location.hash);
      if (!document.getElementById("events-pane").hidden) await loadEvents();
    }
  } catch { /* the server may be restarting; the next poll tries again */ }
  setTimeout(poll, 1000);
}

async function start() {
  state.status = await call("/status");
  renderSummary();
  const recent = recentContexts();
  document.getElementById("context").value = recent[0] || JSON.stringify(state.status.exampleContext, null, 2);
  renderRecent();
  // Definitions that cannot be evaluated leave the list empty; the polling reads it again once they change.
  try { await loadFlags(); } catch (error) { document.getElementById("flag-list").replaceChildren(el("li", { class: "fail" }, error.message)); }
  document.getElementById("search").addEventListener("input", renderList);
  document.getElementById("evaluate-flag").addEventListener("click", evaluateFlag);
  document.getElementById("evaluate-all").addEventListener("click", evaluateAll);
  document.getElementById("draw").addEventListener("click", draw);
  document.getElementById("recent").addEventListener("change", (event) => {
    const text = recentContexts()[Number(event.target.value)];
    if (text !== undefined && event.target.value !== "") document.getElementById("context").value = text;
  });
  for (const tab of ["flags", "all", "events"]) document.getElementById("tab-" + tab).addEventListener("click", () => selectTab(tab));
  window.addEventListener("hashchange", () => { selectTab("flags"); show(location.hash); });
  if (location.hash) await show(location.hash);
  setTimeout(poll, 1000);
}

start().catch((error) => { document.getElementById("summary").textContent = "The explorer could not load: " + error.message; });
"""##
}
