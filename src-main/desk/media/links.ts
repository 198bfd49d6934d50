// The desk's player reads a local file through a capability link, `/app/media/<token>`, never a
// file:// URL: the renderer cannot name a path, only a token `transcript.get` minted for a library
// item's file. The same path serves both hosts: the browser build's HTTP route, and in the desktop
// app the app:// protocol (the renderer lives at app://desk/, so the path resolves there).
import { createHmac, randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { HTTP_MEDIA_PREFIX } from '#shared/contract/media';

/** Tokens kept per process; a viewer opened long ago asks `transcript.get` again after a restart anyway. */
const MAX_LINKS = 2000;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.weba': 'audio/webm',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.ts': 'video/mp2t',
};

/** What a media element is told the file is; the browser sniffs real media anyway, never scripts (nosniff is set). */
export function mediaContentType(path: string, video: boolean): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? (video ? 'video/mp4' : 'audio/mpeg');
}

export class MediaLinks {
  private readonly secret = randomBytes(32);
  private readonly files = new Map<string, { path: string; contentType: string }>();

  /** The player's URL for a file: the same token for the same path in this process. */
  srcFor(path: string, video: boolean): string {
    const token = createHmac('sha256', this.secret).update(path).digest('base64url').slice(0, 32);
    this.files.delete(token);
    this.files.set(token, { path, contentType: mediaContentType(path, video) });
    if (this.files.size > MAX_LINKS) this.files.delete(this.files.keys().next().value as string);
    return `${HTTP_MEDIA_PREFIX}${token}`;
  }

  /** The file a token names, or undefined (unknown, or minted by an earlier process). */
  resolve(token: string): { path: string; contentType: string } | undefined {
    return this.files.get(token);
  }
}
