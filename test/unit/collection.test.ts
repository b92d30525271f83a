import { describe, expect, it } from "vitest";
import { createCollection } from "../../src/shared/collection.js";

type Rooms = Map<string, string>;
type Change = { id: string; name: string | null };

/** A source whose full fetch the test answers by hand, to put updates in its way. */
function source() {
  const fetches: Array<(rows: Array<[string, string]>) => void> = [];
  const collection = createCollection<Rooms, Change>({
    fetch: () => new Promise<Rooms>((resolve) => fetches.push((rows) => resolve(new Map(rows)))),
    apply: (rooms, change) => {
      if (change.name === null) rooms.delete(change.id);
      else rooms.set(change.id, change.name);
    },
  });
  return { collection, answer: (n: number, rows: Array<[string, string]>) => fetches[n]!(rows) };
}

describe("a collection", () => {
  it("applies updates to the fetched state as they arrive", async () => {
    const { collection, answer } = source();
    const loading = collection.refresh();
    answer(0, [["kitchen", "Kitchen"]]);
    await loading;
    collection.update({ id: "office", name: "Office" });
    expect([...collection.state!]).toEqual([
      ["kitchen", "Kitchen"],
      ["office", "Office"],
    ]);
  });

  it("keeps an update that arrived during the fetch, even when the fetch answered from before it", async () => {
    const { collection, answer } = source();
    const loading = collection.refresh();
    collection.update({ id: "attic", name: null }); // removed while the list was on its way
    expect(collection.synced).toBe(false);
    answer(0, [
      ["attic", "Attic"],
      ["kitchen", "Kitchen"],
    ]);
    await loading;
    expect(collection.synced).toBe(true);
    expect([...collection.state!.keys()]).toEqual(["kitchen"]);
  });

  it("drops a fetch that a reconnect overtook, and serves the newer one", async () => {
    const { collection, answer } = source();
    const first = collection.refresh();
    collection.stale();
    const second = collection.refresh();
    answer(1, [["kitchen", "Kitchen (new)"]]);
    answer(0, [["kitchen", "Kitchen (old)"]]);
    await expect(first).resolves.toBeUndefined();
    await second;
    expect(collection.state!.get("kitchen")).toBe("Kitchen (new)");
  });

  it("is not synced after the source went away, until the next fetch lands", async () => {
    const { collection, answer } = source();
    const loading = collection.refresh();
    answer(0, []);
    await loading;
    collection.stale();
    expect(collection.synced).toBe(false);
    const again = collection.refresh();
    answer(1, [["hall", "Hall"]]);
    await again;
    expect(collection.synced).toBe(true);
    expect([...collection.state!.keys()]).toEqual(["hall"]);
  });

  it("keeps what it holds current while out of sync, and applies those updates to the next fetch too", async () => {
    const { collection, answer } = source();
    const loading = collection.refresh();
    answer(0, [["kitchen", "Kitchen"]]);
    await loading;
    collection.stale();
    collection.update({ id: "kitchen", name: "Cuisine" });
    expect(collection.state!.get("kitchen")).toBe("Cuisine");
    const again = collection.refresh();
    collection.update({ id: "hall", name: "Hall" });
    expect(collection.state!.get("hall")).toBe("Hall");
    answer(1, [["kitchen", "Cuisine"]]);
    await again;
    expect([...collection.state!]).toEqual([
      ["kitchen", "Cuisine"],
      ["hall", "Hall"],
    ]);
  });
});
