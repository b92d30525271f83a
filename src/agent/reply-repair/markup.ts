import { specialTokens } from "../../shared/special-tokens.js";
import { REASONING, TEXT_CALL_FAMILIES } from "./text-call-families.js";

/** Harmony's answer channel: the only part of a harmony reply that is speech. */
const HARMONY_FINAL = /<\|channel\|>\s*final\s*<\|message\|>([\s\S]*?)(?:<\|return\|>|<\|end\|>|$)/;
/** Tags and shapes of call markup that no sentence meant for a listener contains. */
const CALL_SHAPES =
  /<\/?｜|｜>|<\/?(?:tool|tool_calls?|function|function_calls?|invoke|parameter|arg_key|arg_value|TOOLCALL|start_function_call|minimax:tool_call|antml:invoke)\b|<(?:function|parameter)=|functools\s*\[|```tool_(?:code|call)|\bto=functions\.|\bcall:[\w.-]+\s*\{|"(?:name|tool_name|function)"\s*:\s*"[^"]*"\s*,\s*"(?:arguments|parameters|args|input)"\s*:/;

/** A snake_case or dotted name followed by `(key=` or `{"key":`: a call to some tool, offered or not. */
const SNAKE_CALL = /\b[A-Za-z][\w.]*[_.][\w.]*\s*(?:\(\s*\w+\s*=|\{\s*"\w+"\s*:)/;

/** The words of a reply with no calls: reasoning set aside, and harmony's final channel when present. */
export function speechOf(text: string): string {
  const final = HARMONY_FINAL.exec(text);
  const words = final ? final[1]! : text.replace(REASONING, " ");
  return words.trim();
}

/**
 * Whether text still holds tool-call markup: a special token of any family, a family's call
 * markup, a `{"name", "arguments"}` object, or an offered tool's name followed by its arguments.
 * Such text is never spoken.
 */
export function hasCallMarkup(text: string, toolNames: readonly string[]): boolean {
  if (specialTokens().test(text) || CALL_SHAPES.test(text) || SNAKE_CALL.test(text)) return true;
  if (TEXT_CALL_FAMILIES.some((f) => text.includes(f.marker) && new RegExp(f.call.source).test(text))) {
    return true;
  }
  return toolNames.some((name) => {
    const at = text.indexOf(name);
    // `name(…`, `name {…`, `name: {…`, `name <parameter…`; "name (the switch tool)" is prose.
    return at >= 0 && /^(?:\(|\s*:?\s*\{|\s*<\w)/.test(text.slice(at + name.length));
  });
}
