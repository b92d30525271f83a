import { normalizeName } from "../spoken-name.js";
import { ZWAVE_TOOLS } from "../tools/own-servers.js";
import type { ToolRegistry } from "../tools/registry.js";

export interface ZwaveDevice {
  name: string;
  location: string;
  nodeId: number;
  state: string;
  online: boolean;
  value: string | null;
}

const FRESH_MS = 5000;

/**
 * The Z-Wave devices as `list_zwave_devices` reports them, cached briefly: the fast path and
 * the system prompt ask on every sentence, the network rarely changes between two.
 */
export function createZwaveCatalog(registry: ToolRegistry) {
  let cached: { at: number; devices: ZwaveDevice[] } | undefined;
  let inflight: Promise<ZwaveDevice[]> | undefined;

  async function load(): Promise<ZwaveDevice[]> {
    const result = await registry.executeIdentifier(
      { ...ZWAVE_TOOLS, name: "list_zwave_devices" },
      { includeInactive: true },
      { timeoutMs: 3000 },
    );
    // While the server restarts or the gateway is offline, keep the names we knew: the control
    // call then says "unavailable", which is true; "no such device" would not be.
    if (!result.ok) return cached?.devices ?? [];
    const devices = parseDevices(result.structuredContent?.devices);
    cached = { at: Date.now(), devices };
    return devices;
  }

  return {
    async devices(options: { refresh?: boolean } = {}): Promise<ZwaveDevice[]> {
      const refresh = () => (inflight ??= load().finally(() => (inflight = undefined)));
      if (options.refresh || !cached) return refresh();
      // Older than a few seconds: answer with what we know and refresh behind it, so a sentence
      // never waits for a listing that names the same devices.
      if (Date.now() - cached.at >= FRESH_MS) void refresh().catch(() => undefined);
      return cached.devices;
    },
  };
}

export type ZwaveCatalog = ReturnType<typeof createZwaveCatalog>;

function parseDevices(raw: unknown): ZwaveDevice[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((d) => {
    if (typeof d !== "object" || d === null) return [];
    const o = d as Record<string, unknown>;
    if (typeof o.name !== "string" || typeof o.nodeId !== "number") return [];
    return [
      {
        name: o.name,
        location: typeof o.location === "string" ? o.location : "",
        nodeId: o.nodeId,
        state: typeof o.state === "string" ? o.state : "unknown",
        online: o.online !== false,
        value: typeof o.value === "string" ? o.value : null,
      },
    ];
  });
}

export interface CatalogMatch {
  exact: ZwaveDevice[];
  partial: ZwaveDevice[];
}

/**
 * Exact: the name, or location + name. Partial: every spoken word is in the name or location,
 * at least one in the name.
 * `places` (normalised names) keeps devices whose location is one of them.
 */
export function matchDevices(
  devices: readonly ZwaveDevice[],
  name: string,
  places?: ReadonlySet<string>,
): CatalogMatch {
  const query = normalizeName(name);
  const exact: ZwaveDevice[] = [];
  const partial: ZwaveDevice[] = [];
  for (const device of devices) {
    const own = normalizeName(device.name);
    const location = normalizeName(device.location);
    if (places && !places.has(location)) continue;
    if (own === query || (location && `${location} ${own}` === query)) {
      exact.push(device);
      continue;
    }
    const words = new Set(`${location} ${own}`.split(" "));
    const spoken = query.split(" ");
    // Every word fits, and one of them is the device's own: "kitchen" alone is a place, not a name.
    const ownWords = own.split(" ");
    if (spoken.every((w) => words.has(w)) && spoken.some((w) => ownWords.includes(w))) partial.push(device);
  }
  return { exact, partial };
}
