// The remedy a row offers (remedies.ts): "Download a model" starts the same download as Settings'
// Download button (models.download) and shows its progress; "Transcribe the audio" asks for our
// speech-to-text of the video (queue.transcribeAudio), one credit when it delivers; "Read as a
// feed" opens the source picker on a link no platform owns.
import type { QueueItem } from '#shared/contract/queue';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';
import '../../styles/remedies.css';
import { remedyOf, type Remedy } from './remedies';
import { readAsFeed } from './useIntake';

const act = (promise: Promise<unknown>) => promise.catch((error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message));

export function RowRemedy({ item }: { item: QueueItem }) {
  const remedy = remedyOf(item);
  return remedy === null ? null : (
    <span className="row-remedy">
      <RemedyControl item={item} remedy={remedy} />
    </span>
  );
}

function RemedyControl({ item, remedy }: { item: QueueItem; remedy: Remedy }) {
  if (remedy.kind === 'read-as-feed') {
    return (
      <button type="button" className="button small" title="Reads the link as a podcast’s RSS or Atom feed and lists its episodes" onClick={() => readAsFeed(item.url)}>
        Read as a feed
      </button>
    );
  }
  return <ModelOrAudioControl item={item} remedy={remedy} />;
}

function ModelOrAudioControl({ item, remedy }: { item: QueueItem; remedy: Exclude<Remedy, { kind: 'read-as-feed' }> }) {
  const download = useSettings((s) => (remedy.kind === 'download-model' ? s.downloads.get(remedy.model) : undefined));
  // A model arrived: the empty video can now be transcribed, a failed row retried.
  if (remedy.kind === 'transcribe-audio' || (download?.state === 'done' && item.status === 'empty')) {
    return (
      <button type="button" className="button small" title="Our own speech-to-text of this video’s audio: 1 credit when it gives a transcript, nothing if it fails" onClick={() => void act(desk().invoke('queue.transcribeAudio', { id: item.id }))}>
        Transcribe the audio
      </button>
    );
  }
  if (download?.state === 'downloading') {
    const pct = download.totalBytes === null || download.totalBytes === 0 ? null : Math.floor((100 * download.receivedBytes) / download.totalBytes);
    return (
      <span className="muted" role="status">
        Downloading {remedy.model}
        {pct === null ? '…' : ` ${pct}%`}
      </span>
    );
  }
  if (download?.state === 'done') {
    return (
      <button type="button" className="button small" onClick={() => void act(desk().invoke('queue.retry', { ids: [item.id] }))}>
        Retry
      </button>
    );
  }
  return (
    <button type="button" className="button small" title={download?.error ?? `Downloads the whisper model ${remedy.model}, as Settings → Speech-to-text does`} onClick={() => void act(desk().invoke('models.download', { name: remedy.model }))}>
      {download?.state === 'failed' ? 'Download again' : 'Download a model'}
    </button>
  );
}
