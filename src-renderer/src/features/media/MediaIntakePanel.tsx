// What became of the audio and video files just handed to the desk: uploads under way with their
// progress, a dropped folder's question ("Transcribe the 12 media files in …?"), and the outcome:
// files added, files refused with their reason. It stays until dismissed or the next drop.
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useMediaIntake, type PendingFolder, type Upload } from '../../stores/mediaIntake';
import { folderQuestion, intakeSummary } from './intakeText';

function UploadLine({ upload }: { upload: Upload }) {
  const pct = upload.total > 0 ? Math.round((100 * upload.loaded) / upload.total) : 0;
  return (
    <li className="media-upload" data-testid="media-upload">
      <span className="media-upload-name">{upload.sending ? `Uploading ${upload.name}…` : `${upload.name}: waiting to upload`}</span>
      <div className="progress" role="progressbar" aria-label={`Upload of ${upload.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%`}>
        <div className="progress-fill" style={{ transform: `scaleX(${pct / 100})` }} />
      </div>
      <span className="media-upload-pct">{pct}%</span>
    </li>
  );
}

function FolderOffer({ folder }: { folder: PendingFolder }) {
  const { take, dropFolder } = useMediaIntake.getState();
  const start = () => {
    dropFolder(folder.path);
    desk()
      .invoke('media.addFolders', { paths: [folder.path] })
      // The answer names the folder again: only its files are news (the question was answered).
      .then(({ files }) => take({ files, folders: [] }), (error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message));
  };
  return (
    <li className="media-folder" data-testid="media-folder">
      <span>{folderQuestion(folder)}</span>
      {folder.mediaFiles > 0 && (
        <button type="button" className="button small primary" onClick={start}>
          Transcribe {folder.mediaFiles === 1 ? 'it' : `all ${folder.mediaFiles}`}
        </button>
      )}
      <button type="button" className="button small" onClick={() => dropFolder(folder.path)}>
        {folder.mediaFiles > 0 ? 'Not now' : 'OK'}
      </button>
    </li>
  );
}

export function MediaIntakePanel() {
  const uploads = useMediaIntake((s) => s.uploads);
  const report = useMediaIntake((s) => s.report);
  const folders = useMediaIntake((s) => s.folders);
  const dismiss = useMediaIntake((s) => s.dismissReport);
  if (uploads.length === 0 && report === null && folders.length === 0) return null;
  return (
    <section className="media-intake" aria-label="Audio and video files added" data-testid="media-intake">
      {uploads.length > 0 && (
        <ul className="media-intake-list" aria-label="Uploads">
          {uploads.map((u) => (
            <UploadLine key={u.id} upload={u} />
          ))}
        </ul>
      )}
      {folders.length > 0 && (
        <ul className="media-intake-list" aria-label="Dropped folders">
          {folders.map((f) => (
            <FolderOffer key={f.path} folder={f} />
          ))}
        </ul>
      )}
      {report !== null && (
        <div className="media-report">
          <div className="media-report-head">
            <p role="status" data-testid="media-intake-summary">
              {intakeSummary(report, uploads.length)}
            </p>
            {uploads.length === 0 && (
              <button type="button" className="icon-button" aria-label="Dismiss this summary" onClick={dismiss}>
                ✕
              </button>
            )}
          </div>
          {report.refused.length > 0 && (
            <ul className="media-refusals" aria-label="Files refused">
              {report.refused.map((r, i) => (
                <li key={`${i}-${r.name}`} data-testid="media-refusal">
                  <strong>{r.name}</strong>: {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
