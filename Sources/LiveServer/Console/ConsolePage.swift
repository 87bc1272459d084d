extension ConsoleAssets {
    /// `GET /`: the page. Plain HTML: the script and style sheet come from this server only.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>signals · live console</title>
<link rel="stylesheet" href="/console.css">
<link rel="icon" href="data:,">
</head>
<body>
<header>
  <h1>signals <span>live console</span></h1>
  <div class="controls" role="group" aria-label="Playback">
    <button id="pause" type="button" accesskey="p" aria-keyshortcuts="Alt+P">Pause</button>
    <label for="speed">Speed</label>
    <select id="speed">
      <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
      <option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option><option value="10">10×</option>
    </select>
  </div>
  <p id="status" class="status" aria-live="polite">connecting…</p>
</header>
<main>
  <section class="plot-area" aria-labelledby="plot-title">
    <h2 id="plot-title">Last 10 s <span id="plot-shape"></span></h2>
    <canvas id="plot" role="img" aria-label="Plot of the last ten seconds of every channel"></canvas>
    <div id="legend" class="legend"></div>
  </section>
  <aside class="side">
    <section aria-labelledby="phone-title">
      <h2 id="phone-title">Attitude from gravity</h2>
      <div class="stage" id="stage">
        <div class="phone" id="phone" tabindex="0" role="slider" aria-valuetext="flat"
             aria-label="Phone attitude: drag it, or use the arrow keys, to hold a gravity vector">
          <div class="face front"><span class="notch"></span><span class="arrow">▲ top</span><span id="phone-g" class="phone-g"></span></div>
          <div class="face back"></div>
          <div class="face left"></div><div class="face right"></div>
          <div class="face top"></div><div class="face bottom"></div>
        </div>
      </div>
      <p class="hint">Drag the phone or focus it and press the arrow keys: it holds that gravity (POST /update).
        <button id="release" type="button">Release</button></p>
    </section>
    <section id="map-section" aria-labelledby="map-title" hidden>
      <h2 id="map-title">Location</h2>
      <canvas id="map" tabindex="0" role="img"
              aria-label="Map of the route (local projection): click, or focus it and use the arrow keys, to hold a location"></canvas>
      <p class="hint"><output id="map-position">–</output><br>Click the map, or focus it and use the arrow keys (10 m a step), to hold a location.</p>
    </section>
    <section aria-labelledby="now-title">
      <h2 id="now-title">Newest point</h2>
      <dl class="readout"><dt>index</dt><dd><output id="latest-index">–</output></dd>
        <dt>timestamp</dt><dd><output id="latest-timestamp">–</output> s</dd></dl>
      <table id="values" class="values"><tbody></tbody></table>
    </section>
    <section aria-labelledby="sliders-title">
      <h2 id="sliders-title">Parameters</h2>
      <div id="sliders" class="sliders"><p class="hint">The numeric parameters of the spec appear here.</p></div>
    </section>
  </aside>
  <section class="editor" aria-labelledby="editor-title">
    <h2 id="editor-title"><label for="spec">Spec (JSON)</label></h2>
    <textarea id="spec" spellcheck="false" autocomplete="off" aria-describedby="spec-error spec-help"></textarea>
    <div class="editor-bar">
      <button id="apply" type="button" aria-keyshortcuts="Control+Enter">Apply spec</button>
      <button id="reload" type="button">Reload from server</button>
      <span id="spec-help" class="hint">Ctrl+Enter applies. It takes effect at the next sample; the timeline goes on.</span>
    </div>
    <div id="spec-error" class="error" role="alert" hidden></div>
  </section>
</main>
<script src="/console.js"></script>
</body>
</html>
"""#
}
