// PLACEHOLDER until the lead's detectSource lands (same path, same signature): just enough rules for
// the desk's picker to open on the source links. Not the real rules; do not build on it.
import type { SourceKind } from '../contract/sources';
import { prepareUrl } from '../url/prepare';

export function detectSource(input: string): { kind: SourceKind; url: string } | undefined {
  const url = prepareUrl(input);
  if (!(url instanceof URL)) return undefined;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  let kind: SourceKind | undefined;
  if (host === 'youtube.com' && path === '/playlist' && url.searchParams.has('list')) kind = 'youtube-playlist';
  else if (host === 'youtube.com' && /^\/(@[^/]+|channel\/[^/]+|c\/[^/]+|user\/[^/]+)(\/(videos|shorts|streams))?$/.test(path)) kind = 'youtube-channel';
  else if (host === 'podcasts.apple.com' && /\/podcast\/(.+\/)?id\d+$/.test(path) && !url.searchParams.has('i')) kind = 'apple-show';
  else if (host === 'twitch.tv' && /^\/[A-Za-z0-9_]+\/clips$/.test(path)) kind = 'twitch-clips';
  return kind === undefined ? undefined : { kind, url: url.href };
}
