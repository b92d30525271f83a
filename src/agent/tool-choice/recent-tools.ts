/**
 * The tools each conversation called, newest last, so a follow-up ("and dim it to 20") is offered
 * them again. Bounded like the conversation history it goes with (conversation-history.ts).
 */
export function createRecentTools(maxConversations = 100, perConversation = 6) {
  const called = new Map<string, string[]>();
  return {
    get: (conversationId: string): readonly string[] => called.get(conversationId) ?? [],
    add(conversationId: string, names: readonly string[]) {
      if (!names.length) return;
      const before = (called.get(conversationId) ?? []).filter((n) => !names.includes(n));
      called.delete(conversationId);
      called.set(conversationId, [...before, ...new Set(names)].slice(-perConversation));
      // Insertion order is recency order: the oldest conversation goes first.
      if (called.size > maxConversations) called.delete(called.keys().next().value!);
    },
  };
}
