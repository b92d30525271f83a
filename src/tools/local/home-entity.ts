// What the HA-backed tools share: argument checking, finding the one entity a name means (with
// the refusals a user should hear), and waiting for the state change that confirms an action.
import type { z } from "zod";
import { HomeAssistantError } from "../../ha/errors.js";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { ToolOutput } from "../types.js";
import { describeIssues } from "../../shared/zod-issues.js";
import { toolFailure as failure } from "../tool-error.js";

export { failure };

/** Parses tool arguments; the error names what was wrong so the model can correct itself. */
export function parseArgs<T>(
  tool: string,
  schema: z.ZodType<T>,
  args: Record<string, unknown>,
): { ok: true; value: T } | { ok: false; output: ToolOutput } {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    output: failure("invalid_arguments", `Invalid arguments for ${tool}: ${describeIssues(parsed.error)}`),
  };
}

/** Home Assistant can't answer at all: not configured, or never synced. */
export function unavailable(mirror: HomeMirror): ToolOutput | undefined {
  const status = mirror.status();
  if (!status.configured)
    return failure(
      "home_unavailable",
      `${status.error ?? "Home Assistant is not configured"}, so I can't see any devices.`,
    );
  if (!status.lastSync) {
    return failure(
      "home_unavailable",
      `Home Assistant is not connected${status.error ? ` (${status.error})` : ""}, so I can't see any devices.`,
    );
  }
  return undefined;
}

function placeOf(view: EntityView | undefined): string {
  return view?.area ? ` in ${view.area.name}` : "";
}

/**
 * The single exposed entity `name` refers to, or the output that says why there is none:
 * not found, not exposed (even when named by exact entity id), or ambiguous (with candidates).
 */
export function findEntity(
  mirror: HomeMirror,
  name: string,
  options: { domain?: string; speakerDeviceId?: string; kind?: string },
): { ok: true; entity: EntityView } | { ok: false; output: ToolOutput } {
  const down = unavailable(mirror);
  if (down) return { ok: false, output: down };
  const kind = options.kind ?? "entity";
  const resolution = mirror.resolve(name, {
    domain: options.domain,
    speakerDeviceId: options.speakerDeviceId,
  });
  const top = resolution.matches[0];
  if (!top)
    return { ok: false, output: failure("not_found", `No ${kind} named "${name}" is exposed to Assist.`) };
  if (!top.exposed) {
    return {
      ok: false,
      output: failure(
        "not_exposed",
        `${top.name} (${top.entityId}) is not exposed to Assist, so I won't use it. ` +
          "It can be exposed in Home Assistant under Settings → Voice assistants → Expose.",
      ),
    };
  }
  if (resolution.ambiguous) {
    const list = resolution.candidates
      .map((c) => `${c.name}${placeOf(mirror.entity(c.entityId))} (${c.entityId})`)
      .join(", ");
    return {
      ok: false,
      output: failure(
        "ambiguous",
        `"${name}" could mean several ${kind === "entity" ? "entities" : `${kind}s`}: ${list}. Which one?`,
      ),
    };
  }
  const entity = mirror.entity(top.entityId);
  if (!entity)
    return { ok: false, output: failure("not_found", `No ${kind} named "${name}" is exposed to Assist.`) };
  return { ok: true, entity };
}

/**
 * Resolves with the entity once `confirmed` holds for it, or undefined after `timeoutMs`, on
 * abort or on `cancel()`. `check()` tests the current state (after the call returned).
 */
function waitForEntity(
  mirror: HomeMirror,
  entityId: string,
  confirmed: (view: EntityView) => boolean,
  timeoutMs: number,
  signal: AbortSignal,
): { promise: Promise<EntityView | undefined>; check: () => void; cancel: () => void } {
  let settle: (view: EntityView | undefined) => void = () => undefined;
  const promise = new Promise<EntityView | undefined>((resolve) => (settle = resolve));
  const check = () => {
    const view = mirror.entity(entityId);
    if (view && confirmed(view)) finish(view);
  };
  const off = mirror.onChange((change) => {
    if (change.type !== "state" || change.entityIds.includes(entityId)) check();
  });
  const timer = setTimeout(() => finish(undefined), timeoutMs);
  const onAbort = () => finish(undefined);
  signal.addEventListener("abort", onAbort, { once: true });
  function finish(view: EntityView | undefined) {
    off();
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
    settle(view);
  }
  return { promise, check, cancel: () => finish(undefined) };
}

export const DEFAULT_CONFIRM_TIMEOUT_MS = 3000;

export interface ConfirmOptions {
  /** How long to wait for the device to report its new state. */
  confirmTimeoutMs?: number;
}

/**
 * Calls a service on one entity and waits for the state that confirms it: the entity's view
 * once confirmed, undefined when it did not report in time, or the failure to return.
 */
export async function callAndConfirm(
  mirror: HomeMirror,
  entity: EntityView,
  call: { domain: string; service: string; data?: Record<string, unknown> },
  confirmed: (view: EntityView) => boolean,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ ok: true; after: EntityView | undefined } | { ok: false; output: ToolOutput }> {
  // Listen before calling: a fast device reports before the call's result arrives.
  const wait = waitForEntity(mirror, entity.entityId, confirmed, timeoutMs, signal);
  try {
    await mirror.callService(call.domain, call.service, call.data ?? {}, { entity_id: entity.entityId });
  } catch (err) {
    wait.cancel();
    const message = err instanceof HomeAssistantError ? err.message : `Home Assistant failed: ${String(err)}`;
    const code = err instanceof HomeAssistantError ? codeOf(err) : "failed";
    return { ok: false, output: failure(code, message) };
  }
  wait.check();
  return { ok: true, after: await wait.promise };
}

/** What an error of the mirror's means for the caller (src/ha/errors.ts names its codes). */
function codeOf(err: HomeAssistantError): "home_unavailable" | "not_exposed" | "not_found" | "failed" {
  if (err.code === "not_connected" || err.code === "not_configured") return "home_unavailable";
  if (err.code === "not_exposed") return "not_exposed";
  if (err.code === "not_found") return "not_found";
  return "failed";
}
