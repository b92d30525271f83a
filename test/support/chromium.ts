// Debian's Chromium driven by playwright-core, for the status page tests.
// `apt-get install -y chromium` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Throws, saying how to install it, when Chromium is not there. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
}

/** Headless Chromium with a fresh profile, speaking the given language; close() removes the profile. */
export async function launchChromium(locale: string): Promise<BrowserContext> {
  const userDataDir = await mkdtemp(join(tmpdir(), "status-page-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    locale,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // Chromium may still be writing its cache as it goes: retried, and a leftover in tmp is harmless.
  context.on("close", () => {
    rm(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => {});
  });
  return context;
}
