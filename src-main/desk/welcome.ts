// The empty queue's first-run guide: prices from billing.ts (spec §8), speech-to-text readiness.
import type { WelcomeView } from '#shared/contract/welcome';
import { PODCAST_GRACE_SECONDS, SYNC_TRANSCRIPT_PRICE, podcastPrice } from '#service/billing';
import type { Settings } from '#service/settings';
import { speechReadiness } from '#service/stt/engines/speechReadiness';

export async function welcomeView(settings: Settings, home: string): Promise<WelcomeView> {
  return {
    prices: { transcript: SYNC_TRANSCRIPT_PRICE, podcastPerHour: podcastPrice(PODCAST_GRACE_SECONDS + 1), podcastGraceMinutes: PODCAST_GRACE_SECONDS / 60 },
    speech: await speechReadiness(await settings.stt(), home),
  };
}
