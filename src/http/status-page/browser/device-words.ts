// What a Z-Wave device reported, in the reader's language: from the typed fields of its row (a
// cover's position and state, a switch's on and level, a door's open or closed), else the
// server's English text, which for a reading ("21.5 °C") is a number and a unit anyway.
import type { ZwaveDeviceRow } from "../snapshot.js";
import type { Words } from "./words.js";

/** A state word the page has ("opening", "closed"), else the word as it came. */
export function stateWord(t: Words, state: string): string {
  return (t as Record<string, string>)[`state.${state}`] ?? state;
}

/** The node's status ("asleep", "dead") in the reader's words. */
export function deviceStatus(t: Words, status: string): string {
  return (t as Record<string, string>)[`device.${status}`] ?? status;
}

/** What the device holds now, for its row in the device list. */
export function deviceValue(t: Words, dev: ZwaveDeviceRow): string | undefined {
  // A cover on its way says so first: its position is where it is passing.
  if (dev.coverState === "opening" || dev.coverState === "closing") {
    const word = stateWord(t, dev.coverState);
    return dev.position === undefined ? word : `${word} · ${dev.position} %`;
  }
  if (dev.position !== undefined) {
    if (dev.position <= 0) return t["state.closed"];
    if (dev.position >= 100) return t["state.open"];
    return t.openAt.replace("{n}", String(dev.position));
  }
  if (dev.coverState) return stateWord(t, dev.coverState);
  if (dev.open !== undefined) return dev.open ? t["state.open"] : t["state.closed"];
  if (dev.on !== undefined) {
    if (!dev.on) return t.off;
    return dev.level === undefined ? t.on : t.onAt.replace("{n}", String(dev.level));
  }
  return dev.value;
}
