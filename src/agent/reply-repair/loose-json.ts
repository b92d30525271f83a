/** What a reader had to accept beyond strict JSON, named for the repair log. */
export type Relaxation =
  | "single-quoted strings"
  | "Python literals"
  | "unquoted keys"
  | "trailing comma"
  | "missing comma"
  | "round brackets for braces";

export class LooseJsonError extends Error {
  override name = "LooseJsonError";
  constructor(message: string) {
    // Readers try one reading after another and throw on each miss: a stack trace per miss would
    // cost more than the whole repair, and the message says everything the model needs.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

const PYTHON_LITERALS: Record<string, unknown> = { True: true, False: false, None: null };
const JSON_LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const IDENTIFIER = /[A-Za-z_$][\w$-]*/y;
/** An object opened with `(` whose first key is quoted: never a tuple or a call's arguments. */
const ROUND_OBJECT = /^\(\s*(?:"[^"\n]{1,64}"|'[^'\n]{1,64}')\s*:/;

/**
 * Reads JSON as models write it when they get it slightly wrong: Python dicts (single quotes,
 * True/False/None), bare keys, trailing commas. Every relaxation used is recorded, so a caller
 * can name the repair; anything else is an error, never a guess.
 */
export class LooseReader {
  readonly relaxed = new Set<Relaxation>();
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  peek(): string | undefined {
    this.skipSpace();
    return this.text[this.pos];
  }

  eat(char: string): boolean {
    if (this.peek() !== char) return false;
    this.pos++;
    return true;
  }

  expect(char: string): void {
    if (!this.eat(char)) throw this.error(`expected '${char}'`);
  }

  error(what: string): LooseJsonError {
    const near = this.text.slice(this.pos, this.pos + 12);
    return new LooseJsonError(
      `${what} at position ${this.pos}${near ? ` (near ${JSON.stringify(near)})` : ""}`,
    );
  }

  identifier(): string | undefined {
    this.skipSpace();
    IDENTIFIER.lastIndex = this.pos;
    const match = IDENTIFIER.exec(this.text);
    if (!match) return undefined;
    this.pos += match[0].length;
    return match[0];
  }

  value(depth = 0): unknown {
    if (depth > 32) throw this.error("nested too deeply");
    const char = this.peek();
    if (char === "{") return this.object(depth);
    if (char === "(" && ROUND_OBJECT.test(this.text.slice(this.pos, this.pos + 80))) {
      // `("key": value, …)`: round brackets where braces were meant (small quantised models).
      this.relaxed.add("round brackets for braces");
      return this.object(depth, "(", ")");
    }
    if (char === "[") return this.array(depth);
    if (char === '"' || char === "'") return this.string();
    if (char !== undefined && /[-\d]/.test(char)) return this.number();
    const start = this.pos;
    const word = this.identifier();
    if (word !== undefined) {
      if (word in JSON_LITERALS) return JSON_LITERALS[word];
      if (word in PYTHON_LITERALS) {
        this.relaxed.add("Python literals");
        return PYTHON_LITERALS[word];
      }
      this.pos = start;
    }
    throw this.error(char === undefined ? "unexpected end" : "unexpected text");
  }

  private object(depth: number, open = "{", close = "}"): Record<string, unknown> {
    this.expect(open);
    const out: Record<string, unknown> = {};
    while (!this.eat(close)) {
      const char = this.peek();
      let key: string;
      if (char === '"' || char === "'") key = this.string();
      else {
        const word = this.identifier();
        if (word === undefined) throw this.error("expected a key");
        this.relaxed.add("unquoted keys");
        key = word;
      }
      this.expect(":");
      // defineProperty: a "__proto__" key must stay a key, not become the prototype.
      Object.defineProperty(out, key, {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (this.eat(",")) {
        if (this.peek() === close) this.relaxed.add("trailing comma");
      } else if (this.peek() !== close) throw this.error(`expected ',' or '${close}'`);
    }
    return out;
  }

  private array(depth: number): unknown[] {
    this.expect("[");
    const out: unknown[] = [];
    while (!this.eat("]")) {
      const item = this.value(depth + 1);
      out.push(item);
      if (this.eat(",")) {
        if (this.peek() === "]") this.relaxed.add("trailing comma");
      } else if (this.peek() === "{" && typeof item === "object" && item !== null) {
        // `[{…} {…}]`: two whole objects with the comma left out (ollama model/parsers/cohere.go
        // sees this in sampled tool-call lists); each object is still read on its own.
        this.relaxed.add("missing comma");
      } else if (this.peek() !== "]") throw this.error("expected ',' or ']'");
    }
    return out;
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) throw this.error("bad number");
    this.pos += match[0].length;
    return Number(match[0]);
  }

  private string(): string {
    const quote = this.text[this.pos]!;
    if (quote === '"') {
      // Double-quoted strings follow JSON's escapes exactly.
      let end = this.pos + 1;
      while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === "\\" ? 2 : 1;
      if (end >= this.text.length) throw this.error("unterminated string");
      const literal = this.text.slice(this.pos, end + 1);
      this.pos = end + 1;
      try {
        return JSON.parse(literal) as string;
      } catch {
        throw this.error("bad string escape");
      }
    }
    this.relaxed.add("single-quoted strings");
    let out = "";
    let i = this.pos + 1;
    for (; i < this.text.length && this.text[i] !== "'"; i++) {
      const char = this.text[i]!;
      if (char !== "\\") {
        out += char;
        continue;
      }
      const next = this.text[++i];
      out += next === "n" ? "\n" : next === "t" ? "\t" : (next ?? "");
    }
    if (i >= this.text.length) throw this.error("unterminated string");
    this.pos = i + 1;
    return out;
  }
}

/** Whether the text from `start` ends inside a bracket or a string (a cut), by a plain scan. */
export function endsInside(text: string, start: number): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || (char === "'" && !/\w/.test(text[i - 1] ?? ""))) quote = char;
    else if ("{[(".includes(char)) depth++;
    else if ("}])".includes(char)) {
      depth--;
      if (depth <= 0) return false;
    }
  }
  return depth > 0 || quote !== undefined;
}
