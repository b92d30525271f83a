// The Color Switch values of one endpoint as zwave-js keeps them (zwave-js packages/cc/src/cc/
// ColorSwitchCC.ts): the compound `targetColor` written in one Set, and each channel's
// `currentColor` (property key: the channel number), which the device reports one by one.
import { channelOf, colorOf, type ChannelValues, type ColorChannel } from "./colors.js";
import type { ColorState } from "./contract.js";
import { valueOn, valuesOn } from "./endpoints.js";
import { CC } from "./functions.js";
import type { ZwaveNode, ZwaveValue } from "./model.js";

export interface ColorSwitchValues {
  /** The compound target: one Set for every channel. */
  target: ZwaveValue;
  /** Each channel the device has, by the value it reports it on. */
  channels: Map<ColorChannel, ZwaveValue>;
}

export function colorSwitchOf(node: ZwaveNode, endpoint: number): ColorSwitchValues | undefined {
  const target = valueOn(node, endpoint, CC.colorSwitch, "targetColor");
  if (!target?.writeable) return undefined;
  const channels = new Map<ColorChannel, ZwaveValue>();
  for (const v of valuesOn(node, endpoint)) {
    if (v.commandClass !== CC.colorSwitch || v.property !== "currentColor") continue;
    const channel = channelOf(v.propertyKey);
    if (channel) channels.set(channel, v);
  }
  return channels.size ? { target, channels } : undefined;
}

/** What the channels last reported, as a colour or a white; null until every channel has reported. */
export function reportedColor(cs: ColorSwitchValues): ColorState | null {
  const values: ChannelValues = {};
  for (const [channel, v] of cs.channels) {
    if (typeof v.value !== "number") return null;
    values[channel] = v.value;
  }
  return colorOf(values);
}
