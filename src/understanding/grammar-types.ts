// The shape of one language's grammar: the data in grammars/*.ts and what the matcher,
// the target resolver and the replies read from it.

/** What a fast-path sentence asks for. */
export type FastIntent =
  | "turn_on"
  | "turn_off"
  | "toggle"
  /**
   * "stoppe den Ventilator": a fan stops by turning off. Nothing else stops that way (a cover
   * halts where it is, a player pauses), so only fans are ours to stop.
   */
  | "stop"
  | "open"
  /** A cover to a position in percent (0 closed, 100 open): "open the blinds halfway". */
  | "set_position"
  /** A light to a colour or a white: "make the lamp red", "set the bulb to warm white", "… to 2700 kelvin". */
  | "set_color"
  | "close"
  | "lock"
  | "unlock"
  | "set_level"
  | "brighten"
  | "dim"
  /** Up or down by a step, of whatever the target has a level of: a light's brightness, a speaker's volume. */
  | "step_up"
  | "step_down"
  | "set_volume"
  /** The volume by a step (or by an amount said): "louder", "turn the volume down a bit". */
  | "volume_up"
  | "volume_down"
  | "mute"
  | "unmute"
  | "query_state"
  /** About a group: "are any windows open", "are all …", "which …", "how many …". */
  | "query_any"
  | "query_all"
  | "query_which"
  | "query_count"
  /** How far a cover is open: "how far open is the shutter", "wie weit ist der Rollladen offen". */
  | "query_position"
  | "query_sensor"
  /** Whether a sensor reports something in a place or on a device: "is there a leak in the basement", "any motion …". */
  | "query_detect"
  /** Which devices' batteries are low. */
  | "query_low_battery"
  /** What a thermostat is set to ("auf wie viel Grad ist die Heizung eingestellt"), whatever word it uses. */
  | "query_setpoint"
  | "query_time"
  | "query_date";

export type SensorKind =
  | "temperature"
  /** A thermostat's set point: the temperature it heats or cools to, not the one it measures. */
  | "target_temperature"
  | "humidity"
  | "battery"
  | "power"
  | "energy"
  /** A meter's current (A) and voltage (V). */
  | "current"
  | "voltage"
  | "illuminance";

/**
 * What a binary sensor or a notification reports, by Home Assistant's binary sensor device classes
 * (`moisture` is a leak, `carbon_monoxide` CO, `tamper`, `motion`, `occupancy`, `smoke`).
 */
export type Detection = "leak" | "motion" | "occupancy" | "smoke" | "co" | "tamper";

/** Colours a light is set to by name; each is Home Assistant's colour name of the same word. */
export type ColorName = "red" | "orange" | "yellow" | "green" | "blue" | "purple" | "pink" | "white";

/** Whites a light is set to by word: warm (2700 K) and cold (6500 K). */
export type WhiteName = "warm" | "cold";

/**
 * Kinds of device a sentence can name instead of a device ("the lights in the kitchen"); the
 * cover classes are Home Assistant's device classes ("the curtains" are not the garage door).
 */
export type DeviceKind =
  | "light"
  | "switch"
  /** A switch of Home Assistant's device class `outlet`: a plug, socket or outlet. */
  | "outlet"
  | "fan"
  | "cover"
  | "lock"
  | "media_player"
  /** A media player of device class `tv`: "the tv" is never the speaker. */
  | "tv"
  | "scene"
  | "climate"
  | CoverClass;

/** Home Assistant's cover device classes a sentence can name. */
export type CoverClass =
  "curtain" | "blind" | "shade" | "shutter" | "window" | "garage" | "gate" | "awning" | "door";

/** States a question can ask about, and a reply can name. */
export type StateWord = "on" | "off" | "open" | "closed" | "locked" | "unlocked";

