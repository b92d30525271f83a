// Two MCP servers of the kind users add beside the bridge, ~55 tools each, with descriptions and
// schemas as long as such servers write them: a Home Assistant administration server and a
// household server. For tests and benchmarks of what the model is offered per request.
import { fixtureServer, objectSchema, type FixtureTool } from "./fixtures.js";
import type { McpServerConfig } from "../../../src/mcp/client/server-config.js";

const str = (description: string) => ({ type: "string", description });

function tool(
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): FixtureTool {
  return { name, description, inputSchema: objectSchema(properties, required) };
}

const ADMIN_THINGS = [
  "automation",
  "script",
  "scene",
  "dashboard",
  "blueprint",
  "helper",
  "zone",
  "person",
  "tag",
  "label",
  "floor",
  "area",
  "backup",
  "addon",
  "user",
  "integration",
  "device",
  "entity",
];

/** The administration server's tools: the actions tests use, then get/update/delete of each kind. */
export function adminTools(): FixtureTool[] {
  const tools: FixtureTool[] = [
    tool(
      "ha_create_automation",
      "Create a new Home Assistant automation from a trigger, optional conditions and actions. The automation is saved to automations.yaml and enabled at once. Use this when the user asks for something to happen automatically at a time, at sunrise or sunset, or when a device changes.",
      {
        alias: str("Name of the automation"),
        trigger: str("When it runs, e.g. 'sunset' or '07:00'"),
        action: str("What it does, in words"),
      },
      ["alias", "trigger", "action"],
    ),
    tool(
      "ha_reload_integration",
      "Reload one integration's config entry without restarting Home Assistant, e.g. after a device was re-paired or a cloud service stopped answering. Returns the entry's new state.",
      { integration: str("The integration's domain or title, e.g. 'zha', 'hue'") },
      ["integration"],
    ),
    tool(
      "ha_system_health",
      "Report Home Assistant's system health: version, installation type, database size, recorder backlog, and any integration that failed to set up.",
      {},
    ),
  ];
  for (const thing of ADMIN_THINGS) {
    tools.push(
      tool(
        `ha_get_${thing}`,
        `Read one ${thing} of Home Assistant with its full configuration, by id or name. Returns the stored configuration as JSON.`,
        { id: str(`The ${thing}'s id or name`) },
        ["id"],
      ),
      tool(
        `ha_update_${thing}`,
        `Change the configuration of an existing ${thing}. Only the given fields change; the rest stay as they are. Validates the result before saving it.`,
        { id: str(`The ${thing}'s id`), changes: { type: "object", description: "Fields to change" } },
        ["id", "changes"],
      ),
      tool(
        `ha_delete_${thing}`,
        `Delete a ${thing} from Home Assistant. This cannot be undone; make sure the user asked for it.`,
        { id: str(`The ${thing}'s id`) },
        ["id"],
      ),
    );
  }
  return tools;
}

const HOUSEHOLD_THINGS = [
  "recipe",
  "chore",
  "bill",
  "subscription",
  "plant",
  "pet",
  "vehicle",
  "warranty",
  "contact",
  "document",
  "password_hint",
  "meal_plan",
  "pantry_item",
  "appointment",
  "shopping_store",
];

/** The household server's tools: the actions tests use, then list/add/remove of each kind. */
export function householdTools(): FixtureTool[] {
  const tools: FixtureTool[] = [
    tool(
      "todo_add_item",
      "Add an item to one of the household's to-do or shopping lists. Creates the item unchecked at the end of the list.",
      { list: str("The list, e.g. 'shopping'"), item: str("What to add") },
      ["list", "item"],
    ),
    tool(
      "calendar_list_events",
      "List the events of the family calendar between two dates, with title, start, end and location.",
      { start: str("First day, ISO date"), end: str("Last day, ISO date") },
      ["start"],
    ),
    tool(
      "timer_start",
      "Start a kitchen timer that announces itself on the speakers when it ends.",
      { minutes: { type: "number", description: "Length in minutes" }, label: str("What it is for") },
      ["minutes"],
    ),
    tool(
      "parcel_list_deliveries",
      "List the parcels the household expects, with carrier, status and expected delivery day.",
      { day: str("Only deliveries expected this day, ISO date") },
    ),
  ];
  for (const thing of HOUSEHOLD_THINGS) {
    const words = thing.replace(/_/g, " ");
    tools.push(
      tool(
        `${thing}_list`,
        `List the household's ${words}s with their details, newest first. Supports a text filter.`,
        { filter: str("Words to look for") },
      ),
      tool(
        `${thing}_add`,
        `Add a ${words} to the household's records, with a name and optional notes.`,
        { name: str(`The ${words}'s name`), notes: str("Notes") },
        ["name"],
      ),
      tool(
        `${thing}_remove`,
        `Remove a ${words} from the household's records by name.`,
        { name: str(`The ${words}'s name`) },
        ["name"],
      ),
      tool(
        `${thing}_update`,
        `Change the notes or details of a ${words} in the household's records.`,
        { name: str(`The ${words}'s name`), notes: str("New notes") },
        ["name"],
      ),
    );
  }
  return tools;
}

/** The two servers, as the bridge's `mcp_servers` entries (real MCP SDK servers over stdio). */
export function manyToolServers(): McpServerConfig[] {
  return [
    fixtureServer({ name: "ha_admin", tools: adminTools() }),
    fixtureServer({ name: "household", tools: householdTools() }),
  ];
}
