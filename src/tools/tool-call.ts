import { performance } from "node:perf_hooks";
import type { Logger } from "../log.js";
import { isObject } from "../shared/is-object.js";
import { formatDuration, TimeoutError, withTimeout } from "../shared/timeout.js";
import { describeParameters } from "./parameters.js";
import { formatArgumentKeys, type ArgumentNormalizer } from "./normalize.js";
import type { ActionPolicy } from "./policy/action-policy.js";
import { describeHeld } from "./policy/describe.js";
import { errorCodeOf, type ToolErrorCode } from "./tool-error.js";
import type {
  JsonSchema,
  SentToolCall,
  ToolAnnotations,
  ToolExecutor,
  ToolOutput,
  ToolResult,
} from "./types.js";

/** What running one call needs to know about its tool. */
export interface CallableTool {
  presented: string;
  tool: string;
  server: string;
  toolbox: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations | undefined;
  normalizer?: ArgumentNormalizer;
  validate(args: Record<string, unknown>): string[];
  run: ToolExecutor;
}

export interface ExecuteOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  deviceId?: string;
  /** The call as the caller received it, before any repair. */
  sent?: SentToolCall;
  /** Repairs made before the call reached the registry (name forms, argument text). */
  repairs?: readonly string[];
  /**
   * The user said yes to this exact call (a held call run after the yes, or /mcp's confirmation
   * argument): an effect the action policy holds runs.
   */
  confirmed?: boolean;
}

export interface CallSettings extends ExecuteOptions {
  logger: Logger;
  timeoutMs: number;
  /** Set while the tool's server is down: why. */
  unavailable?: string | undefined;
  /** The action policy that judges the repaired, valid call before it runs (src/tools/policy/). */
  policy: ActionPolicy;
}

/**
 * One call, start to end: repair keys and values, validate against the schema, run with a
 * timeout, and say what happened in one ToolResult, including what was sent and each repair.
 */
export async function callTool(
  entry: CallableTool,
  rawArgs: unknown,
  settings: CallSettings,
  started: number,
): Promise<ToolResult> {
  const { logger } = settings;
  const base = { name: entry.presented, tool: entry.tool, server: entry.server, toolbox: entry.toolbox };
  const args = isObject(rawArgs) ? rawArgs : {};
  const repairs = [...(settings.repairs ?? [])];
  const shown = {
    ...(settings.sent ? { sent: settings.sent } : {}),
    ...(repairs.length ? { repairs } : {}),
  };
  const fail = (
    errorCode: ToolErrorCode,
    error: string,
    normalizedArguments: Record<string, unknown> = args,
  ): ToolResult => ({
    ok: false,
    content: error,
    error,
    errorCode,
    ...base,
    arguments: args,
    normalizedArguments,
    ...shown,
    ms: performance.now() - started,
  });
  if (rawArgs !== undefined && rawArgs !== null && !isObject(rawArgs)) {
    return fail(
      "invalid_arguments",
      `Arguments for ${entry.presented} must be a JSON object. ${describeParameters(entry.inputSchema)}`,
    );
  }
  if (settings.unavailable !== undefined) {
    return fail(
      "unavailable",
      `The MCP server '${entry.server}' is unavailable right now${settings.unavailable ? ` (${settings.unavailable})` : ""}; ${entry.presented} will work again when it is back.`,
    );
  }
  let normalized = args;
  const problems: string[] = [];
  if (entry.normalizer) {
    const outcome = entry.normalizer.normalize(args);
    normalized = outcome.args;
    repairs.push(...outcome.repairs);
    for (const collision of outcome.collisions) logger.warn(`${entry.tool}: ${collision}`);
    for (const kept of outcome.kept) logger.info(`${entry.tool}: ${kept}`);
    problems.push(...outcome.problems);
  }
  if (repairs.length) {
    shown.repairs = repairs;
    logger.info(
      {
        tool: entry.tool,
        server: entry.server,
        keys: formatArgumentKeys(args),
        steps: repairs.map(withoutValues),
      },
      `repaired a call to ${entry.presented}`,
    );
  }
  problems.push(...entry.validate(normalized));
  if (problems.length) {
    return fail(
      "invalid_arguments",
      `Invalid arguments for ${entry.presented}: ${problems.join("; ")}. ${describeParameters(entry.inputSchema)}`,
      normalized,
    );
  }
  const judged = await settings.policy.judge({
    server: entry.server,
    tool: entry.tool,
    annotations: entry.annotations,
    args: normalized,
    deviceId: settings.deviceId,
  });
  let runArgs = normalized;
  if (judged.hold) {
    if (!settings.confirmed) {
      const text = `Not done: ${describeHeld(judged.effects)} needs the user's yes first.`;
      logger.info(
        { tool: entry.tool, server: entry.server, effects: judged.effects.map((e) => e.kind) },
        `held a call to ${entry.presented} for the user's yes`,
      );
      return {
        ...fail("confirmation_required", text, normalized),
        held: {
          effects: judged.effects,
          call: { toolbox: entry.toolbox, server: entry.server, name: entry.tool, args: judged.args },
        },
      };
    }
    // Confirmed: the call runs on the target it was judged on.
    runArgs = judged.args;
  }
  const output = await runWithTimeout(entry, runArgs, settings);
  return {
    ok: !output.isError,
    content: output.text,
    ...(output.content ? { contentBlocks: output.content } : {}),
    ...(output.structuredContent ? { structuredContent: output.structuredContent } : {}),
    ...(output.isError
      ? {
          error: output.text,
          errorCode: output.errorCode ?? errorCodeOf(output.structuredContent) ?? "failed",
        }
      : {}),
    ...base,
    arguments: args,
    normalizedArguments: runArgs,
    ...shown,
    ms: performance.now() - started,
  };
}

/** Repair steps for the log: values can hold secrets, so "value: level: …" keeps only the key. */
function withoutValues(step: string): string {
  if (step.startsWith("value: ")) return step.slice(0, step.indexOf(":", 7) + 1) + " coerced";
  return step.replace(/"[^"]*"/g, '"…"');
}

/** The tool gets a signal that aborts on its timeout or when the turn ends, whichever comes first. */
async function runWithTimeout(
  entry: CallableTool,
  args: Record<string, unknown>,
  settings: CallSettings,
): Promise<ToolOutput> {
  try {
    return await withTimeout(
      (signal) =>
        entry
          .run(args, { signal, ...(settings.deviceId ? { deviceId: settings.deviceId } : {}) })
          .catch((err: unknown): ToolOutput => ({
            text: errorText(err, entry),
            isError: true,
            errorCode: "failed",
          })),
      { ms: settings.timeoutMs, signal: settings.signal },
    );
  } catch (err) {
    if (err instanceof TimeoutError) {
      return {
        text: `${entry.presented} did not answer within ${formatDuration(err.ms)}.`,
        isError: true,
        errorCode: "timeout",
      };
    }
    return { text: `${entry.presented} was cancelled.`, isError: true, errorCode: "cancelled" };
  }
}

function errorText(err: unknown, entry: CallableTool): string {
  const message = err instanceof Error ? err.message : String(err);
  return message || `${entry.presented} failed`;
}
