#!/usr/bin/env python3
"""The web console in a real browser: headless Chromium (Debian's `chromium`) driven by Playwright.

Starts `signals-serve` on a free port at 1 kHz, loads the page and checks, each with a deadline rather
than a sleep:
  1. the plot shows data (points in the 10 s window), drawn decimated (segments bounded by the pixel
     columns, not by the points);
  2. the newest timestamp on the page is within 1 s of GET /v1/point's; paused, every value shown
     equals the point's;
  3. a slider moved with the keyboard changes GET /v1/spec at its parameter;
  4. a bad spec shows the server's error and its JSON path inline;
  5. dragging the 3D phone holds a 1 g gravity (POST /update, seen in GET /data);
  6. a motion with a route: the map draws the fixes, and a click holds a location;
  7. nothing is fetched from another origin and the page logs no error;
and saves a screenshot at 1280x800 under the build folder. Then, on a second server playing a trajectory
(the walk example, 100 Hz):
  8. the compass shows the true and magnetic headings, the step count rises, the altitude and pressure
     strip fills and shows numbers, and the map carries the heading arrow at the device's position;
  9. dragging the compass holds that true heading (GET /v1/point's `heading.trueHeading` is it), and
     Release lets the trajectory's own heading through again;
with a second screenshot, console-trajectory.png. A motion spec shows no compass (the panel is hidden).
Then, on a third server started with `--token generate`:
 10. the console opened at /?token=TOKEN (the address the server prints) pauses and resumes the feed:
     it sends the token with its changes.

    python3 Tests/Browser/console_test.py --serve .build/debug/signals-serve --out .build/browser
"""
import argparse
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

from playwright.sync_api import sync_playwright


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=5) as response:
        return json.loads(response.read())


def until(what, check, timeout=5.0, step=0.05):
    """Polls `check` until it returns a truthy value or the deadline passes (then fails, naming `what`)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            fail(f"timed out after {timeout} s waiting for: {what}")
        time.sleep(step)


def values_of(point):
    """channel label -> value, as the page labels them."""
    if "userAcceleration" in point:
        return {f"{part}.{axis}": point[part][axis] for part in ("userAcceleration", "gravity", "rotationRate")
                for axis in "xyz"}
    if "value" in point:
        return {"value": point["value"]}
    if "channels" in point:
        return {f"channel {k}": v for k, v in enumerate(point["channels"])}
    return {axis: point[axis] for axis in "xyz"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", default=".build/debug/signals-serve")
    parser.add_argument("--spec", default="Examples/specs/shake-motion.json")
    parser.add_argument("--route", default="Examples/routes/phone-walk.json")
    parser.add_argument("--trajectory", default="Examples/trajectories/walk.json")
    parser.add_argument("--out", default=".build/browser")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(args.chromium):
        fail(f"no Chromium at {args.chromium}: install Debian's chromium package (make browser-deps)")

    serving(args, [args.spec, "--rate", "1000"], lambda base: run(base, args))
    serving(args, [args.trajectory, "--rate", "100"], lambda base: run_trajectory(base, args))
    serving(args, [args.spec, "--rate", "100", "--token", "generate"], lambda base, token: run_token(base, token, args), token=True)
    print("browser test passed")


def serving(args, arguments, body, token=False):
    """Runs `body(base URL)` against a signals-serve started with `arguments` on a free port, then stops it
    (`body(base URL, token)` with `token`: the server's generated token, read from the line after the listening lines)."""
    server = subprocess.Popen([args.serve] + arguments + ["--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline().strip()
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)", first)
        if not match:
            fail(f"unexpected first line {first!r}; stderr: {server.stderr.read()}")
        if token:
            # After the listening lines (one per loopback address), the token line.
            second = server.stdout.readline().strip()
            while second.startswith("listening on "):
                second = server.stdout.readline().strip()
            found = re.search(r"/\?token=([0-9a-f]{32})$", second)
            if not found:
                fail(f"unexpected token line {second!r}")
            body(match.group(1), found.group(1))
        else:
            body(match.group(1))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            status = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            fail("signals-serve did not exit within 10 s of SIGTERM")
        if status != 0:
            fail(f"signals-serve exited with {status}: {server.stderr.read()}")


def open_page(p, base, args, problems, expected_400, path="/"):
    """A 1280x800 page of the console at `base` (at `path`), its errors and foreign requests collected in
    `problems` (a 400 is expected while `expected_400` is not empty)."""
    browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 800})

    def console(message):
        if message.type != "error":
            return
        if expected_400 and "status of 400" in message.text:
            return
        problems.append(f"console {message.type}: {message.text}")
    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("request", lambda r: None if r.url.startswith(base) else problems.append(f"request to another origin: {r.url}"))
    page.goto(base + path)
    return browser, page


