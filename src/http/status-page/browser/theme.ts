// Home Assistant shows an add-on's Ingress page in a plain iframe on its own origin and passes no
// theme to it (home-assistant/frontend, hassio/src/ingress-view/hassio-ingress-view.ts). The
// frontend sets the user's theme as CSS variables on its own document, so when the parent frame
// is readable (same origin, as under Ingress) the page takes the same variables from it. Without
// a parent, status.css falls back to Home Assistant's default colours, light or dark after the
// browser's prefers-color-scheme.

/** The theme variables status.css reads. */
const THEME_VARIABLES = [
  "--primary-color",
  "--accent-color",
  "--primary-background-color",
  "--secondary-background-color",
  "--card-background-color",
  "--ha-card-background",
  "--ha-card-border-radius",
  "--ha-card-border-color",
  "--ha-card-border-width",
  "--ha-card-box-shadow",
  "--primary-text-color",
  "--secondary-text-color",
  "--text-primary-color",
  "--disabled-text-color",
  "--divider-color",
  "--app-header-background-color",
  "--app-header-text-color",
  "--error-color",
  "--warning-color",
  "--success-color",
  "--info-color",
  "--code-editor-background-color",
  "--paper-font-body1_-_font-family",
  "--ha-font-family-body",
] as const;

/** Copies the parent frame's theme variables onto this page; false when there is none to read. */
export function adoptParentTheme(): boolean {
  let source: CSSStyleDeclaration;
  try {
    if (window.parent === window) return false;
    source = window.parent.getComputedStyle(window.parent.document.documentElement);
  } catch {
    return false; // another origin: nothing to read, the fallbacks stand
  }
  const root = document.documentElement;
  let found = false;
  for (const name of THEME_VARIABLES) {
    const value = source.getPropertyValue(name).trim();
    if (!value) continue;
    // CSSOM writes are not inline style attributes, so the page's CSP allows them.
    root.style.setProperty(name, value);
    found = true;
  }
  const background = source.getPropertyValue("--primary-background-color").trim();
  if (background) root.style.setProperty("color-scheme", isDark(background) ? "dark" : "light");
  return found;
}

/** Whether a CSS colour is dark, judged by its relative luminance; unknown forms count as light. */
export function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  let rgb: number[] | undefined;
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
    rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  } else {
    const parts = /^rgba?\(([^)]+)\)$/i.exec(color)?.[1]?.split(/[\s,/]+/);
    if (parts && parts.length >= 3) rgb = parts.slice(0, 3).map(Number);
  }
  if (!rgb || rgb.some((v) => Number.isNaN(v))) return false;
  const [r = 0, g = 0, b = 0] = rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}
