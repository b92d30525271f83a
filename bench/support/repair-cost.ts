import type { ToolRegistry } from "../../src/tools/registry.js";
import type { CorpusCase } from "../../test/support/repair-corpus.js";
export async function measureRepairCost(_corpus: CorpusCase[], _registry: ToolRegistry): Promise<void> {}
