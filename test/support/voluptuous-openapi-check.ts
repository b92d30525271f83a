/**
 * What Home Assistant's MCP client does with a tool's inputSchema, written from
 * home-assistant-libs/voluptuous-openapi 0.4.1 `convert_to_voluptuous` (the version Core pins):
 *
 *   const validate = convertToVoluptuous(tool.inputSchema); // throws where the library raises
 *   validate({ deviceName: "Switch One", action: "on" });   // throws VoluptuousInvalid as HA would
 *
 * Core's coordinator fails the whole tool listing (UpdateFailed) when one conversion raises, and
 * llm.py runs every call's arguments through the converted schema before the tool is called.
 * Conversion follows the library's order of checks exactly: $ref (resolved lazily, on first
 * validation), enum, the unsupported keywords, oneOf, anyOf, type. Validation follows voluptuous:
 * `str`/`int`/`float`/`bool` are Python type checks (a whole number is a Python int, so it fails
 * `float`, as `json.loads("5")` does; a bool passes `int`), a mapping refuses keys it does not
 * know unless extra keys are allowed, `vol.Match` anchors at the start (`re.match`), `vol.Datetime`
 * wants `%Y-%m-%dT%H:%M:%S.%fZ`. Python's `re` is approximated: patterns using JavaScript-only
 * syntax that `re.compile` refuses are refused.
 */

export class VoluptuousConversionError extends Error {
  override name = "VoluptuousConversionError";
}

export class VoluptuousInvalid extends Error {
  override name = "VoluptuousInvalid";
}

export type Validator = (value: unknown, path?: string) => unknown;

type Dict = Record<string, unknown>;

const UNSUPPORTED_KEYWORDS = ["allOf", "multipleOf", "uniqueItems"];

export function convertToVoluptuous(schema: unknown, rootSchema?: unknown): Validator {
  if (!isDict(schema)) throw new VoluptuousConversionError("Invalid schema, expected a dictionary");
  const root = rootSchema ?? schema;

  if ("$ref" in schema) return lazySchema(schema.$ref, root);

  const enumValues = schema.enum;
  if (enumValues !== undefined && enumValues !== null) {
    if (!Array.isArray(enumValues))
      throw new VoluptuousConversionError("Invalid schema, enum should be a list");
    const inEnum = vIn(enumValues);
    return schema.nullable === true ? vAny([inEnum, vNone]) : inEnum;
  }

  for (const keyword of UNSUPPORTED_KEYWORDS) {
    if (keyword in schema) throw new VoluptuousConversionError(`${keyword} is not supported`);
  }

  const oneOf = schema.oneOf;
  if (oneOf !== undefined && oneOf !== null) {
    if (!Array.isArray(oneOf)) throw new VoluptuousConversionError("Invalid schema, oneOf should be a list");
    return vAny(oneOf.map((sub) => convertToVoluptuous(sub, root)));
  }

  const anyOf = schema.anyOf;
  if (anyOf !== undefined && anyOf !== null) {
    if (!Array.isArray(anyOf)) throw new VoluptuousConversionError("Invalid schema, anyOf should be a list");
    // `list(s.keys())` raises on a non-dict branch; Python's all() of nothing is True.
    const requiredConstraint = anyOf.every((s) => {
      if (!isDict(s)) throw new VoluptuousConversionError("'anyOf' branch has no keys()");
      const keys = Object.keys(s);
      return keys.length === 1 && keys[0] === "required" && Array.isArray(s.required);
    });
    if (!(requiredConstraint && schema.type === "object")) {
      return vAny(anyOf.map((sub) => convertToVoluptuous(sub, root)));
    }
  }

  const type = schema.type;
  if (type === undefined || type === null)
    throw new VoluptuousConversionError("Invalid schema, missing type");
  if (type === "null") return vNone;

  if (Array.isArray(type)) {
    if (type.length === 0) throw new VoluptuousConversionError("Invalid schema, type array cannot be empty");
    return vAny(type.map((t) => (t === "null" ? vNone : convertToVoluptuous({ ...schema, type: t }, root))));
  }
  if (typeof type !== "string")
    throw new VoluptuousConversionError(`unhashable or unknown type ${JSON.stringify(type)}`);

  if (type === "string" || type === "integer" || type === "number" || type === "boolean") {
    let validator = pythonType(type);
    if (type === "string") {
      const pattern = schema.pattern;
      if (pattern !== undefined && pattern !== null) validator = vMatch(pattern);
      else if (schema.format === "date-time") validator = vDatetime;
      else if (present(schema.minLength) || present(schema.maxLength)) {
        validator = vAll([validator, vLength(schema.minLength, schema.maxLength)]);
      }
    } else if (type === "integer" || type === "number") {
      if (present(schema.minimum) || present(schema.maximum)) {
        validator = vAll([validator, vRange(schema.minimum, schema.maximum)]);
      }
    }
    return schema.nullable === true ? vAny([validator, vNone]) : validator;
  }

  if (type === "object") {
    const required = pythonSet(schema.required ?? []);
    const properties = schema.properties ?? {};
    if (!isDict(properties)) throw new VoluptuousConversionError("'properties' has no items()");
    const keys: Array<{ key: string; required: boolean; validate: Validator }> = [];
    for (const [key, value] of Object.entries(properties)) {
      keys.push({ key, required: required.has(key), validate: convertToVoluptuous(value, root) });
    }
    let anyOfKeys: unknown[] | undefined;
    if (Array.isArray(anyOf)) {
      const collected = anyOf.flatMap((sub) => {
        const req = (sub as Dict).required ?? [];
        if (!Array.isArray(req) && typeof req !== "string")
          throw new VoluptuousConversionError("'required' is not iterable");
        return typeof req === "string" ? [...req] : req;
      });
      if (collected.length) anyOfKeys = collected;
    }
    const extra = schema.additionalProperties;
    const extraValidator = isDict(extra) ? convertToVoluptuous(extra, root) : undefined;
    const validator = vMapping(keys, extra === true ? "allow" : (extraValidator ?? "prevent"), anyOfKeys);
    return schema.nullable === true ? vAny([validator, vNone]) : validator;
  }

  if (type === "array") {
    if (!("items" in schema)) throw new VoluptuousConversionError("KeyError: 'items'");
    const item = convertToVoluptuous(schema.items, root);
    let validator = vList(item);
    if (present(schema.minItems) || present(schema.maxItems)) {
      validator = vAll([validator, vLength(schema.minItems, schema.maxItems)]);
    }
    return schema.nullable === true ? vAny([validator, vNone]) : validator;
  }

  throw new VoluptuousConversionError(`Unable to convert schema: ${JSON.stringify(schema)}`);
}

