// What happens to a dropped or pasted URL before anything is sent: the shared URL rules classify
// it (platform, item id, or the reason it is refused), and two forms of one item fold into one.
// The renderer runs this for instant feedback; the main process runs it again on what it is sent.
import { sourceHint } from '../sources/detect';
import { parseAny } from '../url/parse';
import type { PlatformToken } from '../platforms';

export interface ClassifiedUrl {
  url: string;
  status: 'queued' | 'invalid';
  platform: PlatformToken | null;
  itemId: string | null;
  canonicalKey: string | null;
  /** invalid: the spec's 400 text. */
  error: string | null;
  /** invalid: why, in words. */
  message: string | null;
}

export function classifyUrl(raw: string): ClassifiedUrl {
  const url = raw.trim();
  const parsed = parseAny(url);
  if (!parsed.ok) return { url, status: 'invalid', platform: parsed.platform ?? null, itemId: null, canonicalKey: null, error: parsed.error, message: sourceHint(url) ?? parsed.reason };
  return { url, status: 'queued', platform: parsed.platform, itemId: parsed.itemId, canonicalKey: parsed.canonicalKey, error: null, message: null };
}

/** The identity duplicates share: the item for valid URLs, the text for invalid ones. */
export function identityOf(item: { platform: PlatformToken | null; canonicalKey: string | null; url: string }): string {
  return item.canonicalKey === null || item.platform === null ? `url ${item.url}` : `${item.platform} ${item.canonicalKey}`;
}
