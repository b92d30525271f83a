/**
 * "Fetch everything, apply updates as they arrive, fetch again after a reconnect", once — the
 * pattern of home-assistant-js-websocket's `getCollection` (lib/collection.ts), with the race it
 * leaves to its callers closed: an update that arrives while a fetch is in flight may be newer
 * than what the fetch returns, so it is held and applied to the fresh state once it lands.
 * docs/architecture.md, Caches kept current.
 */
export interface Collection<T, U> {
  /** The last fetched state with every update since applied; undefined before the first fetch. */
  readonly state: T | undefined;
  /** True once a fetch has landed, until `stale()`. */
  readonly synced: boolean;
  /**
   * Fetches everything again (subscribe to updates first, so none is missed). Resolves with the
   * fresh state, or undefined when `stale()` or a newer refresh overtook this one.
   */
  refresh(): Promise<T | undefined>;
  /** Applies one update now; while a fetch is in flight, also once more after it lands. */
  update(update: U): void;
  /**
   * The source went away: not synced until the next refresh lands, and a fetch in flight is
   * dropped. Updates still apply to the state held meanwhile, which stays the best there is.
   */
  stale(): void;
}

export interface CollectionOptions<T, U> {
  fetch: () => Promise<T>;
  /**
   * Applies one update to the state, in place. An update held during a fetch may already be in
   * what the fetch returned, so applying it twice must do no harm ("set", never "add").
   */
  apply: (state: T, update: U) => void;
}

export function createCollection<T, U>(options: CollectionOptions<T, U>): Collection<T, U> {
  let state: T | undefined;
  let synced = false;
  let generation = 0;
  let fetching = false;
  let held: U[] = [];
  return {
    get state() {
      return state;
    },
    get synced() {
      return synced;
    },
    async refresh() {
      const mine = ++generation;
      fetching = true;
      held = [];
      const fresh = await options.fetch().finally(() => mine === generation && (fetching = false));
      if (mine !== generation) return undefined;
      for (const update of held.splice(0)) options.apply(fresh, update);
      state = fresh;
      synced = true;
      return fresh;
    },
    update(update) {
      // Before the first fetch there is nothing to apply to, and the fetch will include it.
      if (fetching) held.push(update);
      if (state !== undefined) options.apply(state, update);
    },
    stale() {
      generation++;
      fetching = false;
      synced = false;
      held = [];
    },
  };
}
