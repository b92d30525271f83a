// The choices a "which one?" question offers, each with what the sentence means if it is picked:
// a device ("Ceiling Light (Kitchen)"), or a room's share of a kind ("Laundry or the whole house?").
import type { Choice, Target } from "./target-types.js";

/** The room a target stands in: its HA area, or a Z-Wave device's location. */
export function roomOf(target: Target): string | undefined {
  return (target.source === "ha" ? target.entity.area?.name : target.device.location) || undefined;
}

/**
 * A device as a question names it, "Ceiling Light (Kitchen)", picked by its name or its room;
 * `sameRoom`: every choice stands in the one room, which the label then leaves out.
 */
export function deviceChoice(target: Target, sameRoom = false): Choice {
  const room = roomOf(target);
  return {
    label: room && !sameRoom ? `${target.name} (${room})` : target.name,
    names: [
      target.name,
      ...(target.source === "ha" ? target.entity.aliases : []),
      ...(room ? [room, `${target.name} ${room}`, `${room} ${target.name}`] : []),
    ],
    resolved: { kind: "one", target },
  };
}

/** One choice per device; a device offered twice (by two names) once. */
export function deviceChoices(targets: Target[], sameRoom = false): Choice[] {
  const seen = new Set<string>();
  return targets
    .map((t) => deviceChoice(t, sameRoom))
    .filter((c) => !seen.has(c.label) && Boolean(seen.add(c.label)));
}

/**
 * "Which room?": each room's share of `targets`, and the whole home (`wholeHome`, its name in the
 * reply) when some stand in no room, as the one choice that holds them.
 */
export function roomChoices(targets: Target[], wholeHome: string): Choice[] {
  const rooms = new Map<string, Target[]>();
  for (const t of targets) {
    const room = roomOf(t);
    if (room) rooms.set(room, [...(rooms.get(room) ?? []), t]);
  }
  const choices: Choice[] = [...rooms].map(([room, some]) => ({
    label: room,
    names: [room],
    resolved: { kind: "group", targets: some, place: room },
  }));
  if (targets.some((t) => !roomOf(t))) {
    choices.push({ label: wholeHome, names: [wholeHome], resolved: { kind: "group", targets }, home: true });
  }
  return choices;
}
