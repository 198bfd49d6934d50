// Upstream JSON is untrusted and changes shape without notice: read it through these, never with casts.

export type JsonObject = Record<string, unknown>;

export const asObject = (value: unknown): JsonObject | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The value at a path of object keys, or undefined as soon as a step is missing. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    const object = asObject(current);
    if (object === undefined) return undefined;
    current = object[key];
  }
  return current;
}

/** An http(s) URL, or undefined: upstream fields hold nulls, empty strings and relative paths too. */
export function httpUrl(value: unknown): string | undefined {
  const text = asString(value);
  if (text === undefined || !/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).href;
  } catch {
    return undefined;
  }
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