/** resolve_ref: local JSON pointers only ("#", "#/$defs/X", RFC 6901 escapes, list indices). */
export function resolveRef(ref: unknown, root: unknown): unknown {
  if (typeof ref !== "string") throw new VoluptuousConversionError("$ref is not a string");
  if (!ref.startsWith("#"))
    throw new VoluptuousConversionError(`External/relative $ref not supported: ${ref}`);
  if (ref === "#") return root;
  const parts = ref.replace(/^#+/, "").split("/");
  if (parts[0] === "") parts.shift();
  let current: unknown = root;
  for (const raw of parts) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (isDict(current) && part in current) current = current[part];
    else if (Array.isArray(current)) {
      const index = /^-?\d+$/.test(part) ? Number(part) : NaN;
      const at = index < 0 ? current.length + index : index;
      if (Number.isNaN(at) || at < 0 || at >= current.length) {
        throw new VoluptuousConversionError(`Could not resolve ref ${ref} in list at index ${part}`);
      }
      current = current[at];
    } else throw new VoluptuousConversionError(`Could not resolve ref ${ref} at key ${part}`);
  }
  return current;
}

function lazySchema(ref: unknown, root: unknown): Validator {
  let compiled: Validator | undefined;
  return (value, path) => {
    compiled ??= convertToVoluptuous(resolveRef(ref, root), root);
    return compiled(value, path);
  };
}

// --- voluptuous validators -------------------------------------------------------------------

function invalid(message: string, path = ""): never {
  throw new VoluptuousInvalid(path ? `${message} @ data[${path}]` : message);
}

function pythonType(type: "string" | "integer" | "number" | "boolean"): Validator {
  const check: Record<typeof type, [(v: unknown) => boolean, string]> = {
    string: [(v) => typeof v === "string", "str"],
    // bool is a subclass of int in Python.
    integer: [(v) => (typeof v === "number" && Number.isInteger(v)) || typeof v === "boolean", "int"],
    number: [(v) => typeof v === "number" && !Number.isInteger(v), "float"],
    boolean: [(v) => typeof v === "boolean", "bool"],
  };
  const [test, name] = check[type];
  return (value, path) => (test(value) ? value : invalid(`expected ${name}`, path));
}

const vNone: Validator = (value, path) => (value === null ? value : invalid("not a valid value", path));

function vIn(container: unknown[]): Validator {
  return (value, path) =>
    container.some((c) => pythonEqual(c, value))
      ? value
      : invalid(`value must be one of ${JSON.stringify(container)}`, path);
}

function vAny(validators: Validator[]): Validator {
  return (value, path) => {
    let last: unknown;
    for (const validate of validators) {
      try {
        return validate(value, path);
      } catch (err) {
        last = err;
      }
    }
    throw last instanceof VoluptuousInvalid ? last : new VoluptuousInvalid("no valid value");
  };
}

function vAll(validators: Validator[]): Validator {
  return (value, path) => validators.reduce((v, validate) => validate(v, path), value);
}

