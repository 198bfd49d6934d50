// The local media operations of the desk's handler table (contract/media.ts), on the desk's runner.
import { basename } from 'node:path';
import type { MediaIntake } from '#shared/contract/media';
import { DeskError } from '#shared/contract/result';
import type { SpeechToText } from '#service/stt/index';
import type { HandlerGroup } from '../handlers';
import { mediaInFolder, type NewJobContext } from './intake';
import type { MediaRunner } from './runner';

export interface MediaHandlerContext {
  stt: SpeechToText;
  media: MediaRunner;
  /** What a new job's card says before it starts (index.ts). */
  intakeContext: () => Promise<NewJobContext>;
  /** Folders are paths on this machine: the desktop app's, never a browser's. */
  readsPaths: boolean;
}

export const mediaHandlers = ({ stt, media, intakeContext, readsPaths }: MediaHandlerContext): HandlerGroup<'media'> => ({
  'media.list': async () => ({ jobs: await media.list() }),
  'media.addFolders': async (input) => {
    if (!readsPaths) throw new DeskError('unavailable', 'Reading folders by path needs the desktop app');
    const context = await intakeContext();
    const intake: MediaIntake = { files: [], folders: [] };
    for (const folder of input.paths) {
      const found = await mediaInFolder(stt, folder, context).catch((error: unknown) => {
        throw new DeskError('invalid_input', `${folder} cannot be read as a folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      });
      await media.add(found.jobs);
      intake.files.push(...found.jobs.map((job) => ({ name: job.name, jobId: job.id, error: null })));
      intake.folders.push({ name: basename(folder), path: folder, mediaFiles: found.jobs.length, skipped: found.skipped });
    }
    return intake;
  },
  'media.pause': async (input) => ({ job: await media.pause(input.id) }),
  'media.resume': async (input) => ({ job: await media.resume(input.id) }),
  'media.cancel': async (input) => ({ job: await media.cancel(input.id) }),
  'media.dismiss': async (input) => ({ dismissed: await media.dismiss(input.id) }),
});
