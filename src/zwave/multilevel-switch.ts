// Multilevel Switch CC facts shared by the server's tools, its echo filter and the demo's simulated
// gateway (zwave-js packages/cc/src/cc/MultilevelSwitchCC.ts upstream).

/** Set 255: "back to the last non-zero level". No level, so zwave-js updates no current value for it. */
export const RESTORE_PREVIOUS = 0xff;
