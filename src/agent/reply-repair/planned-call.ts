/** A tool call exactly as the model sent it: `arguments` is the raw string when the provider sent one. */
export interface SentCall {
  name: string;
  arguments: unknown;
}

/** A call that will run: the offered tool's name, arguments as an object, and what was repaired. */
export interface PlannedCall {
  id: string;
  sent: SentCall;
  name: string;
  args: Record<string, unknown>;
  repairs: string[];
  /** The model family whose text markup the call was read from, when it was written as text. */
  family?: string;
}

/** A call that cannot be read with certainty: it does not run, the model hears `error`. */
export interface RefusedCall {
  id: string;
  sent: SentCall;
  error: string;
  repairs: string[];
}
