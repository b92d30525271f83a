// The provider fake in its own process, so that a benchmark's CPU figures are the bridge's alone.
// argv[2]: {latencyMs}. The model calls `get_datetime` once per turn, then answers with its result;
// "Reason it through, switch job <n>" (words the fast path leaves to the model) makes it call
// `control_zwave_device` for Switch One instead, on for an even n and off for an odd one (the
// bridge says a confirmed action itself; were it asked again, it would say "Done: " and the result).
// Replies {url} over IPC once listening; {count: true} makes it reply {requests}; {last: n} makes
// it reply {bodies}: the last n request bodies as sent, for a baseline that sends the same.
import { startFakeLlm } from "../../test/support/llm/server.js";

const { latencyMs = 0 } = JSON.parse(process.argv[2] ?? "{}") as { latencyMs?: number };
const llm = await startFakeLlm({
  latencyMs,
  script: (request) => {
    const zwave = /^Reason it through, switch job (\d+)$/.exec(request.userText ?? "");
    if (request.toolResults.length)
      return `${zwave ? "Done: " : "It is "}${request.toolResults.at(-1)!.content}`;
    if (zwave)
      return {
        toolCalls: [
          {
            name: "control_zwave_device",
            args: { deviceName: "Switch One", action: Number(zwave[1]) % 2 ? "off" : "on" },
          },
        ],
      };
    return { toolCalls: [{ name: "get_datetime", args: {} }] };
  },
});
process.on("message", (message: { count?: boolean; last?: number }) => {
  if (message.count) process.send!({ requests: llm.requests.length });
  if (message.last)
    process.send!({ bodies: llm.requests.slice(-message.last).map((r) => JSON.stringify(r.body)) });
});
process.on("disconnect", () => void llm.close().then(() => process.exit(0)));
process.send!({ url: llm.url });
