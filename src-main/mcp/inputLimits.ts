// What a tool's input may be at most: an agent's input is model output, so a runaway string or list
// is refused by the schema with a sentence before anything is queued or fetched.

/** Longer than any real item or source link. */
export const MAX_URL_CHARS = 2048;
