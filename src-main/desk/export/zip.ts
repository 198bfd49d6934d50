// One zip of the export's files, produced chunk by chunk: each file is compressed as it is added,
// so a large batch never sits in memory twice. The same producer feeds a file on disk (export to a
// folder) and an HTTP response (the browser build's download).
import { Readable } from 'node:stream';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { claimName } from '#shared/format/fileNames';
import type { ReadyFile } from './collect';

/**
 * Unique file names for the files, in order (`Talk.srt`, `Talk-2.srt` for two different talks),
 * with their sub-folder where they have one (`Show/Talk.srt`, "folder per source").
 */
export function fileNames(ready: readonly ReadyFile[], extension: string): string[] {
  const taken = new Set<string>();
  return ready.map((file) => claimName(taken, file.folder === undefined ? file.name : `${file.folder}/${file.name}`, extension));
}

/** The bytes of a file's content: text as UTF-8. */
export const contentBytes = (content: string | Uint8Array): Uint8Array => (typeof content === 'string' ? strToU8(content) : content);

/**
 * The zip as a stream. Files are added one per read, so a slow reader (a download over a slow
 * link) holds back the compression instead of the whole archive piling up in memory.
 */
export function zipStream(ready: readonly ReadyFile[], names: readonly string[]): Readable {
  let next = 0;
  let pushed = false;
  const stream = new Readable({
    read() {
      try {
        // Add files until one gives the stream something: a read that pushes nothing is never repeated.
        pushed = false;
        while (!pushed) {
          if (next > ready.length) return; // ended already
          const file = ready[next];
          const name = names[next];
          next++;
          if (file === undefined || name === undefined) return zip.end();
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          entry.push(contentBytes(file.content), true);
        }
      } catch (error) {
        stream.destroy(error as Error);
      }
    },
  });
  const zip: Zip = new Zip((error, chunk, final) => {
    if (error !== null) return void stream.destroy(error);
    pushed = true;
    stream.push(Buffer.from(chunk));
    if (final) stream.push(null);
  });
  return stream;
}
