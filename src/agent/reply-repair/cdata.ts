/** A value that is nothing but one CDATA section (the XML way to quote text), as some templates write. */
const CDATA = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/;

/**
 * The arguments with each string value that is wholly `<![CDATA[…]]>` as the text it wraps, in any
 * family's markup or in a structured call's arguments; undefined when no value was wrapped.
 */
export function withoutCdata(args: Record<string, unknown>): Record<string, unknown> | undefined {
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const inner = typeof value === "string" ? CDATA.exec(value)?.[1] : undefined;
    if (inner !== undefined) changed = true;
    // defineProperty: a "__proto__" key must stay a key, not become the prototype.
    Object.defineProperty(out, key, {
      value: inner ?? value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return changed ? out : undefined;
}
