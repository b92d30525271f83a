// A pure function of one word or sentence with its latest answers kept: the fast path reads each
// sentence several ways (understand.ts), and each way folds, respells and asks the same of the
// same words.

/**
 * `fn` with the answers for its last `size` or so different arguments kept (all are dropped when
 * more come: sentences are short, and the next one asks of other words).
 */
export function withRecentAnswers<T>(fn: (key: string) => T, size = 256): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    if (answers.size >= size) answers.clear();
    const answer = fn(key);
    answers.set(key, answer);
    return answer;
  };
}
