import { LANGUAGE_CODE } from '#shared/contract/api/requests';

export type BodyField = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Parses a raw request body as the JSON object every POST of the spec sends. */
export function parseJsonObject(raw: string | undefined): BodyField {
  if (raw === undefined || raw.trim() === '') return { ok: false, message: 'The request body is empty; send JSON like {"url": "https://…"}' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'The request body must be a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The `url` field: present and a string, or the reason it is not. Shape checks come after. */
export function urlField(body: Record<string, unknown>): { ok: true; url: string } | { ok: false; message: string } {
  if (!('url' in body) || body.url === undefined || body.url === null) return { ok: false, message: 'The field "url" is required' };
  if (typeof body.url !== 'string') return { ok: false, message: 'The field "url" must be a string' };
  return { ok: true, url: body.url };
}


/** The optional `lang` field (caption language preference): absent, or a language code. */
export function langField(body: Record<string, unknown>): { ok: true; lang: string | undefined } | { ok: false; message: string } {
  return parseLang(body.lang);
}

/** A caption language preference as a request or `get --lang` gives it: nothing, or a language code. */
export function parseLang(value: unknown): { ok: true; lang: string | undefined } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: true, lang: undefined };
  if (typeof value !== 'string' || !LANGUAGE_CODE.test(value.trim())) return { ok: false, message: 'The field "lang" must be a language code such as "en", "de" or "pt-BR"' };
  return { ok: true, lang: value.trim() };
}
