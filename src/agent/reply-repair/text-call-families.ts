/**
 * How each model family writes a tool call as text, as data: the markup of one call (with the
 * groups `name` and `args`), how its arguments are written, and the framing around the calls
 * that is neither a call nor speech. The formats are the ones the tool parsers of vLLM
 * (`vllm/tool_parsers/*_tool_parser.py`), Ollama (`model/parsers/`) and llama.cpp
 * (`common/chat*.cpp`) read; `source` names the file that documents each. Order matters only
 * where one family's markup contains another's: the more specific comes first.
 */

/**
 * How the `args` group is written:
 * - `json`: one (loosely written) JSON object;
 * - `json-or-xml`: either, as the text shows;
 * - `xml`: parameter tags (`<parameter=k>v</parameter>`, `<parameter name="k">v</parameter>`)
 *   or `<arg_key>k</arg_key><arg_value>v</arg_value>` pairs;
 * - `quoted-object`: an object with bare keys whose strings sit between the family's `quote`;
 * - `calls`: whole calls, `{"name", "arguments"}` objects (one, a list, or several) or pythonic
 *   `f(a="x")` calls; there is then no `name` group.
 */
export type ArgumentSyntax = "json" | "xml" | "json-or-xml" | "quoted-object" | "calls";

export interface TextCallFamily {
  /** Recorded on the result (`ToolResult.textFamily`). */
  id: string;
  /** The upstream parser that documents the format. */
  source: string;
  /** The family is tried only when this occurs in the text (a cheap test before the full pattern). */
  marker: string;
  /** One call. Global; `name` (unless `args` is `calls`) and `args` groups. */
  call: RegExp;
  args: ArgumentSyntax;
  /** The string quote of `quoted-object` arguments. */
  quote?: string;
  /** Section markers around or between calls: removed before the rest must be a lead-in. */
  frame?: RegExp;
  /**
   * The markup also wraps things that are not calls (a ```json fence, a generic tag): when no call
   * can be read from it, the other readers still try, instead of the reply being refused here.
   */
  sharedMarkup?: true;
}

/**
 * Reasoning a server left in the text: never speech, never a call (`<think>` under any namespace,
 * K2 Horizon's `<ifm|think_fast>`, harmony's analysis channel, Glimmer's `to=self` channel).
 */
export const REASONING =
  /<((?:\w+[:|])?)think(?:_\w+)?>[\s\S]*?<\/\1think(?:_\w+)?>|\[THINK\][\s\S]*?\[\/THINK\]|<\|START_THINKING\|>[\s\S]*?<\|END_THINKING\|>|<think>(?![\s\S]*<\/think>)[\s\S]*$|^(?:(?!<(?:\w+[:|])?think)[\s\S])*?<\/(?:\w+[:|])?think(?:_\w+)?>|<\|channel\|>\s*analysis\s*<\|message\|>[\s\S]*?(?:<\|end\|>|(?=<\|start\|>|<\|channel\|>))|(?:<\|start\|>\s*assistant\s*)?to=self\s*<\|message\|>[\s\S]*?(?:<\|eom\|>|<\|eot\|>|(?=<\|start\|>)|$)/g;

