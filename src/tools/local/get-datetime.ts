import { z } from "zod";
import type { HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import { inputSchemaOf } from "./input-schema.js";

const definition: LocalToolDefinition = {
  name: "get_datetime",
  description: "The current local date, time and time zone of the home.",
  inputSchema: inputSchemaOf(z.object({})),
  annotations: { title: "Get date and time", readOnlyHint: true, idempotentHint: false },
};

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? "";
}

interface Formats {
  spoken: Intl.DateTimeFormat;
  numeric: Intl.DateTimeFormat;
}

/** Building an Intl.DateTimeFormat costs far more than formatting with it: one pair per time zone. */
const formatsByZone = new Map<string, Formats>();

function formatsFor(timeZone: string): Formats {
  let formats = formatsByZone.get(timeZone);
  if (!formats) {
    formats = {
      spoken: new Intl.DateTimeFormat("en-GB", {
        timeZone,
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
        timeZoneName: "longOffset",
      }),
      numeric: new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }),
    };
    formatsByZone.set(timeZone, formats);
  }
  return formats;
}

/** The machine's own zone, read once: it does not change while the bridge runs. */
let machineZone: string | undefined;

/** `get_datetime {}`: now, in Home Assistant's time zone, or the machine's when HA is unknown. */
export function getDatetimeTool(
  mirror: HomeMirror,
  now: () => Date = () => new Date(),
): { definition: LocalToolDefinition; executor: ToolExecutor } {
  const executor: ToolExecutor = async () => {
    const homeZone = mirror.config()?.time_zone;
    const timeZone = homeZone ?? (machineZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
    const at = now();
    const { spoken: spokenFormat, numeric } = formatsFor(timeZone);
    const parts = spokenFormat.formatToParts(at);
    const date = numeric.format(at);
    const time = `${part(parts, "hour")}:${part(parts, "minute")}:${part(parts, "second")}`;
    const offset = part(parts, "timeZoneName").replace("GMT", "UTC") || "UTC";
    const spoken = `${part(parts, "weekday")} ${part(parts, "day")} ${part(parts, "month")} ${part(parts, "year")}, ${part(parts, "hour")}:${part(parts, "minute")}`;
    const source = homeZone ? "home" : "machine";
    const note = homeZone
      ? ""
      : " Home Assistant is not connected, so this is the bridge machine's time zone, which may differ from the home's.";
    return {
      text: `It is ${spoken} (${timeZone}, ${offset}).${note}`,
      structuredContent: {
        date,
        time,
        time_zone: timeZone,
        utc_offset: offset,
        iso: at.toISOString(),
        source,
      },
    };
  };
  return { definition, executor };
}
