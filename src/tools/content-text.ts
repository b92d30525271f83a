import type { ContentBlock } from "@modelcontextprotocol/client";

/**
 * What the agent's model reads of an MCP result: text blocks and embedded text resources as
 * they are, a short stand-in for images, audio, binary resources and links (no provider we
 * drive takes them in a tool result through our agent yet), and the structured content as
 * JSON when the server sent no text at all.
 */
export function contentAsText(blocks: readonly ContentBlock[], structuredContent?: unknown): string {
  const parts = blocks.map(blockText);
  if (!blocks.some((b) => b.type === "text") && structuredContent !== undefined) {
    parts.push(JSON.stringify(structuredContent));
  }
  return parts.join("\n");
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}, ${size(block.data)}]`;
    case "resource": {
      const { resource } = block;
      const kind = resource.mimeType ? ` (${resource.mimeType})` : "";
      if ("text" in resource && typeof resource.text === "string") {
        return `[resource ${resource.uri}${kind}]\n${resource.text}`;
      }
      const blob = "blob" in resource && typeof resource.blob === "string" ? `, ${size(resource.blob)}` : "";
      return `[resource ${resource.uri}${kind}${blob}]`;
    }
    case "resource_link":
      return `[link to resource ${block.uri}: ${block.title ?? block.name}${block.description ? ` — ${block.description}` : ""}]`;
    default:
      return `[${(block as { type: string }).type}]`;
  }
}

/** The decoded size of base64 data, as a person reads it. */
function size(base64: string): string {
  const bytes = Math.floor((base64.replace(/=+$/, "").length * 3) / 4);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} kB`;
}
