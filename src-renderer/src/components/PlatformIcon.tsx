// A small badge per platform: its colour and a short mark. Not the platforms' logos (those are
// trademarks); recognisable enough next to the name in the tooltip. A local file (a recording on
// this machine) has a drawn glyph: a page with a waveform.
import { LOCAL_PLATFORM, libraryPlatformName, type LibraryPlatform, type PlatformToken } from '#shared/platforms';

const MARKS: Record<PlatformToken, { mark: string; className: string }> = {
  longform: { mark: '▶', className: 'p-youtube' },
  shortform: { mark: '♪', className: 'p-tiktok' },
  reels: { mark: 'IG', className: 'p-instagram' },
  social: { mark: 'f', className: 'p-facebook' },
  professional: { mark: 'in', className: 'p-linkedin' },
  openvideo: { mark: 'R', className: 'p-rumble' },
  microblog: { mark: '𝕏', className: 'p-x' },
  clips_a: { mark: 'K', className: 'p-kick' },
  clips_b: { mark: 'T', className: 'p-twitch' },
  podcast: { mark: '◉', className: 'p-podcast' },
};

function LocalFileMark() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 1.5h5.5L13 5v9.5H4z" />
      <path d="M9.5 1.5V5H13" />
      <path d="M6 10.5v1M8 8.5v5M10 9.5v3M12 10.5v1" />
    </svg>
  );
}

export function PlatformIcon({ platform }: { platform: LibraryPlatform | null }) {
  if (platform === null) {
    return (
      <span className="platform-icon p-unknown" role="img" aria-label="Unknown platform" title="Unknown platform">
        ?
      </span>
    );
  }
  const name = libraryPlatformName(platform);
  if (platform === LOCAL_PLATFORM) {
    return (
      <span className="platform-icon p-local" role="img" aria-label={name} title={name}>
        <LocalFileMark />
      </span>
    );
  }
  const { mark, className } = MARKS[platform];
  return (
    <span className={`platform-icon ${className}`} role="img" aria-label={name} title={name}>
      {mark}
    </span>
  );
}
