// What the mirror does in Home Assistant: service calls, only on entities exposed to Assist, and
// questions to HA's own conversation agent.
import { callService as hawsCallService, type HassServiceTarget } from "home-assistant-js-websocket";
import type { HaLink } from "./connection.js";
import { processWithHomeAssistantAgent } from "./conversation.js";
import { recognizeWithHomeAssistantAgent } from "./recognition.js";
import { fromCommandRejection, HomeAssistantError } from "./errors.js";
import type { HomeIndex } from "./home-index.js";
import type { HomeMirror, ServiceTarget } from "./home-mirror.js";

export type MirrorActions = Pick<HomeMirror, "callService" | "converse" | "recognize">;

function targetEntityIds(
  data: Record<string, unknown> | undefined,
  target: ServiceTarget | undefined,
): string[] {
  const ids: unknown[] = [];
  for (const value of [target?.entity_id, data?.entity_id]) {
    if (Array.isArray(value)) ids.push(...(value as unknown[]));
    else if (value !== undefined) ids.push(value);
  }
  return ids.map(String);
}

export function createMirrorActions(link: HaLink, currentIndex: () => HomeIndex): MirrorActions {
  return {
    callService: async (domain, service, serviceData, target) => {
      const what = `${domain}.${service}`;
      const conn = link.connection();
      if (!conn) {
        throw new HomeAssistantError(
          `${what}: ${link.state().error ?? "Home Assistant is not connected"}`,
          "not_connected",
        );
      }
      const entityIds = targetEntityIds(serviceData, target);
      if (entityIds.length === 0) {
        throw new HomeAssistantError(
          `${what}: name the entities to act on by entity_id`,
          "unsupported_target",
        );
      }
      const idx = currentIndex();
      for (const entityId of entityIds) {
        if (!idx.records.get(entityId)?.exposed) {
          throw new HomeAssistantError(`${entityId} is not exposed to Assist`, "not_exposed");
        }
      }
      try {
        return await hawsCallService(
          conn,
          domain,
          service,
          serviceData,
          target as HassServiceTarget | undefined,
        );
      } catch (err) {
        throw fromCommandRejection(err, what);
      }
    },
    converse: async (text, language) => {
      const conn = link.connection();
      if (!conn) {
        throw new HomeAssistantError(
          link.state().error ?? "Home Assistant is not connected",
          "not_connected",
        );
      }
      return processWithHomeAssistantAgent(conn, text, language);
    },
    recognize: async (text, language, deviceId) => {
      const conn = link.connection();
      if (!conn) {
        throw new HomeAssistantError(
          link.state().error ?? "Home Assistant is not connected",
          "not_connected",
        );
      }
      return recognizeWithHomeAssistantAgent(conn, text, language, deviceId);
    },
  };
}
