// Multilevel Switch CC facts shared by the server's tools, its echo filter and the demo's simulated
// gateway (zwave-js packages/cc/src/cc/MultilevelSwitchCC.ts upstream).

/** Set 255: "back to the last non-zero level". No level, so zwave-js updates no current value for it. */
export const RESTORE_PREVIOUS = 0xff;

/** Multilevel Switch levels are 0–99 on the wire; people say 0–100 %. */
export function levelToPercent(level: number): number {
  return level >= 99 ? 100 : Math.round((level * 100) / 99);
}

export function percentToLevel(percent: number): number {
  return Math.max(0, Math.min(99, Math.round((percent * 99) / 100)));
}