export interface FastPathReplies {
  turnedOn: string;
  turnedOff: string;
  opened: string;
  closed: string;
  activated: string;
  toggled: string;
  /** A whole area, floor or kind: `{names}` is the list of what switched. */
  groupOn: string;
  groupOff: string;
  groupOpened: string;
  groupClosed: string;
  nothingToSwitch: string;
  /** Nothing to switch in the whole home (no place was named). */
  nothingToSwitchAnywhere: string;
  /** "Open everything", "lock the whole house": never done to all at once; the user names one. */
  notAllAtOnce: string;
  setLevel: string;
  /** A cover's position the device reported: `{name}`, `{level}`. */
  positionSet: string;
  /** A cover halted where it is. */
  stopped: string;
  /** A light's colour or white, as the device reported it: `{name}`, `{color}`. */
  colorSet: string;
  volumeSet: string;
  muted: string;
  unmuted: string;
  /** "Dim the lights" while they are off: nothing to dim, and nothing switched on. */
  alreadyOff: string;
  /**
   * A kind asked for in a place that has none of it ("dim the lights" where there are no lights):
   * `{kind}` is the word the user said, `{place}` the place.
   */
  noneOfKind: string;
  /** None of the kind anywhere in the home (no place was named): `{kind}` as in `noneOfKind`. */
  noneOfKindAnywhere: string;
  /** "how far open is the kitchen", a place with no cover: `{place}` as said. */
  noCoversIn: string;
  notConfirmed: string;
  someNotConfirmed: string;
  confirmUnlock: string;
  /** Opening a garage door or gate: asked first. */
  confirmOpen: string;
  /** Disarming an alarm panel: asked first. */
  confirmDisarm: string;
  /** A call whose effect cannot be told (a tool that says it is destructive, a device not known yet). */
  confirmRun: string;
  sensorValue: string;
  /**
   * A reading of a device rather than of a place ("The temperature of Office Sensor is 21.5
   * degrees."): `now`, or `past` for an old reading, whose `{value}` says how old it is.
   */
  deviceReading: { now: string; past: string };
  /** What a device draws, its power: "Dryer Plug is using 5 watts.", "… was using …" (old). */
  deviceUsing: { now: string; past: string };
  noSensor: string;
  whichArea: string;
  stateYes: string;
  stateNo: string;
  stateIs: string;
  /**
   * A cover's position as the state `stateIs`, `stateYes` and `stateNo` put in `{state}`: partly
   * open (`{level}` is "40 percent"), or all the way open.
   */
  partlyOpen: string;
  fullyOpen: string;
  /** Questions about a group ("are any windows open"): `{names}` of those in `{state}`. */
  groupAnyYes: string;
  groupAnyNo: string;
  groupAllYes: string;
  groupAllNo: string;
  /**
   * "is the light off?" in a room where some are and some are not: both said. `{State}` is the
   * state word with a capital, `{names}` those in it, `{others}` those not.
   */
  groupSome: string;
  groupWhich: string;
  groupWhichNone: string;
  groupCount: string;
  /** "How many … are on", when one is: the verb in the singular ("One of them is on."). */
  groupCountOne: string;
  /** "is there a leak …": `{what}` is the detection's name, `{names}` those that report it. */
  detectYes: string;
  /** None reports it: `{names}` the sensors asked. */
  detectNo: string;
  /** No sensor of that kind is there: `{what}`, `{place}`. */
  noDetector: string;
  /** Batteries at or below the low mark, `{names}` with their levels. */
  lowBatteries: string;
  noLowBatteries: string;
  notFound: string;
  notExposed: string;
  /** A load other than the first asked of a device with one ("outlet 2 of the dryer plug"): `{name}` the device. */
  oneLoadOnly: string;
  /** Said after "not found" while Home Assistant's devices were never loaded. */
  homeUnseen: string;
  /** Z-Wave's devices have not been listed yet (it is still connecting, or not reachable yet). */
  zwaveNotConnected: string;
  ambiguous: string;
  /** More candidates than a question can list: `{count}` of them. */
  manyFit: string;
  /** "Here" was said, but the satellite has no area (or there is no satellite). */
  unknownHere: string;
  cannotDo: string;
  /** The same said of several devices (`{name}` lists them), with the verb in the plural. */
  cannotDoMany: string;
  /** The answer to thanks. */
  welcome: string;
  /** What the bridge can do without a language model (the answer to "what can you do"). */
  capabilities: string;
  /** What none of more devices than a sentence can list is able to do ("make all the lights blue"). */
  noneCanDo: string;
  /** A call failed, and nothing more specific can be said. */
  failed: string;
  /**
   * A failed call, said by its error code (src/tools/tool-error.ts; src/understanding/
   * spoken-failure.ts maps each code), never by the tool's own English text. `{name}` is the device.
   */
  errors: {
    ambiguous: string;
    dead: string;
    offline: string;
    invalidValue: string;
    homeUnavailable: string;
    unavailable: string;
    timeout: string;
  };
  /** What the agent says when no answer came: a turn too long, the language model failing, a held call declined. */
  agent: {
    tookTooLong: string;
    somethingWentWrong: string;
    modelUnavailable: string;
    modelUnreachable: string;
    modelKeyRefused: string;
    modelBusy: string;
    /** The request did not fit the model's context even at its smallest: which setting raises it. */
    modelContextTooSmall: string;
    modelFailed: string;
    tooManySteps: string;
    declined: string;
    done: string;
  };
  time: string;
  /** The time at one o'clock, where it is singular ("Es la 1:05", "È l'1:05"); else `time`. */
  timeAtOne?: string;
  date: string;
  /** The week of the year asked ("what week is it"): its number, as ISO 8601 counts weeks. */
  week: string;
  /** A time or date question about another place or day: the home's clock knows only its own. */
  onlyHere: string;
  /** Said before the date when a day or month named is today's ("is it monday": "Yes."). */
  dateYes: string;
  /** Said before the date when a day or month named is not today's ("No."). */
  dateNo: string;
  /** A command for a later time, which was not carried out: the bridge cannot schedule yet. */
  notLater: string;
  /** Said after a command done now that was asked for a while ("mute for an hour"): nothing undoes it later. */
  notUndoneLater: string;
  /** A volume or mute with no speaker named, in a home with none. */
  noSpeaker: string;
  cannotYet: string;
  /** A text far longer than anything said to a voice assistant. */
  tooLong: string;
  /** A cover still moving when the reply is said: it has not reached the place asked for yet. */
  onItsWay: string;
  /** Covers of a group still moving: `{names}`. */
  someOnTheirWay: string;
  /** A cover that took the command and says it is still where it was. */
  didNotMove: string;
  /**
   * How a cover left on its way ended, told at the start of the next reply in the same
   * conversation when it is not where it was sent: stopped at `{position}` percent open, or never
   * moved.
   */
  stoppedAt: string;
  neverMoved: string;
  /**
   * What a device is not, and what the home has instead. "is the back door locked" of a door
   * sensor: `{name}` is no lock, and `{state}` what it reports.
   */
  notALock: string;
  /** The locks the home has, after `notALock`: `{names}`. */
  locksInstead: string;
  /** The home has no lock at all. */
  noLocks: string;
  /** "How bright is …" of a switch: it has no brightness; `{state}` is on or off. */
  noBrightness: string;
  /** "How bright is …" of a light: `{level}` is its brightness. */
  brightnessIs: string;
  /** A speaker's volume now, said when a level asked with a direction would move it the other way. */
  volumeIs: string;
  /** No reading of this kind in a place: where the home has one (`{names}`, several places). */
  readingOnlyIn: string;
  /** A place asked about that the home does not have: `{name}`. */
  unknownPlace: string;
}

/**
 * The words a command is read from once its names are found (reading/reader.ts): what each says,
 * written once per language. A word may be several words; one that only counts at the start of a
 * sentence begins with "^" ("^light up", where "turn the light up" is another thing).
 */
