// The browser build's way in for audio and video: each file is uploaded to the desk's server
// (lib/browserDesk.ts), which streams it to its scratch folder and probes it. One file at a time:
// the first one is transcribing while the next one uploads, and each upload's bar means something.
import { uploadMedia } from '../../lib/browserDesk';
import { useMediaIntake } from '../../stores/mediaIntake';

export async function uploadMediaFiles(files: readonly File[]): Promise<void> {
  const intake = useMediaIntake.getState();
  // Every file shows at once (waiting ones at 0 %), so a large batch says what is coming.
  const ids = files.map((file) => intake.startUpload(file.name, file.size));
  for (const [index, file] of files.entries()) {
    const id = ids[index] as number;
    intake.progress(id, 0);
    try {
      intake.take(await uploadMedia(file, (loaded) => intake.progress(id, loaded)));
    } catch (error) {
      // One file's refusal (too large, the server gone) never stops the others.
      intake.refuse([{ name: file.name, reason: error instanceof Error ? error.message : String(error) }]);
    } finally {
      intake.endUpload(id);
    }
  }
}
