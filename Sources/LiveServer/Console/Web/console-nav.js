// The web console, part 5 of 7: a trajectory's compass (dragging it holds a heading), altitude and pressure
// strip, and step count; hidden for points that carry no heading.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $, store } = app;

  const STRIP_SECONDS = 60;     // timeline seconds the altitude and pressure strip shows
  const STRIP_STEP = 0.1;       // one strip sample per 0.1 s of timeline (taken, never averaged)
  const DASH = '—';

  // ---------- The compass: the dial north up, a needle per heading; dragging it holds a true heading ----------
  const compass = $('compass');
  const compassContext = compass.getContext('2d');
  let dragging = null, held = null, lastPost = 0, postTimer = null, compassDirty = true;
  let shown = { trueHeading: null, magneticHeading: null };

  /** Degrees wrapped into 0 ..< 360, at 0.1 degree. */
  function wrap(degrees) {
    const d = Math.round((((degrees % 360) + 360) % 360) * 10) / 10;
    return d >= 360 ? 0 : d;
  }

  /** The bearing (degrees clockwise from the dial's north, the top) of a pointer over the compass. */
  function bearingOf(event) {
    const rect = compass.getBoundingClientRect();
    const dx = event.clientX - (rect.left + rect.width / 2), dy = event.clientY - (rect.top + rect.height / 2);
    return wrap(Math.atan2(dx, -dy) * 180 / Math.PI);
  }

  // Sizes `canvas` to its box at the device's pixel ratio and clears it: the context drawing in CSS pixels,
  // and the box's width and height.
  function clearedCanvas(canvas, context) {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
    }
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    context.clearRect(0, 0, w, h);
    return { c: context, w, h };
  }

  function drawCompass() {
    if (!compassDirty) return;
    compassDirty = false;
    const { c, w, h } = clearedCanvas(compass, compassContext);
    const cx = w / 2, cy = h / 2, r = Math.min(w, h) / 2 - 4;
    c.fillStyle = '#fbfcfd'; c.strokeStyle = '#9aa3b2'; c.lineWidth = 1.5;
    c.beginPath(); c.arc(cx, cy, r, 0, 2 * Math.PI); c.fill(); c.stroke();
    c.strokeStyle = '#5b6475';
    for (let d = 0; d < 360; d += 30) {
      const a = d * Math.PI / 180, inner = d % 90 === 0 ? r - 9 : r - 5;
      c.beginPath(); c.moveTo(cx + Math.sin(a) * inner, cy - Math.cos(a) * inner); c.lineTo(cx + Math.sin(a) * r, cy - Math.cos(a) * r); c.stroke();
    }
    c.fillStyle = '#1d2330'; c.font = '600 11px system-ui, sans-serif'; c.textAlign = 'center'; c.textBaseline = 'middle';
    [['N', 0], ['E', 90], ['S', 180], ['W', 270]].forEach(([label, d]) => {
      const a = d * Math.PI / 180;
      c.fillText(label, cx + Math.sin(a) * (r - 16), cy - Math.cos(a) * (r - 16));
    });
    // The true heading: a wide arrow; the magnetic one: a thin line on top of it, so both show when close.
    const needle = (degrees, color, width, length, head) => {
      if (degrees === null) return;
      c.save();
      c.translate(cx, cy); c.rotate(degrees * Math.PI / 180);
      c.strokeStyle = color; c.fillStyle = color; c.lineWidth = width; c.lineCap = 'round';
      c.beginPath(); c.moveTo(0, 8); c.lineTo(0, -length + head); c.stroke();
      if (head) { c.beginPath(); c.moveTo(0, -length); c.lineTo(head * 0.6, -length + head); c.lineTo(-head * 0.6, -length + head); c.closePath(); c.fill(); }
      c.restore();
    };
    const trueHeading = dragging !== null ? dragging : shown.trueHeading;
    needle(trueHeading, dragging !== null || held !== null ? '#c77c0e' : '#c8372d', 4, r - 28, 10);
    needle(dragging !== null ? null : shown.magneticHeading, '#2367c4', 1.5, r - 30, 0);
    c.fillStyle = '#1d2330'; c.beginPath(); c.arc(cx, cy, 3, 0, 2 * Math.PI); c.fill();
  }

  async function postHeading(degrees) {
    lastPost = performance.now();
    held = degrees;
    compass.dataset.held = String(degrees);
    try {
      const response = await fetch('/update', { method: 'POST', headers: app.jsonHeaders(),
        body: JSON.stringify({ heading: { trueHeading: degrees } }) });
      if (!response.ok) app.setStatus(`heading refused: ${(await response.json()).error}`, true);
    } catch (error) { app.setStatus(`update failed: ${error}`, true); }
  }

  function schedulePost(degrees) {
    clearTimeout(postTimer);
    postTimer = setTimeout(() => postHeading(degrees), Math.max(0, 100 - (performance.now() - lastPost)));
  }

  compass.addEventListener('pointerdown', (event) => {
    dragging = bearingOf(event);
    compass.setPointerCapture(event.pointerId);
    compassDirty = true;
    event.preventDefault();
  });
  compass.addEventListener('pointermove', (event) => {
    if (dragging === null) return;
    dragging = bearingOf(event);
    compassDirty = true;
    schedulePost(dragging);
  });
  const endDrag = () => {
    if (dragging === null) return;
    const degrees = dragging;
    dragging = null;
    clearTimeout(postTimer);
    postHeading(degrees);
  };
  compass.addEventListener('pointerup', endDrag);
  compass.addEventListener('pointercancel', endDrag);
  compass.addEventListener('keydown', (event) => {
    const step = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5 }[event.key];
    const from = held !== null ? held : shown.trueHeading;
    if (!step || from === null) return;
    event.preventDefault();
    postHeading(wrap(from + step));
  });
  $('release-heading').addEventListener('click', () => app.releaseHolds());

  // ---------- The altitude and pressure strip: one sample per 0.1 s of timeline, the last 60 s ----------
  const strip = $('baro');
  const stripContext = strip.getContext('2d');
  const samples = [];           // [timestamp, altitude m, pressure hPa or null]
  let stripDirty = true;

  function addSample(p) {
    const last = samples[samples.length - 1];
    if (last && Math.floor(p.timestamp / STRIP_STEP) === Math.floor(last[0] / STRIP_STEP)) return;
    if (last && p.timestamp < last[0]) samples.length = 0;    // a new timeline (the page reconnected elsewhere)
    samples.push([p.timestamp, p.altitude, typeof p.pressure === 'number' ? p.pressure / 100 : null]);
    while (samples.length && samples[0][0] < p.timestamp - STRIP_SECONDS) samples.shift();
    stripDirty = true;
  }

  function drawStrip() {
    if (!stripDirty) return;
    stripDirty = false;
    const { c, w, h } = clearedCanvas(strip, stripContext);
    c.strokeStyle = '#d7dbe3'; c.lineWidth = 1;
    c.strokeRect(0.5, 0.5, w - 1, h - 1);
    strip.dataset.samples = String(samples.length);
    if (samples.length < 2) return;
    const tEnd = samples[samples.length - 1][0];
    const span = Math.max(1, Math.min(STRIP_SECONDS, tEnd - samples[0][0]));   // fills the width from the first sample
    const series = (k, color) => {
      let min = Infinity, max = -Infinity;
      for (const s of samples) if (s[k] !== null) { min = Math.min(min, s[k]); max = Math.max(max, s[k]); }
      if (!isFinite(min)) return null;
      if (max - min < 0.5) { const mid = (max + min) / 2; min = mid - 0.25; max = mid + 0.25; }
      c.strokeStyle = color; c.lineWidth = 1.5;
      c.beginPath();
      let started = false;
      for (const s of samples) {
        if (s[k] === null) { started = false; continue; }
        const x = 2 + (s[0] - (tEnd - span)) / span * (w - 4), y = h - 4 - (s[k] - min) / (max - min) * (h - 8);
        if (started) c.lineTo(x, y); else c.moveTo(x, y);
        started = true;
      }
      c.stroke();
      return [min, max];
    };
    const altitude = series(1, '#23884a');
    const pressure = series(2, '#8a4fbf');
    // Each series' range: altitude on the left, pressure on the right, top and bottom.
    c.font = '10px system-ui, sans-serif';
    const range = (r, color, align, x, digits, unit) => {
      if (!r) return;
      c.fillStyle = color; c.textAlign = align;
      c.textBaseline = 'top'; c.fillText(`${r[1].toFixed(digits)} ${unit}`, x, 3);
      c.textBaseline = 'bottom'; c.fillText(`${r[0].toFixed(digits)} ${unit}`, x, h - 2);
    };
    range(altitude, '#23884a', 'left', 4, 1, 'm');
    range(pressure, '#8a4fbf', 'right', w - 4, 2, 'hPa');
  }

  // ---------- The newest point's heading, altitude, pressure and steps ----------
  const number = (v, digits) => (typeof v === 'number' && isFinite(v) ? v.toFixed(digits) : DASH);

  /** Takes each point of the stream (the store calls it): keeps what the panel draws. */
  function takePoint(p) {
    if (!p.heading) return;
    addSample(p);
  }

  /** The numbers, 10 times a second; the panel hides while the points carry no heading. */
  function updateNav() {
    const p = store.latest;
    const section = $('nav-section');
    if (!p || !p.heading) {
      if (!section.hidden) { section.hidden = true; app.setHeading(null); }
      return;
    }
    section.hidden = false;
    const h = p.heading;
    if (shown.trueHeading !== h.trueHeading || shown.magneticHeading !== h.magneticHeading) {
      shown = { trueHeading: h.trueHeading, magneticHeading: h.magneticHeading };
      compassDirty = true;
    }
    app.setHeading(h.trueHeading);
    $('true-heading').textContent = number(h.trueHeading, 1);
    $('magnetic-heading').textContent = number(h.magneticHeading, 1);
    $('heading-accuracy').textContent = number(h.headingAccuracy, 1);
    compass.setAttribute('aria-valuenow', number(h.trueHeading, 0));
    compass.setAttribute('aria-valuetext', `true heading ${number(h.trueHeading, 0)} degrees${held !== null ? ' (held)' : ''}`);
    $('heading-held').hidden = held === null;
    $('altitude').textContent = number(p.altitude, 1);
    $('pressure').textContent = number(typeof p.pressure === 'number' ? p.pressure / 100 : null, 2);
    const steps = p.pedometer;
    $('steps').textContent = steps ? String(steps.steps) : DASH;
    $('step-distance').textContent = number(steps && steps.distance, 1);
    $('cadence').textContent = number(steps && steps.cadence, 2);
  }

  function drawNav() {
    if ($('nav-section').hidden) return;
    drawCompass();
    drawStrip();
  }

  /** A spec applied (or holds released): follow the points' own heading again. */
  function releaseHeading() { held = null; delete compass.dataset.held; compassDirty = true; }

  Object.assign(app, { takePoint, updateNav, drawNav, releaseHeading });
})();
