import type { StatusSnapshot, ZwaveDeviceRow } from "../snapshot.js";
import type { ToolInfo } from "../../../tools/registry.js";
import { deviceStatus, deviceValue } from "./device-words.js";
import { badge, el, type Child } from "./dom.js";
import type { Words } from "./words.js";

/** The tools, filtered by the words typed; each with its schema behind a fold, built when opened. */
export function toolList(tools: ToolInfo[], filter: string, openSchemas: Set<string>, t: Words): Child {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = tools.filter((tool) => {
    const text = `${tool.name} ${tool.tool} ${tool.server} ${tool.toolbox} ${tool.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  if (!shown.length) return el("p", { class: "note" }, t.noTools);
  return el(
    "ul",
    { class: "list" },
    shown.map((tool) =>
      el(
        "li",
        { class: tool.available ? "tool" : "tool unavailable", "data-tool": tool.name },
        el(
          "div",
          { class: "row-head" },
          el("code", {}, tool.name),
          tool.available ? "" : badge("bad", t.unavailable),
          el(
            "span",
            { class: "note" },
            `${tool.server}/${tool.tool} · ${t.toolbox} ${tool.toolbox} · ${tool.source}`,
          ),
        ),
        tool.namespaced && tool.reason ? el("div", { class: "note" }, `${t.namespaced}: ${tool.reason}`) : "",
        tool.description ? el("div", { class: "note" }, firstLine(tool.description)) : "",
        schema(tool, openSchemas, t),
      ),
    ),
  );
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 200)} …` : line;
}

function schema(tool: ToolInfo, openSchemas: Set<string>, t: Words): HTMLElement {
  const details = el(
    "details",
    { class: "schema", open: openSchemas.has(tool.name) },
    el("summary", {}, t.schema),
  );
  const pre = el("pre", {});
  details.append(pre);
  const show = () => {
    if (!details.open) return void openSchemas.delete(tool.name);
    openSchemas.add(tool.name);
    if (!pre.textContent) pre.textContent = JSON.stringify(tool.inputSchema, null, 2);
  };
  details.addEventListener("toggle", show);
  if (details.open) show();
  return details;
}

export function deviceList(devices: StatusSnapshot["devices"], t: Words): Child {
  const valueOf = (dev: ZwaveDeviceRow): Child => {
    const said = deviceValue(t, dev);
    return said ? el("div", { class: "value" }, said) : "";
  };
  const zwave = devices.zwave;
  const zwaveBody = !zwave
    ? el("p", { class: "note" }, t.noZwave)
    : [
        zwave.error ? el("p", { class: "error" }, zwave.error) : "",
        el(
          "ul",
          { class: "list" },
          zwave.devices.map((dev) =>
            el(
              "li",
              {},
              el(
                "div",
                { class: "row-head" },
                el("strong", {}, dev.name),
                badge(
                  dev.online === false ? "bad" : "ok",
                  dev.state ? deviceStatus(t, dev.state) : dev.online ? t.online : t.offline,
                ),
                el(
                  "span",
                  { class: "note" },
                  [
                    dev.location,
                    dev.nodeId !== undefined ? `${t.node} ${dev.nodeId}` : "",
                    dev.endpoint !== undefined ? `${t.endpoint} ${dev.endpoint}` : "",
                  ]
                    .filter(Boolean)
                    .join(" · "),
                ),
              ),
              valueOf(dev),
            ),
          ),
        ),
      ];
  const areas = devices.areas.length
    ? devices.areas.map((area) =>
        el(
          "div",
          { class: "area" },
          el("h4", {}, area.name, area.floor ? el("span", { class: "note" }, ` · ${area.floor}`) : ""),
          el(
            "ul",
            { class: "list" },
            area.entities.map((e) =>
              el(
                "li",
                {},
                `${e.name}: `,
                el("strong", {}, e.state + (e.unit ? ` ${e.unit}` : "")),
                " ",
                el("code", { class: "note" }, e.entityId),
                e.stale ? el("span", { class: "note" }, ` (${t.stale})`) : "",
              ),
            ),
          ),
        ),
      )
    : el("p", { class: "note" }, t.noAreas);
  return [el("h3", {}, t.zwaveDevices), zwaveBody, el("h3", {}, t.areas), areas];
}