export const TEXT_CALL_FAMILIES: readonly TextCallFamily[] = [
  {
    id: "glimmer",
    source:
      "ollama/ollama model/parsers/glimmer.go; vllm/tool_parsers/muse_glimmer_tool_parser.py (ATEM invokes in a to=NAME channel)",
    marker: "<atem:invoke",
    // Before harmony: its `to=NAME<|message|>` header is harmony's too, but the body is ATEM markup.
    call: /<atem:invoke\s+name="(?<name>[^"<>]+)"\s*>(?<args>[\s\S]*?)<\/atem:invoke>/g,
    args: "xml",
    frame:
      /<\|start\|>\s*assistant|(?:^|\s)to=[\w.-]+\s*<\|message\|>|<\|message\|>|<\|eo[mt]\|>|<\/?atem:function_calls>/g,
  },
  {
    id: "harmony",
    source: "vllm/tool_parsers/openai_tool_parser.py (gpt-oss harmony)",
    marker: "to=",
    call: /(?:<\|start\|>\s*assistant\s*)?(?:<\|channel\|>\s*commentary\s*)?to=(?!(?:user|self)\s*<)(?<name>[^\s<]+)\s*(?:<\|channel\|>\s*commentary\s*)?(?:<\|constrain\|>\s*)?(?:json\s*)?<\|message\|>(?<args>[\s\S]*?)(?:<\|call\|>|<\|end\|>|$)/g,
    args: "json",
    frame: /<\|start\|>\s*assistant|<\|return\|>|<\|end\|>/g,
  },
  {
    id: "kimi-k2",
    source: "vllm/tool_parsers/kimi_k2_tool_parser.py",
    marker: "<|tool_call_begin|>",
    call: /<\|tool_call_begin\|>\s*(?<name>[^\s<]+?)\s*<\|tool_call_argument_begin\|>(?<args>[\s\S]*?)<\|tool_call_end\|>/g,
    args: "json",
    frame: /<\|tool_calls_section_(?:begin|end)\|>/g,
  },
  {
    id: "kimi-k3",
    source:
      "vllm/tool_parsers/kimi_k3_tool_parser.py (XTML: <|open|>call tool=…<|sep|> … <|close|>call<|sep|>, read after markup-canon.ts spells its tokens as tags)",
    marker: "<call tool=",
    call: /<call\s+tool="(?<name>[^"]+)"[^>]*>(?<args>[\s\S]*?)<\/call>/g,
    args: "xml",
    frame: /<\/?tools>|<\/?message>/g,
  },
  {
    id: "deepseek-v3",
    source: "vllm/tool_parsers/deepseekv3_tool_parser.py",
    marker: "<｜tool▁call▁begin｜>function<｜tool▁sep｜>",
    call: /<\uFF5Ctool\u2581call\u2581begin\uFF5C>function<\uFF5Ctool\u2581sep\uFF5C>(?<name>[^\n<]+?)\s*\n(?<args>```[\s\S]*?```)\s*<\uFF5Ctool\u2581call\u2581end\uFF5C>/g,
    args: "json",
    frame: /<\uFF5Ctool\u2581calls\u2581(?:begin|end)\uFF5C>|<\uFF5Cend\u2581of\u2581sentence\uFF5C>/g,
  },
  {
    id: "deepseek-v3.1",
    source: "vllm/tool_parsers/deepseekv31_tool_parser.py",
    marker: "<｜tool▁call▁begin｜>",
    call: /<\uFF5Ctool\u2581call\u2581begin\uFF5C>(?<name>[^<]+?)<\uFF5Ctool\u2581sep\uFF5C>(?<args>[\s\S]*?)<\uFF5Ctool\u2581call\u2581end\uFF5C>/g,
    args: "json",
    frame: /<\uFF5Ctool\u2581calls\u2581(?:begin|end)\uFF5C>|<\uFF5Cend\u2581of\u2581sentence\uFF5C>/g,
  },
  {
    id: "deepseek-v3.2-dsml",
    source:
      "vllm/tool_parsers/deepseekv32_tool_parser.py; deepseekv4_tool_parser.py (V4 and V4.1: the same invokes in <｜DSML｜tool_calls>)",
    marker: "DSML｜invoke",
    call: /<\uFF5CDSML\uFF5Cinvoke\s+name="(?<name>[^"]+)"\s*>(?<args>[\s\S]*?)<\/\uFF5CDSML\uFF5Cinvoke>/g,
    args: "xml",
    frame: /<\/?\uFF5CDSML\uFF5C(?:function_calls|tool_calls)>/g,
  },
  {
    id: "minimax-m3",
    source:
      "vllm/tool_parsers/minimax_m3_tool_parser.py (the ]<]minimax[>[ marker before every tag; each parameter a tag of its own name)",
    marker: "]<]minimax[>[",
    call: /(?:\]<\]minimax\[>\[)?<invoke\s+name="(?<name>[^"]+)"\s*>(?<args>[\s\S]*?)(?:\]<\]minimax\[>\[)?<\/invoke>/g,
    args: "xml",
    frame: /(?:\]<\]minimax\[>\[)?<\/?tool_call>/g,
  },
  {
    id: "minimax-m2",
    source: "vllm/tool_parsers/minimax_m2_tool_parser.py",
    marker: "<minimax:tool_call>",
    call: /<invoke\s+name=["']?(?<name>[^"'>]+)["']?\s*>(?<args>[\s\S]*?)<\/invoke>/g,
    args: "xml",
    frame: /<\/?minimax:tool_call>/g,
  },
  {
    id: "claude-invoke",
    source:
      "Anthropic's function_calls/invoke text format (same invoke syntax as vllm/tool_parsers/minimax_m2_tool_parser.py)",
    marker: "invoke name=",
    // Any namespace on the tags: `antml:`, StepFun's `steptml:`.
    call: /<(?:\w+:)?invoke\s+name=["']?(?<name>[^"'>]+)["']?\s*>(?<args>[\s\S]*?)<\/(?:\w+:)?invoke>/g,
    args: "xml",
    frame: /<\/?(?:\w+:)?function_calls>/g,
  },
  {
    id: "qwen3-coder",
    source: "vllm/tool_parsers/qwen3coder_tool_parser.py",
    marker: "<parameter=",
    call: /<function=(?<name>[^>\s]+)>(?<args>\s*<parameter=[\s\S]*?)<\/function>/g,
    args: "xml",
    frame: /<\/?tool_call>/g,
  },
  {
    id: "llama-function-tag",
    source: "vllm/tool_parsers/llama_tool_parser.py (Llama 3.1 <function=…>)",
    marker: "<function=",
    call: /<function=(?<name>[^>\s]+)>(?<args>[\s\S]*?)<\/function>/g,
    args: "json",
    frame: /<\/?tool_call>/g,
  },
  {
    id: "function-name-attribute",
    source:
      "llama.cpp common/chat-parser.cpp and tests/test-chat.cpp (Hermes 2 Pro's <function name=…> variant)",
    marker: "<function name=",
    call: /<function\s+name=["']?(?<name>[^"'>]+)["']?\s*>(?<args>[\s\S]*?)<\/function>/g,
    args: "json-or-xml",
    frame: /<\/?tool_call>/g,
  },
  {
    id: "laguna",
    source:
      "ollama/ollama model/parsers/laguna.go (<tool_call>NAME{json}</tool_call>; its arg_key pairs are GLM's)",
    marker: "<tool_call>",
    call: /<tool_call>\s*(?<name>[A-Za-z_][\w.:-]*)\s*(?<args>\{[\s\S]*?\})\s*<\/tool_call>/g,
    args: "json",
  },
  {
    id: "k2-horizon",
    source:
      "vllm/tool_parsers/k2_horizon_tool_parser.py (<ifm|tool_call>NAME then <ifm|arg_key> pairs, or a JSON call)",
    marker: "<ifm|tool_call>",
    call: /<ifm\|tool_call>\s*(?<name>[^\s<{[]*)\s*(?<args>[\s\S]*?)<\/ifm\|tool_call>/g,
    args: "xml",
    frame: /<\/?ifm\|tool_calls>/g,
  },
  {
    id: "glm",
    source: "vllm/tool_parsers/glm4_moe_tool_parser.py, glm47_moe_tool_parser.py",
    marker: "<tool_call>",
    call: /<tool_call>\s*(?<name>[^\s<{[]+)\s*(?<args>(?:<arg_key>[\s\S]*?<\/arg_value>\s*)*)<\/tool_call>/g,
    args: "xml",
  },
  {
    id: "hermes",
    source: "vllm/tool_parsers/hermes_tool_parser.py (Hermes, Qwen 2.5/3)",
    marker: "<tool_call>",
    call: /<tool_call>(?<args>[\s\S]*?)<\/tool_call>/g,
    args: "calls",
  },
  {
    id: "gemma4",
    source: "vllm/tool_parsers/gemma4_tool_parser.py",
    marker: "<|tool_call>",
    call: /<\|tool_call>\s*call:(?<name>[^\s{]+)\s*(?<args>\{[\s\S]*?\})\s*<tool_call\|>/g,
    args: "quoted-object",
    quote: '<|"|>',
  },
  {
    id: "function-gemma",
    source: "vllm/tool_parsers/functiongemma_tool_parser.py",
    marker: "<start_function_call>",
    call: /<start_function_call>\s*call:(?<name>[^\s{]+)\s*(?<args>\{[\s\S]*?\})\s*<end_function_call>/g,
    args: "quoted-object",
    quote: "<escape>",
  },
  {
    id: "phi4-mini",
    source: "vllm/tool_parsers/phi4mini_tool_parser.py",
    marker: "functools",
    call: /functools\s*(?<args>\[[\s\S]*\])/g,
    args: "calls",
  },
  {
    id: "llama3-python-tag",
    source: "vllm/tool_parsers/llama_tool_parser.py (<|python_tag|>, calls joined by ';')",
    marker: "<|python_tag|>",
    call: /<\|python_tag\|>(?<args>[\s\S]*?)(?:<\|eom_id\|>|<\|eot_id\|>|$)/g,
    args: "calls",
  },
  {
    id: "lfm2",
    source: "ollama/ollama model/parsers/lfm2.go and lfm2_test.go; vllm/tool_parsers/lfm2_tool_parser.py",
    marker: "<|tool_call_start|>",
    call: /<\|tool_call_start\|>(?<args>[\s\S]*?)(?:<\|tool_call_end\|>|$)/g,
    args: "calls",
  },
  {
    id: "llama4-pythonic",
    source: "vllm/tool_parsers/llama4_pythonic_tool_parser.py (<|python_start|>[…]<|python_end|>)",
    marker: "<|python_start|>",
    call: /<\|python_start\|>(?<args>[\s\S]*?)(?:<\|python_end\|>|$)/g,
    args: "calls",
  },
  {
    id: "mistral",
    source: "vllm/tool_parsers/mistral_tool_parser.py ([TOOL_CALLS]name[ARGS]{…}, v11+)",
    marker: "[ARGS]",
    call: /\[TOOL_CALLS\]\s*(?<name>[^\s[{]+)\s*(?:\[CALL_ID\][^[]*)?\[ARGS\]\s*(?<args>\{[\s\S]*?\})(?=\s*(?:\[TOOL_CALLS\]|<\/s>|$))/g,
    args: "json",
  },
  {
    id: "mistral",
    source: "vllm/tool_parsers/mistral_tool_parser.py ([TOOL_CALLS] [{…}])",
    marker: "[TOOL_CALLS]",
    call: /\[TOOL_CALLS\](?<args>[\s\S]*?)(?=\[TOOL_CALLS\]|<\/s>|$)/g,
    args: "calls",
  },
  {
    id: "tool-code-fence",
    source:
      "Gemma/Gemini ```tool_code blocks (calls as vllm/tool_parsers/pythonic_tool_parser.py reads them)",
    marker: "```tool_code",
    call: /```tool_code[ \t]*\n(?<args>[\s\S]*?)\n?[ \t]*```/g,
    args: "calls",
  },
  {
    id: "fenced-json",
    source:
      "```json / ```tool_call blocks (the generic wrapper of Ollama's model/parsers and llama.cpp's common/chat.cpp)",
    marker: "```",
    call: /```(?:json|tool_call|tool_calls|python)?[ \t]*\n(?<args>[\s\S]*?)\n?[ \t]*```/g,
    args: "calls",
    sharedMarkup: true,
  },
  {
    id: "cohere",
    source:
      "ollama/ollama model/parsers/cohere.go; vllm/tool_parsers/cohere_command_tool_parser.py (Command R7B, Command A, North)",
    marker: "<|START_ACTION|>",
    call: /<\|START_ACTION\|>(?<args>[\s\S]*?)(?:<\|END_ACTION\|>|$)/g,
    args: "calls",
    frame: /<\|END_OF_TURN_TOKEN\|>|<\|(?:START|END)_(?:TEXT|RESPONSE)\|>/g,
  },
  {
    id: "wrapped-json",
    source:
      "Granite <|tool_call|>, Jamba and Hunyuan <tool_calls>, Nemotron <TOOLCALL>, InternLM <|plugin|>, LongCat <longcat_tool_call>, Olmo 3 <function_calls> (vllm/tool_parsers/)",
    marker: "<",
    // Any tag whose name speaks of tools, functions or calls, around JSON or pythonic calls.
    call: /(?:<\|tool_call\|>|<\|action_start\|>\s*<\|plugin\|>|<(?<tag>[\w:.-]*(?:tool|TOOL|function|call)[\w:.-]*)>)(?<args>\s*(?:[[{]|[A-Za-z_][\w.]*\()[\s\S]*?)(?:<\/\k<tag>>|(?=<\k<tag>>)|<\|\/tool_call\|>|<\|action_end\|>|$)/g,
    args: "calls",
    sharedMarkup: true,
  },
];
