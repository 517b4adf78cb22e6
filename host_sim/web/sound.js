// The piezo's square wave through Web Audio: the firmware's PWM on the piezo's pin (its
// frequency, on while its duty is not 0) plays as the handheld's piezo would.
export class Piezo {
  constructor() { this.ctx = null; this.hz = 0; this.on = false; this.notes = 0; }
  wake() {  // browsers start audio only from a person's gesture
    if (this.ctx) { this.ctx.resume(); return; }
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    this.ctx = new Ctx();
    this.osc = this.ctx.createOscillator();
    this.osc.type = "square";
    this.gain = this.ctx.createGain();
    this.gain.gain.value = 0;
    this.osc.connect(this.gain).connect(this.ctx.destination);
    this.osc.start();
    this.set(this.hz, this.on);
  }
  set(hz, on) {
    if (on && hz > 0 && !(this.on && this.hz === hz)) this.notes++;
    this.hz = hz; this.on = on;
    if (!this.ctx) return;
    const t = this.ctx.currentTime;
    if (hz > 0) this.osc.frequency.setValueAtTime(hz, t);
    this.gain.gain.setValueAtTime(on && hz > 0 ? 0.06 : 0, t);
  }
}
