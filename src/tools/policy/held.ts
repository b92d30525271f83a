// A call the action policy held: it did not run, and waits for the user's yes (on /mcp, for an
// explicit confirmation argument). Typed, so every caller words it in its own way (a question in
// the user's language, a message for a model) and runs it later exactly as judged.

/** An effect that waits for a clear yes. */
export type HeldKind =
  | "unlock"
  | "open"
  | "disarm"
  /** A third-party tool that declares itself destructive (MCP `destructiveHint`): judged by its own word. */
  | "destructive"
  /** A Z-Wave node the bridge cannot see, even on a fresh list: what it is cannot be told. */
  | "unknown";

/** One effect a held call would have. */
export interface HeldEffect {
  kind: HeldKind;
  /** The target as people call it ("Garage Door"); a third-party tool's name for `destructive`; "Z-Wave node 12" for `unknown`. */
  target: string;
  /** The HA entity or the Z-Wave node, when the policy resolved one. */
  entityId?: string;
  nodeId?: number;
}

export interface HeldCall {
  effects: HeldEffect[];
  /** The call a yes runs: the tool by its identifier, with its arguments pinned to the judged target. */
  call: { toolbox: string; server: string; name: string; args: Record<string, unknown> };
}
