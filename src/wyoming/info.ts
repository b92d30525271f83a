import type { Info } from "./events.js";

/** HA names the conversation entity after the program. */
const PROGRAM_NAME = "MCP Assist Bridge";
const ATTRIBUTION = {
  name: "MCP Assist Bridge",
  url: "https://github.com/mcp-assist-bridge/mcp-assist-bridge",
};

export interface InfoOptions {
  /** The add-on's version. */
  version: string;
  /** The model that answers, e.g. `claude-sonnet-4-5` or `local`; shown as the handle model's name. */
  model: string;
  /** Languages HA offers this agent for; an empty list means every language. */
  languages: string[];
}

/**
 * The `info` answer to `describe`: one installed `handle` program with every field present, because
 * HA's Python reader raises on a missing required field and does not catch it.
 */
export function buildInfo({ version, model, languages }: InfoOptions): Info {
  return {
    asr: [],
    tts: [],
    intent: [],
    wake: [],
    mic: [],
    snd: [],
    handle: [
      {
        name: PROGRAM_NAME,
        attribution: ATTRIBUTION,
        installed: true,
        description: "Conversation agent: a local fast path or an LLM, acting through MCP tools",
        version,
        // HA reads only the final `handled` event, so streaming would only cost extra writes.
        supports_handled_streaming: false,
        // Lets HA offer this agent for controlling the home (ConversationEntityFeature.CONTROL).
        supports_home_control: true,
        models: [
          {
            name: model,
            attribution: ATTRIBUTION,
            installed: true,
            description: null,
            version: null,
            languages,
          },
        ],
      },
    ],
  };
}
