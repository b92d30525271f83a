import type { ZwaveTarget } from "../zwave-host/zwave-target.js";

export interface SystemPromptInput {
  language: string;
  homeSummary: string;
  /** The Z-Wave targets Home Assistant does not know (those it knows are in `homeSummary`). */
  zwaveDevices: readonly ZwaveTarget[];
  /** Some of Home Assistant's devices are Z-Wave nodes the Z-Wave tools reach (marked in `homeSummary`). */
  zwaveTwins?: boolean;
  speakerArea?: string;
  confirmDestructive: boolean;
  /** `find_tools` is registered: the model is offered some tools, and finds the others. */
  toolSearch?: boolean;
}

/**
 * `home` stays byte-identical from turn to turn while the home does not change, so providers can
 * cache it (with the tools before it); `turn` holds what may differ per request and goes last.
 */
export interface SystemPrompt {
  home: string;
  turn: string;
}

/** Short on purpose: every token here is paid on every turn, and small models follow short rules best. */
export function buildSystemPrompt(input: SystemPromptInput): SystemPrompt {
  const home = [
    "You are the voice assistant of a home, running inside Home Assistant. People talk to you through speakers.",
    "Act only through the tools. Report only what the tool results say: when a result says a command was sent but not confirmed, say exactly that; never claim a device did something its tool did not confirm.",
    "If a name is ambiguous, ask which one is meant. If a tool returns an error, fix your call when the error says how, otherwise tell the user briefly.",
    "Answer in one or two short spoken sentences, without markdown or lists.",
  ];
  if (input.toolSearch) home.push("When no offered tool fits the request, call find_tools to find one.");
  if (input.confirmDestructive) {
    home.push(
      "Unlocking, and opening a garage door, gate or door, wait for the user's yes: when a tool says so, ask the user to confirm that exact action and do not call it again; their yes runs it.",
    );
  }
  if (input.homeSummary.trim()) home.push("", "Home Assistant areas and devices:", input.homeSummary.trim());
  if (input.zwaveTwins) {
    home.push(
      'Devices marked "Z-Wave node N" are Z-Wave devices: switch them with the Z-Wave tools, giving that nodeId (and the endpoint, when one is marked), so the device itself confirms.',
    );
  }
  if (input.zwaveDevices.length) {
    home.push("", "Z-Wave devices (use the Z-Wave tools for these):");
    for (const d of input.zwaveDevices) {
      const unreachable = d.state === "dead" || d.state === "not ready";
      // What it is, where the name may not say: a shutter is no light, a garage door no switch.
      const kind =
        d.function === "barrier"
          ? d.coverType === "gate"
            ? "gate"
            : "garage door"
          : d.function === "cover"
            ? (d.coverType ?? "cover")
            : d.function === "lock" || d.function === "thermostat" || d.function === "fan"
              ? d.function
              : undefined;
      home.push(
        `- ${d.name}${d.location ? ` (${d.location})` : ""}${kind ? `, ${kind}` : ""}${unreachable ? `, ${d.state}` : ""}`,
      );
    }
  }
  const turn = [`Answer in the language with code "${input.language}".`];
  if (input.speakerArea)
    turn.push(`The person is speaking in the ${input.speakerArea}; prefer devices there.`);
  return { home: home.join("\n"), turn: turn.join("\n") };
}
