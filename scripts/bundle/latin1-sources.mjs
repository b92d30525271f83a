import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

// V8 keeps a file's source text for as long as its functions may need compiling: one byte per
// character if every character is Latin-1, two otherwise. esbuild escapes the others in strings and
// names, not in regular expressions, and one "\u2019" in a pattern doubled the 440 KiB of
// dist/main.js in memory (~0.9 MiB less resident without it, bench/footprint). src/ writes such
// characters in patterns as \u escapes; this keeps it so.
export async function checkLatin1(dir) {
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith(".js")) continue;
    const text = await readFile(join(dir, file), "utf8");
    const at = text.search(/[\u0100-\uffff]/);
    if (at >= 0) {
      throw new Error(
        `${dir}/${file} holds a character beyond Latin-1: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}; write the character as a \\u escape in src/`,
      );
    }
  }
}
