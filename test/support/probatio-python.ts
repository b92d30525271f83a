/**
 * The real probatio, run by Python from a checkout of frenck/probatio (read at run time, never
 * copied into this repository; probatio is pure Python with no dependencies, so its `src/` on
 * PYTHONPATH is all it needs):
 *
 *   PROBATIO=<a checkout of frenck/probatio> npx vitest run test/unit/mcp-served-schema.test.ts
 *
 * PROBATIO is a checkout or a bare git clone (its `src/probatio` is then exported with
 * `git archive`). Python 3.12 or newer is looked for as PROBATIO_PYTHON, `python3.13`,
 * `python3.12`, `python3`, then under pyenv's versions.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const DRIVER = fileURLToPath(new URL("./probatio-check.py", import.meta.url));

export interface ProbatioCase {
  schema: unknown;
  /** Arguments validated after the conversion, as HA validates a call's arguments. */
  args?: unknown[];
}

export type ProbatioResult =
  { refused: string } | { calls: Array<{ output: unknown } | { invalid: string } | { refused: string }> };

export interface RealProbatio {
  /** Where it was found, for the test's title. */
  describe: string;
  run(cases: ProbatioCase[]): ProbatioResult[];
}

/** The real probatio, or why it cannot run here. */
export function findRealProbatio(): RealProbatio | { missing: string } {
  const tree = process.env.PROBATIO;
  if (!tree) return { missing: "PROBATIO is not set to a checkout of frenck/probatio" };
  const source = sourceDirectory(tree);
  if (!source) return { missing: `${tree} holds no src/probatio` };
  const python = findPython();
  if (!python) return { missing: "no Python 3.12 or newer found (set PROBATIO_PYTHON)" };
  return {
    describe: `probatio from ${tree} on ${python}`,
    run(cases) {
      const ran = spawnSync(python, [DRIVER], {
        input: JSON.stringify({ cases }),
        env: { ...process.env, PYTHONPATH: source, PYTHONDONTWRITEBYTECODE: "1" },
        maxBuffer: 1 << 26,
        encoding: "utf8",
      });
      if (ran.status !== 0) throw new Error(`probatio-check.py failed: ${ran.stderr}`);
      return (JSON.parse(ran.stdout) as { results: ProbatioResult[] }).results;
    },
  };
}

function sourceDirectory(tree: string): string | undefined {
  if (existsSync(join(tree, "src", "probatio"))) return join(tree, "src");
  try {
    const out = mkdtempSync(join(tmpdir(), "probatio-"));
    const archive = execFileSync("git", [`--git-dir=${tree}`, "archive", "HEAD", "src/probatio"], {
      maxBuffer: 1 << 26,
    });
    execFileSync("tar", ["-x", "-C", out], { input: archive });
    return join(out, "src");
  } catch {
    return undefined;
  }
}

function findPython(): string | undefined {
  const pyenv = join(process.env.PYENV_ROOT ?? join(homedir(), ".pyenv"), "versions");
  const installed = existsSync(pyenv)
    ? readdirSync(pyenv)
        .filter((v) => /^3\.(1[2-9]|[2-9]\d)\./.test(v))
        .sort()
        .reverse()
        .map((v) => join(pyenv, v, "bin", "python"))
    : [];
  const candidates = [process.env.PROBATIO_PYTHON, "python3.13", "python3.12", "python3", ...installed];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ["-c", "import sys; print(sys.version_info >= (3, 12))"], {
      encoding: "utf8",
    });
    if (probe.status === 0 && probe.stdout.trim() === "True") return candidate;
  }
  return undefined;
}
