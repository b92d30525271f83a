// Damaged markers for every family row of our families corpus, made at test time: each text case
// (a call to repair, or a must-not-act case) with its markers damaged the ways small and quantised
// models and servers damage them. A fixed part, chosen by a hash of the case and the damage, is held
// out: it is reported apart and never used to tune the repair.
import { createHash } from "node:crypto";
import type { CorpusCase } from "./repair-corpus.js";

export interface Damage {
  id: string;
  what: string;
  /** The damaged text, or undefined when the damage does not apply to this text. */
  apply(text: string, c: CorpusCase): string | undefined;
}

const TOOL_NAMES = /\b(?:control_zwave_device|get_device_sensor_data|list_zwave_devices)\b/;
const DEVICE_NAMES = ["Switch One", "Kitchen Dimmer", "Office Sensor", "Kid's Lamp", "Porch Light"];

/**
 * The first end marker of a call (not of an argument): a closing tag or token whose name speaks of
 * a call, a function or an invoke, in any family's spelling.
 */
const CALL_END =
  /<\/[\w:|.-]*(?:call|invoke|function|TOOLCALL)[\w:|.-]*>|<\|[\w]*(?:call_end|python_end|END_ACTION|call)\|>|<[\w]*call\|>|<\uFF5Ctool\u2581call\u2581end\uFF5C>|<end_function_call>/;

/** The result, when it differs from the text: a damage that changes nothing is no case. */
const changed = (text: string, out: string) => (out !== text ? out : undefined);

export const DAMAGES: readonly Damage[] = [
  {
    id: "no-lt",
    what: 'tags lost their `<` (`invoke name="…">`, `parameter>`)',
    apply: (text) => changed(text, text.replace(/<(?=\/?[A-Za-z])/g, "")),
  },
  {
    id: "end-doubled",
    what: "a call's end marker written twice",
    apply: (text) => {
      const end = CALL_END.exec(text);
      return end ? `${text.slice(0, end.index)}${end[0]}${text.slice(end.index)}` : undefined;
    },
  },
  {
    id: "end-dropped",
    what: "a call's end marker left out where more markup follows",
    apply: (text) => {
      const end = CALL_END.exec(text);
      const after = end ? text.slice(end.index + end[0].length) : "";
      return end && after.trim() ? `${text.slice(0, end.index)}${after}` : undefined;
    },
  },
  {
    id: "token-glued",
    what: "a special token glued to the tool's name",
    apply: (text) => {
      const name = TOOL_NAMES.exec(text);
      return name
        ? changed(
            text,
            text.replace(TOOL_NAMES, (n) => `${n}<|message|>`),
          )
        : undefined;
    },
  },
  {
    id: "attr-glued",
    what: 'attributes without a space (`<functionname="…">`, `<parametername="…">`)',
    apply: (text) =>
      changed(text, text.replace(/<((?:[\w-]+:|\uFF5CDSML\uFF5C)?[A-Za-z_]+)\s+name=/g, "<$1name=")),
  },
  {
    id: "cdata",
    what: "the device's name wrapped in <![CDATA[…]]>",
    apply: (text) => {
      const name = DEVICE_NAMES.find((n) => text.includes(n));
      return name ? text.split(name).join(`<![CDATA[${name}]]>`) : undefined;
    },
  },
  {
    id: "separator",
    what: "a separator token between the tool's name and its arguments",
    apply: (text) => {
      const name = TOOL_NAMES.exec(text);
      if (!name) return undefined;
      const after = text.slice(name.index + name[0].length);
      // Only where the name stands alone (not inside a quoted JSON value or an attribute).
      if (!/^\s*(?:[<{(\n]|:\d)/.test(after) || /["'=]$/.test(text.slice(0, name.index))) return undefined;
      return `${text.slice(0, name.index + name[0].length)}<|tool_sep|>${after}`;
    },
  },
];

/** The text of a text-only reply, and the same reply with other text, in its provider's shape. */
function textOf(c: CorpusCase): string | undefined {
  const raw = c.raw as { content?: unknown; tool_calls?: unknown[] } | Array<{ type: string; text?: string }>;
  if (Array.isArray(raw)) {
    return raw.length === 1 && raw[0]?.type === "text" ? raw[0].text : undefined;
  }
  return typeof raw.content === "string" && raw.content && !raw.tool_calls?.length ? raw.content : undefined;
}

function withText(c: CorpusCase, text: string): unknown {
  if (Array.isArray(c.raw)) return [{ type: "text", text }];
  return { ...(c.raw as object), content: text };
}

/** One in four, by a hash of the case and the damage: the same part every run. */
function heldOut(id: string): boolean {
  return createHash("sha256").update(id).digest()[0]! % 4 === 0;
}

export interface DamagedCorpus {
  practice: CorpusCase[];
  heldOut: CorpusCase[];
}

/** Every damage that applies to every text case of the families corpus (ids `d…`). */
export function damagedMarkers(families: readonly CorpusCase[]): DamagedCorpus {
  const out: DamagedCorpus = { practice: [], heldOut: [] };
  for (const c of families) {
    const text = textOf(c);
    if (text === undefined || !c.family) continue;
    for (const damage of DAMAGES) {
      const damaged = damage.apply(text, c);
      if (damaged === undefined) continue;
      const id = `d${c.id.slice(1)}-${damage.id}`;
      const item: CorpusCase = {
        ...c,
        id,
        sentence: `repair case ${id} please`,
        raw: withText(c, damaged),
        category: damage.id,
        note: `${c.note}; ${damage.what}`,
      };
      (heldOut(id) ? out.heldOut : out.practice).push(item);
    }
  }
  return out;
}
