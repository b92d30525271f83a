// What the bridge keeps for a conversation between its turns: calls held for a yes, the "which
// one?" it asked, a cover's end not yet told. Home Assistant keeps a satellite's conversation id
// for five minutes after its last sentence (helpers/chat_session.py, CONVERSATION_TIMEOUT) and
// sends it with each transcript; HTTP callers send back the reply's `conversation_id`. An entry
// lives until it is taken, until it expires, or until newer ones push it out: a caller that sends
// a fresh id with every sentence must not pile entries up.

export interface ConversationStore<V> {
  /** The conversation's entry, unless it expired. */
  get(key: string): V | undefined;
  /** Keeps the entry as the newest, with a fresh lifetime. */
  set(key: string, value: V): void;
  /** The entry, unless it expired; it is gone from the store either way. */
  take(key: string): V | undefined;
  delete(key: string): void;
}

export interface ConversationStoreOptions {
  /** How long an entry lives after it was last set; without it, until it is taken or pushed out. */
  ttlMs?: number;
  /** The most entries kept; beyond it the oldest go. */
  max: number;
}

export function createConversationStore<V>({ ttlMs, max }: ConversationStoreOptions): ConversationStore<V> {
  // A Map keeps insertion order, and `set` re-inserts: the oldest, first to expire, come first.
  const entries = new Map<string, { value: V; until: number }>();
  const fresh = (entry: { until: number } | undefined, now = Date.now()) =>
    entry !== undefined && entry.until >= now;

  function get(key: string): V | undefined {
    const entry = entries.get(key);
    if (entry && !fresh(entry)) entries.delete(key);
    return fresh(entry) ? entry?.value : undefined;
  }

  return {
    get,
    set(key, value) {
      const now = Date.now();
      entries.delete(key);
      entries.set(key, { value, until: ttlMs === undefined ? Infinity : now + ttlMs });
      for (const [oldest, entry] of entries) {
        if (entries.size <= max && fresh(entry, now)) break;
        entries.delete(oldest);
      }
    },
    take(key) {
      const value = get(key);
      entries.delete(key);
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