function vLength(min: unknown, max: unknown): Validator {
  return (value, path) => {
    const length =
      typeof value === "string"
        ? [...value].length
        : Array.isArray(value)
          ? value.length
          : isDict(value)
            ? Object.keys(value).length
            : undefined;
    if (length === undefined) return invalid("invalid value", path);
    if (typeof min === "number" && length < min)
      return invalid(`length of value must be at least ${min}`, path);
    if (typeof max === "number" && length > max)
      return invalid(`length of value must be at most ${max}`, path);
    return value;
  };
}

function vRange(min: unknown, max: unknown): Validator {
  return (value, path) => {
    const n = typeof value === "boolean" ? Number(value) : value;
    if (typeof n !== "number") return invalid("invalid value", path);
    if (typeof min === "number" && n < min) return invalid(`value must be at least ${min}`, path);
    if (typeof max === "number" && n > max) return invalid(`value must be at most ${max}`, path);
    return value;
  };
}

/** `re.compile` refuses these JavaScript-only constructs ("bad escape", "unknown extension"). */
const JS_ONLY_REGEX = [/\\[pPk]\{?/, /\\u\{/, /\\c[A-Za-z]/, /\(\?<(?![=!])/, /\[\^?\]/];

function vMatch(pattern: unknown): Validator {
  if (typeof pattern !== "string")
    throw new VoluptuousConversionError("first argument must be string or compiled pattern");
  for (const construct of JS_ONLY_REGEX) {
    if (construct.test(pattern.replace(/\\\\/g, ""))) {
      throw new VoluptuousConversionError(`re.error: ${pattern} uses syntax Python's re refuses`);
    }
  }
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "y");
  } catch (err) {
    throw new VoluptuousConversionError(`re.error: ${(err as Error).message}`);
  }
  return (value, path) => {
    if (typeof value !== "string") return invalid("expected string or buffer", path);
    regex.lastIndex = 0;
    return regex.test(value) ? value : invalid(`does not match regular expression ${pattern}`, path);
  };
}

const DATETIME = /^\d{4}-\d{1,2}-\d{1,2}T\d{1,2}:\d{1,2}:\d{1,2}\.\d{1,6}Z$/;

const vDatetime: Validator = (value, path) =>
  typeof value === "string" && DATETIME.test(value)
    ? value
    : invalid("value does not match expected format %Y-%m-%dT%H:%M:%S.%fZ", path);

function vList(item: Validator): Validator {
  return (value, path) => {
    if (!Array.isArray(value)) return invalid("expected list", path);
    return value.map((v, i) => item(v, path ? `${path}][${i}` : String(i)));
  };
}

function vMapping(
  keys: Array<{ key: string; required: boolean; validate: Validator }>,
  extra: "allow" | "prevent" | Validator,
  anyOfKeys: unknown[] | undefined,
): Validator {
  return (value, path) => {
    if (!isDict(value)) return invalid("expected a dictionary", path);
    const out: Dict = {};
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}][${JSON.stringify(k)}` : JSON.stringify(k);
      const known = keys.find((entry) => entry.key === k);
      if (known) out[k] = known.validate(v, at);
      else if (typeof extra === "function") out[k] = extra(v, at);
      else if (extra === "allow" || anyOfKeys?.includes(k)) out[k] = v;
      else invalid("extra keys not allowed", at);
    }
    for (const entry of keys) {
      if (entry.required && !(entry.key in value))
        invalid(
          "required key not provided",
          path ? `${path}][${JSON.stringify(entry.key)}` : JSON.stringify(entry.key),
        );
    }
    // vol.Required(vol.Any(*keys)): one of them must be there.
    if (anyOfKeys && !Object.keys(value).some((k) => anyOfKeys.includes(k))) {
      invalid("required key not provided", path);
    }
    return out;
  };
}

// --- Python semantics ----------------------------------------------------------------------------

function isDict(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `schema.get(x) is not None`. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** `set(value)`: a list of hashables, or a string's characters; anything else raises. */
function pythonSet(value: unknown): Set<unknown> {
  if (typeof value === "string") return new Set([...value]);
  if (Array.isArray(value)) {
    if (value.some((v) => typeof v === "object" && v !== null)) {
      throw new VoluptuousConversionError("unhashable type in 'required'");
    }
    return new Set(value);
  }
  if (isDict(value)) return new Set(Object.keys(value));
  throw new VoluptuousConversionError("'required' is not iterable");
}

function pythonEqual(a: unknown, b: unknown): boolean {
  const num = (v: unknown) => (typeof v === "boolean" ? Number(v) : v);
  if (
    (typeof a === "number" || typeof a === "boolean") &&
    (typeof b === "number" || typeof b === "boolean")
  ) {
    return num(a) === num(b);
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => pythonEqual(x, b[i]));
  if (isDict(a) && isDict(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && pythonEqual(a[k], b[k]));
  }
  return a === b;
}
