import type { ToolResult } from "../tools/types.js";
import { confirmation as confirmationSchema, nodeRef } from "../zwave/contract.js";
import type { TurnToolCall } from "./types.js";

/**
 * A tool result as a finished turn records it. The device and its confirmation are read from the
 * result's typed `structuredContent` (the Z-Wave tools' `node` and `confirmation`, see
 * src/zwave/contract.ts), so the status page names the device the call reached, not the words
 * the caller used for it.
 */
export function turnToolCall(r: ToolResult): TurnToolCall {
  const node = nodeRef.safeParse(r.structuredContent?.node);
  const confirmation = confirmationSchema.safeParse(r.structuredContent?.confirmation);
  const followId = r.structuredContent?.followId;
  const device = node.success
    ? {
        name: node.data.name,
        ...(node.data.location ? { location: node.data.location } : {}),
        nodeId: node.data.nodeId,
      }
    : undefined;
  return {
    name: r.name,
    arguments: r.arguments,
    normalized_arguments: r.normalizedArguments,
    result: r.content,
    ok: r.ok,
    ...(r.held
      ? { status: "held" as const, held: r.held.effects.map(({ kind, target }) => ({ kind, target })) }
      : {}),
    ms: Math.round(r.ms * 10) / 10,
    ...(r.server ? { tool: r.tool, server: r.server } : {}),
    // What the model sent, where it differs from what ran (or nothing ran: no server).
    ...(r.sent && (r.repairs?.length || !r.server) ? { sent: r.sent } : {}),
    ...(r.repairs?.length ? { repairs: r.repairs } : {}),
    ...(r.textFamily ? { textFamily: r.textFamily } : {}),
    ...(device ? { device } : {}),
    ...(confirmation.success ? { confirmation: confirmation.data } : {}),
    ...(typeof followId === "string" ? { followId } : {}),
  };
}
