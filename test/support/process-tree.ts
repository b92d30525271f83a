// The direct children of a process, read from /proc (Linux), for tests that kill one on purpose.
import { readdirSync, readFileSync } from "node:fs";

export interface ChildProcessInfo {
  pid: number;
  /** The command line, arguments joined by spaces. */
  cmdline: string;
}

export function childProcesses(parentPid: number): ChildProcessInfo[] {
  const pids = new Set<number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${parentPid}/task`);
  } catch {
    return [];
  }
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${parentPid}/task/${task}/children`, "utf8");
      for (const pid of text.split(/\s+/).filter(Boolean)) pids.add(Number(pid));
    } catch {
      // The thread ended while we looked.
    }
  }
  return [...pids].flatMap((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      return [{ pid, cmdline }];
    } catch {
      return [];
    }
  });
}

/** Polls until the bridge has a child whose command line matches; returns its pid. */
export async function waitForChild(parentPid: number, pattern: RegExp, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = childProcesses(parentPid).find((c) => pattern.test(c.cmdline));
    if (found) return found.pid;
    if (Date.now() > deadline) throw new Error(`no child of ${parentPid} matching ${String(pattern)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
