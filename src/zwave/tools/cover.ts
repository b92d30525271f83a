// Covers and barriers: two tools, so each says plainly what it does. `control_zwave_cover` moves
// shutters, blinds, shades and windows (nothing that lets anyone in); `control_zwave_barrier` opens
// and closes garage doors and gates, an effect the action policy holds for the user's yes, and is
// marked destructive for clients that judge by annotations.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  COVER_ACTIONS,
  coverOutput,
  endpointInput,
  nodeIdInput,
  type CoverAction,
  type CoverOutput,
} from "../contract.js";
import { coverText } from "../device-state.js";
import { isOnItsWay, type CoverFollower } from "../cover-follow.js";
import { coverMechanism, coverPlan, coverStatusOf, isMoving } from "../covers.js";
import type { NamedEndpoint } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok, writeFields, writeSentence } from "./result.js";

/** What a cover moves that lets someone into the home (Home Assistant's garage and gate classes). */
const ENTRANCE = new Set(["garage", "gate"]);

function isEntrance(e: NamedEndpoint): boolean {
  return e.function === "barrier" || (e.function === "cover" && ENTRANCE.has(e.coverType ?? ""));
}

function isCover(e: NamedEndpoint): boolean {
  return e.function === "cover" && !isEntrance(e);
}

function what(e: NamedEndpoint): string {
  return e.coverType === "garage" ? "garage door" : (e.coverType ?? "cover");
}

function notACover(e: NamedEndpoint): string {
  return isEntrance(e)
    ? `${e.name} is a ${what(e)}: open or close it with control_zwave_barrier`
    : `${e.name} is not a cover (a shutter, blind, shade or window)`;
}

function notABarrier(e: NamedEndpoint): string {
  return isCover(e)
    ? `${e.name} is a ${what(e)}: move it with control_zwave_cover`
    : `${e.name} is not a garage door or gate`;
}

interface CoverArgs {
  deviceName: string;
  action: CoverAction;
  position?: number | undefined;
  nodeId?: number | undefined;
  endpoint?: number | undefined;
}

async function moveCover(
  network: ZwaveNetwork,
  follower: CoverFollower | undefined,
  args: CoverArgs,
  barrier: boolean,
) {
  const found = await network.findTarget(args.deviceName, args.nodeId, args.endpoint);
  const { node } = found;
  network.requireAlive(node);
  const endpoint = barrier
    ? network.chooseEndpoint(found, isEntrance, notABarrier)
    : network.chooseEndpoint(found, isCover, notACover);
  const name = endpoint.name;
  const mechanism = coverMechanism(node, endpoint);
  if (!mechanism)
    throw new ZwaveToolError("not_supported", `${name} has no value this server can move it with`);
  const plan = coverPlan(mechanism, args.action, args.position, name, network.confirmTimeoutMs);
  const before = plan.reportedOn.value;
  follower?.cancel(node.id, endpoint.index);
  let outcome = await network.writeAndConfirm(node, plan);
  // A motor reports when it gets there, or only to zwave-js's Get after its travel: a device that
  // said nothing that fits is asked where it is now, its own word either way.
  if (outcome.confirmation === "none" && plan.windowMs > 0 && plan.reportedOn !== plan.target) {
    const asked = await network.confirmByPolling(
      node,
      [{ value: plan.reportedOn, matches: plan.matches }],
      0,
    );
    if (asked.answered)
      outcome = {
        confirmation: asked.confirmed ? "device" : "none",
        value: asked.values[0],
        reportedAfterWrite: true,
      };
  }
  const status = coverStatusOf(mechanism, outcome.value);
  const unconfirmed = outcome.confirmation === "none";
  const moving = unconfirmed && outcome.reportedAfterWrite && isMoving(before, outcome.value, plan.payload);
  // Its own word, after the write, that it is where it was: it has not moved (yet).
  const stayed =
    unconfirmed && outcome.reportedAfterWrite && outcome.value === before && !plan.matches(before);
  // Not there yet, or a barrier that says it is on its way: followed until it stops, when there is
  // a value it tells its position on.
  const followable =
    args.action !== "stop" &&
    plan.reportedOn !== plan.target &&
    (unconfirmed || isOnItsWay(mechanism, outcome.value));
  const ref = network.ref(node, endpoint);
  const followId = followable
    ? follower?.follow({ node, ref, mechanism, plan, before, last: outcome.value })
    : undefined;
  const structured: CoverOutput = {
    ok: true,
    node: ref,
    action: args.action,
    requestedPosition: plan.requestedPosition,
    position: status.position,
    state: status.state,
    ...(moving ? { moving } : {}),
    ...(stayed ? { moved: false } : {}),
    ...(followId ? { followId } : {}),
    ...writeFields(outcome),
  };
  const state = coverText(status);
  const text =
    args.action === "stop" && !unconfirmed
      ? `confirmed: ${name} stopped; it is ${state}`
      : moving
        ? `sent; ${name} is moving, last reported ${state}`
        : stayed
          ? `sent; ${name} acknowledged but has not moved: it still reports ${state}`
          : writeSentence(name, outcome, state, node.status === "Asleep");
  return ok(text, structured);
}

const common = {
  deviceName: z.string().min(1).describe("Name, optionally with location"),
  nodeId: nodeIdInput,
  endpoint: endpointInput,
};

const annotations = { readOnlyHint: false, idempotentHint: true, openWorldHint: false } as const;

export function registerCover(
  server: McpServer,
  network: ZwaveNetwork,
  /** Follows a cover still on its way when the tool answers; none where no host listens for its end. */
  follower?: CoverFollower,
): void {
  server.registerTool(
    "control_zwave_cover",
    {
      title: "Open, close or stop a Z-Wave shutter or blind",
      description:
        "Opens, closes or stops a Z-Wave shutter, blind, shade or window, or sets its position (set_position, 0 closed to 100 open). Garage doors and gates: control_zwave_barrier.",
      inputSchema: {
        ...common,
        action: z.enum(COVER_ACTIONS),
        position: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe("Percent open, 0-100 (for set_position; with open or close, how far)"),
      },
      outputSchema: coverOutput,
      annotations: { ...annotations, destructiveHint: false },
    },
    (args) => guarded(() => moveCover(network, follower, args, false)),
  );
  server.registerTool(
    "control_zwave_barrier",
    {
      title: "Open or close a Z-Wave garage door or gate",
      description:
        "Opens, closes or stops a Z-Wave garage door or gate. Open only when the user clearly asked.",
      inputSchema: { ...common, action: z.enum(["open", "close", "stop"]) },
      outputSchema: coverOutput,
      annotations: { ...annotations, destructiveHint: true },
    },
    (args) => guarded(() => moveCover(network, follower, args, true)),
  );
}
