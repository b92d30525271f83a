// Reaches into a bridge process's worker threads from outside, through Node's own inspector (the
// bridge started with `--inspect=127.0.0.1:0`), the way `kill -9` reaches a child process: it sees
// the workers start and end (NodeWorker domain) and can make one throw an uncaught exception, which
// is what a bug in the Z-Wave server would do. The product has no hook for this.
import WebSocket from "ws";
import type { BridgeProcess } from "./bridge-process.js";

export const INSPECT_OPTIONS = { NODE_OPTIONS: "--inspect=127.0.0.1:0" };

export interface WorkerInspector {
  /** The ids of the workers running now, oldest first. */
  workers(): string[];
  /** Resolves with the oldest running worker's id once there is one (the inspector reports them late). */
  firstWorker(timeoutMs?: number): Promise<string>;
  /** Resolves with the id of a worker that started after `after` (one of `workers()` at the time). */
  nextWorker(after: string, timeoutMs?: number): Promise<string>;
  /** Makes the worker throw an uncaught exception from a timer, as a bug in it would. */
  crash(workerId: string): Promise<void>;
  close(): void;
}

export async function inspectWorkers(bridge: BridgeProcess): Promise<WorkerInspector> {
  await bridge.waitForLog(/Debugger listening on ws:\S+/);
  const url = /Debugger listening on (ws:\S+)/.exec(bridge.output())![1]!;
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const running = new Map<string, string>(); // workerId → sessionId
  const started: string[] = [];
  const waiters = new Set<() => void>();
  let nextId = 1;
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      method?: string;
      params?: { sessionId: string; workerInfo?: { workerId: string } };
    };
    if (message.method === "NodeWorker.attachedToWorker" && message.params?.workerInfo) {
      running.set(message.params.workerInfo.workerId, message.params.sessionId);
      started.push(message.params.workerInfo.workerId);
    } else if (message.method === "NodeWorker.detachedFromWorker" && message.params) {
      for (const [worker, session] of running)
        if (session === message.params.sessionId) running.delete(worker);
    }
    for (const waiter of waiters) waiter();
  });
  const send = (method: string, params: unknown) =>
    socket.send(JSON.stringify({ id: nextId++, method, params }));
  send("NodeWorker.enable", { waitForDebuggerOnStart: false });

  const until = (found: () => string | undefined, what: string, timeoutMs: number) => {
    const now = found();
    if (now) return Promise.resolve(now);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const value = found();
        if (!value) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      waiters.add(check);
    });
  };

  return {
    workers: () => [...running.keys()],
    firstWorker: (timeoutMs = 10_000) => until(() => running.keys().next().value, "worker", timeoutMs),
    nextWorker: (after, timeoutMs = 30_000) =>
      until(
        () => started.slice(started.indexOf(after) + 1).find((id) => running.has(id)),
        "new worker",
        timeoutMs,
      ),
    async crash(workerId) {
      const sessionId = running.get(workerId);
      if (!sessionId) throw new Error(`worker ${workerId} is not running`);
      const expression = "setTimeout(() => { throw new Error('crash injected by the fault test'); }, 0); 1";
      send("NodeWorker.sendMessageToWorker", {
        sessionId,
        message: JSON.stringify({ id: 1, method: "Runtime.evaluate", params: { expression } }),
      });
      await until(() => (running.has(workerId) ? undefined : workerId), "end of the worker", 10_000);
    },
    close: () => socket.close(),
  };
}
