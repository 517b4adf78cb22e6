// SlapStack in a browser page: the firmware make flash puts on the board (its .mpy files,
// boot.py, main.py's steps) on the official MicroPython WebAssembly VM, with the board's
// hardware as the page has it: the display decoded into a canvas (panel.js), each seat's
// edge of the screen its slap button, the console keys on screen and on the keyboard, the
// piezo through Web Audio (sound.js), the flash in the browser's storage (files.js).
//
// The loop: the firmware's passes run when the last one wished (its sleep, web_time.py),
// or at once when a seat or a key moves, as an interrupt ends the chip's sleep. Every
// touch and key is stamped with the browser's time for the event (event.timeStamp, the
// clock ticks_us reads), so the firmware's referee judges the same microseconds it would
// on the chip, to the browser clock's grain (shown on the page).
//
// ?clock=manual (the browser test): time moves only when window.slapstack.advance says;
// ?observe: the engine's events kept for the test on the browser's own clock.
import { loadMicroPython } from "./micropython.mjs";
import { Panel, WIDTH, HEIGHT } from "./panel.js";
import { Flash, b64, loadPack, mkdirs } from "./files.js";
import { Piezo } from "./sound.js";

const params = new URLSearchParams(location.search);
const MANUAL = params.get("clock") === "manual";
const OBSERVE = MANUAL || params.has("observe");  // the engine's events kept for a test (web_main.events)
const HEAP_BYTES = 1024 * 1024;   // (the chip has ~240 KB: the page's VM frees less eagerly)
const TICKS = 0x3fffffff;          // ticks_us and ticks_ms wrap at 2**30
const SPIN_MS = 1;                 // a wait shorter than a tick spins through the event loop (a card
                                   // due within it); longer ones are setTimeout's (4 ms at least)
const SYNC_MS = 500;               // the flash is written to storage this often (and on leaving)
const KEYBOARD = { "1": 0, "2": 1, "3": 2, "4": 3, a: 0, l: 1, z: 2, m: 3,
                   ArrowUp: "up", ArrowDown: "down", Enter: "ok", " ": "ok", Backspace: "back", Escape: "back" };

const $ = (id) => document.getElementById(id);
const status = (text) => { $("status").textContent = text; };

// --- the clock ------------------------------------------------------------------------------
let manualUs = 0;
const liveUs = (ms) => Math.floor(ms * 1000);
const nowUs = () => (MANUAL ? manualUs : liveUs(performance.now()));
const eventUs = (ev) => (MANUAL ? manualUs : liveUs(ev.timeStamp));

