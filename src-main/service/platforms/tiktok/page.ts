// What a TikTok video page says (research/upstream-video.md §2.2): the rehydration data's
// `webapp.video-detail`, a status code when the item is not shown, or a challenge page instead.
// An app shell marked `data-source="downgrade-mssdk-preload"` without any data is TikTok's bot
// wall (yt-dlp#17393, 2026-08: served even to browser-grade clients), not a layout change.
import { HtmlPage } from '../html';
import { asObject, asString, asNumber, at, parseJson, type JsonObject } from '../json';

export type TikTokPage =
  | { kind: 'item'; item: JsonObject }
  | { kind: 'status'; code: number; message: string }
  | { kind: 'challenge' }
  | { kind: 'bot_wall' }
  | { kind: 'no_data' }
  | { kind: 'malformed' };

export function readTikTokPage(html: string): TikTokPage {
  const page = new HtmlPage(html);
  const data = page.scriptById('__UNIVERSAL_DATA_FOR_REHYDRATION__');
  if (data === undefined) {
    // The JS challenge page: an element `cs` holding the puzzle, "Please wait..." as title.
    if (page.hasElementWithId('cs') || page.hasElementWithId('wci') || /please wait/i.test(page.title() ?? '')) return { kind: 'challenge' };
    return /data-source=["']?downgrade-mssdk/i.test(html) ? { kind: 'bot_wall' } : { kind: 'no_data' };
  }
  const parsed = parseJson(data);
  if (!parsed.ok) return { kind: 'malformed' };
  const detail = asObject(at(parsed.value, '__DEFAULT_SCOPE__', 'webapp.video-detail'));
  if (detail === undefined) return { kind: 'no_data' };
  const code = asNumber(detail.statusCode) ?? 0;
  const item = asObject(at(detail, 'itemInfo', 'itemStruct'));
  if (code !== 0 || item === undefined) return { kind: 'status', code, message: asString(detail.statusMsg) ?? '' };
  return { kind: 'item', item };
}
