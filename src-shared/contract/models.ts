// Whisper models: the catalogue, what is on disk, downloads in progress.
import { z } from 'zod';

export const modelDownloadSchema = z.object({
  name: z.string(),
  state: z.enum(['downloading', 'done', 'failed', 'cancelled']),
  receivedBytes: z.number(),
  totalBytes: z.number().nullable(),
  error: z.string().nullable(),
});
export type ModelDownload = z.infer<typeof modelDownloadSchema>;

export const whisperModelSchema = z.object({
  name: z.string(),
  approxBytes: z.number(),
  multilingual: z.boolean(),
  downloaded: z.boolean(),
  /** The model the whisper engine uses (setting `stt.whisper.model`). */
  selected: z.boolean(),
});
export type WhisperModel = z.infer<typeof whisperModelSchema>;

export const modelsViewSchema = z.object({ models: z.array(whisperModelSchema), downloads: z.array(modelDownloadSchema), customModelPath: z.string().nullable() });
