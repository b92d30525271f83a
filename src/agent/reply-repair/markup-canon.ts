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
  "tool_calls|tool_call|tools|tool|function_calls|function_call|functioncall|function|invoke|parameters|parameter|param|arguments|argument|arg_key|arg_value|arg_type|call|response|TOOLCALL|start_function_call|end_function_call";
/** Tags no word ends in: their `<` is restored even when the text before is glued on (`devicearg_key>`). */
const DISTINCT_TAGS = "arg_key|arg_value|arg_type|start_function_call|end_function_call|escape";

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
    fault: "a closing tag without its `<` (`on/parameter>`, `/ifm|tool_call>`, `/think>`)",
    pattern: new RegExp(String.raw`(?<![<\/])\/((?:[\w-]+[:|])?(?:${TAGS}|think(?:_\w+)?))>`, "g"),
    replacement: "</$1>",
  },
  {
    fault: 'an opening tag without its `<` (`function=name>`, `invoke name="x">`, `ifm|tool_call>`)',
    pattern: new RegExp(
      String.raw`(?<![<\w\/|\uFF5C:.-])((?:[\w-]+:|[a-z]{1,8}\|)?(?:${TAGS}))(?=(?:=[^\s<>]+|\s+name\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))?>)`,
      "g",
    ),
    replacement: "<$1",
  },
  {
    fault:
      "a tag no word ends in, without its `<` and glued to the text before (`devicearg_key>`, `Lampescape>`)",
    pattern: new RegExp(
      String.raw`(?<![<\/|\w-])((?:[a-z]{1,8}\|)?(?:${DISTINCT_TAGS}))>|(?<=[\w'"])((?:${DISTINCT_TAGS}))>`,
      "g",
    ),
    replacement: (_match, free?: string, glued?: string) => `<${free ?? glued ?? ""}>`,
  },
  {
    fault: "Gemma's closing token without its `<` (`}tool_call|>`)",
    pattern: /(?<![<\w|])(tool_call|function_call)\|>/g,
    replacement: "<$1|>",
  },
  {
    fault: "a tag after MiniMax M3's marker without its `<` (`]<]minimax[>[invoke name=…>`)",
    pattern: /(\]<\]minimax\[>\[)(?=\/?[A-Za-z_][\w.-]*(?:\s+name=|>))/g,
    replacement: "$1<",
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

/**
 * A call's opener and its end marker, and the section end that also ends an open call, by family:
 * XML invokes and tool calls, DeepSeek's, Kimi's, Gemma's and FunctionGemma's tokens.
 */
const CALL_BOUNDS: ReadonlyArray<{ open: RegExp; end: (open: string) => string; section?: RegExp }> = [
  {
    open: /<((?:[\w-]+:|\uFF5CDSML\uFF5C)?(?:invoke|function))\b[^<>]*>/g,
    end: (open) => `</${/^<([^\s>=]+)/.exec(open)![1]!.replace(/=.*$/, "")}>`,
    section: /<\/(?:[\w-]+:|\uFF5CDSML\uFF5C)?(?:function_calls|tool_calls|tool_call)>/,
  },
  {
    open: /<((?:[\w-]+:)?tool_call)>/g,
    end: (open) => open.replace("<", "</"),
    section: /<\/(?:[\w-]+:)?tool_calls>/,
  },
  {
    open: /<\uFF5Ctool\u2581call\u2581begin\uFF5C>/g,
    end: () => "<\uFF5Ctool\u2581call\u2581end\uFF5C>",
    section: /<\uFF5Ctool\u2581calls\u2581end\uFF5C>/,
  },
  {
    open: /<\|tool_call_begin\|>/g,
    end: () => "<|tool_call_end|>",
    section: /<\|tool_calls_section_end\|>/,
  },
  { open: /<\|tool_call>/g, end: () => "<tool_call|>" },
  { open: /<start_function_call>/g, end: () => "<end_function_call>" },
];

/**
 * A call whose end marker was left out, where the next call of the same kind opens or the section
 * of calls ends: the end marker is restored there. The last call of a reply that ends open is left
 * as it is (a reply cut at its length limit).
 */
function closeOpenCalls(text: string): string {
  let out = text;
  for (const bounds of CALL_BOUNDS) {
    const opens = [...out.matchAll(bounds.open)];
    if (!opens.length) continue;
    let added = 0;
    let next = out;
    for (const [i, open] of opens.entries()) {
      const end = bounds.end(open[0]);
      const from = open.index + open[0].length;
      const until = opens[i + 1]?.index ?? out.length;
      const body = out.slice(from, until);
      if (body.includes(end)) continue;
      let at: number | undefined;
      if (i + 1 < opens.length) at = until;
      else if (bounds.section) {
        const section = bounds.section.exec(body);
        if (section) at = from + section.index;
      }
      if (at === undefined) continue;
      // Before the white space that leads to the next opener, where the end marker stood.
      while (at > from && /\s/.test(out[at - 1]!)) at--;
      next = `${next.slice(0, at + added)}${end}${next.slice(at + added)}`;
      added += end.length;
    }
    out = next;
  }
  return out;
}

/** For `replace()` only, which starts from the beginning and leaves `lastIndex` at 0: safe to share. */
const SPECIAL_TOKENS = specialTokens();

/** A cheap test first: text with none of these characters has no markup to repair. */
const MAY_HOLD_MARKUP = /[<|\uFF5C>\\]/;

/** The text with fumbled call markup put back into its template's form. */
export function canonicalMarkup(text: string): string {
  if (!MAY_HOLD_MARKUP.test(text)) return text;
  let out = text;
  for (const fix of FIXES) out = out.replace(fix.pattern, fix.replacement as string);
  return closeOpenCalls(out);
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
