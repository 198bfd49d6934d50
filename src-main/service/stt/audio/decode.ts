import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { cancelled, SttError } from '../errors';
import { abandonFile } from './fileSink';
import { BYTES_PER_SAMPLE, spawnDecoder } from './tools';

export interface DecodeResult {
  /** Samples written (16 kHz mono). */
  samples: number;
}

/**
 * Decodes a local media file to 16 kHz mono s16le PCM, streaming: ffmpeg's output goes to `pcmFile`
 * and through `onPcm` (the silence analysis) a pipe buffer at a time, so memory stays flat however
 * long the episode is. Cancelling kills ffmpeg at once.
 */
export async function decodeToPcmFile(file: string, pcmFile: string, options: { signal?: AbortSignal; onPcm?: (pcm: Buffer) => void } = {}): Promise<DecodeResult> {
  const { signal, onPcm } = options;
  if (signal?.aborted) throw cancelled(signal);
  const child = spawnDecoder(file);
  const out = createWriteStream(pcmFile);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 8192) stderr += d.toString();
  });
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  let bytes = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      onPcm?.(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const code = await exited;
    if (signal?.aborted) throw cancelled(signal);
    if (code !== 0) {
      const reason = stderr.trim().split('\n').at(-1)?.replace(/^.*?: /, '') ?? '';
      throw new SttError('bad_media', `ffmpeg could not decode the file${reason ? ` (${reason})` : ''}`);
    }
    return { samples: Math.floor(bytes / BYTES_PER_SAMPLE) };
  } catch (error) {
    kill();
    await abandonFile(out);
    if (signal?.aborted) throw cancelled(signal);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SttError('engine_unavailable', 'ffmpeg is not installed (Debian/Ubuntu: apt install ffmpeg)');
    throw error;
  } finally {
    signal?.removeEventListener('abort', kill);
  }
}
