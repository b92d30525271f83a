// The time and the date, from the bridge's clock tool in Home Assistant's time zone.
import { BUILTIN_TOOLS } from "../../config/own-servers.js";
import { fill } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import type { FastPathOutcome } from "../outcome.js";
import { dateOf, timeOf } from "../speech.js";
import type { Turn } from "./turn.js";

export async function tellTime(turn: Turn, intent: "query_time" | "query_date"): Promise<FastPathOutcome> {
  const result = await turn.call({ ...BUILTIN_TOOLS, name: "get_datetime" }, {});
  const iso = result.structuredContent?.iso;
  const zone = result.structuredContent?.time_zone;
  const r = turn.replies;
  if (!result.ok || typeof iso !== "string" || typeof zone !== "string") {
    return turn.done(failureSpeech(r, result), "error");
  }
  const at = new Date(iso);
  return intent === "query_time"
    ? turn.done(fill(r.time, { time: timeOf(turn.grammar, at, zone) }), "query_answer")
    : turn.done(fill(r.date, { date: dateOf(turn.grammar, at, zone) }), "query_answer");
}
