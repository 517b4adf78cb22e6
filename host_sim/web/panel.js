// The display as the page shows it: the controller's frame memory and the glass, decoded
// from the firmware's SPI stream as host_sim/panel_memory.py and panel_model.py decode it
// (same memory layout, MADCTL turns, colour filter and IPS inversion), so the page's
// pixels are the simulator's. Bytes count only while CS is low; DC low is a command byte.

const COLS = 240, ROWS = 320;          // the glass's own columns and rows (portrait)
export const WIDTH = 320, HEIGHT = 240; // the landscape screen a person sees
const MY = 0x80, MX = 0x40, MV = 0x20, BGR = 0x08;
const CASET = 0x2a, RASET = 0x2b, RAMWR = 0x2c, RAMWRC = 0x3c, MADCTL = 0x36, COLMOD = 0x3a;
const ZERO_PARAM = { 0x01: "SWRESET", 0x10: "SLPIN", 0x11: "SLPOUT", 0x13: "NORON", 0x20: "INVOFF",
                     0x21: "INVON", 0x28: "DISPOFF", 0x29: "DISPON" };
// each of the controllers the pin map may name: its wiring (host_sim/panel_model.py's MODELS)
export const MODELS = {
  st7789: { mirrorSource: false, bgrFilter: false, ipsInverted: true },
  ili9341: { mirrorSource: true, bgrFilter: true, ipsInverted: false },
};

export class Panel {
  constructor(driver) {
    this.model = MODELS[driver];
    if (!this.model) throw new Error(`no model of the display driver ${driver}`);
    this.gram = new Uint8Array(COLS * ROWS * 2);
    let seed = 0x2545f491;  // memory holds noise at power-up (panel_memory.py's)
    for (let i = 0; i < this.gram.length; i += 2) {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      this.gram[i] = (seed >> 16) & 0xff;
      this.gram[i + 1] = (seed >> 8) & 0xff;
    }
    this.dc = 0;
    this.cs = 1;
    this.dirty = true;
    this.resetRegisters();
  }

  resetRegisters() {
    this.madctl = 0;
    this.colmod = 0x66;
    this.sleeping = true;
    this.displayOn = false;
    this.inverted = false;
    this.xs = 0; this.xe = COLS - 1; this.ys = 0; this.ye = ROWS - 1;
    this.x = 0; this.y = 0;
    this.cmd = -1;
    this.params = [];
    this.writing = false;
    this.half = -1;  // the first byte of a pixel split between two writes
    this.dirty = true;
  }

  // the RST pin fell: registers to their defaults, the memory kept
  reset() { this.resetRegisters(); }

  write(bytes) {
    if (this.cs) return;
    if (!this.dc) {
      for (const b of bytes) this.command(b);
    } else if (this.writing) {
      this.pixels(bytes);
    } else if (this.cmd >= 0) {
      for (const b of bytes) this.params.push(b);
      this.execute();
    }
  }

  command(b) {
    this.writing = false;
    this.half = -1;
    this.cmd = b;
    this.params = [];
    if (b === RAMWR || b === RAMWRC) {
      this.writing = true;
      if (b === RAMWR) { this.x = this.xs; this.y = this.ys; }
      this.cmd = -1;
    } else if (b in ZERO_PARAM) {
      this.executeZero(b);
      this.cmd = -1;
    }
  }

  executeZero(b) {
    if (b === 0x01) this.resetRegisters();
    else if (b === 0x11) this.sleeping = false;
    else if (b === 0x10) this.sleeping = true;
    else if (b === 0x29) this.displayOn = true;
    else if (b === 0x28) this.displayOn = false;
    else if (b === 0x21) this.inverted = true;
    else if (b === 0x20) this.inverted = false;
    this.dirty = true;
  }

  execute() {
    const p = this.params;
    if (this.cmd === MADCTL && p.length >= 1) {
      this.madctl = p[0];
    } else if (this.cmd === COLMOD && p.length >= 1) {
      this.colmod = p[0];
    } else if ((this.cmd === CASET || this.cmd === RASET) && p.length >= 4) {
      const s = (p[0] << 8) | p[1], e = (p[2] << 8) | p[3];
      const mv = this.madctl & MV;
      const limit = this.cmd === CASET ? (mv ? ROWS : COLS) : (mv ? COLS : ROWS);
      if (s <= e && e < limit) {
        if (this.cmd === CASET) { this.xs = s; this.xe = e; } else { this.ys = s; this.ye = e; }
      }
    } else {
      return;  // (a command whose parameters change nothing the page shows)
    }
    this.cmd = -1;
    this.params = [];
  }

  pixels(bytes) {
    let i = 0;
    const n = bytes.length;
    if (this.half >= 0 && n > 0) {
      this.store(this.half, bytes[0]);
      this.half = -1;
      i = 1;
    }
    for (; i + 1 < n; i += 2) this.store(bytes[i], bytes[i + 1]);
    if (i < n) this.half = bytes[i];
    this.dirty = true;
  }

  store(hi, lo) {
    let a, b;
    if (this.madctl & MV) { a = this.y; b = this.x; } else { a = this.x; b = this.y; }
    if (this.madctl & MX) a = COLS - 1 - a;
    if (this.madctl & MY) b = ROWS - 1 - b;
    if (a >= 0 && a < COLS && b >= 0 && b < ROWS) {
      const k = (b * COLS + a) * 2;
      this.gram[k] = hi;
      this.gram[k + 1] = lo;
    }
    if (++this.x > this.xe) {
      this.x = this.xs;
      if (++this.y > this.ye) this.y = this.ys;
    }
  }

  get showing() { return this.displayOn && !this.sleeping; }

  // The landscape screen into ``rgba`` (an ImageData's data, 320x240), as screen.py
  // turns the memory into the simulator's picture: 5 and 6 bits widened by repeating
  // their top bits.
  paint(rgba) {
    const m = this.model, g = this.gram;
    if (!this.showing) { rgba.fill(0); for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255; return; }
    const invert = this.inverted !== m.ipsInverted ? 0xffff : 0;
    const swap = Boolean(this.madctl & BGR) !== m.bgrFilter;
    let o = 0;
    for (let y = 0; y < HEIGHT; y++) {
      const col = COLS - 1 - y;
      const a = m.mirrorSource ? COLS - 1 - col : col;
      for (let x = 0; x < WIDTH; x++) {
        const k = (x * COLS + a) * 2;
        const v = ((g[k] << 8) | g[k + 1]) ^ invert;
        let r5 = v >> 11, g6 = (v >> 5) & 63, b5 = v & 31;
        if (swap) { const t = r5; r5 = b5; b5 = t; }
        rgba[o] = (r5 << 3) | (r5 >> 2);
        rgba[o + 1] = (g6 << 2) | (g6 >> 4);
        rgba[o + 2] = (b5 << 3) | (b5 >> 2);
        rgba[o + 3] = 255;
        o += 4;
      }
    }
    this.dirty = false;
  }
}
