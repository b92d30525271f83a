import { readFileSync } from "node:fs";

/** The product version, from package.json beside dist/ (the same file in the add-on image). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
