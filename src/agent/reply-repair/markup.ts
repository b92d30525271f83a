import { specialTokens } from "../../shared/special-tokens.js";
import { canonicalMarkup } from "./markup-canon.js";
import { REASONING, TEXT_CALL_FAMILIES } from "./text-call-families.js";

/**
 * A family's answer channel: the only part of such a reply that is speech. Harmony's `final`
 * channel (vllm/tool_parsers/openai_tool_parser.py), Glimmer's `to=user` message
 * (ollama model/parsers/glimmer.go), Cohere's text block (ollama model/parsers/cohere.go), Kimi K3's
 * response channel (vllm/tool_parsers/kimi_k3_tool_parser.py, after markup-canon.ts).
 */
const ANSWER_CHANNELS = [
  /<\|channel\|>\s*final\s*<\|message\|>([\s\S]*?)(?:<\|return\|>|<\|end\|>|$)/,
  /(?:^|\s|<\|start\|>\s*assistant\s*)to=user\s*<\|message\|>([\s\S]*?)(?:<\|eot\|>|<\|eom\|>|(?=<\|start\|>)|$)/,
  /<\|START_(?:TEXT|RESPONSE)\|>([\s\S]*?)(?:<\|END_(?:TEXT|RESPONSE)\|>|<\|END_OF_TURN_TOKEN\|>|$)/,
  /<response>([\s\S]*?)(?:<\/response>|$)/,
];
/**
 * Turn and message ends (and starts) a server left around an answer, in any family's spelling
 * (`<|im_end|>`, `<|ifm|im_end|>`, `<|END_OF_TURN_TOKEN|>`, `<｜end▁of▁sentence｜>`, `</s>`,
 * MiniMax's `[e~[`): framing, not words.
 */
const TURN_TOKEN = String.raw`<\|(?:\w+\|)?\w*(?:end|eot|eom|eos|return|stop|im_start|message|START_TEXT|START_RESPONSE|END_OF_TURN_TOKEN)\w*\|>|<\/s>|<\uFF5Cend\u2581of\u2581sentence\uFF5C>|\[e~\[`;
const TURN_ENDS = new RegExp(String.raw`^(?:\s|${TURN_TOKEN})+|(?:\s|${TURN_TOKEN})+$`, "gi");
/** Tags and shapes of call markup that no sentence meant for a listener contains. */
const CALL_SHAPES =
  /<\/?\uFF5C|\uFF5C>|<\/?(?:[\w-]+[:|])?(?:tool|tool_calls?|function|function_calls?|invoke|parameter|arg_key|arg_value|TOOLCALL|start_function_call)(?::[\w-]+)?\b|<(?:call\s+tool|argument\s+key)\s*=|<(?:function|parameter)=|\]<\]|functools\s*\[|```tool_(?:code|call)|\bto=functions\.|\bcall:[\w.-]+\s*\{|"(?:name|tool_name|function)"\s*:\s*"[^"]*"\s*,\s*"(?:arguments|parameters|args|input)"\s*:/;

/** A snake_case or dotted name followed by `(key=` or `{"key":`: a call to some tool, offered or not. */
const SNAKE_CALL = /\b[A-Za-z][\w.]*[_.][\w.]*\s*(?:\(\s*\w+\s*=|\{\s*"\w+"\s*:)/;

/**
 * The words of a reply with no calls: fumbled markers put right, reasoning set aside, a family's
 * answer channel when there is one, without the turn-end tokens around it.
 */
export function speechOf(text: string): string {
  const canonical = canonicalMarkup(text);
  const channel = ANSWER_CHANNELS.map((pattern) => pattern.exec(canonical)).find((m) => m);
  const words = channel ? channel[1]! : canonical.replace(REASONING, " ");
  return words.replace(TURN_ENDS, "").trim();
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
    // `name(…`, `name {…`, `name: {…`, `name <parameter…`, `name` then `key: value` lines, `name`
    // then a labelled object (`Action Input: {…`); "name (the switch tool)" is prose.
    return (
      at >= 0 &&
      /^(?:\(|\s*:?\s*\{|\s*<\w|\s*\n\s*[A-Za-z_][\w-]*\s*[:=]|\s*[^\s:{}()"'<>]{1,24}(?:[ \t][^\s:{}()"'<>]{1,24}){0,2}[ \t]*:\s*[{(])/.test(
        text.slice(at + name.length),
      )
    );
  });
}
