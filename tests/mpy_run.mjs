// Run a Python script under the real MicroPython VM (official WebAssembly build, the
// releases the device firmware supports) with the project's code copied into its filesystem.
//
//   node tests/mpy_run.mjs [--micropython 1.29|1.28] [--heap 240k] [--mount host:guest]...
//                          [--loop FUNC] script.py [args...]
//
// --micropython: which release's VM (package.json installs both; default 1.29).
//
// --loop FUNC: after the script, call FUNC() in a fresh top-level call until it returns a
// true value. The WebAssembly VM's garbage collector only frees memory once the stack has
// unwound back to JavaScript, so heap measurements (gc.collect(); gc.mem_alloc()) are only
// exact at the start of such a call; the benchmark measures there.
//
// By default src/ is mounted at /lib, tests/ at /tests, firmware/ at /fw (its packages, as
// /rom/lib holds them on the board) and hw/ at /hw
// (--mount DIR:/lib puts DIR there instead of src/, e.g. the .mpy build as on the board);
// /lib, /tests and /fw are on sys.path, and the heap is the ~240 KB a stock Pico has free. Exit status: 0 if the script ran to the end,
// 1 on an uncaught Python exception (its traceback goes to stderr), 2 on usage errors.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// npm package of each supported release's VM (1.28 under an npm alias, see package.json)
const VMS = { "1.29": "@micropython/micropython-webassembly-pyscript", "1.28": "micropython-1-28" };
let release = "1.29";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let heap = 240 * 1024;
const mounts = [[path.join(root, "src"), "/lib"], [path.join(root, "tests"), "/tests"],
                [path.join(root, "firmware"), "/fw"], [path.join(root, "hw"), "/hw"]];
const rest = [];
let loopFunc = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--heap") {
    const v = argv[++i].toLowerCase();
    heap = parseInt(v, 10) * (v.endsWith("k") ? 1024 : v.endsWith("m") ? 1048576 : 1);
  } else if (argv[i] === "--micropython") {
    release = argv[++i];
    if (!(release in VMS)) {
      console.error(`--micropython: ${release} is not one of ${Object.keys(VMS).join(", ")}`);
      process.exit(2);
    }
  } else if (argv[i] === "--loop") {
    loopFunc = argv[++i];
  } else if (argv[i] === "--mount") {
    const [h, g] = argv[++i].split(":");
    const src = mounts.findIndex((m) => m[0] === path.join(root, "src"));
    if (g === "/lib" && src >= 0) mounts.splice(src, 1);  // compiled code where the board has it
    mounts.push([path.resolve(h), g]);
  } else {
    rest.push(...argv.slice(i));
    break;
  }
}
if (rest.length === 0) {
  console.error("usage: node tests/mpy_run.mjs [--micropython 1.29|1.28] [--heap 240k] [--mount host:guest] script.py [args]");
  process.exit(2);
}

const { loadMicroPython } = await import(VMS[release]);

const mp = await loadMicroPython({
  heapsize: heap,
  linebuffer: true,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function mkdirs(guest) {
  let cur = "";
  for (const part of guest.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}
function copyTree(host, guest) {
  mkdirs(guest);
  for (const ent of fs.readdirSync(host, { withFileTypes: true })) {
    if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
    const h = path.join(host, ent.name), g = guest + "/" + ent.name;
    if (ent.isDirectory()) copyTree(h, g);
    else mp.FS.writeFile(g, fs.readFileSync(h));
  }
}
for (const [h, g] of mounts) {
  if (fs.existsSync(h)) {
    if (fs.statSync(h).isDirectory()) copyTree(h, g);
    else { mkdirs(path.posix.dirname(g)); mp.FS.writeFile(g, fs.readFileSync(h)); }
  }
}

const script = fs.readFileSync(path.resolve(rest[0]), "utf8");
const args = JSON.stringify(rest);
const prelude = `import sys\nsys.argv[:] = ${args}\nfor _p in ('/lib', '/tests', '/fw'):\n    if _p not in sys.path:\n        sys.path.append(_p)\ndel _p\n`;
try {
  mp.runPython(prelude);
  mp.runPython(script);
  if (loopFunc) {
    for (;;) {
      mp.runPython(`_done = ${loopFunc}()`);
      if (mp.globals.get("_done")) break;
    }
  }
} catch (e) {
  if (e && e.name === "PythonError") {
    if (e.type === "SystemExit") {
      const m = /SystemExit: (\d+)/.exec(e.message);
      process.exit(m ? parseInt(m[1], 10) : 0);
    }
    process.stderr.write(e.message + "\n");
    process.exit(1);
  }
  process.stderr.write(String(e && e.message ? e.message : e).slice(0, 2000) + "\n");
  process.exit(1);
}
