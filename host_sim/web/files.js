// The page's files: the firmware's, from the pack make web built (build.py), and the
// board's flash, which is the VM's "/" kept in localStorage.
const STORE = "slapstack/flash/";      // localStorage key prefix of each file on the flash
const ASIDE = "slapstack/set-aside/";  // and of a stored file the page could not read

export async function loadPack() {
  const buf = new Uint8Array(await (await fetch("slapstack.pack")).arrayBuffer());
  const head = new DataView(buf.buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(buf.subarray(4, 4 + head)));
  let at = 4 + head;
  const files = [];
  for (const [path, size] of index) {
    files.push([path, buf.subarray(at, at + size)]);
    at += size;
  }
  return files;
}

export function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").slice(1, -1)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { /* there */ }
  }
}

export const b64 = (bytes) => { let s = ""; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(s); };
const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export class Flash {
  // The board's flash filesystem is the VM's "/"; the firmware's own files (code, pins.json)
  // come from the pack at every load, the rest (settings, statistics, the last replay...)
  // from localStorage, where they go back when changed.
  constructor(FS, codeFiles, say) {
    this.say = say;  // (id of the page's line, text)
    this.FS = FS;
    this.code = new Set(codeFiles);
    this.seen = new Map();  // name: "size mtime" as last stored
  }
  restore() {
    // a value that is not base64 (edited by hand, or cut short) is set aside under
    // ASIDE, not lost, and said; the firmware's own readers judge the files' contents
    const aside = [];
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(STORE)) continue;
      const name = key.slice(STORE.length);
      if (this.code.has("/" + name) || !/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name)) continue;
      let bytes;
      try { bytes = unb64(localStorage.getItem(key)); } catch (e) {
        localStorage.setItem(ASIDE + name, localStorage.getItem(key));
        localStorage.removeItem(key);
        aside.push(name);
        continue;
      }
      this.FS.writeFile("/" + name, bytes);
      this.seen.set(name, this.stamp(name));
    }
    if (aside.length) this.say("aside", `Set aside, could not be read: ${aside.join(", ")}.`);
  }
  stamp(name) { const st = this.FS.stat("/" + name); return `${st.size} ${+st.mtime}`; }
  files() {
    return this.FS.readdir("/").filter((n) => n !== "." && n !== ".." && !this.code.has("/" + n) &&
      this.FS.isFile(this.FS.stat("/" + n).mode));
  }
  sync() {
    const now = new Set(this.files());
    try {
      for (const name of now) {
        const st = this.stamp(name);
        if (this.seen.get(name) === st) continue;
        localStorage.setItem(STORE + name, b64(this.FS.readFile("/" + name)));
        this.seen.set(name, st);
      }
      for (const name of [...this.seen.keys()]) {
        if (!now.has(name)) { localStorage.removeItem(STORE + name); this.seen.delete(name); }
      }
      this.say("storage", "");
    } catch (e) {
      this.say("storage", "The browser's storage is full: the last changes are not kept.");
    }
  }
  read(name) { try { return this.FS.readFile("/" + name); } catch (e) { return null; } }
}
