import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import type { ResponseType } from "./types.js";

const PENDING_MS = 2 * 60 * 1000;

/** The turn in which the user said yes: a held call runs within its signal and time limit. */
export interface HeldTurn {
  signal: AbortSignal;
  toolTimeoutMs: number;
  deviceId?: string | undefined;
}
// Yes and no in the fast path's languages too (en, de, fr, es, nl, it).
const YES =
  /^(yes|yeah|yep|sure|confirm|confirmed|do it|go ahead|ok|okay|please do|ja|jawohl|genau|mach das|oui|ouais|d'accord|vas-y|sí|si|claro|vale|sì|certo|jazeker|doe maar)(?=$|[\s.,!])/iu;
const NO =
  /^(no|nope|cancel|stop|don't|do not|never ?mind|nein|lieber nicht|abbrechen|non|annule|nee|niet|annuleer|annulla)(?=$|[\s.,!])/iu;

/**
 * Locks and other tools marked destructive run only after the user says yes in the next turn.
 * The model is told to ask; the held call is kept per conversation for two minutes.
 */
export function createDestructiveGate(registry: ToolRegistry) {
  const pending = new Map<
    string,
    {
      name: string;
      args: Record<string, unknown>;
      until: number;
      reply?: (result: ToolResult) => string;
      run?: (turn: HeldTurn) => Promise<ToolResult>;
    }
  >();

  function isDestructive(name: string): boolean {
    return registry.find(name)?.annotations?.destructiveHint === true;
  }

  return {
    /**
     * Holds a destructive call and returns what the model should be told; undefined lets it run.
     * The fast path holds its own calls (`run`, by identifier) and words the outcome (`reply`,
     * in the user's language); it knows they need confirming, so they are always held.
     */
    hold(
      conversationId: string,
      name: string,
      args: Record<string, unknown>,
      own?: { reply: (result: ToolResult) => string; run: (turn: HeldTurn) => Promise<ToolResult> },
    ): string | undefined {
      if (!own && !isDestructive(name)) return undefined;
      // A held call nobody answered is dropped once expired; else each fresh conversation id would keep one.
      const now = Date.now();
      for (const [id, held] of pending) if (held.until < now) pending.delete(id);
      pending.set(conversationId, { name, args, until: now + PENDING_MS, ...own });
      return `Not done yet: ${name} needs the user's confirmation. Ask the user to confirm this exact action with yes or no, and do not call ${name} again.`;
    },

    /** When the previous turn held a call: runs it on yes, drops it on no; otherwise undefined. */
    async answer(
      conversationId: string,
      text: string,
      options: { signal: AbortSignal; toolTimeoutMs: number; deviceId?: string | undefined },
    ): Promise<{ speech: string; responseType: ResponseType; results: ToolResult[] } | undefined> {
      const held = pending.get(conversationId);
      if (!held) return undefined;
      pending.delete(conversationId);
      if (held.until < Date.now()) return undefined;
      const reply = text.trim();
      if (NO.test(reply))
        return { speech: "Okay, I won't do that.", responseType: "action_done", results: [] };
      if (!YES.test(reply)) return undefined;
      const result = held.run
        ? await held.run(options)
        : await registry.execute(held.name, held.args, {
            timeoutMs: options.toolTimeoutMs,
            signal: options.signal,
            ...(options.deviceId ? { deviceId: options.deviceId } : {}),
          });
      return {
        speech: held.reply
          ? held.reply(result)
          : result.ok
            ? result.content
            : `That didn't work: ${result.error ?? "unknown error"}`,
        responseType: result.ok ? "action_done" : "error",
        results: [result],
      };
    },
  };
}
