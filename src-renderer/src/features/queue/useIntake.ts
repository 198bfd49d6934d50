// Adding links to the queue from anywhere (drop, paste box, paste anywhere, file picker), with a
// summary of what happened to them; audio and video files among them go up to the server as local
// media (browser build), reported in the media panel (features/media/MediaIntakePanel.tsx).
import { useCallback } from 'react';
import { useApp } from '../../stores/app';
import { useQueue } from '../../stores/queue';
import { plural } from '../../lib/format';
import { NO_LINKS, summarizeIntake, type IntakeNotice } from '../../lib/intakeSummary';
import { refusedWhileOffline } from '../../lib/offline';
import { useMediaIntake } from '../../stores/mediaIntake';
import { uploadMediaFiles } from '../media/upload';
import { useSources } from '../../stores/sources';
import { mayBeFeed, splitSources } from '../sources/sourceIntake';
import type { DropResult } from './readDrop';

/** Opens the picker on a link as a podcast feed; the invalid queue row it became goes once its items are queued. */
export function readAsFeed(url: string): void {
  useSources.getState().pick([{ url, kind: null }]);
}

/** Files of a drop that are not URL lists go to the server as media; folders are refused here. */
function takeMedia(result: DropResult): void {
  const media = result.media ?? [];
  const folders = result.folders ?? [];
  if (media.length + folders.length === 0) return;
  if (media.length > 0 && refusedWhileOffline(`${plural(media.length, 'file')} not uploaded`)) return;
  const intake = useMediaIntake.getState();
  intake.begin();
  intake.refuse(folders.map((name) => ({ name, reason: 'A folder cannot be uploaded from the browser: drop the files in it' })));
  void uploadMediaFiles(media);
}

export function useIntake(): (result: DropResult) => void {
  return useCallback((result: DropResult) => {
    const notify = useApp.getState().notify;
    const say = (notice: IntakeNotice | null) => {
      if (notice !== null) notify(notice.kind, notice.text);
    };
    for (const refusal of result.refused) notify('error', refusal);
    takeMedia(result);
    if (result.urls.length === 0) {
      // A refused file has said so above, and media files speak in their own panel; "no links
      // found" is for what was read as links: text, or URL-list files.
      const read = result.listsRead === undefined ? result.refused.length === 0 : result.listsRead > 0;
      say(summarizeIntake(NO_LINKS, result.malformed, read ? 'No links found in what was dropped or pasted' : null));
      return;
    }
    if (refusedWhileOffline(`${plural(result.urls.length, 'link')} not added`)) return;
    // Sources (playlists, channels, shows) open a picker each; the items go to the queue as ever.
    const { items, sources } = splitSources(result.urls);
    if (sources.length > 0) useSources.getState().pick(sources);
    if (items.length === 0) return;
    performance.mark('intake-start');
    const notice = summarizeIntake(useQueue.getState().intake(items), result.malformed);
    const lone = items.length === 1 ? items[0] : undefined;
    // One link on no known site may be a podcast feed: the notice offers to read it as one (its row offers it too).
    if (notice !== null && lone !== undefined && mayBeFeed(lone)) notify(notice.kind, notice.text, { label: 'Read as a feed', run: () => readAsFeed(lone) });
    else say(notice);
  }, []);
}
