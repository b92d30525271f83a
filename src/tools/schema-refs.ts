import { isObject } from "../shared/is-object.js";
import type { JsonSchema } from "./types.js";

export type ReferenceKeyword = "$ref" | "$dynamicRef" | "$recursiveRef";

export interface RefResolver {
  /**
   * The reference a schema holds and the schema it points to within the document: undefined when
   * it holds none; `target` undefined when it points outside the document or nowhere.
   */
  referenceOf(schema: JsonSchema): { keyword: ReferenceKeyword; target: JsonSchema | undefined } | undefined;
}

const KEYWORDS: ReferenceKeyword[] = ["$ref", "$dynamicRef", "$recursiveRef"];

/**
 * Resolves the references of one document statically, as the schemas the registry gives providers
 * and /mcp serves must be self-contained (providers and Home Assistant's clients follow neither
 * `$dynamicRef` nor `$recursiveRef`; probatio refuses them):
 * - `$ref`: `#`, a JSON pointer (`#/$defs/node`, RFC 6901 escapes), or an anchor (`#node`, a
 *   schema's `$anchor` or `$dynamicAnchor`);
 * - `$dynamicRef`: as `$ref`, where an anchor is the outermost `$dynamicAnchor` of that name (the
 *   one dynamic scope a single document has when it is the root), else an `$anchor`;
 * - `$recursiveRef` (draft 2019-09): `#`, the document itself.
 */
export function createRefResolver(root: JsonSchema): RefResolver {
  let anchors: { dynamic: Map<string, JsonSchema>; plain: Map<string, JsonSchema> } | undefined;

  function anchor(name: string, dynamic: boolean): JsonSchema | undefined {
    anchors ??= indexAnchors(root);
    return (
      (dynamic ? anchors.dynamic.get(name) : undefined) ??
      anchors.plain.get(name) ??
      anchors.dynamic.get(name)
    );
  }

  function resolve(keyword: ReferenceKeyword, ref: unknown): JsonSchema | undefined {
    if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
    if (ref === "#") return root;
    if (keyword === "$recursiveRef") return undefined;
    if (!ref.startsWith("#/")) return anchor(decodeURIComponent(ref.slice(1)), keyword === "$dynamicRef");
    let current: unknown = root;
    for (const raw of ref.slice(2).split("/")) {
      const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
      current =
        isObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[part] : undefined;
    }
    return isObject(current) ? current : undefined;
  }

  return {
    referenceOf(schema) {
      const keyword = KEYWORDS.find((k) => k in schema);
      return keyword ? { keyword, target: resolve(keyword, schema[keyword]) } : undefined;
    },
  };
}

/** Every `$anchor` and `$dynamicAnchor` of the document, the outermost first (breadth first). */
function indexAnchors(root: JsonSchema) {
  const dynamic = new Map<string, JsonSchema>();
  const plain = new Map<string, JsonSchema>();
  let level: unknown[] = [root];
  for (let depth = 0; level.length && depth < 64; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (Array.isArray(node)) next.push(...node);
      if (!isObject(node)) continue;
      if (typeof node.$dynamicAnchor === "string" && !dynamic.has(node.$dynamicAnchor))
        dynamic.set(node.$dynamicAnchor, node);
      if (typeof node.$anchor === "string" && !plain.has(node.$anchor)) plain.set(node.$anchor, node);
      next.push(...Object.values(node));
    }
    level = next;
  }
  return { dynamic, plain };
}
