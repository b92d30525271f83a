import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import { grammarFor, outcomeSpeech } from "../understanding/spoken-result.js";
import type { OwnHeldCall } from "../understanding/outcome.js";
import type { ResponseType } from "./types.js";

const PENDING_MS = 2 * 60 * 1000;

// Yes and no in the fast path's languages too (en, de, fr, es, nl, it).
const YES =
  /^(yes|yeah|yep|sure|confirm|confirmed|do it|go ahead|ok|okay|please do|ja|jawohl|genau|mach das|oui|ouais|d'accord|vas-y|sí|si|claro|vale|sì|certo|jazeker|doe maar)(?=$|[\s.,!])/iu;
const NO =
  /^(no|nope|cancel|stop|don't|do not|never ?mind|nein|lieber nicht|abbrechen|non|annule|nee|niet|annuleer|annulla)(?=$|[\s.,!])/iu;

interface HeldCall extends Partial<OwnHeldCall> {
  name: string;
  args: Record<string, unknown>;
}

/**
 * Locks and other tools marked destructive run only after the user says yes in the next turn.
 * The model is told to ask; the held calls are kept per conversation for two minutes. One turn
 * may hold several (an LLM that unlocks two doors at once): "yes" runs and reports every one.
 */
export function createDestructiveGate(registry: ToolRegistry) {
  const pending = new Map<string, { until: number; calls: HeldCall[] }>();

  function isDestructive(name: string): boolean {
    return registry.find(name)?.annotations?.destructiveHint === true;
  }

  return {
    /**
     * Holds a destructive call and returns what the model should be told; undefined lets it run.
     * The fast path holds its own calls (`run`, by identifier) and words the outcome (`reply`,
     * in the user's language); it knows they need confirming, so they are always held. Calls
     * held while an earlier hold of this conversation is still open join it: every turn starts
     * by `answer`, which closes what an earlier turn held.
     */
    hold(
      conversationId: string,
      name: string,
      args: Record<string, unknown>,
      own?: OwnHeldCall,
    ): string | undefined {
      if (!own && !isDestructive(name)) return undefined;
      // A held call nobody answered is dropped once expired; else each fresh conversation id would keep one.
      const now = Date.now();
      for (const [id, held] of pending) if (held.until < now) pending.delete(id);
      const open = pending.get(conversationId);
      const calls = open ? open.calls : [];
      calls.push({ name, args, ...own });
      pending.set(conversationId, { until: now + PENDING_MS, calls });
      return `Not done yet: ${name} needs the user's confirmation. Ask the user to confirm this exact action with yes or no, and do not call ${name} again.`;
    },

    /** When the previous turn held calls: runs them all on yes, drops them on no; otherwise undefined. */
    async answer(
      conversationId: string,
      text: string,
      options: {
        signal: AbortSignal;
        toolTimeoutMs: number;
        deviceId?: string | undefined;
        /** The request's: what is said is said in it. */
        language: string;
      },
    ): Promise<{ speech: string; responseType: ResponseType; results: ToolResult[] } | undefined> {
      const held = pending.get(conversationId);
      if (!held) return undefined;
      pending.delete(conversationId);
      if (held.until < Date.now()) return undefined;
      const reply = text.trim();
      const grammar = grammarFor(options.language);
      if (NO.test(reply))
        return { speech: grammar.replies.agent.declined, responseType: "action_done", results: [] };
      if (!YES.test(reply)) return undefined;
      const results: ToolResult[] = [];
      const spoken: string[] = [];
      // One after another: a lock's motor and the controller handle one command at a time.
      for (const call of held.calls) {
        const result = call.run
          ? await call.run(options)
          : await registry.execute(call.name, call.args, {
              timeoutMs: options.toolTimeoutMs,
              signal: options.signal,
              ...(options.deviceId ? { deviceId: options.deviceId } : {}),
            });
        results.push(result);
        // A held call of the model's: said by its outcome, never in the tool's English words.
        spoken.push(call.reply ? call.reply(result) : outcomeSpeech(grammar, result));
      }
      return {
        speech: spoken.join(" "),
        responseType: results.some((r) => r.ok) ? "action_done" : "error",
        results,
      };
    },
  };
}
