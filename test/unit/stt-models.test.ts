// The whisper model manager against a loopback model host: progress, resume after a cut, and a
// checksum mismatch that deletes the damaged file.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLocalModel, downloadModel, downloadVerified, MODEL_CATALOGUE, modelFile, type CatalogueModel, type DownloadProgress } from '#service/stt/models';
import { UpstreamClient } from '#service/upstream/client';
import { tempHome } from '../helpers/home';
import { listen, type Loopback } from '../helpers/loopback';

// A stand-in for a ggml file: the magic, then 3 MiB of noise.
const MODEL = Buffer.concat([Buffer.from('lmgg', 'latin1'), randomBytes(3 * 1024 * 1024)]);
const entry: CatalogueModel = {
  name: 'tiny.en',
  approxBytes: MODEL.length,
  sha1: createHash('sha1').update(MODEL).digest('hex'),
  multilingual: false,
  url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-tiny.en.bin',
};

let home: ReturnType<typeof tempHome>;
let host: Loopback;
let client: UpstreamClient;
let ranges: (string | undefined)[];
let cutFirstAt: number | undefined;

beforeEach(async () => {
  home = tempHome();
  ranges = [];
  cutFirstAt = undefined;
  host = await listen((req, res) => {
    ranges.push(req.headers.range);
    if (req.url !== '/huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-tiny.en.bin') return void res.writeHead(404).end();
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = MODEL.subarray(from);
    res.writeHead(from > 0 ? 206 : 200, { 'content-length': body.length, ...(from > 0 ? { 'content-range': `bytes ${from}-${MODEL.length - 1}/${MODEL.length}` } : {}) });
    if (cutFirstAt !== undefined) {
      // The connection drops part-way, as a flaky network does.
      const cut = cutFirstAt;
      cutFirstAt = undefined;
      res.write(body.subarray(0, cut), () => setTimeout(() => res.destroy(), 50));
      return;
    }
    res.end(body);
  });
  client = new UpstreamClient({ override: new URL(host.url) });
});
afterEach(async () => {
  await client.close();
  await host.close();
  home.remove();
});

describe('model downloads', () => {
  it('downloads with progress, verifies the digest and records the SHA-256', async () => {
    const progress: DownloadProgress[] = [];
    const file = await downloadVerified(client, home.dir, entry, { onProgress: (p) => progress.push(p) });
    expect(file).toBe(modelFile(home.dir, 'tiny.en'));
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(progress.at(-1)).toEqual({ receivedBytes: MODEL.length, totalBytes: MODEL.length });
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.receivedBytes).toBeGreaterThanOrEqual(progress[i - 1]!.receivedBytes);
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${createHash('sha256').update(MODEL).digest('hex')}  ggml-tiny.en.bin\n`);
    await expect(checkLocalModel(file)).resolves.toBeUndefined();
  });

  it('resumes a download that broke off, asking only for the missing bytes', async () => {
    cutFirstAt = 1024 * 1024;
    const first = await downloadVerified(client, home.dir, entry).catch((e: unknown) => e as Error);
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toMatch(/broke off .* run it again to resume/);
    const partial = readFileSync(`${modelFile(home.dir, 'tiny.en')}.part`).length;
    // Every byte that arrived before the break is on disk (the file is ended, not destroyed).
    expect(partial).toBeGreaterThanOrEqual(1024 * 1024);
    expect(partial).toBeLessThan(MODEL.length);

    const progress: DownloadProgress[] = [];
    const file = await downloadVerified(client, home.dir, entry, { onProgress: (p) => progress.push(p) });
    expect(ranges.at(-1)).toBe(`bytes=${partial}-`);
    expect(progress[0]).toEqual({ receivedBytes: partial, totalBytes: MODEL.length });
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(existsSync(`${file}.part`)).toBe(false);
  });

  it('rejects a file whose digest does not match the catalogue and deletes it', async () => {
    // The real catalogue entry: its published SHA-1 is not that of our stand-in file.
    const error = (await downloadModel(client, home.dir, 'tiny.en').catch((e: unknown) => e)) as { code: string; message: string };
    expect(error.code).toBe('checksum_mismatch');
    expect(error.message).toMatch(/damaged or not the published file .* deleted/);
    expect(existsSync(modelFile(home.dir, 'tiny.en'))).toBe(false);
    expect(existsSync(`${modelFile(home.dir, 'tiny.en')}.part`)).toBe(false);
  });

  it('knows the published models and refuses unknown names', async () => {
    expect(MODEL_CATALOGUE.map((m) => m.name)).toEqual(expect.arrayContaining(['tiny', 'base.en', 'small', 'medium', 'large-v3', 'large-v3-turbo']));
    for (const m of MODEL_CATALOGUE) expect(m.sha1).toMatch(/^[0-9a-f]{40}$/);
    const error = (await downloadModel(client, home.dir, 'huge').catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/No whisper model named huge/);
  });

  it('checks that a file the user picks is a ggml model', async () => {
    const notAModel = `${home.dir}/notes.bin`;
    writeFileSync(notAModel, 'hello');
    await expect(checkLocalModel(notAModel)).rejects.toThrow(/not a whisper.cpp ggml model/);
    await expect(checkLocalModel(`${home.dir}/missing.bin`)).rejects.toThrow(/does not exist/);
  });
});
