import type { BaseMessage } from "@langchain/core/messages";

export interface ConversationHistoryOptions {
  maxMessages?: number;
  /** HA sends a fresh id per sentence when nobody follows up, so ids pile up: keep the most recent. */
  maxConversations?: number;
  idleMs?: number;
  now?: () => number;
}

/**
 * Messages per conversation_id: the user's sentences and the spoken answers, so a follow-up
 * ("and the other one?") has context. Bounded in length and number, and forgotten after an
 * idle hour.
 */
export function createConversationHistory(options: ConversationHistoryOptions = {}) {
  const maxMessages = options.maxMessages ?? 20;
  // Enough for every room's satellite to follow up, while a fresh id per sentence cannot hold
  // thousands of LangChain messages (bench/soak.ts).
  const maxConversations = options.maxConversations ?? 100;
  const idleMs = options.idleMs ?? 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const conversations = new Map<string, { messages: BaseMessage[]; lastUsed: number }>();

  function prune() {
    const cutoff = now() - idleMs;
    // Insertion order is recency order (append re-inserts), so the ones to drop come first.
    for (const [id, conversation] of conversations) {
      if (conversation.lastUsed >= cutoff && conversations.size <= maxConversations) break;
      conversations.delete(id);
    }
  }

  return {
    get(conversationId: string): BaseMessage[] {
      prune();
      return [...(conversations.get(conversationId)?.messages ?? [])];
    },
    append(conversationId: string, ...messages: BaseMessage[]) {
      const existing = conversations.get(conversationId)?.messages ?? [];
      const all = [...existing, ...messages];
      conversations.delete(conversationId);
      conversations.set(conversationId, { messages: all.slice(-maxMessages), lastUsed: now() });
      prune();
    },
    size: () => conversations.size,
  };
}

export type ConversationHistory = ReturnType<typeof createConversationHistory>;
