// Reading one file of a public project's tree: a checkout, or a bare git clone, read with
// `git show HEAD:<path>`.
// Nothing read here is copied into this repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A tree's file as text; undefined when the tree does not hold it (a partial clone may leave out large files). */
export function readTreeFile(tree: string, path: string): string | undefined {
  const checkedOut = join(tree, path);
  if (existsSync(checkedOut)) return readFileSync(checkedOut, "utf8");
  try {
    return execFileSync("git", [`--git-dir=${tree}`, "show", `HEAD:${path}`], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}

/** Whether the tree lists the path even though its content is absent (left out of a partial clone). */
export function treeListsFile(tree: string, path: string): boolean {
  try {
    return (
      execFileSync("git", [`--git-dir=${tree}`, "ls-tree", "HEAD", path], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim() !== ""
    );
  } catch {
    return false;
  }
}

const SMALL: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  "one hundred": 100,
  "a hundred": 100,
  half: 50,
};

/**
 * The level a sentence sets, in percent, when it says "to N percent" (digits or English number
 * words, "twenty five"); undefined for a relative change ("by ten percent", "a bit").
 */
export function levelIn(text: string): number | undefined {
  const m = /\bto (?:(\d{1,3})|([a-z]+(?:[ -][a-z]+)?)) ?(?:%|percent|per cent)/i.exec(text);
  if (!m) return /\bto (?:half|fifty percent)\b/i.test(text) ? 50 : undefined;
  if (m[1]) return Number(m[1]);
  const words = m[2]!.toLowerCase().split(/[ -]/);
  if (SMALL[words.join(" ")] !== undefined) return SMALL[words.join(" ")];
  const [tens, ones] = words;
  const a = SMALL[tens ?? ""];
  const b = SMALL[ones ?? ""];
  return a !== undefined && b !== undefined && a >= 20 && b < 10 ? a + b : undefined;
}