function clockGrainUs() {
  // the smallest step performance.now() takes here (browsers coarsen it: 5 us to 100 us)
  let best = Infinity;
  for (let k = 0; k < 20; k++) {
    const a = performance.now();
    let b = a;
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return Math.max(1, Math.round(best * 1000));
}

// --- the page ----------------------------------------------------------------------------------
async function main() {
  const grain = clockGrainUs();
  $("grain").textContent = grain < 1000 ? `${grain} µs` : `${(grain / 1000).toFixed(1)} ms`;
  const [files, config] = await Promise.all([loadPack(), fetch("page.json").then((r) => r.json())]);
  const mp = await loadMicroPython({ heapsize: HEAP_BYTES, linebuffer: true,
    stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
  const FS = mp.FS;
  for (const [path, bytes] of files) { mkdirs(FS, path); FS.writeFile(path, bytes); }
  const pins = JSON.parse(new TextDecoder().decode(files.find(([p]) => p === "/pins.json")[1]));
  const flash = new Flash(FS, files.map(([p]) => p), (id, text) => { $(id).textContent = text; });
  flash.restore();

  const d = pins.display;
  const panel = new Panel(d.driver);
  const piezo = new Piezo();
  const pads = [];
  const seatOf = new Map(), keyOf = new Map(), ledOf = new Map();
  pins.seats.forEach((s, i) => { seatOf.set(i, s.button.gpio); ledOf.set(s.led, i); });
  for (const [name, key] of Object.entries(pins.console)) keyOf.set(name, key.gpio);

  mp.registerJsModule("webhw", {
    now_us: () => nowUs() & TICKS,
    now_ms: () => Math.floor(nowUs() / 1000) & TICKS,
    slept: (us) => { if (MANUAL) manualUs += us; },  // (the live clock moves on by itself)
    pin: (gpio, level) => {
      if (gpio === d.dc) panel.dc = level;
      else if (gpio === d.cs) panel.cs = level;
      else if (gpio === d.rst && !level) panel.reset();
    },
    spi: (address, n) => panel.write(mp._module.HEAPU8.subarray(address, address + n)),
    pwm: (gpio, hz, duty) => {
      if (gpio === pins.piezo) piezo.set(hz, duty > 0);
      else if (gpio === d.bl) {
        const level = d.bl_active === "low" ? 1 - duty / 65535 : duty / 65535;
        $("screen").style.filter = `brightness(${(0.15 + 0.85 * level).toFixed(3)})`;
        $("screen").style.opacity = level > 0 ? "1" : "0.2";
      } else if (ledOf.has(gpio)) pads[ledOf.get(gpio)]?.style.setProperty("--lit", (duty / 65535).toFixed(3));
    },
    reset: () => location.reload(),
  });

  mp.runPython("import sys\nsys.path[:] = ['', '/web', '/rom/lib', '/lib']\nimport web_main");
  mp.runPython(new TextDecoder().decode(FS.readFile("/boot.py")));
  const wm = mp.pyimport("web_main");
  const [pyRunPass, pyButton, pyAway, pyCount, pyEvents, pyEventCount, pyScreen, pyEntry] =
    [wm.run_pass, wm.button, wm.away, wm.count, wm.events, wm.event_count, wm.screen, wm.menu_entry];  // (each taken once)
  const problem = wm.power_up(OBSERVE);

  // the canvas: the panel's 320x240, scaled to fit with square pixels
  const canvas = $("screen");
  canvas.width = WIDTH; canvas.height = HEIGHT;
  const g = canvas.getContext("2d");
  const image = g.createImageData(WIDTH, HEIGHT);
  let frames = 0;
  let told = 0, toldAt = 0;  // (observed) the engine's events so far, and when the last pass told some
  const shown = [];          // (observed) [events told by then, ms from that pass's end to the canvas]
  function present() {
    if (!panel.dirty) return;
    panel.paint(image.data);
    g.putImageData(image, 0, 0);
    frames++;
    if (toldAt) { shown.push([told, performance.now() - toldAt]); toldAt = 0; }
  }

  // the loop's passes
  let timer = null, dueAt = 0, spinning = false, passes = 0;
  const channel = new MessageChannel();
  function runPass() {
    passes++;
    const wish = pyRunPass();
    if (OBSERVE && !MANUAL) {
      const n = pyEventCount();
      if (n > told) { told = n; toldAt = performance.now(); }
    }
    return wish;
  }
  function pump() {
    clearTimeout(timer); timer = null; spinning = false;
    schedule(runPass());
  }
  function schedule(us) {
    const ms = us / 1000;
    if (ms >= SPIN_MS) { timer = setTimeout(pump, ms); return; }
    dueAt = performance.now() + ms;
    if (!spinning) { spinning = true; channel.port2.postMessage(0); }
  }
  channel.port1.onmessage = () => {
    if (!spinning) return;
    if (performance.now() >= dueAt) pump(); else channel.port2.postMessage(0);
  };

  // the buttons
  const button = (gpio, down, t) => {
    pyButton(gpio, down, t);
    if (!MANUAL) pump();
  };
  const seatDown = pins.seats.map(() => new Set());  // the pointers (or keys) holding each seat
  function seat(i, who, down, ev) {
    const held = seatDown[i], was = held.size > 0;
    if (down) held.add(who); else held.delete(who);
    if (was !== held.size > 0) {
      pads[i].classList.toggle("down", held.size > 0);
      button(seatOf.get(i), held.size > 0, eventUs(ev) & TICKS);
    }
  }
  function key(name, down, ev) {
    $(`key-${name}`)?.classList.toggle("down", down);
    button(keyOf.get(name), down, eventUs(ev) & TICKS);
  }

  pins.seats.forEach((s, i) => {
    const pad = $(`seat-${i + 1}`);
    const [r, gr, b] = config.seat_rgb[i];
    pad.style.setProperty("--rgb", `${r}, ${gr}, ${b}`);
    pad.hidden = false;
    pads.push(pad);
    // a finger is a touch (its identifier holds the seat until it lifts, wherever it goes),
    // a mouse or a pen a pointer; touch's own pointer events are left to the touch events
    pad.addEventListener("touchstart", (ev) => {
      piezo.wake();
      for (const t of ev.changedTouches) seat(i, "touch:" + t.identifier, true, ev);
      ev.preventDefault();
    }, { passive: false });
    for (const type of ["touchend", "touchcancel"]) {
      pad.addEventListener(type, (ev) => { for (const t of ev.changedTouches) seat(i, "touch:" + t.identifier, false, ev); });
    }
    pad.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType === "touch") return;
      piezo.wake();
      pad.setPointerCapture?.(ev.pointerId);
      seat(i, ev.pointerId, true, ev);
      ev.preventDefault();
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      pad.addEventListener(type, (ev) => { if (ev.pointerType !== "touch") seat(i, ev.pointerId, false, ev); });
    }
  });
  for (const name of Object.keys(pins.console)) {
    const el = $(`key-${name}`);
    el.addEventListener("pointerdown", (ev) => { piezo.wake(); el.setPointerCapture?.(ev.pointerId); key(name, true, ev); ev.preventDefault(); });
    for (const type of ["pointerup", "pointercancel"]) el.addEventListener(type, (ev) => key(name, false, ev));
    el.addEventListener("touchstart", (ev) => ev.preventDefault(), { passive: false });  // (no mouse emulated after)
  }
  const held = new Set();
  for (const type of ["keydown", "keyup"]) {
    window.addEventListener(type, (ev) => {
      const what = KEYBOARD[ev.key.length === 1 ? ev.key.toLowerCase() : ev.key];
      if (what === undefined || ev.metaKey || ev.ctrlKey || ev.altKey) return;
      ev.preventDefault();
      const down = type === "keydown";
      if (down === held.has(ev.key)) return;  // (the keyboard's own repeat: a held key is held)
      if (down) held.add(ev.key); else held.delete(ev.key);
      piezo.wake();
      if (typeof what === "number") seat(what, "key:" + ev.key, down, ev); else key(what, down, ev);
    });
  }
  window.addEventListener("blur", () => {  // keys let go while the page was away
    for (const k of [...held]) window.dispatchEvent(new KeyboardEvent("keyup", { key: k }));
  });
  document.addEventListener("contextmenu", (ev) => ev.preventDefault());

  $("download").addEventListener("click", () => {
    const bytes = flash.read(config.replay_file);
    if (!bytes) { status("No game played to its end yet: nothing to download."); return; }
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([bytes], { type: "application/json" }));
    a.download = config.replay_file;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { pyAway(); if (!MANUAL) pump(); flash.sync(); }
  });
  setInterval(() => flash.sync(), SYNC_MS);
  window.addEventListener("pagehide", () => flash.sync());
  (function frame() { present(); requestAnimationFrame(frame); })();

  // the browser test's handle (and anyone curious, in the console)
  window.slapstack = {
    manual: MANUAL, grainUs: grain, problem,
    readyMs: performance.now(),  // (since the page was asked for)
    shown: () => shown,
    passes: () => passes, frames: () => frames, notes: () => piezo.notes,
    now: () => nowUs(),
    advance(us) {  // test clock: run the passes of the next ``us`` microseconds
      const target = manualUs + us;
      for (;;) {
        const wish = runPass();
        if (manualUs >= target) break;
        manualUs = Math.min(manualUs + Math.max(wish, 1), target);
      }
      present();
    },
    press(name, down) {  // a seat (0-3) or a key ("up", "down", "ok", "back") at the clock's now
      const ev = { timeStamp: performance.now() };
      if (typeof name === "number") seat(name, "test", down, ev); else key(name, down, ev);
    },
    tap(name, holdMs = 60, thenMs = 40) {  // as the simulator's Device.tap
      this.advance(1);
      this.press(name, true);
      this.advance(holdMs * 1000);
      this.press(name, false);
      this.advance(thenMs * 1000);
    },
    watch(moments, limitMs, stepMs = 2) {
      // run in steps of stepMs until each moment ({name, kind, a, n}: the nth engine event
      // of kind, with a if a >= 0) has come, the screen taken right after the step it came
      // in, as host_sim/shots.py takes the simulator's: {name: pixels}
      const end = manualUs + limitMs * 1000, got = {};
      let pending = moments.slice();
      while (pending.length && manualUs < end) {
        this.advance(stepMs * 1000);
        for (const m of pending) if (pyCount(m.kind, m.a) >= m.n) got[m.name] = this.pixels();
        pending = pending.filter((m) => !(m.name in got));
      }
      return got;
    },
    count: (kind, a = -1) => pyCount(kind, a),
    events: (since = 0) => JSON.parse(pyEvents(since)),
    screen: () => pyScreen(),
    entry: () => pyEntry(),
    pixels() {  // the screen as base64 RGB, 320x240 (the canvas's own pixels)
      present();
      const rgba = g.getImageData(0, 0, WIDTH, HEIGHT).data, rgb = new Uint8Array(WIDTH * HEIGHT * 3);
      for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) { rgb[o] = rgba[i]; rgb[o + 1] = rgba[i + 1]; rgb[o + 2] = rgba[i + 2]; }
      return b64(rgb);
    },
    sync: () => flash.sync(),
  };
  if (!MANUAL) pump();
  status(problem ? `The firmware cannot start: ${problem}` : "");
  document.body.classList.add("ready");
}

main().catch((e) => {
  status(`SlapStack could not start here: ${e && e.message ? e.message : e}`);
  console.error(e);
  window.slapstack = { error: String(e && e.message ? e.message : e) };
});
