// HLS (.m3u8) audio, fetched by our own client and joined into one local file: Kick clips and some
// podcast enclosures are HLS, and handing ffmpeg a playlist URL would let it open whatever hosts and
// protocols the playlist names. MPEG-TS segments (and fMP4 segments after their init section) can be
// concatenated byte for byte into a file ffmpeg reads.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parse, type types } from 'hls-parser';
import type { UpstreamClient } from '#service/upstream/client';
import { SttError } from '../errors';
import { abandonFile } from './fileSink';
import { fetchError, MAX_PLAYLIST_BYTES, openMedia, pipeTo, type MediaDownloadOptions } from './remote';

type MasterPlaylist = types.MasterPlaylist;
type MediaPlaylist = types.MediaPlaylist;

function parsePlaylist(text: string, url: string): MasterPlaylist | MediaPlaylist {
  try {
    return parse(text);
  } catch (error) {
    throw new SttError('bad_media', `The HLS playlist at ${new URL(url).host} cannot be read (${(error as Error).message})`, { cause: error });
  }
}

/**
 * The playlist that carries the audio at the lowest cost: a separate audio rendition when the master
 * offers one, else the variant with the lowest bandwidth (every variant has the same sound).
 */
function pickAudioPlaylist(master: MasterPlaylist, base: string): string {
  const variants = [...master.variants].sort((a, b) => a.bandwidth - b.bandwidth);
  for (const v of variants) {
    const rendition = v.audio.find((r) => r.isDefault && r.uri) ?? v.audio.find((r) => r.uri);
    if (rendition?.uri) return new URL(rendition.uri, base).href;
  }
  const lowest = variants[0];
  if (lowest === undefined) throw new SttError('bad_media', 'The HLS master playlist lists no streams');
  return new URL(lowest.uri, base).href;
}

async function fetchPlaylist(client: UpstreamClient, url: string, signal: AbortSignal | undefined, headers: Record<string, string> | undefined): Promise<{ text: string; url: string }> {
  try {
    const response = await client.request({ url, scope: 'media', maxBytes: MAX_PLAYLIST_BYTES, signal, ...(headers === undefined ? {} : { headers }) });
    if (response.status < 200 || response.status > 299) throw new SttError('fetch_failed', `The HLS playlist answered HTTP ${response.status} (${new URL(response.url).host})`);
    return { text: response.text(), url: response.url };
  } catch (error) {
    throw fetchError(error, url, signal);
  }
}

export async function downloadHls(client: UpstreamClient, playlistUrl: string, text: string, file: string, options: MediaDownloadOptions): Promise<string> {
  const { signal } = options;
  let url = playlistUrl;
  let playlist = parsePlaylist(text, url);
  if (playlist.isMasterPlaylist) {
    const fetched = await fetchPlaylist(client, pickAudioPlaylist(playlist, url), signal, options.headers);
    url = fetched.url;
    playlist = parsePlaylist(fetched.text, url);
    if (playlist.isMasterPlaylist) throw new SttError('bad_media', 'The HLS playlist nests master playlists; no media playlist was found');
  }
  const media = playlist;
  if (media.segments.length === 0) throw new SttError('no_audio', 'The HLS playlist has no segments');
  if (!media.endlist && media.playlistType !== 'VOD') throw new SttError('bad_media', 'The HLS playlist is a live stream that has not ended; only recordings can be transcribed');
  if (media.segments.some((s) => s.key != null && s.key.method !== 'NONE')) throw new SttError('bad_media', 'The HLS stream is encrypted, which is not supported');

  // The init section (fMP4) goes first, once per distinct map.
  const parts: { url: string; range?: string }[] = [];
  let lastMap: string | undefined;
  for (const segment of media.segments) {
    const map = segment.map as types.MediaInitializationSection | null | undefined;
    if (map?.uri && map.uri !== lastMap) {
      parts.push({ url: new URL(map.uri, url).href, range: byteRange(map.byterange) });
      lastMap = map.uri;
    }
    parts.push({ url: new URL(segment.uri, url).href, range: byteRange(segment.byterange) });
  }

  const out = createWriteStream(file);
  let received = 0;
  try {
    for (const part of parts) {
      const remaining = options.maxBytes - received;
      if (remaining <= 0) throw new SttError('too_long', `The HLS stream is larger than ${options.maxBytes} bytes`);
      const response = await openMedia(client, part.url, { signal, maxBytes: remaining, range: part.range, ...(options.headers === undefined ? {} : { headers: options.headers }) });
      await pipeTo(response.body, out, (n) => {
        received += n;
        options.onProgress?.(received);
      }).catch((error: unknown) => {
        response.cancel();
        throw fetchError(error, part.url, signal);
      });
    }
    out.end();
    await once(out, 'finish');
    return file;
  } catch (error) {
    await abandonFile(out);
    throw fetchError(error, url, signal);
  }
}

function byteRange(range: { length: number; offset?: number } | undefined): string | undefined {
  if (range === undefined) return undefined;
  const start = range.offset ?? 0;
  return `bytes=${start}-${start + range.length - 1}`;
}
