// The "which one?" the bridge asked last in each conversation (understanding/choice-answer.ts),
// until its answer. It lives for one turn: the next sentence of the conversation either answers
// it or is read as new, and the question is gone either way. It also ends with time, since an
// answer given long after is more likely a new sentence that happens to name a room.
import type { OpenQuestion } from "../understanding/fast-path.js";
import { createConversationStore } from "./conversation-store.js";

/** How long a question waits for its answer: as long as a held action waits for its yes. */
const QUESTION_MS = 2 * 60 * 1000;
const MAX_OPEN = 500;

export function createOpenQuestions() {
  const open = createConversationStore<OpenQuestion>({ ttlMs: QUESTION_MS, max: MAX_OPEN });
  return {
    asked(conversationId: string, question: OpenQuestion) {
      open.set(conversationId, question);
    },
    /** The question asked in this conversation's last turn, if still fresh; it is no longer open. */
    take: (conversationId: string): OpenQuestion | undefined => open.take(conversationId),
  };
}

export type OpenQuestions = ReturnType<typeof createOpenQuestions>;
