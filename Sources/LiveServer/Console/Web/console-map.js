// The web console, part 4 of 7: the map, the route in a local projection (metres east and north), no tiles,
// with the device's heading as an arrow at its position.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $, store } = app;

  // ---------- The map: the route in a local projection (metres east and north), no tiles ----------
  const map = $('map');
  const mapContext = map.getContext('2d');
  const trail = [];            // recent fixes [latitude, longitude]
  let waypoints = [];          // the spec's waypoints [latitude, longitude]
  let heldLocation = null, mapDirty = true;
  let heading = null;          // true heading (degrees) of the newest point, when it carries one
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
      if (heading !== null) {
        // An arrow pointing along the true heading (the map is north up).
        c.save();
        c.translate(x, y); c.rotate(heading * Math.PI / 180);
        c.beginPath(); c.moveTo(0, -11); c.lineTo(6.5, 7); c.lineTo(0, 3.5); c.lineTo(-6.5, 7); c.closePath();
        c.fill(); c.strokeStyle = '#ffffff'; c.lineWidth = 1; c.stroke();
        c.restore();
      } else {
        c.beginPath(); c.arc(x, y, 5, 0, 2 * Math.PI); c.fill();
      }
      $('map-position').textContent = `${current[0].toFixed(6)}, ${current[1].toFixed(6)}${heldLocation ? ' (held)' : ''}`;
    }
    // Scale bar and north.
    const metres = app.niceStep(w * 0.3 / proj.scale, 1);
    const bar = metres * proj.scale;
    c.strokeStyle = '#1d2330'; c.fillStyle = '#1d2330'; c.lineWidth = 2; c.font = '11px system-ui, sans-serif';
    c.beginPath(); c.moveTo(10, h - 12); c.lineTo(10 + bar, h - 12); c.stroke();
    c.textAlign = 'left'; c.textBaseline = 'bottom';
    c.fillText(metres >= 1000 ? `${metres / 1000} km` : `${metres} m`, 10, h - 15);
    c.textAlign = 'center'; c.fillText('N ↑', w - 16, 16);
    map.dataset.points = String(trail.length);
    if (heading !== null && current) map.dataset.heading = heading.toFixed(1); else delete map.dataset.heading;
  }

  /** The newest point's true heading (degrees), or null: the marker turns when it moves by 0.5 degree. */
  function setHeading(degrees) {
    const next = typeof degrees === 'number' && isFinite(degrees) ? degrees : null;
    if (next === heading || (next !== null && heading !== null && Math.abs(next - heading) < 0.5)) return;
    heading = next;
    mapDirty = true;
  }

  async function holdLocation(latitude, longitude) {
    heldLocation = [latitude, longitude];
    mapDirty = true;
    try {
      const response = await fetch('/update', { method: 'POST', headers: app.jsonHeaders(),
        body: JSON.stringify({ location: { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 } }) });
      if (!response.ok) app.setStatus(`location refused: ${(await response.json()).error}`, true);
    } catch (error) { app.setStatus(`update failed: ${error}`, true); }
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
      // A trajectory's /data location is its last fix, which the stream's fixes already draw.
      if (store.latest && store.latest.heading) return;
      if (data.location && !(store.latest && store.latest.location)) {
        heldLocation = [data.location.latitude, data.location.longitude];
        $('map-section').hidden = false;
        mapDirty = true;
      } else if (store.latest && store.latest.location) heldLocation = null;
    } catch (error) { /* the status line reports the server */ }
  }

  /** The spec's route (or its trajectory's), drawn dashed. */
  function readWaypoints(spec) {
    const route = spec && (spec.route || (spec.trajectory && spec.trajectory.route));
    waypoints = route && Array.isArray(route.waypoints)
      ? route.waypoints.filter((w) => typeof w.latitude === 'number').map((w) => [w.latitude, w.longitude]) : [];
    if (waypoints.length) { $('map-section').hidden = false; mapDirty = true; }
  }

  Object.assign(app, { addFix, drawMap, pollLocation, readWaypoints, setHeading });
})();
