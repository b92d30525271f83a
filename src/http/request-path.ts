/** Encoded `.`, `/` and `\`: decoded later, they could turn a harmless path into another route. */
const ENCODED_SEPARATOR = /%(2e|2f|5c)/i;

/**
 * The request's path when it is in canonical form, else undefined. Dot segments, doubled
 * slashes, backslashes and encoded separators are refused rather than resolved, so the path
 * that auth checks is always the one that is routed.
 */
export function canonicalPath(target: string | undefined): string | undefined {
  if (!target?.startsWith("/")) return undefined;
  const path = target.split(/[?#]/, 1)[0] ?? "";
  if (path.includes("//") || path.includes("\\") || ENCODED_SEPARATOR.test(path)) return undefined;
  const segments = path.split("/");
  if (segments.some((s) => s === "." || s === "..")) return undefined;
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes("\0") ? undefined : decoded;
  } catch {
    return undefined;
  }
}
