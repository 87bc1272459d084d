// The web console, part 2 of 7: the plot and the newest point as numbers.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $, CAPACITY, store } = app;

  const WINDOW = 10;            // seconds plotted

  // ---------- The plot: min/max per pixel column, so 10 s at 1 kHz draws at 60 fps ----------
  const canvas = $('plot');
  const ctx = canvas.getContext('2d');
  let frames = 0, fpsSince = performance.now();
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
    if (now - fpsSince >= 1000) { app.fps = Math.round(frames * 1000 / (now - fpsSince)); frames = 0; fpsSince = now; }
    const dpr = window.devicePixelRatio || 1;
    const width = Math.round(canvas.clientWidth * dpr), height = Math.round(canvas.clientHeight * dpr);
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; store.dirty = true; }
    app.updatePhone();
    app.drawMap();
    app.drawNav();
    if (!store.dirty) return;
    store.dirty = false;
    const began = performance.now();
    drawPlot();
    app.drawTime = app.drawTime * 0.9 + (performance.now() - began) * 0.1;
    canvas.dataset.drawMs = app.drawTime.toFixed(2);
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

  Object.assign(app, { draw, niceStep, buildValueTable, updateReadout });
})();
