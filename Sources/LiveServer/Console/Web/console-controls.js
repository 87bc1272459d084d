// The web console, part 7 of 7: the playback controls, the status line, and the start.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $ } = app;

  // ---------- Controls and status ----------
  const pauseButton = $('pause');
  let paused = false;
  async function control(body) {
    try {
      const response = await fetch('/v1/control', { method: 'POST', headers: app.jsonHeaders(), body: JSON.stringify(body) });
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
    if (s.sampleRate !== app.sampleRate) app.sampleRate = s.sampleRate;
    const speed = $('speed');
    if (document.activeElement !== speed && Number(speed.value) !== s.speed) {
      if (![...speed.options].some((o) => Number(o.value) === s.speed)) speed.add(new Option(`${s.speed}×`, String(s.speed)));
      speed.value = String(s.speed);
    }
    const stale = performance.now() - app.lastEventAt > 2000 && !paused;
    setStatus(`${paused ? 'paused · ' : ''}index ${s.index} · ${s.sampleRate} Hz · ${s.speed}× · clients SSE ${s.clients.sse}, WS ${s.clients.ws}, polling ${s.clients.polling} · lateness p99 ${s.lateness.p99.toFixed(0)} µs · ${app.fps} fps, plot ${app.drawTime.toFixed(1)} ms${stale ? ' · no points for 2 s' : ''}`, stale);
  }

  async function pollStatus() {
    try {
      const response = await fetch('/v1/status');
      showStatus(await response.json());
    } catch (error) { setStatus(`server unreachable: ${error}`, true); }
  }

  // ---------- Start ----------
  app.connect();
  app.loadSpec().catch((error) => app.showSpecError({ error: `cannot load the spec: ${error}` }));
  pollStatus();
  setInterval(pollStatus, 1000);
  setInterval(app.pollLocation, 1000);
  setInterval(() => { app.updateReadout(); app.updateNav(); }, 100);
  requestAnimationFrame(app.draw);

  Object.assign(app, { setStatus });
})();
