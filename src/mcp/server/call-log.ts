import type { ToolResult } from "../../tools/types.js";
import type { McpCaller } from "./caller.js";

/** Enough to see what Home Assistant and other clients did lately, without growing forever. */
const KEPT_CALLS = 100;
/** The page shows the result as the model would read it; long ones are cut. */
const RESULT_CHARS = 2_000;

/** One tools/call that reached a tool through /mcp, as the status page shows it. */
export interface McpCallRecord {
  id: number;
  at: string;
  caller: McpCaller;
  /** The name the client called (`use_tool` for a call by identifier). */
  called: string;
  name: string;
  tool: string;
  server: string;
  /** As received. */
  arguments: Record<string, unknown>;
  /** As executed, after normalisation. */
  normalized_arguments: Record<string, unknown>;
  /** The call exactly as the client sent it, when a repair changed it. */
  sent?: { name: string; arguments: unknown };
  /** The repairs made, named ("keys: device_name→deviceName"). */
  repairs?: string[];
  ok: boolean;
  /** "held": the action policy held the call for the caller's confirmation; it did not run. */
  status?: "held";
  result: string;
  ms: number;
}

export interface McpCallLog {
  record(caller: McpCaller, called: string, result: ToolResult): void;
  /** Oldest first. */
  recent(): McpCallRecord[];
  onCall(listener: () => void): () => void;
}

export function createMcpCallLog(): McpCallLog {
  const calls: McpCallRecord[] = [];
  const listeners = new Set<() => void>();
  let nextId = 1;
  return {
    record(caller, called, result) {
      calls.push({
        id: nextId++,
        at: new Date().toISOString(),
        caller,
        called,
        name: result.name,
        tool: result.tool,
        server: result.server,
        arguments: result.arguments,
        normalized_arguments: result.normalizedArguments,
        ...(result.sent ? { sent: result.sent } : {}),
        ...(result.repairs?.length ? { repairs: result.repairs } : {}),
        ok: result.ok,
        ...(result.held ? { status: "held" as const } : {}),
        result:
          result.content.length > RESULT_CHARS ? `${result.content.slice(0, RESULT_CHARS)}…` : result.content,
        ms: Math.round(result.ms * 10) / 10,
      });
      if (calls.length > KEPT_CALLS) calls.shift();
      for (const listener of listeners) listener();
    },
    recent: () => [...calls],
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
