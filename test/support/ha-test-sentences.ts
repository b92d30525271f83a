// Home Assistant's own intent test sentences (OHF-Voice/intents `tests/<lang>/**/*.yaml`, each
// file's `tests[].sentences`), read from a checkout at run time, and the string literals of
// this repository's files, so that a test can check that none of the former sits in the latter:
// our tests and docs use sentences of our own. The tree is a checkout or a bare git clone;
// nothing of it is copied into the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { parse } from "yaml";

export const LANGUAGES = ["en", "de", "fr", "es", "nl", "it"];

/** Case, punctuation and spacing folded away: "What's the time?" and "whats the time" differ only in the apostrophe. */
export const foldSentence = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export interface HaSentence {
  text: string;
  /** `tests/en/HassTurnOn/name_only.yaml` */
  file: string;
}

/** Every test sentence of these languages, from a checkout's `tests/` or a bare git directory's HEAD. */
export function haTestSentences(tree: string, languages = LANGUAGES): HaSentence[] {
  const files = new Map<string, string>();
  if (existsSync(join(tree, "tests"))) {
    for (const language of languages) {
      const dir = join(tree, "tests", language);
      if (!existsSync(dir)) continue;
      for (const path of walk(dir).filter((p) => p.endsWith(".yaml"))) {
        files.set(relative(tree, path), readFileSync(path, "utf8"));
      }
    }
  } else {
    const git = (...args: string[]) =>
      execFileSync("git", [`--git-dir=${tree}`, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
    const paths = git("ls-tree", "-r", "--name-only", "HEAD", ...languages.map((l) => `tests/${l}/`))
      .split("\n")
      .filter((p) => p.endsWith(".yaml"));
    for (const path of paths) files.set(path, git("show", `HEAD:${path}`));
  }
  const sentences: HaSentence[] = [];
  for (const [file, text] of files) {
    const doc = parse(text) as { tests?: Array<{ sentences?: unknown[] }> } | null;
    for (const group of doc?.tests ?? []) {
      for (const sentence of group.sentences ?? []) {
        if (typeof sentence === "string") sentences.push({ text: sentence, file });
      }
    }
  }
  return sentences;
}

export interface Literal {
  text: string;
  /** `test/unit/foo.test.ts:12` */
  where: string;
}

/** A TypeScript file's string literals and the literal parts of its templates, with their lines. */
export function tsLiterals(source: string, where: string): Literal[] {
  const file = ts.createSourceFile(where, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const literals: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      literals.push({ text: node.text, where: `${where}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return literals;
}

/** A Markdown file's quoted text: "…", “…”, and `…`. */
export function markdownQuotes(source: string, where: string): Literal[] {
  const literals: Literal[] = [];
  source.split("\n").forEach((text, i) => {
    for (const m of text.matchAll(/"([^"\n]+)"|“([^”\n]+)”|`([^`\n]+)`/g)) {
      literals.push({ text: m[1] ?? m[2] ?? m[3] ?? "", where: `${where}:${i + 1}` });
    }
  });
  return literals;
}

/** The literals of this repository's sources, tests, benchmarks and user docs. */
export function repositoryLiterals(root: string): Literal[] {
  const literals: Literal[] = [];
  for (const dir of ["src", "test", "bench"]) {
    for (const path of walk(join(root, dir)).filter((p) => /\.(?:ts|js|mjs|json)$/.test(p))) {
      literals.push(...tsLiterals(readFileSync(path, "utf8"), relative(root, path)));
    }
  }
  for (const file of ["README.md", "DOCS.md", "docs/architecture.md"]) {
    literals.push(...markdownQuotes(readFileSync(join(root, file), "utf8"), file));
  }
  return literals;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Each literal that is, folded, one of HA's test sentences, with the file it comes from. */
export function copiedSentences(literals: Literal[], sentences: HaSentence[]) {
  const ha = new Map<string, HaSentence>();
  for (const s of sentences) ha.set(foldSentence(s.text), s);
  return literals.flatMap((literal) => {
    const found = ha.get(foldSentence(literal.text));
    return found ? [{ ...literal, ha: found }] : [];
  });
}
