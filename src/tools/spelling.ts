/**
 * How a model may spell a tool's name or an argument's key and still mean it: the one folding
 * rule for both. Quotes a server kept around the text (Ollama keeps Qwen3-Coder's
 * `"\"deviceName\""`, a name may arrive as `"control_zwave_device"`), case, and `_`, `-`, `.`
 * and spaces do not tell two spellings apart.
 */

/** Outer quotes that hold the whole text (`"x"`, `'x'`, `` `x` ``, `\"x\"`), up to two levels. */
const QUOTED = /^\s*(\\?["'`])([\s\S]*)\1\s*$/;

/** The text without quotes that hold all of it; anything else is returned as it is. */
export function unquoted(text: string): string {
  let out = text;
  for (let level = 0; level < 2; level++) {
    const quoted = QUOTED.exec(out);
    const inner = quoted?.[2];
    // `''x''` is not a quoted `'x'` with its quotes doubled: what is inside must not start or end
    // with the same quote (a quote inside, as in "Kid's Lamp", is part of the text).
    if (!quoted || !inner?.trim() || inner.startsWith(quoted[1]!) || inner.endsWith(quoted[1]!)) break;
    out = inner;
  }
  return out;
}

/** `"Device_Name"`, `device-name`, `Device Name`, `deviceName` all fold to `devicename`. */
export function foldSpelling(text: string): string {
  return unquoted(text)
    .toLowerCase()
    .replace(/[\s_.-]+/g, "");
}
