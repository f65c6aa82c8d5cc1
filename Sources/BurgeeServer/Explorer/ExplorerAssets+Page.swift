extension ExplorerAssets {
    /// The page: its landmarks, headings and labelled controls; the script fills it.
    static let page = ##"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Burgee flag explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/explorer/explorer.css">
</head>
<body>
<header>
  <h1>Burgee flag explorer</h1>
  <p id="summary" aria-live="polite">Loading…</p>
  <nav aria-label="Views">
    <button type="button" id="tab-flags" class="tab" aria-pressed="true">Flags</button>
    <button type="button" id="tab-all" class="tab" aria-pressed="false">All flags for a context</button>
    <button type="button" id="tab-events" class="tab" aria-pressed="false">Recorded events</button>
  </nav>
</header>
<main>
  <section id="list-pane" aria-labelledby="flags-heading">
    <h2 id="flags-heading">Flags</h2>
    <label for="search">Search flags</label>
    <input id="search" type="search" autocomplete="off" placeholder="key, set or variation">
    <ul id="flag-list"></ul>
    <h2 id="segments-heading">Segments</h2>
    <ul id="segment-list"></ul>
  </section>
  <section id="detail-pane" aria-labelledby="detail-heading">
    <h2 id="detail-heading">Choose a flag</h2>
    <div id="detail"></div>
    <div id="rollout" hidden>
      <h3>Rollout</h3>
      <label for="rollout-count">Generated contexts</label>
      <input id="rollout-count" type="number" min="1" max="100000" value="10000">
      <button type="button" id="draw">Draw the distribution</button>
      <div id="bars" aria-live="polite"></div>
    </div>
  </section>
  <section id="context-pane" aria-labelledby="context-heading">
    <h2 id="context-heading">Try a context</h2>
    <label for="context">Context, in the format's own shape (JSON)</label>
    <textarea id="context" rows="10" spellcheck="false"></textarea>
    <label for="recent">Recent contexts</label>
    <select id="recent"><option value="">(none yet)</option></select>
    <div class="buttons">
      <button type="button" id="evaluate-flag" disabled>Evaluate this flag</button>
      <button type="button" id="evaluate-all">Evaluate all flags</button>
    </div>
    <p id="context-error" role="alert"></p>
    <div id="result" aria-live="polite"></div>
  </section>
  <section id="all-pane" aria-labelledby="all-heading" hidden>
    <h2 id="all-heading">All flags for the context</h2>
    <div id="all-results"></div>
  </section>
  <section id="events-pane" aria-labelledby="events-heading" hidden>
    <h2 id="events-heading">Recorded events</h2>
    <pre id="events"></pre>
  </section>
</main>
<script src="/explorer/explorer.js"></script>
</body>
</html>
"""##
}
