// The web console, part 3 of 7: the phone, its attitude from gravity; dragging it holds a gravity.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $, store } = app;

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
      const response = await fetch('/update', { method: 'POST', headers: app.jsonHeaders(),
        body: JSON.stringify({ accelerometer: g }) });
      if (!response.ok) app.setStatus(`update refused: ${(await response.json()).error}`, true);
    } catch (error) { app.setStatus(`update failed: ${error}`, true); }
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

  Object.assign(app, { updatePhone });
})();
