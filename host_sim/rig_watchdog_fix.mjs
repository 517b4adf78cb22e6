// Loaded by host_sim/pico_rig.py into the emulated Pico (node --import), before pico.mjs.
//
// rp2040js 1.4.1's watchdog re-arms its alarm after it fires: with the counter at 0 the
// next alarm is 0 ns away, so a real timeout (the firmware stopped feeding it) fires again
// and again at the same instant and the rig never gets back to its run loop to do the
// reset: the emulator hangs, control channel and all. A real RP2040 resets there, so
// nothing after the first firing matters: switch the alarm off when it fires.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const rig = process.env.PICO_RIG_DIR;
const esm = join(rig, 'node_modules', 'rp2040js', 'dist', 'esm', 'peripherals', 'watchdog.js');
const { RPWatchdog } = await import(pathToFileURL(esm).href);

Object.defineProperty(RPWatchdog.prototype, 'onWatchdogTrigger', {
  configurable: true,
  get() {
    return this._slapstackTrigger;
  },
  set(fn) {
    this._slapstackTrigger = () => {
      if (this.alarm) this.alarm.enable = false;
      fn?.call(this);
    };
  },
});
