import { readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "./shared/package-root.js";

/** The product version, from the package's package.json (the same file in the add-on image). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as { version: string }
).version;
