// The request schemas of the document (src-shared/contract/api/requests.ts) against the server's own
// reading of a body (service/requestBody.ts): every body the schemas accept gets past it, and a
// body they refuse for a field's type or absence is refused by it too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { podcastRequestSchema, transcriptRequestSchema } from '#shared/contract/api/requests';
import { langField, urlField } from '#service/requestBody';

const serverTakes = (body: Record<string, unknown>) => urlField(body).ok && langField(body).ok;
const languageCode = fc.stringMatching(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/);
const anyValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string()));

describe('the request bodies the document describes', () => {
  it('every body the transcript schema accepts, the server takes', () => {
    const body = fc.record({ url: fc.string(), lang: languageCode, other: anyValue }, { requiredKeys: ['url'] });
    fc.assert(fc.property(body, (b) => transcriptRequestSchema.safeParse(b).success && serverTakes(b)));
    fc.assert(fc.property(fc.record({ url: fc.string() }), (b) => podcastRequestSchema.safeParse(b).success && urlField(b).ok));
  });

  it('a body the schema refuses for `url` or `lang` of the wrong type, the server refuses too', () => {
    const badUrl = fc.record({ url: anyValue.filter((v) => typeof v !== 'string') });
    fc.assert(fc.property(badUrl, (b) => !transcriptRequestSchema.safeParse(b).success && !urlField(b).ok));
    expect(urlField({}).ok || transcriptRequestSchema.safeParse({}).success).toBe(false);
    const badLang = fc.record({ url: fc.string(), lang: fc.oneof(fc.integer(), fc.boolean(), fc.string().filter((s) => s.trim() !== '' && !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/.test(s.trim()))) });
    fc.assert(fc.property(badLang, (b) => !transcriptRequestSchema.safeParse(b).success && !langField(b).ok));
  });

  it('where the server is more lenient than the schema, the schema says so', () => {
    // `null`, "" and spaces around a code: taken by the server, stated in `lang`'s description.
    for (const lang of [null, '', ' en ']) expect([transcriptRequestSchema.safeParse({ url: 'u', lang }).success, langField({ lang }).ok]).toEqual([false, true]);
    expect(transcriptRequestSchema.shape.lang.description).toMatch(/`null` or `""`/);
  });
});
