import { isObject } from "../../shared/is-object.js";
import { LooseJsonError, LooseReader, type Relaxation } from "./loose-json.js";

/**
 * `glued`: the text held several objects one after another (`{…}{…}`, a proxy that never bumps the
 * call index), each as written. Whether they are one call in parts or several calls, only the
 * tool's schema can tell (glued-calls.ts); `args` is the one-call reading where there is one.
 */
export type DecodedArguments =
  | { ok: true; args: Record<string, unknown>; repairs: string[]; glued?: Array<Record<string, unknown>> }
  | { ok: false; error: string; glued?: Array<Record<string, unknown>> };

const FENCE = /^```[\w-]*[ \t]*\n?([\s\S]*?)\n?[ \t]*```$/;
/** Chat-template tokens a server leaves in front of the object: `<|constrain|>json`, `json`. */
const LEADING_TOKEN = /^(?:<\|[a-z_]+\|>\s*)*(?:json\b)?\s*(?=\{)/i;

const RELAXATION_REPAIRS: Record<Relaxation, string> = {
  "single-quoted strings": "arguments: read a single-quoted Python dict",
  "Python literals": "arguments: read Python True/False/None",
  "unquoted keys": "arguments: quoted bare keys",
  "trailing comma": "arguments: dropped a trailing comma",
  "missing comma": "arguments: read a list missing a comma",
  "round brackets for braces": "arguments: read an object written in round brackets",
};

/**
 * The arguments of one tool call as a plain object, from whatever the client handed over: an
 * object (clean), or the provider's raw string when it was not clean JSON. Only decodings with a
 * single possible reading are made; anything else is an error the model can act on.
 */
export function decodeArguments(raw: unknown): DecodedArguments {
  if (isObject(raw)) return { ok: true, args: raw, repairs: [] };
  if (raw === null || raw === undefined) {
    return { ok: true, args: {}, repairs: [`arguments: ${raw === null ? "null" : "none sent"} read as {}`] };
  }
  if (typeof raw !== "string")
    return { ok: false, error: `the arguments are ${describe(raw)}, not a JSON object` };
  return decodeText(raw, 0);
}

function decodeText(text: string, depth: number): DecodedArguments {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "null" || trimmed === "None" || trimmed === "{}") {
    return {
      ok: true,
      args: {},
      repairs: trimmed === "{}" ? [] : [`arguments: ${trimmed === "" ? "empty string" : trimmed} read as {}`],
    };
  }
  // Only text that can be JSON is tried as JSON: a failed parse costs more than the repair.
  if (/^[{["\d-]/.test(trimmed)) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isObject(parsed)) return { ok: true, args: parsed, repairs: [] };
      if (typeof parsed === "string" && depth === 0)
        return prepend("arguments: decoded twice-encoded JSON", decodeText(parsed, 1));
      return { ok: false, error: `the arguments are ${describe(parsed)}, not a JSON object` };
    } catch {
      // not strict JSON: try the readings below
    }
  }
  const repairs: string[] = [];
  let body = trimmed;
  const fence = FENCE.exec(body);
  if (fence) {
    body = fence[1]!.trim();
    repairs.push("arguments: removed a ``` fence");
  }
  if (body.startsWith('"') && depth === 0) {
    // Twice-encoded, and broken inside: decode the outer string, then read what it held.
    try {
      const inner: unknown = JSON.parse(body);
      if (typeof inner === "string")
        return prepend(repairs.concat("arguments: decoded twice-encoded JSON"), decodeText(inner, 1));
    } catch {
      // fall through to the object reader
    }
  }
  const token = LEADING_TOKEN.exec(body);
  if (token?.[0]) {
    body = body.slice(token[0].length);
    repairs.push(`arguments: removed ${JSON.stringify(token[0].trim())} before the object`);
  }
  if (!body.startsWith("{")) return { ok: false, error: "the arguments are not a JSON object" };
  if (repairs.length && body.endsWith("}")) {
    // Clean JSON once the fence or token is gone: the strict parser is the fast path.
    try {
      const parsed: unknown = JSON.parse(body);
      if (isObject(parsed)) return { ok: true, args: parsed, repairs };
    } catch {
      // read loosely below
    }
  }
  const reader = new LooseReader(body);
  let value: unknown;
  try {
    value = reader.value();
  } catch (err) {
    return {
      ok: false,
      error: `the arguments are not valid JSON: ${err instanceof LooseJsonError ? err.message : String(err)}`,
    };
  }
  for (const relaxation of reader.relaxed) repairs.push(RELAXATION_REPAIRS[relaxation]);
  let args = value as Record<string, unknown>;
  const objects = [args];
  let joined: Record<string, unknown> | undefined = args;
  // `{…}{…}`, `{…} {…}` or `{…}, {…}`
  while (reader.peek() === "{" || (reader.peek() === "," && /^,\s*\{/.test(body.slice(reader.pos)))) {
    reader.eat(",");
    let next: unknown;
    try {
      next = reader.value();
    } catch {
      return { ok: false, error: "the arguments hold more than one JSON value" };
    }
    objects.push(next as Record<string, unknown>);
    // The same object twice is one reading; the rest of the arguments glued on is one reading too.
    const both: ReturnType<typeof glue> = joined && glue(joined, next as Record<string, unknown>);
    if (both) {
      repairs.push(
        both.same
          ? "arguments: dropped a repeated copy of the object"
          : "arguments: joined two glued objects",
      );
    }
    joined = both?.args;
  }
  const distinct = objects.filter(
    (o, i) => objects.findIndex((p) => JSON.stringify(p) === JSON.stringify(o)) === i,
  );
  const glued = distinct.length > 1 ? { glued: distinct } : {};
  if (!joined) {
    // Objects that disagree on a key: several calls, if each is a whole call of the tool.
    return { ok: false, error: "the arguments hold more than one JSON value, and they differ", ...glued };
  }
  args = joined;
  const rest = body.slice(reader.pos).trim();
  if (rest) {
    if (/[{[]/.test(rest)) return { ok: false, error: "the arguments hold more than one JSON value" };
    repairs.push(
      `arguments: removed ${JSON.stringify(rest.length > 24 ? `${rest.slice(0, 24)}…` : rest)} after the object`,
    );
  }
  return { ok: true, args, repairs, ...glued };
}

/** Two objects as one: identical, or with no key in common. */
function glue(
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): { args: Record<string, unknown>; same: boolean } | undefined {
  if (JSON.stringify(first) === JSON.stringify(second)) return { args: first, same: true };
  if (Object.keys(second).some((key) => Object.hasOwn(first, key))) return undefined;
  return { args: { ...first, ...second }, same: false };
}

function prepend(steps: string | string[], decoded: DecodedArguments): DecodedArguments {
  if (!decoded.ok) return decoded;
  return { ...decoded, repairs: [...(Array.isArray(steps) ? steps : [steps]), ...decoded.repairs] };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return "a string";
  return `${typeof value} ${JSON.stringify(value)}`;
}
