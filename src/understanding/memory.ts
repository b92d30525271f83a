import type { Target } from "./targets.js";

/** "it" refers to the last command's devices for this long. */
const REMEMBER_MS = 5 * 60 * 1000;
const MAX_REMEMBERED = 500;

/** What each conversation's last command acted on, so that "dim it" knows what "it" is. */
export function createConversationMemory() {
  const remembered = new Map<string, { targets: Target[]; at: number }>();
  return {
    remember(conversationId: string, targets: Target[]) {
      remembered.delete(conversationId);
      remembered.set(conversationId, { targets, at: Date.now() });
      if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    },
    previous(conversationId: string): Target[] | undefined {
      const entry = remembered.get(conversationId);
      return entry && Date.now() - entry.at < REMEMBER_MS ? entry.targets : undefined;
    },
  };
}

export type ConversationMemory = ReturnType<typeof createConversationMemory>;
