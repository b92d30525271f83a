/**
 * Special tokens as chat templates write them, of any model family, for where a server left them
 * in the text: `<|channel|>`, `<|python_tag|>` (gpt-oss, Llama), `<|tool_call>` / `<tool_call|>`
 * (Gemma 4), `<｜tool▁sep｜>` (DeepSeek's full-width bars), `[TOOL_CALLS]`, `[ARGS]` (Mistral),
 * `</s>`, MiniMax's `]~b]` / `[e~[` role markers and M3's `]<]minimax[>[` namespace marker. The
 * formats are those the tool parsers of vLLM (`vllm/tool_parsers/`) read.
 */
export const SPECIAL_TOKEN_SOURCE = String.raw`<\|[^<>\s]{0,40}?\|>|<\|[\w"]{1,40}>|<[\w"]{1,40}\|>|<\uFF5C[^<>]{0,40}?\uFF5C>|\[\/?[A-Z_]{3,20}\]|<\/s>|<s>|<eos>|<eot>|<bos>|\]<\][\w-]{1,24}\[>\[|[\[\]](?=[\w!]{0,6}~)[\w~!]{1,8}[\[\]]`;

/** A fresh global matcher (a shared /g regex would carry `lastIndex` between callers). */
export const specialTokens = (): RegExp => new RegExp(SPECIAL_TOKEN_SOURCE, "g");
