// Whisper ggml models: the catalogue, downloads with progress and resume, and checksum checks.
//
// Facts are from whisper.cpp's models/README.md ("Available models": name, disk size, SHA) and
// models/download-ggml-model.sh (host and file names). whisper.cpp publishes SHA-1 digests, not
// SHA-256; we could not verify SHA-256 digests from an authoritative source, so the catalogue checks
// the published SHA-1 and records the file's SHA-256 beside it once verified (ggml-NAME.bin.sha256).
import { createHash } from 'node:crypto';
import { closeSync, constants, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import type { UpstreamClient } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import { keepWhatArrived } from './audio/fileSink';
import { cancelled, SttError } from './errors';

export interface CatalogueModel {
  name: string;
  /** Approximate size from the catalogue, for the UI before a download starts. */
  approxBytes: number;
  sha1: string;
  multilingual: boolean;
  url: string;
}

const MiB = 1024 * 1024;
const HOST = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
const TDRZ_HOST = 'https://huggingface.co/akashmjn/tinydiarize-whisper.cpp/resolve/main';
const model = (name: string, mib: number, sha1: string): CatalogueModel => ({
  name,
  approxBytes: Math.round(mib * MiB),
  sha1,
  multilingual: !name.includes('.en'),
  url: `${name.includes('tdrz') ? TDRZ_HOST : HOST}/ggml-${name}.bin`,
});

export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  model('tiny', 75, 'bd577a113a864445d4c299885e0cb97d4ba92b5f'),
  model('tiny.en', 75, 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df'),
  model('base', 142, '465707469ff3a37a2b9b8d8f89f2f99de7299dac'),
  model('base.en', 142, '137c40403d78fd54d454da0f9bd998f78703390c'),
  model('small', 466, '55356645c2b361a969dfd0ef2c5a50d530afd8d5'),
  model('small.en', 466, 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022'),
  model('small.en-tdrz', 465, 'b6c6e7e89af1a35c08e6de56b66ca6a02a2fdfa1'),
  model('medium', 1.5 * 1024, 'fd9727b6e1217c2f614f9b698455c4ffd82463b4'),
  model('medium.en', 1.5 * 1024, '8c30f0e44ce9560643ebd10bbe50cd20eafd3723'),
  model('large-v1', 2.9 * 1024, 'b1caaf735c4cc1429223d5a74f0f4d0b9b59a299'),
  model('large-v2', 2.9 * 1024, '0f4c8e34f21cf1a914c59d8b3ce882345ad349d6'),
  model('large-v2-q5_0', 1.1 * 1024, '00e39f2196344e901b3a2bd5814807a769bd1630'),
  model('large-v3', 2.9 * 1024, 'ad82bf6a9043ceed055076d0fd39f5f186ff8062'),
  model('large-v3-q5_0', 1.1 * 1024, 'e6e2ed78495d403bef4b7cff42ef4aaadcfea8de'),
  model('large-v3-turbo', 1.5 * 1024, '4af2b29d7ec73d781377bfd1758ca957a807e941'),
  model('large-v3-turbo-q5_0', 547, 'e050f7970618a659205450ad97eb95a18d69c9ee'),
];

export const findModel = (name: string) => MODEL_CATALOGUE.find((m) => m.name === name);
export const modelsDir = (home: string) => join(home, 'models');
export const modelFile = (home: string, name: string) => join(modelsDir(home), `ggml-${name}.bin`);

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | undefined;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

async function digests(file: string): Promise<{ sha1: string; sha256: string }> {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    sha1.update(chunk);
    sha256.update(chunk);
  }
  return { sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}

const sizeOf = (file: string) => stat(file).then((s) => s.size, () => 0);

/**
 * Downloads a catalogue model into <home>/models through the upstream client. An interrupted
 * download leaves `ggml-NAME.bin.part` behind and the next call continues it with an HTTP Range
 * request. The finished file is checked against the catalogue's SHA-1; a mismatch deletes it.
 */
export async function downloadModel(client: UpstreamClient, home: string, name: string, options: DownloadOptions = {}): Promise<string> {
  const entry = findModel(name);
  if (entry === undefined) throw new SttError('engine_unavailable', `No whisper model named ${name}; known models: ${MODEL_CATALOGUE.map((m) => m.name).join(', ')}`);
  return downloadVerified(client, home, entry, options);
}

/** Downloads one model entry (the catalogue's, or a mirror's with the same digest) and verifies it. */
export async function downloadVerified(client: UpstreamClient, home: string, entry: CatalogueModel, options: DownloadOptions = {}): Promise<string> {
  const name = entry.name;
  const target = modelFile(home, name);
  if ((await sizeOf(target)) > 0) return target;
  await mkdir(modelsDir(home), { recursive: true });
  const part = `${target}.part`;
  const { signal, onProgress } = options;

  let have = await sizeOf(part);
  let response;
  try {
    response = await client.stream({ url: entry.url, scope: 'media', maxBytes: 8 * 1024 ** 3, headers: have > 0 ? { range: `bytes=${have}-` } : {}, timeoutMs: 60_000, bodyTimeoutMs: 60_000, signal });
  } catch (error) {
    if (signal?.aborted) throw cancelled(signal);
    throw new SttError(isUpstreamError(error) && error.failure === 'blocked_address' ? 'blocked_address' : 'fetch_failed', `The model ${name} could not be downloaded: ${(error as Error).message}`, { cause: error });
  }
  if (response.status === 416 && have > 0) {
    // The part file is already whole (or longer than the file): let the checksum decide.
    response.cancel();
  } else {
    if (response.status !== 200 && response.status !== 206) {
      response.cancel();
      throw new SttError('fetch_failed', `The model host answered ${response.status} for ${name}`);
    }
    // 200 to a Range request means the server starts over: so do we.
    if (response.status === 200) have = 0;
    const total = response.status === 206 ? parseTotal(response.headers['content-range']) : response.contentLength;
    const out = createWriteStream(part, { flags: have > 0 ? 'a' : 'w' });
    let received = have;
    onProgress?.({ receivedBytes: received, totalBytes: total });
    try {
      for await (const chunk of response.body) {
        received += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
        onProgress?.({ receivedBytes: received, totalBytes: total });
      }
      out.end();
      await once(out, 'finish');
    } catch (error) {
      response.cancel();
      // The part file stays, with every byte that arrived: the next download resumes from it.
      await keepWhatArrived(out);
      if (signal?.aborted) throw cancelled(signal);
      throw new SttError('fetch_failed', `The download of ${name} broke off after ${received} bytes; run it again to resume (${(error as Error).message})`, { cause: error });
    }
  }

  const { sha1, sha256 } = await digests(part);
  if (sha1 !== entry.sha1) {
    await rm(part, { force: true });
    throw new SttError('checksum_mismatch', `The downloaded ${name} model is damaged or not the published file (SHA-1 ${sha1}, expected ${entry.sha1}); it was deleted, download it again`);
  }
  await writeFile(`${target}.sha256`, `${sha256}  ggml-${name}.bin\n`);
  await rename(part, target);
  return target;
}

function parseTotal(contentRange: string | undefined): number | undefined {
  const total = /\/(\d+)\s*$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? undefined : Number(total);
}

/** ggml files start with the magic 0x67676d6c ("ggml") stored little-endian. */
const GGML_MAGIC = Buffer.from('lmgg', 'latin1');

export const notAModel = (file: string) => `${file} is not a whisper.cpp ggml model (it does not start with the ggml magic)`;

/**
 * Whether `file` starts with the ggml magic. Opened without blocking, so a FIFO cannot stall the
 * caller; what cannot be read from the start (a directory, a pipe) is not a model. Throws when the
 * file cannot be opened at all.
 */
export function startsWithGgmlMagic(file: string): boolean {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const head = Buffer.alloc(GGML_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(GGML_MAGIC);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Checks that a file the user picked looks like a whisper.cpp ggml model. */
export function checkLocalModel(file: string): Promise<void> {
  let isModel: boolean;
  try {
    isModel = startsWithGgmlMagic(file);
  } catch {
    return Promise.reject(new SttError('engine_unavailable', `The model file ${file} does not exist or cannot be read`));
  }
  return isModel ? Promise.resolve() : Promise.reject(new SttError('engine_unavailable', notAModel(file)));
}
