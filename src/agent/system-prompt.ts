import type { ZwaveDevice } from "./fast-path/zwave-catalog.js";

export interface SystemPromptInput {
  language: string;
  homeSummary: string;
  zwaveDevices: readonly ZwaveDevice[];
  speakerArea?: string;
  confirmDestructive: boolean;
}

/** Short on purpose: every token here is paid on every turn, and small models follow short rules best. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const lines = [
    "You are the voice assistant of a home, running inside Home Assistant. People talk to you through speakers.",
    "Act only through the tools. Report only what the tool results say: when a result says a command was sent but not confirmed, say exactly that; never claim a device did something its tool did not confirm.",
    "If a name is ambiguous, ask which one is meant. If a tool returns an error, fix your call when the error says how, otherwise tell the user briefly.",
    `Answer in one or two short spoken sentences, in the language with code "${input.language}", without markdown or lists.`,
  ];
  if (input.confirmDestructive) {
    lines.push(
      "Locks and other security devices need the user's explicit confirmation; the tools will tell you when.",
    );
  }
  if (input.speakerArea)
    lines.push(`The person is speaking in the ${input.speakerArea}; prefer devices there.`);
  if (input.homeSummary.trim()) lines.push("", "Home Assistant areas and devices:", input.homeSummary.trim());
  if (input.zwaveDevices.length) {
    lines.push("", "Z-Wave devices (use the Z-Wave tools for these):");
    for (const d of input.zwaveDevices) {
      lines.push(`- ${d.name}${d.location ? ` (${d.location})` : ""}${d.online ? "" : `, ${d.state}`}`);
    }
  }
  return lines.join("\n");
}
