import { specialTokens } from "../../shared/special-tokens.js";

/**
 * Call markup as models fumble it, put back into the form the templates define, before anything
 * reads it. Each rewrite is a fault seen in the wild (llama.cpp's PEG parsers and vLLM's parsers
 * log these as unparsed output, and vllm/tool_parsers/kimi_k3_tool_parser.py and
 * ollama model/parsers/glimmer.go recover some of them). A rewrite only restores a bracket,
 * removes a space or spells out a template's own open/close tokens: it never adds a name, a key
 * or a value, so what was not written cannot be read into the text.
 */

/** Tag names of call markup: only these are repaired, so prose with a stray `>` is left alone. */
const TAGS =
  "tool_calls|tool_call|tools|tool|function_calls|function_call|functioncall|function|invoke|parameters|parameter|param|arguments|argument|arg_key|arg_value|arg_type|call|response";

interface MarkupFix {
  fault: string;
  pattern: RegExp;
  replacement: string | ((match: string, ...groups: string[]) => string);
}

const withoutSpaces = (match: string) => match.replace(/\s+/g, "");

const FIXES: readonly MarkupFix[] = [
  {
    fault: "spaces inside a special token (a detokenizer's added spaces: `<| tool_call_begin |>`)",
    pattern:
      /<[ \t]*\|(?=[^<>\n]{0,60}\|[ \t]*>)(?:[ \t]*[\w.:"-]+[ \t]*\|)+[ \t]*>|<[ \t]*\/?[ \t]*\uFF5C[^<>\n\uFF5C]{1,40}\uFF5C[ \t]*>|<[ \t]*\/?[ \t]*\uFF5C[ \t]*DSML[ \t]*\uFF5C[ \t]*/g,
    replacement: withoutSpaces,
  },
  {
    fault: "a special token without its `<` (`|tool_call_begin|>`)",
    pattern: /(^|[\s>])\|([a-z][a-z_]{2,40})\|>/g,
    replacement: "$1<|$2|>",
  },
  {
    fault: "a closing tag without its `<` (`on/parameter>`)",
    pattern: new RegExp(String.raw`(?<![<\/])\/((?:[\w-]+:)?(?:${TAGS}))>`, "g"),
    replacement: "</$1>",
  },
  {
    fault: 'an opening tag without its `<` (`function=name>`, `invoke name="x">`)',
    pattern: new RegExp(
      String.raw`(?<![<\w\/|\uFF5C:.-])((?:[\w-]+:)?(?:${TAGS}))(?=(?:=[^\s<>]+|\s+name\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))?>)`,
      "g",
    ),
    replacement: "<$1",
  },
  {
    fault: "a closing tag without its `>` (`</parameter` then a new line)",
    pattern: new RegExp(
      String.raw`<\/((?:[\w-]+[:|]|\uFF5CDSML\uFF5C)?(?:${TAGS})(?::[\w-]+)?)(?=[ \t]*(?:\n|<|$))`,
      "g",
    ),
    replacement: "</$1>",
  },
  {
    fault: "a byte left as its fallback token (`<0x0A>`, ERNIE 4.5's new lines)",
    pattern: /<0x(0[9AD]|20)>/gi,
    replacement: (_match, byte: string) => String.fromCharCode(parseInt(byte, 16)),
  },
  {
    fault: "a line break written out as `\\n` next to a tag (vLLM's Laguna parser allows it)",
    pattern: /(?<=>)(?:\\n)+|(?:\\n)+(?=<)/g,
    replacement: "\n",
  },
  {
    fault: 'an attribute glued to its tag name (`<functionname="x">`, `<paramname="k">`)',
    pattern:
      /<((?:[\w-]+:|\uFF5CDSML\uFF5C)?(?:function|invoke|parameter|param|argument|tool_call|call))name\s*=/g,
    replacement: "<$1 name=",
  },
  {
    fault: 'a call written inside the opening tag (`<functioncall {"name": …}>`)',
    pattern: /<([\w:.-]*(?:tool|function|call)[\w:.-]*)\s+(\{[\s\S]*?\})\s*\/?>/gi,
    replacement: "<$1>$2</$1>",
  },
  {
    fault: "a template's open/close tokens (Kimi K3's `<|open|>call …<|sep|>` … `<|close|>call<|sep|>`)",
    pattern: /<\|open\|>\s*(\w+)((?:\s+[\w-]+\s*=\s*"[^"]*")*)\s*<\|sep\|>|<\|close\|>\s*(\w+)\s*<\|sep\|>/g,
    replacement: (_match, open?: string, attrs?: string, close?: string) =>
      open ? `<${open}${attrs ?? ""}>` : `</${close}>`,
  },
];

/** For `replace()` only, which starts from the beginning and leaves `lastIndex` at 0: safe to share. */
const SPECIAL_TOKENS = specialTokens();

/** A cheap test first: text with none of these characters has no markup to repair. */
const MAY_HOLD_MARKUP = /[<|\uFF5C>\\]/;

/** The text with fumbled call markup put back into its template's form. */
export function canonicalMarkup(text: string): string {
  if (!MAY_HOLD_MARKUP.test(text)) return text;
  let out = text;
  for (const fix of FIXES) out = out.replace(fix.pattern, fix.replacement as string);
  return out;
}

/** A namespace (`minimax:`, `atem:`, `ifm|`, `｜DSML｜`) or a per-checkpoint suffix (`:6124c78e`) on a call tag. */
const TAG_DECORATION = new RegExp(
  String.raw`<(\/?)(?:[\w-]+[:|]|\uFF5CDSML\uFF5C)(?=(?:${TAGS})\b)|<(\/?(?:${TAGS})):[\w-]{1,24}(?=[\s>])`,
  "g",
);

/**
 * The markup as the generic reader sees it: every tag under its plain name (whatever namespace or
 * suffix a family gives it) and every special token a line break (a token ends what stands before
 * it, as a line does), so one reader serves every family.
 */
export function plainMarkup(text: string): string {
  return text
    .replace(TAG_DECORATION, (_match, closing?: string, suffixed?: string) =>
      suffixed !== undefined ? `<${suffixed}` : `<${closing ?? ""}`,
    )
    .replace(SPECIAL_TOKENS, "\n");
}
