// The web console, part 6 of 7: the spec, its editor and sliders.
// Served as one script, /console.js: these files concatenated in the order Plugins/EmbedWebConsole lists.

(() => {
  'use strict';
  const app = SignalConsole;
  const { $ } = app;

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
    app.readWaypoints(spec);
  }
  async function applySpec(text, { rebuild = true } = {}) {
    try {
      const response = await fetch('/v1/spec', { method: 'PUT', headers: app.jsonHeaders(), body: text });
      const body = await response.json();
      if (!response.ok) { showSpecError(body); return false; }
      showSpecError(null);
      spec = body;
      app.releaseHeading();   // a spec ends every hold
      if (rebuild) { editor.value = JSON.stringify(spec, null, 2); buildSliders(); }
      app.readWaypoints(spec);
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
    frequency: () => [0, app.sampleRate / 2 * 0.98],
    startFrequency: () => [0, app.sampleRate / 2 * 0.98],
    endFrequency: () => [0, app.sampleRate / 2 * 0.98],
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

  // Release (the phone's and the compass's): the spec applied again replaces what /update holds.
  function releaseHolds() { return applySpec(JSON.stringify(spec, null, 2), { rebuild: false }); }
  $('release').addEventListener('click', releaseHolds);

  Object.assign(app, { loadSpec, showSpecError, releaseHolds });
})();