def number_in(page, selector):
    """The number an element shows, or None (for '—', '–' or nothing)."""
    text = (page.locator(selector).text_content() or "").strip()
    try:
        return float(text)
    except ValueError:
        return None


def run(base, args):
    problems = []
    with sync_playwright() as p:
        expected_400 = []   # the bad spec below is answered 400 on purpose; Chromium logs that as an error
        browser, page = open_page(p, base, args, problems, expected_400)

        # 1. The plot shows data, decimated: segments drawn are bounded by pixel columns, not by points.
        canvas = page.locator("#plot")
        until("the plot to show 3 s of points", lambda: int(canvas.get_attribute("data-points") or 0) >= 3000, timeout=15)
        width = page.evaluate("document.getElementById('plot').clientWidth")
        points = int(canvas.get_attribute("data-points"))
        drawn = int(canvas.get_attribute("data-columns"))
        if drawn > width * 9:
            fail(f"{drawn} segments drawn for {points} points on a {width}-px plot: not decimated")
        print(f"plot: {points} points in the window, {drawn} column segments drawn ({width} px wide, 9 channels)")
        if page.locator("#nav-section").is_visible():
            fail("a motion spec's points carry no heading, yet the compass panel shows")

        # 2. The page's newest timestamp is within 1 s of /v1/point's; paused, the values shown are the point's.
        def close_in_time():
            shown = page.locator("#latest-timestamp").text_content()
            point = get(base, "/v1/point")
            return shown not in ("", "–") and abs(float(shown) - point["timestamp"]) < 1.0
        until("the page's newest timestamp to be within 1 s of /v1/point", close_in_time)
        page.locator("#pause").click()
        until("the pause button to say Resume", lambda: page.locator("#pause").text_content() == "Resume")
        point = get(base, "/v1/point")
        index = get(base, "/v1/status")["index"]
        until(f"the page to show point {index}", lambda: page.locator("#latest-index").text_content() == str(index))
        shown = {cell.get_attribute("data-channel"): float(cell.get_attribute("data-value"))
                 for cell in page.locator("#values td").all()}
        if shown != values_of(point):
            fail(f"paused at point {index}, the page shows {shown} but /v1/point is {values_of(point)}")
        print(f"paused at index {index}: the 9 values on the page equal /v1/point")
        page.locator("#pause").click()
        until("the pause button to say Pause", lambda: page.locator("#pause").text_content() == "Pause")

        # 3. A slider, moved with the keyboard, changes /v1/spec at its parameter.
        slider = page.locator("#sliders input[type=range]").first
        until("the sliders to be built", lambda: slider.count() > 0)
        path = json.loads(slider.get_attribute("data-path"))
        before = get(base, "/v1/spec")

        def at(tree, keys):
            for key in keys:
                tree = tree[key]
            return tree
        slider.focus()
        for _ in range(25):
            page.keyboard.press("ArrowRight")
        target = float(slider.input_value())
        changed = until("/v1/spec to take the slider's value",
                        lambda: (lambda s: s if math.isclose(at(s, path), target, rel_tol=1e-9, abs_tol=1e-12) else None)(get(base, "/v1/spec")))
        if at(before, path) == at(changed, path):
            fail("the slider did not change the spec")
        print(f"slider {'.'.join(map(str, path))}: {at(before, path)} -> {at(changed, path)} in /v1/spec")

        # 4. A bad spec shows the server's error and path inline.
        editor = page.locator("#spec")
        editor.fill('{"sine": {"frequency": 1000}}')
        expected_400.append(True)
        editor.press("Control+Enter")
        error = page.locator("#spec-error")
        until("the spec error to show", lambda: error.is_visible() and "Nyquist" in (error.text_content() or ""))
        text = error.text_content()
        if "$.sine.frequency" not in text:
            fail(f"the error does not name the path: {text!r}")
        if get(base, "/v1/spec") != changed:
            fail("a bad spec changed the spec")
        expected_400.clear()
        print(f"bad spec: {text!r}")

        # 5. Dragging the phone holds a 1 g gravity.
        box = page.locator("#phone").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(cx, cy)
        page.mouse.down()
        for k in range(1, 11):
            page.mouse.move(cx + 4 * k, cy - 6 * k)
        page.mouse.up()

        def held():
            data = get(base, "/data")
            a = data["accelerometer"]
            g = data["motion"]["gravity"]
            ua = data["motion"]["userAcceleration"]
            norm = math.sqrt(a["x"] ** 2 + a["y"] ** 2 + a["z"] ** 2)
            return data if abs(norm - 1) < 1e-3 and a == g and ua == {"x": 0, "y": 0, "z": 0} and a["y"] < -0.5 else None
        data = until("dragging the phone to hold gravity in /data", held)
        print(f"phone dragged: /data accelerometer = gravity = {data['accelerometer']}")

        # 6. A motion with a route: the map draws the route and the fixes; clicking it holds a location.
        with open(args.route) as f:
            route_spec = f.read()
        editor.fill(route_spec)
        page.locator("#apply").click()
        until("the error to clear", lambda: not error.is_visible())
        map_canvas = page.locator("#map")
        until("the map to show the route's fixes", lambda: page.locator("#map-section").is_visible()
              and int(map_canvas.get_attribute("data-points") or 0) >= 3, timeout=10)

        def map_matches():
            shown = page.locator("#map-position").text_content()
            location = get(base, "/data")["location"]
            if "," not in shown:
                return None
            lat, lon = (float(v.split(" ")[0]) for v in shown.split(", "))
            return abs(lat - location["latitude"]) < 1e-4 and abs(lon - location["longitude"]) < 1e-4
        until("the map's position to match /data within 1e-4 degrees", map_matches)
        box = map_canvas.bounding_box()
        page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.3)
        moved = until("a click on the map to hold a location", lambda: (lambda d: d if d["motion"].get("location")
                      and "(held)" in page.locator("#map-position").text_content() else None)(get(base, "/data")))
        held = moved["location"]
        if not (abs(held["latitude"] - moved["motion"]["location"]["latitude"]) < 1e-9):
            fail(f"the held location is not in the points: {moved}")
        print(f"route: map shows the fixes; clicking held {held}")

        # Let the plot fill before the picture.
        until("the plot to hold 8 s", lambda: int(canvas.get_attribute("data-points") or 0) >= 8000, timeout=15)
        status = page.evaluate("document.getElementById('status').textContent")
        print(f"status line: {status}")
        print(f"plot draw time (moving average): {canvas.get_attribute('data-draw-ms')} ms per frame")
        shot = os.path.join(args.out, "console.png")
        page.screenshot(path=shot)
        print(f"screenshot: {shot}")
        browser.close()
    if problems:
        fail("; ".join(problems))


