// The built bridge is a minified bundle (scripts/bundle.mjs): a stack trace names the right
// functions, but its positions are columns in long lines of dist/. The log, which is what users
// send with a bug report, gets the frames in terms of src/ instead, read from the source maps
// beside the bundle. A map is read only when an error is logged, so Node's own source-map support
// (--enable-source-maps, which reads every map at load and keeps it) costs nothing at rest.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGE_ROOT } from "./package-root.js";

/** A frame's location: an ES module's file URL (a path where source maps are on). */
const FRAME = /((?:file:\/\/)?\/[^\s()]+?\.js):(\d+):(\d+)/g;
const ROOT = fileURLToPath(PACKAGE_ROOT);
/** Parsed maps, kept while errors keep coming (a map of a large chunk takes tens of ms to parse). */
const maps = new Map<string, SourceMap | undefined>();
let forget: NodeJS.Timeout | undefined;

function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = undefined;
    }
    maps.set(file, map);
  }
  clearTimeout(forget);
  forget = setTimeout(() => maps.clear(), 60_000).unref();
  return maps.get(file);
}

/** `stack` with every frame in a file that has a source map given as `src/…ts:line:column`. */
export function sourceStack(stack: string): string {
  return stack.replace(FRAME, (frame, location: string, line: string, column: string) => {
    const file = location.startsWith("file:") ? fileURLToPath(location) : location;
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !("originalSource" in entry)) return frame;
    const source = relative(ROOT, resolve(dirname(file), entry.originalSource));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
