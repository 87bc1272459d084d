'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const WINDOW = 10;            // seconds plotted
  const CAPACITY = 1 << 14;     // points kept: 10 s at 1 kHz, with room to spare
  const STREAM_RATE = 1000;     // points per second asked of /v1/stream (it takes points, never averages)
  const COLORS = ['#c8372d', '#23884a', '#2367c4', '#8a4fbf', '#c77c0e', '#168a8a', '#6b6b6b', '#b8336a', '#4a6b1f'];

  // ---------- The points received, in a ring per channel ----------
  const store = { shape: null, times: new Float64Array(CAPACITY), values: [], head: 0, count: 0, latest: null, dirty: true };
  let sampleRate = 100;

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
    buildValueTable();
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
    if (p.location) addFix(p.location.latitude, p.location.longitude);
  }

  // ---------- The stream ----------
  let lastEventAt = 0;
  function connect() {
    const source = new EventSource(`/v1/stream?rate=${STREAM_RATE}`);
    source.onmessage = (event) => {
      try {
        const p = JSON.parse(event.data);
        p.index = Number(event.lastEventId);
        push(p);
        lastEventAt = performance.now();
      } catch (error) { setStatus(`bad event: ${error}`, true); }
    };
    source.onerror = () => { setStatus('stream interrupted; reconnecting (missed points are replayed)…', true); };
  }

  // ---------- The plot: min/max per pixel column, so 10 s at 1 kHz draws at 60 fps ----------
  const canvas = $('plot');
  const ctx = canvas.getContext('2d');
  let frames = 0, fps = 0, fpsSince = performance.now(), drawTime = 0;
  let columnOf = new Int32Array(0), slotOf = new Int32Array(0), lows = [], highs = [];

  function niceStep(span, count) {
    const raw = span / Math.max(1, count);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    const m = raw / power;
    return (m < 1.5 ? 1 : m < 3 ? 2 : m < 7 ? 5 : 10) * power;
  }

  function format(v, step) {
    const digits = Math.max(0, Math.min(6, -Math.floor(Math.log10(step))));
    return v.toFixed(digits);
  }

  function draw() {
    requestAnimationFrame(draw);
    frames++;
    const now = performance.now();
    if (now - fpsSince >= 1000) { fps = Math.round(frames * 1000 / (now - fpsSince)); frames = 0; fpsSince = now; }
    const dpr = window.devicePixelRatio || 1;
    const width = Math.round(canvas.clientWidth * dpr), height = Math.round(canvas.clientHeight * dpr);
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; store.dirty = true; }
    updatePhone();
    drawMap();
    if (!store.dirty) return;
    store.dirty = false;
    const began = performance.now();
    drawPlot();
    drawTime = drawTime * 0.9 + (performance.now() - began) * 0.1;
    canvas.dataset.drawMs = drawTime.toFixed(2);
  }

  function drawPlot() {
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const w = canvas.clientWidth, h = canvas.clientHeight;
    ctx.clearRect(0, 0, w, h);
    ctx.font = '12px system-ui, sans-serif';
    if (!store.shape || store.count === 0) {
      ctx.fillStyle = '#5b6475';
      ctx.fillText('waiting for points…', 60, 30);
      return;
    }
    const newest = (store.head - 1 + CAPACITY) % CAPACITY;
    const tEnd = store.times[newest], tStart = tEnd - WINDOW;
    // Oldest point in the window.
    let first = store.count;
    for (let n = 0; n < store.count; n++) {
      const i = (newest - n + CAPACITY) % CAPACITY;
      if (store.times[i] < tStart) { first = n; break; }
    }
    const inWindow = Math.min(first, store.count);
    const groups = store.shape.groups;
    const left = 64, right = 12, top = 8, bottom = 30, gap = 18;
    const plotW = Math.max(10, w - left - right);
    const panelH = Math.max(30, (h - top - bottom - gap * (groups.length - 1)) / groups.length);
    const columns = Math.max(1, Math.floor(plotW));
    // The pixel column of each point in the window, computed once for every channel.
    if (columnOf.length < inWindow) columnOf = new Int32Array(CAPACITY);
    if (slotOf.length < inWindow) slotOf = new Int32Array(CAPACITY);
    const scale = columns / WINDOW;
    for (let n = 0; n < inWindow; n++) {
      const i = newest - n < 0 ? newest - n + CAPACITY : newest - n;
      slotOf[n] = i;
      const col = Math.floor((store.times[i] - tStart) * scale);
      columnOf[n] = col < 0 ? 0 : col >= columns ? columns - 1 : col;
    }
    // Each channel: the min and max of its points in each pixel column (decimated, never averaged away),
    // in one pass; the panel's range comes from the columns.
    const channelCount = store.values.length;
    if (lows.length !== channelCount || lows[0].length !== columns) {
      lows = store.values.map(() => new Float32Array(columns));
      highs = store.values.map(() => new Float32Array(columns));
    }
    for (let c = 0; c < channelCount; c++) {
      const values = store.values[c], lo = lows[c], hi = highs[c];
      lo.fill(Infinity); hi.fill(-Infinity);
      for (let n = 0; n < inWindow; n++) {
        const col = columnOf[n], v = values[slotOf[n]];
        if (v < lo[col]) lo[col] = v;
        if (v > hi[col]) hi[col] = v;
      }
    }
    let k = 0, drawn = 0;
    groups.forEach((g, gi) => {
      const y0 = top + gi * (panelH + gap);
      let min = Infinity, max = -Infinity;
      for (let c = 0; c < g.channels.length; c++) {
        const lo = lows[k + c], hi = highs[k + c];
        for (let col = 0; col < columns; col++) {
          if (lo[col] < min) min = lo[col];
          if (hi[col] > max) max = hi[col];
        }
      }
      if (!isFinite(min)) { min = -1; max = 1; }
      if (max - min < 1e-9) { const pad = Math.max(Math.abs(max) * 0.1, 0.5); min -= pad; max += pad; }
      const pad = (max - min) * 0.08; min -= pad; max += pad;
      const yOf = (v) => y0 + panelH - (v - min) / (max - min) * panelH;
      // Frame, grid, value axis with unit.
      ctx.strokeStyle = '#d7dbe3'; ctx.lineWidth = 1; ctx.fillStyle = '#5b6475';
      ctx.strokeRect(left + 0.5, y0 + 0.5, plotW, panelH);
      const step = niceStep(max - min, 4);
      ctx.textAlign = 'right'; ctx.textBaseline = 'middle';
      for (let v = Math.ceil(min / step) * step; v <= max; v += step) {
        const y = Math.round(yOf(v)) + 0.5;
        ctx.beginPath(); ctx.moveTo(left, y); ctx.lineTo(left + plotW, y); ctx.stroke();
        ctx.fillText(format(Math.abs(v) < step / 1e6 ? 0 : v, step), left - 6, y);
      }
      ctx.save();
      ctx.translate(14, y0 + panelH / 2); ctx.rotate(-Math.PI / 2); ctx.textAlign = 'center';
      ctx.fillStyle = '#1d2330';
      ctx.fillText(`${g.title} (${g.unit})`, 0, 0);
      ctx.restore();
      for (const channel of g.channels) {
        const lo = lows[k], hi = highs[k];
        k++;
        // One filled 1-px span per column, from its min to its max, stretched to meet the previous
        // column's span so that the trace is continuous: cheap to rasterise even when every column of
        // nine noisy channels differs (no anti-aliased path to stroke).
        ctx.fillStyle = channel.color;
        let prevLo = NaN, prevHi = NaN;
        for (let col = 0; col < columns; col++) {
          if (lo[col] === Infinity) continue;
          let a = lo[col], b = hi[col];
          if (prevHi < a) a = prevHi; else if (prevLo > b) b = prevLo;
          prevLo = lo[col]; prevHi = hi[col];
          const yTop = yOf(b), yBottom = yOf(a);
          ctx.fillRect(left + col, yTop - 0.75, 1, yBottom - yTop + 1.5);
          drawn++;
        }
      }
    });
    // Time axis (timeline seconds) under the last panel.
    const yAxis = top + groups.length * panelH + (groups.length - 1) * gap;
    ctx.fillStyle = '#5b6475'; ctx.textAlign = 'center'; ctx.textBaseline = 'top';
    const tStep = niceStep(WINDOW, 10);
    for (let t = Math.ceil(tStart / tStep) * tStep; t <= tEnd + 1e-9; t += tStep) {
      const x = left + (t - tStart) / WINDOW * plotW;
      ctx.fillText(format(t, tStep), x, yAxis + 4);
    }
    ctx.textAlign = 'right';
    ctx.fillText('time (s)', left + plotW, yAxis + 16);
    canvas.dataset.points = String(inWindow);
    canvas.dataset.columns = String(drawn);
  }

  // ---------- The newest point, as numbers ----------
  function buildValueTable() {
    const body = $('values').querySelector('tbody');
    body.innerHTML = '';
    for (const g of store.shape.groups) {
      const row = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = `${g.title} (${g.unit})`;
      row.appendChild(th);
      for (const c of g.channels) {
        const td = document.createElement('td');
        td.className = c.axis;
        td.dataset.channel = c.label;
        td.title = c.label;
        row.appendChild(td);
      }
      body.appendChild(row);
    }
  }

  function updateReadout() {
    const p = store.latest;
    if (!p) return;
    $('latest-index').textContent = String(p.index);
    $('latest-timestamp').textContent = String(p.timestamp);
    const cells = $('values').querySelectorAll('td');
    let k = 0;
    for (const g of store.shape.groups) for (const c of g.channels) {
      const v = c.get(p);
      const cell = cells[k++];
      if (!cell) continue;
      cell.dataset.value = String(v);
      cell.textContent = v.toFixed(4);
    }
  }

  // ---------- The phone: attitude from gravity, and dragging it holds a gravity ----------
  const phone = $('phone');
  let dragging = null, held = null, lastPost = 0, postTimer = null;

  /** Pitch (top edge up, degrees) and roll (right edge down, degrees) of a gravity vector in the device frame. */
  function attitude(g) {
    const n = Math.hypot(g.x, g.y, g.z);
    if (!(n > 1e-9)) return { pitch: 0, roll: 0 };
    return { pitch: Math.asin(Math.max(-1, Math.min(1, -g.y / n))) * 180 / Math.PI,
      roll: Math.atan2(g.x, -g.z) * 180 / Math.PI };
  }

  /** The gravity (1 g) of a pitch and roll: the inverse of attitude(). */
  function gravityOf(pitch, roll) {
    const p = pitch * Math.PI / 180, r = roll * Math.PI / 180;
    const round = (v) => Math.round(v * 1e4) / 1e4 + 0;
    return { x: round(Math.sin(r) * Math.cos(p)), y: round(-Math.sin(p)), z: round(-Math.cos(r) * Math.cos(p)) };
  }

  function currentGravity() {
    const p = store.latest;
    if (!p) return null;
    if (p.gravity) return p.gravity;
    if ('x' in p && 'y' in p && 'z' in p) return { x: p.x, y: p.y, z: p.z };
    return null;
  }

  let shownAttitude = '';
  function showAttitude(a, g) {
    const transform = `rotateX(-28deg) rotateX(${(90 - a.pitch).toFixed(1)}deg) rotateY(${a.roll.toFixed(1)}deg)`;
    const text = g ? `g = (${g.x.toFixed(2)},\n${g.y.toFixed(2)}, ${g.z.toFixed(2)})` : '';
    if (transform + text === shownAttitude) return;   // no style work when nothing moved
    shownAttitude = transform + text;
    phone.style.transform = transform;
    phone.setAttribute('aria-valuetext', `pitch ${a.pitch.toFixed(0)} degrees, roll ${a.roll.toFixed(0)} degrees`);
    $('phone-g').textContent = text;
  }

  // The 3D phone is re-styled at most every 50 ms while following the stream: a 3D transform costs far
  // more than the plot in a software-composited browser, and 20 Hz is smooth enough for an attitude.
  let phoneShownAt = 0;
  function updatePhone() {
    if (dragging || held) { const a = dragging || held; showAttitude(a, gravityOf(a.pitch, a.roll)); return; }
    const now = performance.now();
    if (now - phoneShownAt < 50) return;
    phoneShownAt = now;
    const g = currentGravity();
    if (g) showAttitude(attitude(g), g);
  }

  async function postGravity(a) {
    lastPost = performance.now();
    const g = gravityOf(a.pitch, a.roll);
    try {
      const response = await fetch('/update', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accelerometer: g }) });
      if (!response.ok) setStatus(`update refused: ${(await response.json()).error}`, true);
    } catch (error) { setStatus(`update failed: ${error}`, true); }
  }

  function schedulePost(a) {
    clearTimeout(postTimer);
    const wait = Math.max(0, 100 - (performance.now() - lastPost));
    postTimer = setTimeout(() => postGravity(a), wait);
  }

  function clampAttitude(a) {
    a.pitch = Math.max(-90, Math.min(90, a.pitch));
    a.roll = ((a.roll + 540) % 360) - 180;
    return a;
  }

  phone.addEventListener('pointerdown', (event) => {
    const g = currentGravity() || { x: 0, y: 0, z: -1 };
    dragging = Object.assign(held ? { ...held } : attitude(g), { x: event.clientX, y: event.clientY });
    phone.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  phone.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    dragging.roll += (event.clientX - dragging.x) * 0.6;
    dragging.pitch -= (event.clientY - dragging.y) * 0.6;
    dragging.x = event.clientX; dragging.y = event.clientY;
    clampAttitude(dragging);
    schedulePost({ ...dragging });
  });
  const endDrag = () => {
    if (!dragging) return;
    held = { pitch: dragging.pitch, roll: dragging.roll };
    dragging = null;
    clearTimeout(postTimer);
    postGravity(held);
    setTimeout(() => { held = null; }, 600);   // then follow the stream, which now holds it
  };
  phone.addEventListener('pointerup', endDrag);
  phone.addEventListener('pointercancel', endDrag);
  phone.addEventListener('keydown', (event) => {
    const steps = { ArrowUp: [5, 0], ArrowDown: [-5, 0], ArrowLeft: [0, -5], ArrowRight: [0, 5] }[event.key];
    if (!steps) return;
    event.preventDefault();
    const g = currentGravity() || { x: 0, y: 0, z: -1 };
    const a = clampAttitude(held ? { ...held } : attitude(g));
    a.pitch += steps[0]; a.roll += steps[1];
    held = clampAttitude(a);
    postGravity(held);
    clearTimeout(phone.releaseTimer);
    phone.releaseTimer = setTimeout(() => { held = null; }, 600);
  });
  $('release').addEventListener('click', () => applySpec(JSON.stringify(spec, null, 2), { rebuild: false }));

  // ---------- The map: the route in a local projection (metres east and north), no tiles ----------
  const map = $('map');
  const mapContext = map.getContext('2d');
  const trail = [];            // recent fixes [latitude, longitude]
  let waypoints = [];          // the spec's waypoints [latitude, longitude]
  let heldLocation = null, mapDirty = true, lastData = 0;
  const METRES_PER_DEGREE = 111320;

  function addFix(latitude, longitude) {
    const last = trail[trail.length - 1];
    // Thinned to fixes about 0.1 m apart: a walk at 1 kHz moves millimetres per point.
    if (!last || Math.abs(last[0] - latitude) > 1e-6 || Math.abs(last[1] - longitude) > 1e-6) {
      trail.push([latitude, longitude]);
      if (trail.length > 4000) trail.splice(0, trail.length - 4000);
      mapDirty = true;
    }
    $('map-section').hidden = false;
  }

  /** The projection fitted to everything drawn: [latitude, longitude] -> [x, y] pixels, and back. */
  function projection(w, h) {
    const all = waypoints.concat(trail.slice(-2000));
    if (heldLocation) all.push(heldLocation);
    if (all.length === 0) return null;
    let lat0 = 0, lon0 = 0;
    for (const [la, lo] of all) { lat0 += la; lon0 += lo; }
    lat0 /= all.length; lon0 /= all.length;
    const k = Math.cos(lat0 * Math.PI / 180);
    const east = (lo) => (lo - lon0) * k * METRES_PER_DEGREE, north = (la) => (la - lat0) * METRES_PER_DEGREE;
    let span = 50;   // metres shown at least
    for (const [la, lo] of all) span = Math.max(span, Math.abs(east(lo)) * 2, Math.abs(north(la)) * 2 * w / h);
    const scale = (w - 24) / (span * 1.1);   // pixels per metre
    return {
      scale,
      toXY: ([la, lo]) => [w / 2 + east(lo) * scale, h / 2 - north(la) * scale],
      toLatLon: (x, y) => [lat0 + (h / 2 - y) / scale / METRES_PER_DEGREE, lon0 + (x - w / 2) / scale / (k * METRES_PER_DEGREE)],
    };
  }

  function drawMap() {
    if (!mapDirty || $('map-section').hidden) return;
    mapDirty = false;
    const dpr = window.devicePixelRatio || 1;
    const w = map.clientWidth, h = map.clientHeight;
    if (map.width !== Math.round(w * dpr) || map.height !== Math.round(h * dpr)) { map.width = Math.round(w * dpr); map.height = Math.round(h * dpr); }
    const c = mapContext;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    c.clearRect(0, 0, w, h);
    const proj = projection(w, h);
    if (!proj) return;
    c.lineWidth = 2; c.strokeStyle = '#9aa3b2'; c.setLineDash([5, 4]);
    c.beginPath();
    waypoints.forEach((p, i) => { const [x, y] = proj.toXY(p); if (i) c.lineTo(x, y); else c.moveTo(x, y); });
    c.stroke();
    c.setLineDash([]);
    c.fillStyle = '#5b6475';
    for (const p of waypoints) { const [x, y] = proj.toXY(p); c.fillRect(x - 3, y - 3, 6, 6); }
    c.strokeStyle = '#2367c4'; c.lineWidth = 2;
    c.beginPath();
    trail.forEach((p, i) => { const [x, y] = proj.toXY(p); if (i) c.lineTo(x, y); else c.moveTo(x, y); });
    c.stroke();
    const current = heldLocation || trail[trail.length - 1];
    if (current) {
      const [x, y] = proj.toXY(current);
      c.fillStyle = heldLocation ? '#c77c0e' : '#c8372d';
      c.beginPath(); c.arc(x, y, 5, 0, 2 * Math.PI); c.fill();
      $('map-position').textContent = `${current[0].toFixed(6)}, ${current[1].toFixed(6)}${heldLocation ? ' (held)' : ''}`;
    }
    // Scale bar and north.
    const metres = niceStep(w * 0.3 / proj.scale, 1);
    const bar = metres * proj.scale;
    c.strokeStyle = '#1d2330'; c.fillStyle = '#1d2330'; c.lineWidth = 2; c.font = '11px system-ui, sans-serif';
    c.beginPath(); c.moveTo(10, h - 12); c.lineTo(10 + bar, h - 12); c.stroke();
    c.textAlign = 'left'; c.textBaseline = 'bottom';
    c.fillText(metres >= 1000 ? `${metres / 1000} km` : `${metres} m`, 10, h - 15);
    c.textAlign = 'center'; c.fillText('N ↑', w - 16, 16);
    map.dataset.points = String(trail.length);
  }

  async function holdLocation(latitude, longitude) {
    heldLocation = [latitude, longitude];
    mapDirty = true;
    try {
      const response = await fetch('/update', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ location: { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 } }) });
      if (!response.ok) setStatus(`location refused: ${(await response.json()).error}`, true);
    } catch (error) { setStatus(`update failed: ${error}`, true); }
  }

  map.addEventListener('click', (event) => {
    const proj = projection(map.clientWidth, map.clientHeight);
    if (!proj) return;
    const rect = map.getBoundingClientRect();
    const [la, lo] = proj.toLatLon(event.clientX - rect.left, event.clientY - rect.top);
    holdLocation(la, lo);
  });
  map.addEventListener('keydown', (event) => {
    const step = { ArrowUp: [10, 0], ArrowDown: [-10, 0], ArrowLeft: [0, -10], ArrowRight: [0, 10] }[event.key];
    const from = heldLocation || trail[trail.length - 1];
    if (!step || !from) return;
    event.preventDefault();
    const k = Math.cos(from[0] * Math.PI / 180);
    holdLocation(from[0] + step[0] / METRES_PER_DEGREE, from[1] + step[1] / (k * METRES_PER_DEGREE));
  });

  /** A location held on a source whose points carry none shows through /data. */
  async function pollLocation() {
    try {
      const data = await (await fetch('/data')).json();
      if (data.location && !(store.latest && store.latest.location)) {
        heldLocation = [data.location.latitude, data.location.longitude];
        $('map-section').hidden = false;
        mapDirty = true;
      } else if (store.latest && store.latest.location) heldLocation = null;
    } catch (error) { /* the status line reports the server */ }
  }

  // ---------- The spec: editor and sliders ----------
  let spec = null;
  const editor = $('spec');

  function showSpecError(error) {
    const box = $('spec-error');
    if (!error) { box.hidden = true; box.textContent = ''; editor.removeAttribute('aria-invalid'); return; }
    box.hidden = false;
    box.innerHTML = '';
    if (error.path) {
      const code = document.createElement('code');
      code.textContent = error.path;
      box.append(code, ': ');
    }
    box.append(error.error || String(error));
    editor.setAttribute('aria-invalid', 'true');
  }

  async function loadSpec() {
    const response = await fetch('/v1/spec');
    if (response.status === 404) {
      spec = null;
      editor.value = '';
      editor.placeholder = 'The source is a point file. Write a spec here and apply it to replace it.';
      buildSliders();
      return;
    }
    spec = await response.json();
    editor.value = JSON.stringify(spec, null, 2);
    buildSliders();
    readWaypoints();
  }

  function readWaypoints() {
    const route = spec && spec.route;
    waypoints = route && Array.isArray(route.waypoints)
      ? route.waypoints.filter((w) => typeof w.latitude === 'number').map((w) => [w.latitude, w.longitude]) : [];
    if (waypoints.length) { $('map-section').hidden = false; mapDirty = true; }
  }

  async function applySpec(text, { rebuild = true } = {}) {
    try {
      const response = await fetch('/v1/spec', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: text });
      const body = await response.json();
      if (!response.ok) { showSpecError(body); return false; }
      showSpecError(null);
      spec = body;
      if (rebuild) { editor.value = JSON.stringify(spec, null, 2); buildSliders(); }
      readWaypoints();
      return true;
    } catch (error) { showSpecError({ error: `cannot reach the server: ${error}` }); return false; }
  }

  $('apply').addEventListener('click', () => applySpec(editor.value));
  $('reload').addEventListener('click', () => { showSpecError(null); loadSpec(); });
  editor.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) { event.preventDefault(); applySpec(editor.value); }
  });

  const PARAMETERS = {
    amplitude: (v) => [0, Math.max(2 * Math.abs(v), 1)],
    frequency: () => [0, sampleRate / 2 * 0.98],
    startFrequency: () => [0, sampleRate / 2 * 0.98],
    endFrequency: () => [0, sampleRate / 2 * 0.98],
    phase: () => [-Math.PI, Math.PI],
    offset: (v) => [Math.min(-2 * Math.abs(v), -1), Math.max(2 * Math.abs(v), 1)],
    value: (v) => [Math.min(-2 * Math.abs(v), -1), Math.max(2 * Math.abs(v), 1)],
    by: (v) => [Math.min(-2 * Math.abs(v), -1), Math.max(2 * Math.abs(v), 1)],
    dutyCycle: () => [0.01, 0.99],
    duration: (v) => [0.1, Math.max(2 * v, 10)],
  };

  /** Every numeric parameter of the spec tree: its path (keys and indices) and value. */
  function parameters(node, path, out) {
    if (Array.isArray(node)) node.forEach((child, i) => parameters(child, path.concat(i), out));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'number' && key in PARAMETERS) out.push({ path: path.concat(key), key, value });
        else parameters(value, path.concat(key), out);
      }
    }
    return out;
  }

  function label(path) {
    return path.filter((p) => p !== 'axes' && p !== 'motion' && p !== 'signal')
      .map((p) => typeof p === 'number' ? `[${p}]` : p).join('.').replace(/\.\[/g, '[');
  }

  function setAt(root, path, value) {
    let node = root;
    for (const p of path.slice(0, -1)) node = node[p];
    node[path[path.length - 1]] = value;
  }

  let pending = null, sending = false;
  async function sendSliders() {
    if (sending || !pending) return;
    sending = true;
    const text = pending;
    pending = null;
    const ok = await applySpec(text, { rebuild: false });
    if (ok) editor.value = JSON.stringify(spec, null, 2);
    sending = false;
    if (pending) setTimeout(sendSliders, 60);
  }

  function buildSliders() {
    const box = $('sliders');
    box.innerHTML = '';
    const found = spec ? parameters(spec, [], []) : [];
    if (found.length === 0) {
      box.innerHTML = '<p class="hint">No numeric parameters (or the source is a point file).</p>';
      return;
    }
    found.forEach((param, n) => {
      const [min, max] = PARAMETERS[param.key](param.value);
      const id = `param-${n}`;
      const wrap = document.createElement('div');
      wrap.className = 'slider';
      const name = label(param.path);
      wrap.innerHTML = `<label for="${id}"><span title="${name}">${name}</span><output id="${id}-out"></output></label>`;
      const input = document.createElement('input');
      Object.assign(input, { type: 'range', id, min: String(Math.min(min, param.value)), max: String(Math.max(max, param.value)),
        step: String((max - min) / 1000), value: String(param.value) });
      input.dataset.path = JSON.stringify(param.path);
      const out = wrap.querySelector('output');
      out.textContent = Number(param.value).toPrecision(4);
      input.addEventListener('input', () => {
        const v = Number(input.value);
        out.textContent = v.toPrecision(4);
        setAt(spec, param.path, v);
        pending = JSON.stringify(spec);
        sendSliders();
      });
      wrap.appendChild(input);
      box.appendChild(wrap);
    });
  }

  // ---------- Controls and status ----------
  const pauseButton = $('pause');
  let paused = false;
  async function control(body) {
    try {
      const response = await fetch('/v1/control', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const status = await response.json();
      if (!response.ok) { setStatus(`control refused: ${status.error}`, true); return; }
      showStatus(status);
    } catch (error) { setStatus(`control failed: ${error}`, true); }
  }
  pauseButton.addEventListener('click', () => control({ action: paused ? 'resume' : 'pause' }));
  $('speed').addEventListener('change', (event) => control({ action: 'speed', speed: Number(event.target.value) }));

  function setStatus(text, bad) {
    const el = $('status');
    el.textContent = text;
    el.classList.toggle('bad', Boolean(bad));
  }

  function showStatus(s) {
    paused = s.paused;
    pauseButton.textContent = paused ? 'Resume' : 'Pause';
    pauseButton.setAttribute('aria-pressed', String(paused));
    if (s.sampleRate !== sampleRate) sampleRate = s.sampleRate;
    const speed = $('speed');
    if (document.activeElement !== speed && Number(speed.value) !== s.speed) {
      if (![...speed.options].some((o) => Number(o.value) === s.speed)) speed.add(new Option(`${s.speed}×`, String(s.speed)));
      speed.value = String(s.speed);
    }
    const stale = performance.now() - lastEventAt > 2000 && !paused;
    setStatus(`${paused ? 'paused · ' : ''}index ${s.index} · ${s.sampleRate} Hz · ${s.speed}× · clients SSE ${s.clients.sse}, WS ${s.clients.ws}, polling ${s.clients.polling} · lateness p99 ${s.lateness.p99.toFixed(0)} µs · ${fps} fps, plot ${drawTime.toFixed(1)} ms${stale ? ' · no points for 2 s' : ''}`, stale);
  }

  async function pollStatus() {
    try {
      const response = await fetch('/v1/status');
      showStatus(await response.json());
    } catch (error) { setStatus(`server unreachable: ${error}`, true); }
  }

  // ---------- Start ----------
  connect();
  loadSpec().catch((error) => showSpecError({ error: `cannot load the spec: ${error}` }));
  pollStatus();
  setInterval(pollStatus, 1000);
  setInterval(pollLocation, 1000);
  setInterval(updateReadout, 100);
  requestAnimationFrame(draw);
})();
