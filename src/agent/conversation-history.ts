import type { BaseMessage } from "@langchain/core/messages";

export interface ConversationHistoryOptions {
  maxMessages?: number;
  idleMs?: number;
  now?: () => number;
}

/**
 * Messages per conversation_id: the user's sentences and the spoken answers, so a follow-up
 * ("and the other one?") has context. Bounded in length and forgotten after an idle hour.
 */
export function createConversationHistory(options: ConversationHistoryOptions = {}) {
  const maxMessages = options.maxMessages ?? 20;
  const idleMs = options.idleMs ?? 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const conversations = new Map<string, { messages: BaseMessage[]; lastUsed: number }>();

  function prune() {
    const cutoff = now() - idleMs;
    for (const [id, conversation] of conversations) {
      if (conversation.lastUsed < cutoff) conversations.delete(id);
    }
  }

  return {
    get(conversationId: string): BaseMessage[] {
      prune();
      return [...(conversations.get(conversationId)?.messages ?? [])];
    },
    append(conversationId: string, ...messages: BaseMessage[]) {
      prune();
      const existing = conversations.get(conversationId)?.messages ?? [];
      const all = [...existing, ...messages];
      conversations.set(conversationId, { messages: all.slice(-maxMessages), lastUsed: now() });
    },
    size: () => conversations.size,
  };
}

export type ConversationHistory = ReturnType<typeof createConversationHistory>;