export interface CueWords {
  /** Verbs that say nothing alone, only with a particle, a direction or a level: "turn", "put", "schalte". */
  verbs: string[];
  /**
   * The assistant's own voice ("speak", "sprich", "parle", "habla"): a louder or softer voice is
   * the speaker's volume. Alone it asks nothing.
   */
  speak: string[];
  /** On and off, as a verb or a particle: "on", "activate", "einschalten", "an", "allume". */
  on: string[];
  off: string[];
  /**
   * No longer needed ("i don't need", "we do not need"): off, but only when no other way is said
   * ("i don't need the lights off", "… dimmed" is not wanted so, which is no command).
   */
  unneeded?: string[];
  /** Up and down, of whatever the target has a level of: "up", "raise", "increase", "hoch", "monte". */
  up: string[];
  down: string[];
  /**
   * Words of `up` and `down` that are particles of other verbs too ("metti su" puts something
   * on): a direction only with a volume, a brightness or a level said, never of a thing alone.
   */
  particles: string[];
  /**
   * Words that start or connect rather than switch ("start", "connect", "avvia"), read as `on` too: on only
   * of a device named ("start the kitchen fan"), never of the sound ("audio start"), a kind ("connect
   * to lights") or nothing at all.
   */
  starts?: string[];
  /**
   * Words of `on` or `off` that give or take power ("power up", "power down"): on or off only of
   * what switches, a light, a switch, a plug or a fan, by name or kind; never of the sound
   * ("power up the volume") or a cover.
   */
  powers?: string[];
  /**
   * Words of `down` that soften or lessen ("atténue", "reduce", "verringere"): a light dimmed or a
   * sound lowered. Of a cover they say no way ("reduce the blinds": less open, or less shade?):
   * Home Assistant says them of a cover only with a position, which is then where it goes.
   */
  softens?: string[];
  /**
   * Words of `up` that say more of something ("increase", "augmente", "erhöhe"): a light
   * brightened or a sound raised. Of a cover they say no way, as `softens`: more open, or more
   * shade?
   */
  increases?: string[];
  /** Changes that are a light's: "brighter", "dim", "darker". */
  brighter: string[];
  dimmer: string[];
  /** Changes that are a speaker's: "louder", "quieter", "softer". */
  louder: string[];
  quieter: string[];
  /** Verbs that switch the lights themselves: "illuminate", "^light up". */
  lightOn: string[];
  /**
   * Verbs of putting (among `verbs`) that, said of a light and nothing of how ("pon la luz", "pon
   * las luces de la cocina"), switch it on; with a change, a level or a colour they set it as said.
   */
  lightPuts?: string[];
  lightOff: string[];
  mute: string[];
  unmute: string[];
  /**
   * Mute as a state that is switched: "silent mode", "mute". Switched on it mutes ("silent mode
   * on", "activate silent mode"), switched off it unmutes ("turn mute off"); alone it is a mute.
   */
  muteModes?: string[];
  toggle: string[];
  /** A level said on a scale of ten: "level seven", "Stufe drei" (70 %, 30 %). */
  scale?: string[];
  /** A cover's movements: "open", "raise", "roll up"; "close", "roll down"; "stop", "halt". */
  open: string[];
  close: string[];
  stop: string[];
  /** A colour temperature's unit: "kelvin". */
  kelvin: string[];
  /** What a level is of: a speaker's "volume", "sound"; a light's "brightness". */
  volume: string[];
  /** What plays: its volume goes up and down, it is muted; switched off, it is paused (not ours). */
  music: string[];
  brightness: string[];
  /** How much: a step ("a bit", "slightly"), two steps ("a lot"), to the end ("all the way"). */
  bit: string[];
  lot: string[];
  full: string[];
  /**
   * Steps counted, after their number: "two notches", "zwei Stufen", "deux crans". Plural nouns
   * only: "level seven" is a level, and "points" may be percent, so neither is here.
   */
  steps: string[];
  /** Before a level ("to 50 %", "at half") and before a change ("by 10 %"); the unit. */
  to: string[];
  by: string[];
  percent: string[];
  /** A sentence with one of these is no plain command: "don't", "not", "never". */
  negations: string[];
  /**
   * "no" before a kind ("kein Licht im Flur", "geen verlichting"): that kind switched off, with
   * `anymore` ("mehr", "meer") said about it read as nothing. Elsewhere these are negations.
   */
  none?: string[];
  anymore?: string[];
  /**
   * "is", "are", "sind", "sont", "sono", "zijn": a state said with one of these is a statement or
   * a question ("the kitchen lights are off"), never a command; a change said with one is what is
   * wrong ("le luci sono troppo intense"). A wish takes a modal ("must be", "devono essere"),
   * written among `verbs`.
   */
  copulas?: string[];
  /**
   * Copulas that tell of before ("was", "war", "était", "estaba"): what was wrong then ("it was too
   * dark") is told, not asked to change now. Read as copulas too.
   */
  pastCopulas?: string[];
  /**
   * A wish: "must", "sollen", "moeten", "ich möchte dass", "ik wil dat". A copula said with one is
   * no statement ("die Lichter sollen aus sein", "de lampen moeten uit zijn"); alone it says nothing.
   */
  modals?: string[];
  /**
   * A change suggested: "could be", "könnte … sein", "pourrait être", "podría estar", "potrebbe
   * essere", "zou … mogen". Said with a change ("the music could be louder") it is a wish, as a
   * modal is; said with a state ("the lights could be on"), a guess, which asks nothing.
   */
  suggests?: string[];
}

/**
 * Templates of one intent. `kind`: the kind of device the verb itself names, acted on when its
 * object is a place or nothing at all: "illumina la cucina" lights the kitchen's lights,
 * "illumina" the speaker's, "allume la cuisine" the kitchen's lights.
 */
export interface IntentTemplates {
  intent: FastIntent;
  kind?: DeviceKind;
  /** Its words are of light or darkness ("fai buio"): said of what is no light, it is not understood. */
  lightWords?: true;
  /** Said of lights alone ("hit the lights"): what it names is a light, or it is not understood. */
  lightsOnly?: true;
  /**
   * Said of a scene or script alone ("switch to movie night", "wechsle zu Filmabend"): what it
   * names is one, or it is not understood.
   */
  scenesOnly?: true;
  /** The reading a question asks for without naming it: "combien consomme le sèche-linge" is power. */
  sensor?: SensorKind;
  templates: string[];
}

/**
 * How people name one load of a device with several (a double relay's outlets, a dimmer's channels):
 * "outlet 2 of the double relay", "the second socket", "channel 2", "the left socket", "double relay
 * endpoint 2" (src/understanding/endpoint-phrase.ts).
 */
