// What a spoken phrase resolves to, and what resolving needs: shared by the resolver, the place
// and device-name lookups, and every concern of a turn.
import type { AreaView, EntityView, HomeMirror } from "../ha/mirror.js";
import type { FastPathGrammar, StateWord } from "./grammar-types.js";
import type { ZwaveTarget as ZwaveDevice } from "../zwave-host/zwave-target.js";

/** One thing a sentence acts on or asks about. */
export type Target =
  { source: "zwave"; device: ZwaveDevice; name: string } | { source: "ha"; entity: EntityView; name: string };

/**
 * One load of a device with several, as the home knows it: the Z-Wave endpoint, and the target it
 * is acted on as (Home Assistant's entity when the node is joined, docs/architecture.md "The identity
 * join"; else the Z-Wave target itself), and the places it is in (the node's location, HA's area).
 */
export interface Load {
  device: ZwaveDevice;
  target: Target;
  places: string[];
}

export type Resolved =
  | { kind: "one"; target: Target }
  /**
   * A whole area, floor or kind of device; `place` is the place as the speaker named it, `said`
   * the kind word when a kind was asked for (an empty group then has none of that kind). `whole`:
   * "everything", "all" or a bare area, which acts only on what is safe to switch as a group.
   */
  | { kind: "group"; targets: Target[]; place?: string; said?: string; whole?: boolean }
  /**
   * Devices of the kind asked for are there, but none can do what was asked ("close the lights");
   * `domains` says what they are, in Home Assistant's terms.
   */
  | { kind: "unsupported"; names: string[]; domains: string[] }
  /**
   * Which of these: devices, or (`rooms`) the rooms that have what was asked for. Each choice
   * says what the sentence means if the user picks it (understanding/choice-answer.ts).
   */
  | { kind: "ambiguous"; choices: Choice[]; rooms?: true }
  /** "Here" was said, and the speaker's area is not known. */
  | { kind: "nowhere" }
  | { kind: "not_found"; name: string }
  | { kind: "not_exposed"; name: string }
  /** "outlet 2 of the dryer plug": a load other than the first of a device, `name`, that has one. */
  | { kind: "one_load_only"; name: string };

/**
 * One answer to "which one?": how the question names it, the words that pick it ("Bedroom", a
 * device's own name), and what the sentence then acts on.
 */
export interface Choice {
  label: string;
  /** Names the choice goes by, as said: a device's name, its room's; the label is one too. */
  names: string[];
  resolved: Extract<Resolved, { kind: "one" | "group" }>;
  /** The choice that is the whole home ("… or the whole house?"). */
  home?: true;
}

/** What an intent may act on: Home Assistant domains, and which Z-Wave devices. */
export interface Scope {
  domain: (domain: string) => boolean;
  /** Domains a bare "everything" means. */
  everything: ReadonlySet<string>;
  zwave: (device: ZwaveDevice) => boolean;
  /** The intent is about sound only (volume, muting). */
  sound?: true;
}

/** A spoken area or floor: Home Assistant areas and the Z-Wave locations that match it. */
export interface Place {
  label: string;
  areas: AreaView[];
  /** Normalised names a Z-Wave device's location may have to be here. */
  locations: Set<string>;
}

export interface ResolveContext {
  grammar: FastPathGrammar;
  mirror: HomeMirror;
  /** The mirror's areas and exposed entities, built once per sentence (see `homeViews`). */
  areas: () => AreaView[];
  exposed: () => EntityView[];
  devices: readonly ZwaveDevice[];
  /**
   * Every load of a Z-Wave device with several, joined to Home Assistant or not, as the target it
   * is acted on as; left out, the loads of `devices`.
   */
  loads?: () => readonly Load[];
  scope: Scope;
  speakerDeviceId?: string;
  /** What "it" meant in the previous command of this conversation. */
  previous?: Target[];
  /** The sentence asks rather than acts. */
  question?: boolean;
  /** The state the question asks about ("locked" of "is the door locked"), if it names one. */
  asked?: StateWord;
}
