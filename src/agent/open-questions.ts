// The "which one?" the bridge asked last in each conversation (understanding/choice-answer.ts),
// until its answer. It lives for one turn: the next sentence of the conversation either answers
// it or is read as new, and the question is gone either way. It also ends with time, since an
// answer given long after is more likely a new sentence that happens to name a room.
//
// Home Assistant keeps a satellite's conversation id for five minutes after its last sentence
// (helpers/chat_session.py, CONVERSATION_TIMEOUT), and sends it with each transcript over Wyoming;
// HTTP callers send back the `conversation_id` of the reply.
import type { OpenQuestion } from "../understanding/fast-path.js";

/** How long a question waits for its answer: as long as a held action waits for its yes. */
const QUESTION_MS = 2 * 60 * 1000;
const MAX_OPEN = 500;

export function createOpenQuestions() {
  const open = new Map<string, { question: OpenQuestion; until: number }>();
  return {
    asked(conversationId: string, question: OpenQuestion) {
      open.delete(conversationId);
      open.set(conversationId, { question, until: Date.now() + QUESTION_MS });
      // A fresh id per sentence (nobody follows up) must not pile questions up: the oldest go.
      if (open.size > MAX_OPEN) open.delete(open.keys().next().value as string);
    },
    /** The question asked in this conversation's last turn, if still fresh; it is no longer open. */
    take(conversationId: string): OpenQuestion | undefined {
      const entry = open.get(conversationId);
      open.delete(conversationId);
      return entry && entry.until >= Date.now() ? entry.question : undefined;
    },
  };
}

export type OpenQuestions = ReturnType<typeof createOpenQuestions>;