export interface EndpointWords {
  /** What one load is called: "outlet", "socket", "channel", "endpoint", "Steckdose", "prise". */
  words: string[];
  /** "second" → 2, "zweite" → 2, "deuxième" → 2. */
  ordinals: Record<string, number>;
  /** Said before a load's number: "number", "Nummer", "numéro". */
  number: string[];
  /** What joins a load to its device: "of", "on", "vom", "du", "del", "van", "della". */
  of: string[];
  /** Where a load sits, as its device config's label says it in English ("Left Outlet"): the words for each. */
  sides: Record<EndpointSide, string[]>;
}

/** Positions an endpoint label names. */
export type EndpointSide = "left" | "right" | "top" | "bottom" | "upper" | "lower" | "middle";

/**
 * One language's sentences, as data. A query_sensor template without `{sensor}` asks for the
 * temperature ("how many degrees is it"); `{area}` is a place said apart from the name. Templates
 * use `{name}`, `{area}`, `{level}`, `{sensor}` and `{state}` slots,
 * `[a|b]` for optional words and `(a|b)` for alternatives (each may be several words), `<group>`
 * for a group of `words` or `cues` (written once, used by many templates); matching ignores case,
 * accents and punctuation. Adding a language means adding one of these, not code.
 */
export interface FastPathGrammar {
  language: string;
  /** Politeness that carries no meaning, removed before matching: "please", "could you", "I want". */
  fillers: string[];
  /**
   * Whom a sentence is said to ("love", "dude", "Schatz", "tío", "amico"): said after a question of
   * the clock or as the last word of a command, it changes nothing. Never removed elsewhere: "the
   * love seat lamp" is a name.
   */
  address?: string[];
  /**
   * A wish said around what is wished ("ich hätte das Licht gern aus"): the words that open it and
   * the softening word after the wished, as written; read as with the two together ("ich hätte
   * gern das Licht aus"), which `fillers` hold.
   */
  wishAround?: { opens: string[]; closes: string[] };
  /**
   * Why a command is said, told beside it ("que no te oigo", going to bed, good night): removed as
   * fillers are, but with one said, a kind said with a place and no verb (`placedKindMeansOn`) asks
   * nothing ("buenas noches, la luz de la cocina" may want it off).
   */
  reasons?: string[];
  /** Words that say "at present", dropped: "now", "currently". Any other time word is another time. */
  now: string[];
  /**
   * Those of the fillers that say how much ("very", "ziemlich"). Before a sound's word said alone
   * ("very loud", "pretty quiet in here", "ziemlich leise"), they make it a state told, not a
   * command ("loud!", "leise!"): such a sentence is not read.
   */
  intensifiers?: string[];
  /** Groups of words templates share, by name: `<set>` in a template is any of `words.set`. */
  words: Record<string, string[]>;
  /** What the words of a command say, for the reader (see `CueWords`). */
  cues: CueWords;
  /** Articles and possessives in front of a name ("the", "my"); elided ones end in "'" ("l'"). */
  articles: string[];
  /**
   * Indefinite articles among `articles` ("a", "eine", "une"): "turn off a lamp" is one of the
   * kind, never every one; which, when several fit, is asked.
   */
  indefinites?: string[];
  /**
   * "of" between a word of how much and its kind ("some of the lights"): some of that kind, which
   * ones unsaid; never how much to change them. Said right before the kind ("some lights"), no
   * word is needed.
   */
  partitives?: string[];
  /**
   * What feeds a device ("power", "Strom", "courant", "corriente", "corrente", "stroom"), and the
   * verbs that take it away or give it ("unplug", "débranche"): the power of a device is the
   * device ("cut the power to the printer", "unplug the kettle"); of a place, no command to guess.
   */
  powerSupply?: string[];
  /**
   * The copula as speech writes it joined to the word before ("is" of "the volume's too low"): a
   * noun of the grammar that ends in "'s" is that noun and the copula, unless a noun follows ("the
   * speaker's volume").
   */
  joinedCopula?: string;
  /**
   * "nothing" ("nichts", "niks"), said in a phrase of what is wrong ("ich sehe gar nichts"): the
   * phrase tells how it is, as a negation would ("i can't see"), where the language needs none.
   */
  nothing?: string[];
  /** "all the lights": the sentence means every device of that kind. */
  quantifiers: string[];
  /**
   * Players whose only level is their sound ("speaker", "Lautsprecher"): a bare level said of one
   * ("set the speaker to 40") is its volume. A radio's or a TV's may be a station or a channel.
   */
  soundOnly?: string[];
  /**
   * "Only" ("is only the desk lamp on", "brennt nur die Stehlampe"): a state question it is said
   * in asks of every other device too, which is not read: handed on.
   */
  only?: string[];
  /** "Both" ("are both lamps on", "sind beide Lampen an"): a state question of each of two, handed on. */
  both?: string[];
  /** "everything in the office". */
  everything: string[];
  /** A name containing one of these is two requests: left to someone who understands both. */
  conjunctions: string[];
  /** "dim it": the device of the previous command in this conversation. */
  pronouns: string[];
  /**
   * Of `pronouns`, those that can stand for what plays when nothing was said before ("turn it up",
   * "bájala": la música); one that cannot ("bájalas": las luces, las persianas) is never taken for
   * the sound. Undefined: every pronoun can.
   */
  soundPronouns?: string[];
  /**
   * Pronouns written joined to the end of a verb ("apágala", "bájale", "encenderme", "spegnerle": an infinitive drops its "e"), split off a
   * word whose rest is a verb the grammar knows: one of `pronouns` is read as that pronoun, any
   * other ("me", "le") says nothing more.
   */
  enclitics?: string[];
  /**
   * "more" and "less" said before an adjective ("luce più debole", "volumen más suavecito"): a word
   * nobody knows after one, with no verb saying which way, is what there is to be more or less
   * of, whose way is unknown: it is never left out as a stray last word.
   */
  comparatives?: string[];
  /** "… in the kitchen": words that introduce an area or floor after a name. */
  areaPrepositions: string[];
  /**
   * Words for a floor ("piso", "planta", "piano"): "el piso de arriba" is the floor called "arriba"
   * or "planta de arriba", the word said or not in either.
   */
  floorNouns?: string[];
  /** "in here", "this room": the speaker's area (the satellite's, from the Wyoming context or HTTP). */
  here: string[];
  /**
   * Places said so that they name two ("cette chambre": this room, or this bedroom): a sentence
   * with one is handed on, never read as either.
   */
  twoWays?: string[];
  /**
   * A correction said before a command ("no, turn it down", "nein, mach es leiser"): when the
   * next word is one that acts, the command stands as if said alone.
   */
  corrections?: string[];
  /**
   * How a speaker begins to tell of themselves ("i'm", "ich bin", "je suis", "estoy"), of what
   * they want, must do or have done ("i want to", "ich muss", "j'ai fini", "quiero"): such a
   * remark before a command, with no punctuation between ("ich bin müde mach das Licht aus"), is
   * read as a remark, as one said with a copula of things is ("es ist spät …"). It never runs on
   * into the command (understand.ts `commandAfterUnmarkedClause`).
   */
  selfTold?: string[];
  /**
   * Words that join a reason to the command it leads to ("so", "also", "alors", "así que",
   * "quindi", "dus"): a remark ended by one, with no punctuation between ("my neighbours are
   * complaining so turn the volume down"), stands apart from the command as a told one does.
   */
  consequences?: string[];
  /**
   * Words that begin a clause inside another, or ask how ("that", "who", "qui", "que", "che",
   * "dass", "hoe"): what one tells of oneself with one in it ("i'm reading a book that says turn
   * off the lights", "je veux savoir comment éteindre …") runs on into what follows, never a
   * command of its own.
   */
  subordinators?: string[];
  /**
   * Where "no" before a verb says not to (Spanish "no apagues la luz") or tells what something
   * does not do ("no apaga la luz"): a correction stands only before an imperative with a pronoun
   * joined ("no no bájale un poco el volumen"), which no prohibition or statement is.
   */
  correctionsBeforeJoinedPronoun?: boolean;
  /**
   * "no spegnere la luce": a correction word before an infinitive is heard as the negation that
   * makes an infinitive a prohibition ("non spegnere", don't turn it off), so nothing stands.
   * Infinitives are known by `purposeInfinitive`'s endings.
   */
  infinitiveAfterCorrectionForbids?: boolean;
  /**
   * Up or down said alone, with at most how much ("sube un poco", "bájale", "abbassa un po'"):
   * a step of the sound, as people say it to a voice assistant. The verb is said first and is no
   * comparative ("más"); `except` lists its forms that tell what was done ("alzato").
   */
  upOrDownAlone?: { except?: string[] };
  /**
   * A correction written with a pause after it ("no, more light", "no, más luz"): what follows is
   * read alone, whatever its first word, in every language. Defaults to `corrections`.
   */
  pausedCorrections?: string[];
  /**
   * What a command is for, or why, said after it ("so that I can hear it", "sodass", "pour que",
   * "because the baby is asleep", "ich muss telefonieren"): cut off, the command before it is read
   * alone, when certain.
   */
  purposes?: string[];
  /**
   * The word that joins why a command is said after it ("que", "che": "baja el volumen que está
   * muy alto", "accendi la luce che è buio"): with what is wrong after it agreeing with the
   * command, the command is read alone. Never alone a cut, as `purposes` are: "la luz que está en
   * la mesa" says which light.
   */
  reasonLinks?: string[];
  /**
   * What a command is for, said with an infinitive ("pour y brancher mon chargeur", "para conectar
   * mi cargador", "per attaccarci il caricatore", "um mein Ladegerät anzuschließen", "om mijn
   * oplader aan te sluiten"): cut off as `purposes` are. It starts with one of `words`, and is one
   * when the word after it, or after one of `between` ("y"), is an infinitive by its ending
   * (`endings`, one of `clitics` joined to it or not), or when the infinitive's own particle
   * (`particle`: "zu", "te") or a word with it inside ("anzuschließen") follows. No article may
   * stand in `between`: "pour la chambre" is for a room.
   */
  purposeInfinitive?: {
    words: string[];
    endings?: string[];
    clitics?: string[];
    between?: string[];
    particle?: string;
  };
  /**
   * What the speaker did, told in the first person ("apagué la luz", "bajé el volumen"): no
   * command. Matched as written, accents and all, where folding would make a command of it
   * ("apague", the polite imperative).
   */
  reports?: string[];
  /**
   * Letters that, written with their accent at the end of a word where the grammar's word has
   * none, make another word: Italian and Spanish write the stress of a past on its last vowel
   * ("aprì", "alzò", "apagó", "apagué"), which folded would be the command ("apri", "alza",
   * "apaga", "apague"). A sentence with such a word is handed on. Not Spanish "á", which ends the
   * imperative said with "vos" ("silenciá"); not French, whose speech-to-text writes "baissé" for
   * "baissez".
   */
  accentsMakeWords?: string[];
  /**
   * A state word said first, before what it is said of, tells what was done ("acceso la luce",
   * "spenta la luce", "apagado la luz"): no command. Only where no state word is also a command
   * (not "open", nor French "éteint", written for "éteins").
   */
  stateWordFirstTells?: boolean;
  /**
   * An auxiliary said first, before a verb of the grammar, tells what was done ("a allumé la
   * lumière", "a baissé le volume"): no command. Where a word for it is also another (French "a",
   * "à" written without its accent), only said first.
   */
  auxiliariesFirst?: string[];
  /**
   * Words for off that also say "from" ("aus", "uit"): right before an article and a place that
   * ends the sentence, with no other word for on or off, they say where from ("Licht aus der
   * Küche"), no command.
   */
  fromWays?: string[];
  /**
   * Words of a way that are also the particle of any verb ("show off", "clean up", "hör auf",
   * "geef op"): right after a word the grammar does not know, they end what it began, and begin
   * no command after a remark ("i am showing off the lights").
   */
  verbParticles?: string[];
  /**
   * Words that, said first before what they are said of (an article follows), tell what others
   * do: a verb in the plural whose subject was not heard ("zetten het licht aan": "(we) zetten …").
   * No command starts so. (Participles are `participle`'s.)
   */
  toldFirst?: string[];
  /**
   * How a past participle is made from a verb of the grammar: `endings`, each in place of the
   * infinitive's ("-ato" of "abbassato" for "-are"; "-et" of "ausgeschaltet" for "-en"), and an
   * `infix` put in where there is one (after a separable prefix, or first: "aus|ge|schaltet"). Said
   * first, before an article ("abbassato il volume", "bajado el volumen", "ausgeschaltet das
   * Licht"), it tells what was done, the way a reply does ("Ausgeschaltet: Deckenlicht"): no command.
   * Said last, after an article and what it names ("il volume alzato"), it tells what happened.
   */
  participle?: {
    infix?: string;
    endings: Array<[participle: string, infinitive: string]>;
    /** Participles no ending makes ("verhoogd" of "verhogen"), listed. */
    words?: string[];
  };
  /**
   * Endings of a participle as written, where folded it is another form of the verb ("augmenté",
   * "baissée": "augmente", "baisse"): said last after its article and noun ("le volume augmenté"),
   * it tells what happened.
   */
  participleAccented?: string[];
  /**
   * A modal said first, before an infinitive, asks what the speaker should do ("¿debería apagar
   * la luz?", "debo encender la lámpara"): no command. `notBefore`: infinitives after which the
   * modal says what should be, which is one ("debería estar apagada").
   */
  selfAsks?: { words: string[]; notBefore: string[] };
  /**
   * A copula said first asks ("is it too loud?", "ist es zu hell?", "is het te donker?"): what is
   * wrong, asked about, is no command. Only where a statement never starts with one (not Italian's
   * "è troppo forte", which says it).
   */
  inverted?: string[];
  /**
   * "Enough" ("assez"): said in a negated change ("pas assez claire", "not bright enough"), too
   * little is said, which is what is wrong even after a copula ("la lumière n'est pas assez claire").
   */
  enough?: string[];
  /**
   * A subject and its verb said first ("ich kann", "ik kan"), which a phrase of the grammar says
   * the other way round after what it is said of ("die Musik kann ich nicht hören"): "ich kann die
   * Musik nicht hören" is read in that order.
   */
  subjectFirst?: string[];
  /** "in the house", "everywhere": the whole home; the first is how a reply names it. */
  wholeHome: string[];
  /** Places and kinds are written as one word ("kamerlamp": the lamps of this room). */
  compounds?: boolean;
  /**
   * Words with an apostrophe, as speech-to-text often writes them without it ("alza l audio",
   * "abbassa un po la luce", "i cant see"): read with it when the sentence is not read for certain
   * as written. An elided article or preposition ("l'", "dell'") only before a vowel or an "h".
   */
  apostrophesLost?: string[];
  /**
   * Letters typed for a letter the keyboard lacks, [as typed, the letter] ("ae" for "ä", "ss"
   * for "ß"): a word neither the grammar nor the home knows as written is read with the letter
   * when it then is one they know ("lautstaerke", "buero"), as `apostrophesLost` is read.
   */
  transliterations?: Array<[string, string]>;
  /**
   * Words for "a bit" that, said right after a verb that says no way, are "something", what the
   * verb puts on ("pon algo más tranquilo": put on something calmer, not the volume a bit
   * lower): with nothing named, the sentence is handed on. Not German "etwas" ("mach etwas
   * leiser": a bit quieter).
   */
  somethings?: string[];
  /**
   * Words a word takes after "something" ("iets rustigers": something calmer): an unknown word
   * that ends in one is never read as a slip for the grammar's word without it, which says how
   * something should be made ("rustiger").
   */
  partitiveEndings?: string[];
  /**
   * Endings of the past tense ("-te" of "machte", "zette"): a word the grammar does not know that
   * ends in one is never read as a slip for a word without it ("zette" is no "zetten", "dempte" no
   * "dempt"): what was done is told, not asked.
   */
  pastEndings?: string[];
  /**
   * A place said in the plural ("in all bathrooms", "in allen Badezimmern", "de los dormitorios",
   * "nelle camere"): each [plural ending, singular ending] tried on one word at a time, when the
   * words as said name no place.
   */
  plurals?: Array<[string, string]>;
  /**
   * Beginnings of words that say a light is on the ceiling ("overhead", "Decken…", "plafonnier",
   * "techo"): "the overhead light" is the one whose name says so, in whichever of the six
   * languages the home named it ("Living Room Ceiling", "Deckenlampe").
   */
  ceiling: string[];
  /**
   * An adjective agrees with what it is said of ("plus fort", "plus fortes"): a change said as one
   * of `starts` and an adjective ("plus", "trop", "pas assez") is known with each ending of the
   * adjective [ending as listed, other ending] ("" → "s", "eux" → "euses").
   */
  agreement?: {
    starts: string[];
    endings: Array<[string, string]>;
    /**
     * Of `starts`, those that ask for more of what the adjective says ("plus", "pas assez") and
     * those that ask for less ("moins", "trop", "pas si"): an adjective known after one of them is
     * known after each of the others, the change turned round where they differ ("plus brillant"
     * brighter: "pas assez brillantes" brighter, "trop brillante" dimmer).
     */
    more?: string[];
    less?: string[];
  };
  /**
   * Words that say which one of a kind is meant ("left", "main", "nearest", "de gauche"): with
   * them, a kind asks which of the speaker's room is meant. Where a grammar lists them, a word
   * said with a kind that is none of them nor any name of the home ("the attic light", "la
   * lumière du grenier": a place the home does not have) asks nothing, and the name is said to
   * be unknown. A plug is named by what is plugged into it, and asks whatever the word.
   */
  which?: string[];
  /**
   * Sounds that may join a compound's first part to its head ("Küche" + "n" + "lampe",
   * "Garage" + "n" + "licht"): the first part is read with and without one.
   */
  compoundLinks?: string[];
  /**
   * Kinds that, said with a place and no verb, are switched on ("luci qua", "lumières dans le
   * salon"), as the language's own Home Assistant sentences have it. Never without a place.
   */
  placedKindMeansOn?: DeviceKind[];
  /**
   * What "all the lights" with no place means from a satellite, per command and kind, where the
   * language's own Home Assistant sentences say it: the whole home ("turn off all the lights") or
   * the satellite's room ("turn off all the fans", "schalte alle Lichter an"). Elsewhere it is asked.
   * `sound` is muting and the volume: "mute all the speakers" says every one of the home.
   */
  allMeans?: Partial<Record<"turn_on" | "turn_off" | "sound", { home?: DeviceKind[]; here?: DeviceKind[] }>>;
  /**
   * Kinds whose sound is any media player of the place, as the language's own Home Assistant
   * sentences have it ("den Fernseher im Raum stumm schalten"). Switched on or off, they stay the kind.
   */
  soundOfAnyPlayer?: DeviceKind[];
  /** Words for kinds of device, singular and plural. */
  kinds: Partial<Record<DeviceKind, string[]>>;
  /** Numbers in words, 0 to 20 and the tens: "forty percent", "switch one" for "Switch 1". */
  numbers: Record<string, number>;
  /**
   * How a ten and a unit make one number: `patterns` with `{tens}` and `{unit}` ("{unit}und{tens}"
   * makes "fünfundvierzig"), over the tens and units of `numbers`, plus the forms `tens` and
   * `units` take only inside a compound ("veinti", "ein"); `unitsUpTo` when the units run past 9
   * ("soixante-douze").
   */
  numberCompounds?: {
    patterns: string[];
    tens?: Record<string, number>;
    units?: Record<string, number>;
    unitsUpTo?: number;
  };
  /** Brightness and volume said in words: "half" → 50. */
  levels: Record<string, number>;
  /**
   * Half of what a level is now. `words`: those of `levels` that say half ("moitié", "la mitad",
   * "metà"), which said "by" ("de moitié") or of the volume lowered to them ("baja el volumen a la
   * mitad") halve it; `by`: the same said "by" in one phrase ("della metà"); `verbs`: verbs that
   * halve ("dimezza"), a lowering.
   */
  halves?: { words?: string[]; by?: string[]; verbs?: string[] };
  /** Colours and whites by name ("red", "rot"; "warm white", "warmweiß"), for lights that have a colour. */
  colors: Record<ColorName, string[]>;
  whites: Record<WhiteName, string[]>;
  /** How replies name a colour or a white. */
  colorNames: Record<ColorName | WhiteName, string>;
  /** The word for a colour itself ("colour", "Farbe"): said of a kind, no device's name. */
  colorNouns?: string[];
  /**
   * What joins a level to the ten it is counted of: "out of" ("volume 5 out of 10"), "von", "van",
   * "sur", "su", "de". A level so said is in percent ten times its number.
   */
  outOf?: string[];
  /**
   * Words for what the fast path does not work: what a device has or what is done with it
   * ("speed", "position", "timer", "playlist"), and devices it does not run ("vacuum", "mower").
   * A name not found that holds one was not read as meant, or is not ours: "no device called …"
   * would mislead.
   */
  notOurs?: string[];
  /** Words that ask whether a sensor reports something ("leak", "water", "Wasser", "fuite"). */
  detections: Record<Detection, string[]>;
  /** How replies name what is reported ("a leak", "motion"). */
  detectionNames: Record<Detection, string>;
  /**
   * The time and the date asked in any plain form ("sag mal die Uhrzeit", "on est quel jour"): a
   * sentence made only of these words (with fillers, articles and "now") that names the time or
   * the date asks for the home's. A word of any other kind ("in tokyo", "tomorrow", "christmas")
   * makes it another question, which the templates or someone else read. Each entry may be
   * several words ("hoe laat", "quanti ne abbiamo"). Never a word that also means the weather
   * ("temps", "tiempo", "tempo").
   */
  clock: {
    time: string[];
    date: string[];
    /** "today": the date, when nothing else names the time or the date ("what's today"). */
    today: string[];
    /** The weekend, checked of today as a day's name is ("is it the weekend", "ist schon Wochenende"). */
    weekend?: string[];
    /**
     * The week of the year ("what week is it", "welche Kalenderwoche haben wir"): its number, when
     * nothing names the day or the date ("what day of the week" asks the date).
     */
    week?: string[];
    /**
     * A day by its name, month or number ("Monday", "March", "the ninth"): the date only said of
     * `today` ("is today the ninth"); without it another day is asked about ("what day is the ninth").
     */
    days?: string[];
    /**
     * The days of the month said in order ("ninth", "neunte", "neuvième"), read as `days`: with the
     * language's number words and digits ("9th", "il nove"), the day a date check names.
     */
    ordinals?: string[];
    asking: string[];
    /**
     * The home's own time zone, said as a place ("in my time zone", "local time"): the question is
     * about here, and the home's clock answers it.
     */
    ownZone?: string[];
    /**
     * "It is" and "we are" said of now, as a question asks it ("is it", "sommes-nous", "haben
     * wir", "estamos en"): with a day's or a month's name and no question word, a check of today's
     * date ("is it monday", "siamo a marzo"), as with `today`. A preposition they end with is theirs.
     */
    present?: string[];
    /**
     * A part of the day, or "early" or "late" where the word says nothing else, asked of now with
     * `present` ("is it morning", "ist es schon Abend", "è già sera"): the time answers it.
     */
    partsOfDay?: string[];
    /**
     * "It is" as a statement says it ("it's", "c'est", "es ist", "è"): said with the time's word
     * alone ("it's time", "c'est l'heure", "è ora"), the time has come for something; no question.
     */
    itIs?: string[];
    /**
     * The one asked, said after a word of `itIs` ("est-ce que tu as l'heure", "est-ce que vous
     * pouvez me dire l'heure"): the time is asked for, which no statement that it has come says.
     */
    addressed?: string[];
    /**
     * The time's words that also name time spent or to spare ("Zeit", "time", "tijd"): said right
     * before a word of `after` and more ("die Zeit mit dir", "time with you"; "check the time for
     * me" asks it), or after a word of
     * `having` with no article or question word between ("hast du kurz Zeit", "do you have time",
     * "gib mir Zeit"; "have you got the time, please" asks it), no question of the clock.
     */
    spans?: { words: string[]; after: string[]; having: string[] };
    /**
     * Prepositions before a city that `areaPrepositions` lacks ("l'ora ad Amsterdam"): a place
     * said with the question, which only the home's own is answered of.
     */
    cityPrepositions?: string[];
    /** A greeting, which asks after the one spoken to and not the date ("how are you today"). */
    greetings?: string[];
    /**
     * Words that set a time rather than ask it ("remind me at this time", "wake me", "alarm"):
     * a sentence with one is no question of the clock.
     */
    settings?: string[];
    /**
     * Settings that remind of something ("herinner me aan", "erinnere mich an"): said of the date
     * alone, they ask it ("herinner me aan de datum"); of anything else, a reminder is set.
     */
    remindedOf?: string[];
    /**
     * Words that ask what a day holds for someone ("what's on today", "was habe ich heute", "j'ai
     * quoi aujourd'hui", "cosa ho oggi"): with "today" and no word of the date, a question of the
     * calendar, which the home's clock cannot answer.
     */
    agenda?: string[];
    /**
     * Another day than today, or a while ago ("yesterday", "tomorrow", "gisteren", "next"): a
     * sentence with one asks of that day, never of now, whatever else it says.
     */
    otherDays?: string[];
    /**
     * Where a word the lists lack can only be a verb of asking ("inform me of the time", "verrat
     * mir die Uhrzeit", "m'indiquer l'heure", "indícame la hora"), never a place or a day: one
     * such word is read as asking. A word after a preposition ("in tokyo") or written with a
     * capital inside the sentence (a name, a German noun) never is.
     */
    verbs?: {
      /** The word right before one of these is a verb: object pronouns after an imperative ("me", "mir"). */
      before: string[];
      /**
       * The word right after one of these is a verb: a subject, a clitic or a modal ("you", "me",
       * "puedes"), when what it asks follows it: an article, an object or a word of `questions`
       * ("could you announce the time", "i wonder what time it is"; not "what time do i leave").
       */
      after: string[];
      /** Words that open the question a verb asks ("what", "wie", "quelle"). */
      questions?: string[];
      /** A word with one of these endings is a verb carrying its object ("indicarme", "ricordarmi"). */
      endings?: string[];
      /**
       * The last word, with one of these endings, is the infinitive that closes a sentence with a
       * word of `modals` (German and Dutch: "kannst du mir die Uhrzeit durchgeben").
       */
      final?: { endings: string[]; modals: string[] };
    };
  };
  /**
   * A command for a later time (understanding/later.ts), which the bridge cannot run later:
   * `after` a span of `units` ("in 5 minutes"), `at` a time with a `clock` word ("at 7 pm",
   * "um 7 Uhr"), `atHour` a time alone ("a las 7"), or a word for it ("tomorrow", "later").
   */
  later: {
    after: string[];
    units: string[];
    at: string[];
    clock: string[];
    atHour: string[];
    /**
     * Words before which a bare hour (0–24, no unit) is a time of day, never a level: "turn on the
     * light at 10", "öffne den Rollladen um 8". Not where the same word sets a level ("à 20").
     */
    atBareHour?: string[];
    words: string[];
    /** A while (`during` a span of `units`: "for an hour", "für eine Stunde"): done now, not undone later. */
    during: string[];
    /**
     * A span said with no word before it is a while, as the language says a duration ("mach das
     * Licht zehn Minuten an", "doe het licht tien minuten aan"); without this, only of a mute
     * ("turn off the light 5 minutes" may mean "in").
     */
    bareSpanLasts?: boolean;
    /**
     * A while that ends at a time or when something happens, said to the end of the sentence:
     * done now, not undone later. `time` comes before a time said with its `clock` word or a word
     * of `words` ("jusqu'à cinq heures", "hasta mañana"); `hour` before a time alone ("hasta las
     * cinco", "fino alle diciassette"); `clause` before what is to happen ("hasta que te diga",
     * "finché non torno"). A level is never one ("jusqu'à 50 %", "hasta la mitad").
     */
    until?: {
      time: string[];
      hour: string[];
      clause: string[];
      /** The verb may follow the time ("bis 17 Uhr stumm", "tot vijf uur stil"). */
      verbLast?: boolean;
      /** The part of the day said after a time ("'s middags", "abends"). */
      dayParts?: string[];
    };
    /**
     * Words that ask for quiet ("silence", "tais-toi"): a mute when said for a while ("silence
     * pour une heure"); alone they are Home Assistant's "never mind".
     */
    hush?: string[];
    /**
     * What is set up to happen by itself ("automation", "routine", "Zeitplan", "tous les jours"):
     * a sentence with one and a later time asks for it to be set up, which a language model may
     * do, not for a command now or later. A scene or a script is run, not set up: "start the movie
     * scene at 8" is a command for later.
     */
    setUp?: string[];
  };
  /** Tried in order: put the more specific templates first. */
  intents: IntentTemplates[];
  /** The words for one load of a device with several. */
  endpoints: EndpointWords;
  /**
   * Answers to our own "which one?" (understanding/choice-answer.ts), besides a choice's name and
   * the `endpoints` ordinals ("the second"): `all` picks every choice ("both", "all of them");
   * `last` the last one; `one` are the words around a choice that say nothing ("the one in the
   * kitchen", "celle de la cuisine"), with the articles and place prepositions.
   */
  choices: { all: string[]; last: string[]; one: string[] };
  /** Words that ask for a reading ("temperature", "warm"). */
  sensors: Record<SensorKind, string[]>;
  /** How replies name a reading ("the temperature"). */
  sensorNames: Record<SensorKind, string>;
  /** Words a state question may end with, and how replies say each state. */
  stateWords: Record<StateWord, string[]>;
  states: Record<StateWord, string>;
  /**
   * A state said of several devices, where the language's adjective agrees in number ("éteints",
   * "apagados", "spenti"); a language that gives none says `states` of any number.
   */
  statesPlural?: Record<StateWord, string>;
  /**
   * Home Assistant's other states as said of one device ("heat" → "heating", "playing"): a state
   * missing here is said as Home Assistant gives it.
   */
  otherStates?: Record<string, string>;
  /** How units are read aloud: "°C" → "degrees". */
  units: Record<string, string>;
  /** Conjunction list formatting, dates and numbers follow this BCP 47 tag. */
  locale: string;
  replies: FastPathReplies;
  /**
   * Said to the assistant, not asked of the home (understanding/courtesy.ts): thanks, asking what
   * it can do, and the words that may come with either ("ok", "great", "please").
   */
  courtesy: { thanks: string[]; help: string[]; acknowledgements: string[] };
}
