// The request bodies of the spec's POSTs (§2.1, §4.1, §4.2) as zod schemas, for the API document
// (src-main/http/openapi.ts). The server still reads a body by hand (service/requestBody.ts), in
// its own order and with its own messages, and is more lenient than these schemas (a `null` or
// empty `lang`, spaces around it); test/unit/openapi-requests.test.ts proves that every body these
// schemas accept gets past those checks and that the ones they reject for a field's type are refused.
// Objects are not strict: the server ignores fields it does not know. Where the server is more
// lenient than a schema, the field's description says so.
import { z } from 'zod';

/** A language code as YouTube writes them: `en`, `de`, `pt-BR`, `zh-Hant`, `es-419`. */
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

const urlField = z.string().describe("Public URL of the item to transcribe; the platform's URL rules (spec §4.1) decide whether it is accepted (else 400).");

/** `POST /api/{platform}/transcript` for the synchronous platforms. */
export const transcriptRequestSchema = z.object({
  url: urlField,
  lang: z
    .string()
    .regex(LANGUAGE_CODE)
    .optional()
    .describe('Ours, not the spec\'s: a caption language preference (`en`, `pt-BR`). Honoured by `longform` (a track in that language, or one auto-translated into it); the other platforms ignore it. Absent, `null` or `""` means no preference; spaces around a code are ignored.'),
});
export type TranscriptRequestBody = z.infer<typeof transcriptRequestSchema>;

/** `POST /api/podcast/transcript`: an episode URL with `?i=<episodeId>`. */
export const podcastRequestSchema = z.object({
  url: urlField.describe('An episode URL, `https://{podcast_directory_host}/{region}/podcast/<slug>/id<showId>?i=<episodeId>`; a show URL without `?i=` is a 400.'),
});
