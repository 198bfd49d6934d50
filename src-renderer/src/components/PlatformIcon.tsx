// A small badge per platform: its colour and a short mark. Not the platforms' logos (those are
// trademarks); recognisable enough next to the name in the tooltip.
import { PLATFORMS, type PlatformToken } from '#shared/platforms';

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

export function PlatformIcon({ platform }: { platform: PlatformToken | null }) {
  if (platform === null) {
    return (
      <span className="platform-icon p-unknown" role="img" aria-label="Unknown platform" title="Unknown platform">
        ?
      </span>
    );
  }
  const { mark, className } = MARKS[platform];
  const name = PLATFORMS[platform].uiName;
  return (
    <span className={`platform-icon ${className}`} role="img" aria-label={name} title={name}>
      {mark}
    </span>
  );
}
