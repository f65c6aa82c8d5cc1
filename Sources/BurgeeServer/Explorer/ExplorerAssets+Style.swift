extension ExplorerAssets {
    /// The style sheet: colours chosen for contrast (4.5:1 or more for text).
    static let style = ##"""
:root { color-scheme: light; --ink: #1f2328; --muted: #57606a; --line: #d0d7de; --pass: #116329; --fail: #a40e26; --accent: #0550ae; --changed: #fff8c5; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: var(--ink); background: #ffffff; }
header { padding: 0.8rem 1.2rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.3rem; margin: 0; }
h2 { font-size: 1.1rem; margin: 0.4rem 0; }
h3 { font-size: 1rem; margin: 0.8rem 0 0.3rem; }
#summary { margin: 0.2rem 0 0.5rem; color: var(--muted); }
nav { display: flex; gap: 0.4rem; }
button { font: inherit; padding: 0.25rem 0.7rem; border: 1px solid var(--line); border-radius: 6px; background: #f6f8fa; color: var(--ink); cursor: pointer; }
button[aria-pressed="true"] { background: var(--accent); color: #ffffff; border-color: var(--accent); }
button:disabled { color: var(--muted); cursor: default; }
main { display: grid; grid-template-columns: minmax(14rem, 1fr) minmax(20rem, 2fr) minmax(18rem, 1.5fr); gap: 1rem; padding: 1rem 1.2rem; }
main > section { min-width: 0; }
td code, #trace li, pre { overflow-wrap: anywhere; }
main.wide #detail-pane, main.wide #list-pane { display: none; }
label { display: block; font-weight: 600; margin: 0.4rem 0 0.2rem; }
input, textarea, select { font: inherit; width: 100%; padding: 0.3rem; border: 1px solid #8c959f; border-radius: 4px; color: var(--ink); background: #ffffff; }
textarea { font-family: ui-monospace, monospace; font-size: 13px; }
ul { list-style: none; padding: 0; margin: 0; }
#flag-list li, #segment-list li { padding: 0.2rem 0.3rem; border-bottom: 1px solid #eaeef2; }
#flag-list li.changed { background: var(--changed); }
a { color: var(--accent); }
.off { color: var(--muted); }
.badge { display: inline-block; font-size: 0.8rem; padding: 0 0.4rem; margin-left: 0.3rem; border: 1px solid var(--line); border-radius: 1rem; color: var(--muted); }
.badge.changed-mark { background: var(--changed); color: var(--ink); }
table { border-collapse: collapse; width: 100%; margin: 0.3rem 0; }
th, td { text-align: left; padding: 0.2rem 0.4rem; border-bottom: 1px solid #eaeef2; vertical-align: top; }
code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
pre { white-space: pre-wrap; word-break: break-word; }
.rules li { padding: 0.3rem 0; border-bottom: 1px solid #eaeef2; }
.pass { color: var(--pass); }
.fail { color: var(--fail); }
#trace li { padding: 0.1rem 0; }
.bar-row { margin: 0.4rem 0; }
.bar-track { position: relative; height: 1.1rem; background: #eaeef2; border-radius: 3px; }
.bar-fill { position: absolute; left: 0; top: 0; bottom: 0; background: var(--accent); border-radius: 3px; }
.bar-configured { position: absolute; top: -3px; bottom: -3px; width: 3px; background: var(--ink); }
#context-error { color: var(--fail); min-height: 1.2em; margin: 0.3rem 0; }
.buttons { display: flex; gap: 0.5rem; margin-top: 0.6rem; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""##
}
