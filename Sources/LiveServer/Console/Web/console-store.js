// The web console, part 1 of 7: the namespace, the points received and the stream.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

/**
 * The console's namespace, its one global: what its parts share. Each part (one file, one IIFE) adds the
 * functions the others call; the state below is written by one part and read by another.
 */
const SignalConsole = {
  $: (id) => document.getElementById(id),
  CAPACITY: 1 << 14,   // points kept: 10 s at 1 kHz, with room to spare
  /** The points received (this file). */
  store: null,
  /** Hz, from /v1/status (controls); bounds the frequency sliders (spec). */
  sampleRate: 100,
  /** performance.now() of the last stream event (this file), for the status line (controls). */
  lastEventAt: 0,
  /** The plot's frames per second and smoothed draw time in ms (plot), for the status line (controls). */
  fps: 0,
  drawTime: 0,
  /**
   * The server's token when it has one (`signals serve --token`): the page cannot know it unless told, so
   * the user opens `/?token=TOKEN` and every change sends it as `Authorization: Bearer TOKEN`.
   */
  token: new URLSearchParams(location.search).get('token'),
  /** The headers of a change: its body is JSON, and the token goes along when there is one. */
  jsonHeaders() {
    const headers = { 'Content-Type': 'application/json' };
    if (SignalConsole.token) headers.Authorization = `Bearer ${SignalConsole.token}`;
    return headers;
  },
};

(() => {
  'use strict';
  const app = SignalConsole;
  const { $, CAPACITY } = app;

  const STREAM_RATE = 1000;     // points per second asked of /v1/stream (it takes points, never averages)
  const COLORS = ['#c8372d', '#23884a', '#2367c4', '#8a4fbf', '#c77c0e', '#168a8a', '#6b6b6b', '#b8336a', '#4a6b1f'];

  // ---------- The points received, in a ring per channel ----------
  const store = app.store = { shape: null, times: new Float64Array(CAPACITY), values: [], head: 0, count: 0, latest: null, dirty: true };

  function vector(name, title, unit) {
    return { title, unit, channels: ['x', 'y', 'z'].map((axis, k) => ({ label: `${name}.${axis}`, axis, color: COLORS[k],
      get: (p) => p[name][axis] })) };
  }

  /** The panels and channels of a point, from its keys. */
  function shapeOf(p) {
    if (p.userAcceleration && p.gravity && p.rotationRate) {
      return { name: 'motion', groups: [vector('userAcceleration', 'User acceleration', 'g'), vector('gravity', 'Gravity', 'g'),
        vector('rotationRate', 'Rotation rate', 'rad/s')] };
    }
    if (p.location) return { name: 'route', groups: [
      { title: 'Speed', unit: 'm/s', channels: [{ label: 'location.speed', axis: 'x', color: COLORS[0], get: (q) => q.location.speed }] },
      { title: 'Altitude', unit: 'm', channels: [{ label: 'location.altitude', axis: 'z', color: COLORS[2], get: (q) => q.location.altitude }] }] };
    if ('value' in p) return { name: 'one channel', groups: [{ title: 'Value', unit: 'signal units',
      channels: [{ label: 'value', axis: 'value', color: COLORS[2], get: (q) => q.value }] }] };
    if ('x' in p && 'y' in p && 'z' in p) return { name: 'axes', groups: [{ title: 'Axes', unit: 'signal units',
      channels: ['x', 'y', 'z'].map((axis, k) => ({ label: axis, axis, color: COLORS[k], get: (q) => q[axis] })) }] };
    const n = Array.isArray(p.channels) ? p.channels.length : 0;
    return { name: `${n} channels`, groups: [{ title: 'Channels', unit: 'signal units',
      channels: Array.from({ length: n }, (_, k) => ({ label: `channel ${k}`, axis: String(k), color: COLORS[k % COLORS.length],
        get: (q) => q.channels[k] })) }] };
  }

  function signature(p) { return Object.keys(p).join(',') + (Array.isArray(p.channels) ? p.channels.length : ''); }

  function reset(p) {
    store.shape = shapeOf(p);
    store.shape.signature = signature(p);
    const flat = store.shape.groups.flatMap((g) => g.channels);
    store.values = flat.map(() => new Float32Array(CAPACITY));
    store.head = 0;
    store.count = 0;
    $('plot-shape').textContent = `· ${store.shape.name}`;
    $('legend').innerHTML = store.shape.groups.map((g) => g.channels.map((c) =>
      `<span><i style="background:${c.color}"></i>${c.label} (${g.unit})</span>`).join('')).join('');
    app.buildValueTable();
  }

  function push(p) {
    if (!store.shape || store.shape.signature !== signature(p)) reset(p);
    const i = store.head;
    store.times[i] = p.timestamp;
    let k = 0;
    for (const g of store.shape.groups) for (const c of g.channels) store.values[k++][i] = c.get(p);
    store.head = (i + 1) % CAPACITY;
    store.count = Math.min(store.count + 1, CAPACITY);
    store.latest = p;
    store.dirty = true;
    if (p.location) app.addFix(p.location.latitude, p.location.longitude);
    app.takePoint(p);
  }

  // ---------- The stream ----------
  function connect() {
    const source = new EventSource(`/v1/stream?rate=${STREAM_RATE}`);
    source.onmessage = (event) => {
      try {
        const p = JSON.parse(event.data);
        p.index = Number(event.lastEventId);
        push(p);
        app.lastEventAt = performance.now();
      } catch (error) { app.setStatus(`bad event: ${error}`, true); }
    };
    source.onerror = () => { app.setStatus('stream interrupted; reconnecting (missed points are replayed)…', true); };
  }

  Object.assign(app, { push, connect });
})();
