import type { ToolResult } from "../tools/types.js";

/**
 * "1 LLM round": when every call of the model's reply was an action and its device confirmed it,
 * the confirmations are the answer, so the turn ends without asking the model to restate them.
 * Anything else (a query, a failure, an unconfirmed or held call, a state we cannot phrase in the
 * request's language) goes back to the model.
 */
export function confirmedRoundSpeech(
  round: readonly ToolResult[],
  calls: number,
  isAction: (result: ToolResult) => boolean,
  language: string,
): string | undefined {
  const phrases = PHRASES[language.toLowerCase().split(/[-_]/)[0] ?? ""];
  if (!phrases || round.length === 0 || round.length !== calls) return undefined;
  const sentences: string[] = [];
  for (const result of round) {
    const content = result.structuredContent;
    if (!result.ok || !isAction(result) || content?.confirmed !== true) return undefined;
    // The Z-Wave tools name their device in `node` (src/zwave/contract.ts), the local tools at the top.
    const node = content.node as { name?: unknown } | undefined;
    const name = text(content.device) ?? text(content.name) ?? text(node?.name);
    const state = confirmedState(content);
    if (!name || !state) return undefined;
    sentences.push(
      typeof state === "number"
        ? phrases.level.replace("{name}", name).replace("{level}", String(state))
        : phrases[state].replace("{name}", name),
    );
  }
  return sentences.join(" ");
}

type State = "on" | "off" | "locked" | "unlocked" | number;

/** The state the device confirmed, from the Z-Wave tools' and `control_entity`'s structuredContent. */
function confirmedState(content: Record<string, unknown>): State | undefined {
  if (content.state === "on" || content.state === "off") return content.state;
  switch (content.action) {
    case "on":
    case "off":
      return content.action;
    case "lock":
      return "locked";
    case "unlock":
      return "unlocked";
    case "dim":
      return typeof content.level === "number" ? (content.level > 0 ? content.level : "off") : undefined;
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

const PHRASES: Record<string, Record<Exclude<State, number> | "level", string>> = {
  en: {
    on: "{name} is on.",
    off: "{name} is off.",
    level: "{name} is at {level} percent.",
    locked: "{name} is locked.",
    unlocked: "{name} is unlocked.",
  },
  de: {
    on: "{name} ist an.",
    off: "{name} ist aus.",
    level: "{name} ist auf {level} Prozent.",
    locked: "{name} ist verriegelt.",
    unlocked: "{name} ist entriegelt.",
  },
};
