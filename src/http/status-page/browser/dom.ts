// Every node is built with createElement and text nodes: nothing from status.json is ever parsed
// as HTML, so a device or tool name cannot inject markup into the page.

export type Child = Node | string | number | false | null | undefined | Child[];

type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(key.replace(/^on/, ""), value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else if (child !== undefined && child !== null && child !== false && child !== "")
      node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replaces the contents of the element with this id. */
export function fill(id: string, ...content: Child[]): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.replaceChildren();
  append(target, content);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node as T;
}

export type Tone = "ok" | "bad" | "warn" | "muted" | "path";

export const badge = (tone: Tone, text: string) => el("span", { class: `badge ${tone}` }, text);

/** A card in Home Assistant's shape: a header line, then content. */
export function card(title: Child, attributes: Attributes, ...content: Child[]): HTMLElement {
  const { class: extra, ...rest } = attributes;
  return el(
    "article",
    { class: `card${extra ? ` ${String(extra)}` : ""}`, ...rest },
    el("h3", { class: "card-header" }, title),
    el("div", { class: "card-content" }, ...content),
  );
}

/** A label and its value on one line, wrapping under each other on a narrow screen. */
export const fact = (label: string, ...value: Child[]) =>
  el(
    "div",
    { class: "fact" },
    el("span", { class: "label" }, label),
    el("span", { class: "value" }, ...value),
  );
