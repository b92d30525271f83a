// Colours as data for Color Switch CC (zwave-js packages/cc/src/cc/ColorSwitchCC.ts): a colour by
// name from a fixed set, hue and saturation, RGB, or a white by its colour temperature, turned into
// the channels a device has, the way Home Assistant's `zwave_js` light does it
// (homeassistant/components/zwave_js/light.py): a colour at full intensity with the whites off, a
// white as a warm/cold mix between 2700 K and 6500 K with the colours off, brightness left to the
// Multilevel Switch. The names are English keys; the words people say for them in six languages
// belong to the fast path's grammars.

/** Color Switch channels (zwave-js `ColorComponent`) by the key its compound `targetColor` uses. */
export const COLOR_CHANNELS = {
  warmWhite: 0,
  coldWhite: 1,
  red: 2,
  green: 3,
  blue: 4,
  amber: 5,
  cyan: 6,
  purple: 7,
} as const;
export type ColorChannel = keyof typeof COLOR_CHANNELS;

/** Channel values, 0–255, by channel key. */
export type ChannelValues = Partial<Record<ColorChannel, number>>;

/** The colour names a host may give, each a hue and saturation (white: every RGB channel). */
export const COLOR_NAMES = [
  "red",
  "orange",
  "yellow",
  "green",
  "cyan",
  "blue",
  "purple",
  "magenta",
  "pink",
  "white",
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

const HUES: Record<Exclude<ColorName, "white">, [hue: number, saturation: number]> = {
  red: [0, 100],
  orange: [30, 100],
  yellow: [60, 100],
  green: [120, 100],
  cyan: [180, 100],
  blue: [240, 100],
  purple: [275, 100],
  magenta: [300, 100],
  pink: [330, 60],
};

/** Home Assistant's zwave_js light range: the warm and the cold white channel. */
export const WARMEST_KELVIN = 2700;
export const COLDEST_KELVIN = 6500;
/** The whites people name. */
export const WHITE_TEMPERATURES = { warm: WARMEST_KELVIN, neutral: 4000, cold: COLDEST_KELVIN } as const;
export type WhiteTemperature = keyof typeof WHITE_TEMPERATURES;

/** What was asked: a colour (RGB, 0–255 each) or a white (kelvin). */
export type ColorRequest = { rgb: [number, number, number] } | { kelvin: number };

/** Hue (0–360) and saturation (0–100) at full intensity, as 0–255 RGB. */
export function hsToRgb(hue: number, saturation: number): [number, number, number] {
  const s = Math.max(0, Math.min(100, saturation)) / 100;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = 1 - Math.abs((h % 2) - 1);
  const [r, g, b] =
    h < 1
      ? [1, x, 0]
      : h < 2
        ? [x, 1, 0]
        : h < 3
          ? [0, 1, x]
          : h < 4
            ? [0, x, 1]
            : h < 5
              ? [x, 0, 1]
              : [1, 0, x];
  // Saturation mixes in white: at 0 every channel is full.
  return [r, g, b].map((c) => Math.round((1 - s + s * c) * 255)) as [number, number, number];
}

export function nameToRequest(name: ColorName): ColorRequest {
  if (name === "white") return { rgb: [255, 255, 255] };
  const [hue, saturation] = HUES[name];
  return { rgb: hsToRgb(hue, saturation) };
}

/** "#ff8000" (with or without "#") as RGB; undefined when it is no such colour. */
export function parseHex(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return undefined;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(c ?? 0)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * The channel values that show `request` on a device with these channels, every other channel it
 * has off; a string says why it cannot (a white on a bulb with no white channel).
 */
export function channelValues(request: ColorRequest, has: ReadonlySet<ColorChannel>): ChannelValues | string {
  const out: ChannelValues = {};
  for (const c of has) out[c] = 0;
  if ("rgb" in request) {
    if (!has.has("red") || !has.has("green") || !has.has("blue"))
      return "it has no red, green and blue channels";
    [out.red, out.green, out.blue] = request.rgb;
    return out;
  }
  const k = Math.max(WARMEST_KELVIN, Math.min(COLDEST_KELVIN, request.kelvin));
  if (has.has("warmWhite") && has.has("coldWhite")) {
    const cold = Math.round(((k - WARMEST_KELVIN) / (COLDEST_KELVIN - WARMEST_KELVIN)) * 255);
    out.coldWhite = cold;
    out.warmWhite = 255 - cold;
    return out;
  }
  // One white channel shows only its own white.
  if (has.has("warmWhite") && k <= WHITE_TEMPERATURES.neutral) return { ...out, warmWhite: 255 };
  if (has.has("coldWhite") && k >= WHITE_TEMPERATURES.neutral) return { ...out, coldWhite: 255 };
  if (!has.has("warmWhite") && !has.has("coldWhite")) return "it has no white channels";
  return `its one white channel cannot show ${request.kelvin} K`;
}

/** What the channels show: a colour (any of red, green, blue lit) or a white's temperature. */
export function colorOf(channels: ChannelValues): { rgb: string | null; kelvin: number | null } {
  const { red = 0, green = 0, blue = 0, warmWhite = 0, coldWhite = 0 } = channels;
  if (red > 0 || green > 0 || blue > 0) return { rgb: toHex([red, green, blue]), kelvin: null };
  if (warmWhite + coldWhite > 0) {
    const share = coldWhite / (warmWhite + coldWhite);
    return { rgb: null, kelvin: Math.round(WARMEST_KELVIN + share * (COLDEST_KELVIN - WARMEST_KELVIN)) };
  }
  return { rgb: null, kelvin: null };
}

/** The channel key of a Color Switch property key (a channel number). */
export function channelOf(propertyKey: unknown): ColorChannel | undefined {
  return (Object.keys(COLOR_CHANNELS) as ColorChannel[]).find((c) => COLOR_CHANNELS[c] === propertyKey);
}
