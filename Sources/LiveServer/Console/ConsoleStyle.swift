extension ConsoleAssets {
    /// `GET /console.css`.
    static let style = #"""
:root { --bg: #f6f7f9; --panel: #ffffff; --ink: #1d2330; --muted: #5b6475; --line: #d7dbe3; --accent: #1f5fbf;
  --x: #c8372d; --y: #23884a; --z: #2367c4; --bad: #b3261e; font-size: 15px; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { background: var(--bg); color: var(--ink); font: 1rem/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif; }
header { display: flex; align-items: center; gap: 1.2rem; padding: .5rem 1rem; background: var(--panel); border-bottom: 1px solid var(--line); }
h1 { font-size: 1.15rem; margin: 0; } h1 span { color: var(--muted); font-weight: 400; }
h2 { font-size: .95rem; margin: 0 0 .4rem; color: var(--muted); font-weight: 600; }
.controls { display: flex; align-items: center; gap: .5rem; }
.status { margin: 0 0 0 auto; color: var(--muted); font-variant-numeric: tabular-nums; font-size: .9rem; }
.status.bad { color: var(--bad); }
button, select { font: inherit; padding: .3rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
button:hover { border-color: var(--accent); }
button#pause[aria-pressed="true"] { background: #fff4d6; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 330px; grid-template-rows: minmax(0, 1fr) auto;
  gap: .8rem; padding: .8rem 1rem; height: calc(100% - 3.2rem); }
section, aside > section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem; }
.plot-area { display: flex; flex-direction: column; min-height: 0; }
#plot { flex: 1; width: 100%; min-height: 300px; }
.legend { display: flex; flex-wrap: wrap; gap: .2rem 1rem; font-size: .85rem; color: var(--muted); padding-top: .3rem; }
.legend i { display: inline-block; width: 1.4em; height: 3px; vertical-align: middle; margin-right: .3em; }
.side { grid-row: 1 / span 2; grid-column: 2; display: flex; flex-direction: column; gap: .8rem; min-height: 0; overflow-y: auto; }
.stage { height: 205px; perspective: 650px; display: flex; align-items: center; justify-content: center; user-select: none; touch-action: none; }
.phone { position: relative; width: 96px; height: 184px; transform-style: preserve-3d; cursor: grab; will-change: transform; }
.phone:active { cursor: grabbing; }
.face { position: absolute; border: 1px solid #2b2f38; background: #3a404c; }
.front { inset: 0; transform: translateZ(6px); background: linear-gradient(160deg, #27408a, #1b2440); border-radius: 10px;
  color: #fff; display: flex; flex-direction: column; align-items: center; justify-content: space-between; padding: 10px 4px; font-size: 12px; }
.front .notch { width: 24px; height: 4px; border-radius: 2px; background: #000a; }
.phone-g { font-variant-numeric: tabular-nums; text-align: center; white-space: pre; font-size: 10px; }
.back { inset: 0; transform: rotateY(180deg) translateZ(6px); border-radius: 10px; background: #2b2f38; }
.left, .right { width: 12px; height: 184px; left: 42px; }
.left { transform: rotateY(-90deg) translateZ(48px); } .right { transform: rotateY(90deg) translateZ(48px); }
.top, .bottom { width: 96px; height: 12px; top: 86px; }
.top { transform: rotateX(90deg) translateZ(92px); } .bottom { transform: rotateX(-90deg) translateZ(92px); }
#map { width: 100%; height: 170px; display: block; border: 1px solid var(--line); border-radius: 6px; background: #fbfcfd; cursor: crosshair; }
.hint { color: var(--muted); font-size: .85rem; margin: .3rem 0 0; }
.readout { display: grid; grid-template-columns: auto 1fr; gap: 0 .8rem; margin: 0 0 .4rem; font-variant-numeric: tabular-nums; }
.readout dt { color: var(--muted); } .readout dd { margin: 0; }
.values { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .9rem; }
.values th { text-align: left; font-weight: 500; color: var(--muted); padding-right: .5rem; }
.values td { text-align: right; padding: 0 .2rem; }
.values td.x { color: var(--x); } .values td.y { color: var(--y); } .values td.z { color: var(--z); }
.sliders { display: flex; flex-direction: column; gap: .45rem; }
.slider label { display: flex; justify-content: space-between; font-size: .8rem; color: var(--muted); gap: .5rem; }
.slider label span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.slider output { color: var(--ink); font-variant-numeric: tabular-nums; }
.slider input { width: 100%; }
.editor { grid-column: 1; display: flex; flex-direction: column; }
#spec { width: 100%; height: 170px; resize: vertical; font: .85rem/1.35 ui-monospace, "SF Mono", Menlo, Consolas, monospace;
  border: 1px solid var(--line); border-radius: 6px; padding: .4rem; tab-size: 2; }
#spec[aria-invalid="true"] { border-color: var(--bad); }
.editor-bar { display: flex; align-items: center; gap: .6rem; margin-top: .4rem; }
.error { margin-top: .4rem; padding: .4rem .6rem; border-left: 4px solid var(--bad); background: #fdeceb; color: var(--bad); font-size: .9rem; }
.error code { font-weight: 600; }
"""#
}