def run_trajectory(base, args):
    problems = []
    with sync_playwright() as p:
        browser, page = open_page(p, base, args, problems, [])

        # 8. The compass, the steps, the altitude and pressure strip, and the heading arrow on the map.
        until("the compass panel to show", lambda: page.locator("#nav-section").is_visible(), timeout=10)
        until("the compass to show a true and a magnetic heading",
              lambda: number_in(page, "#true-heading") is not None and number_in(page, "#magnetic-heading") is not None)
        true_heading, magnetic = number_in(page, "#true-heading"), number_in(page, "#magnetic-heading")
        if not (0 <= true_heading < 360 and 0 <= magnetic < 360):
            fail(f"headings out of range on the page: true {true_heading}, magnetic {magnetic}")
        point = get(base, "/v1/point")
        print(f"compass: true {true_heading}°, magnetic {magnetic}° (/v1/point: {point['heading']})")
        until("a step count", lambda: number_in(page, "#steps") is not None, timeout=10)
        first_steps = number_in(page, "#steps")
        until(f"the step count to rise above {first_steps}", lambda: number_in(page, "#steps") > first_steps, timeout=10)
        print(f"steps: {first_steps} -> {number_in(page, '#steps')}")
        strip = page.locator("#baro")
        until("the altitude and pressure strip to hold 10 samples", lambda: int(strip.get_attribute("data-samples") or 0) >= 10, timeout=10)
        altitude, pressure = number_in(page, "#altitude"), number_in(page, "#pressure")
        if altitude is None or pressure is None:
            fail(f"the strip's numbers are missing: altitude {altitude}, pressure {pressure}")
        if not (abs(altitude - point["altitude"]) < 20 and abs(pressure - point["pressure"] / 100) < 5):
            fail(f"the page shows {altitude} m and {pressure} hPa; /v1/point has {point['altitude']} m and {point['pressure']} Pa")
        print(f"strip: {strip.get_attribute('data-samples')} samples, altitude {altitude} m, pressure {pressure} hPa")
        map_canvas = page.locator("#map")
        until("the map to draw the walk's fixes and the heading arrow", lambda: page.locator("#map-section").is_visible()
              and int(map_canvas.get_attribute("data-points") or 0) >= 2 and map_canvas.get_attribute("data-heading") is not None,
              timeout=10)

        def arrow_follows():
            marker, shown = float(map_canvas.get_attribute("data-heading") or "nan"), number_in(page, "#true-heading")
            return shown is not None and abs((marker - shown + 180) % 360 - 180) < 1.0
        until("the map's arrow to point along the true heading shown", arrow_follows)
        print(f"map: {map_canvas.get_attribute('data-points')} fixes, arrow at {map_canvas.get_attribute('data-heading')}°")

        # 9. Dragging the compass holds a true heading: /v1/point serves it. Release lets the walk's own through.
        page.locator("#compass").scroll_into_view_if_needed()
        box = page.locator("#compass").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(cx + 5, cy - 40)
        page.mouse.down()
        for k in range(1, 11):
            page.mouse.move(cx + 5 + 4.5 * k, cy - 40 + 4 * k)
        page.mouse.up()
        compass = page.locator("#compass")
        held = float(until("the compass to post the held heading", lambda: compass.get_attribute("data-held")))
        if abs(held - 90) > 3:
            fail(f"dragged the compass to the east, but it holds {held}°")
        until(f"/v1/point's true heading to be the held {held}°",
              lambda: get(base, "/v1/point")["heading"]["trueHeading"] == held)
        until("the page to show the held heading", lambda: number_in(page, "#true-heading") == round(held, 1)
              and page.locator("#heading-held").is_visible())
        print(f"compass dragged: /v1/point heading = {get(base, '/v1/point')['heading']}")
        shot = os.path.join(args.out, "console-trajectory.png")
        page.screenshot(path=shot)
        print(f"screenshot: {shot}")
        page.locator("#release-heading").click()
        until("Release to let the walk's own heading through", lambda: get(base, "/v1/point")["heading"]["trueHeading"] != held
              and compass.get_attribute("data-held") is None)
        print(f"released: /v1/point heading = {get(base, '/v1/point')['heading']}")
        browser.close()
    if problems:
        fail("; ".join(problems))



def run_token(base, token, args):
    """10. With a token: the console opened at /?token=TOKEN pauses and resumes the feed."""
    problems = []
    with sync_playwright() as p:
        browser, page = open_page(p, base, args, problems, [], path=f"/?token={token}")
        until("the plot to show points", lambda: int(page.locator("#plot").get_attribute("data-points") or 0) > 0, timeout=15)
        page.locator("#pause").click()
        until("the pause button to say Resume", lambda: page.locator("#pause").text_content() == "Resume")
        until("GET /v1/status to say paused", lambda: get(base, "/v1/status")["paused"])
        page.locator("#pause").click()
        until("the pause button to say Pause", lambda: page.locator("#pause").text_content() == "Pause")
        until("GET /v1/status to say playing", lambda: not get(base, "/v1/status")["paused"])
        browser.close()
    if problems:
        fail("; ".join(problems))
    print("token: the console at /?token=TOKEN paused and resumed the feed")


if __name__ == "__main__":
    main()
