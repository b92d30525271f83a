import { isIP } from "node:net";
import { hostname } from "node:os";

const LOCAL_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * DNS-rebinding protection for clients admitted without a token (loopback, stand-alone): a web
 * page that rebinds its own name to 127.0.0.1 still sends that name as Host, so only names we
 * know are accepted. An IP literal is always ours: a rebinding page never has one as its origin.
 * The machine's own name is how Home Assistant reaches an add-on (`<slug>`, `<slug>.local.hass.io`).
 */
export function createHostCheck(
  extraNames: readonly string[] = [],
): (hostHeader: string | undefined) => boolean {
  const own = hostname().toLowerCase();
  const allowed = new Set([
    ...LOCAL_NAMES,
    own,
    `${own}.local.hass.io`,
    ...extraNames.map((n) => n.toLowerCase()),
  ]);
  return (hostHeader) => {
    // Browsers send a bare host[:port]; anything else is not a browser and not trusted by name.
    if (!hostHeader || /[@/\\?#\s]/.test(hostHeader)) return false;
    let name: string;
    try {
      name = new URL(`http://${hostHeader}`).hostname.toLowerCase();
    } catch {
      return false;
    }
    return allowed.has(name) || isIP(name.replace(/^\[|\]$/g, "")) !== 0;
  };
}
