import type { HomeMirror } from "../../ha/mirror.js";
import type { LocalTool } from "../types.js";
import { controlEntityTool } from "./control-entity.js";
import { getDatetimeTool } from "./get-datetime.js";
import { getEntityStateTool } from "./get-entity-state.js";
import { searchEntitiesTool, type ZwaveTargetOf } from "./search-entities.js";
import { lockEntityTool } from "./lock-entity.js";
import { setMuteTool } from "./set-mute.js";
import { setVolumeTool } from "./set-volume.js";

/** The built-in tools backed by the Home Assistant mirror (docs/architecture.md, Tool names), ready for `registerTool`. */
export function homeTools(mirror: HomeMirror, zwaveTargetOf?: ZwaveTargetOf): LocalTool[] {
  return [
    getDatetimeTool(mirror),
    searchEntitiesTool(mirror, zwaveTargetOf),
    getEntityStateTool(mirror),
    controlEntityTool(mirror),
    setVolumeTool(mirror),
    setMuteTool(mirror),
    lockEntityTool(mirror),
  ];
}
