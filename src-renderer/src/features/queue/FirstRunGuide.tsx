// The empty queue's guide for a first run (issue 13 item 10): which sites work and how, what a
// credit buys, and whether speech-to-text can run here, with the way to Settings when it cannot.
// Read again every time the queue is empty, so a model downloaded meanwhile shows as ready.
import { useEffect, useState } from 'react';
import type { WelcomeView } from '#shared/contract/welcome';
import { PLATFORMS, PLATFORM_TOKENS } from '#shared/platforms';
import { desk } from '../../lib/desk';
import { plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { withoutCliHints } from './remedies';

const names = (pick: (token: (typeof PLATFORM_TOKENS)[number]) => boolean) =>
  PLATFORM_TOKENS.filter((t) => t !== 'podcast' && pick(t))
    .map((t) => PLATFORMS[t].uiName)
    .join(', ');
const CAPTION_SITES = names((t) => PLATFORMS[t].source === 'captions');
const SPEECH_SITES = names((t) => PLATFORMS[t].source === 'speech');

export function FirstRunGuide() {
  const [view, setView] = useState<WelcomeView | null>(null);
  useEffect(() => {
    let live = true;
    // Without it the guide still names the sites; prices and readiness are left out, not guessed.
    desk()
      .invoke('welcome.get', {})
      .then((v) => live && setView(v), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const speech = view?.speech;
  return (
    <section className="first-run" aria-label="Getting started" data-testid="first-run">
      <h2>What works</h2>
      <ul>
        <li>
          <strong>{CAPTION_SITES}</strong>: their captions.
        </li>
        <li>
          <strong>{SPEECH_SITES}</strong> clips: our own speech-to-text of the video.
        </li>
        <li>
          <strong>Apple Podcasts</strong> episodes (links with <code>?i=</code>): the publisher's transcript when the feed has one, else speech-to-text.
        </li>
      </ul>
      {view !== null && (
        <p data-testid="first-run-prices">
          A video or clip transcript costs {plural(view.prices.transcript, 'credit')}; a podcast episode {plural(view.prices.podcastPerHour, 'credit')} per started hour after its first {view.prices.podcastGraceMinutes} minutes. Transcripts
          fetched before are free again, and a failure is never charged.
        </p>
      )}
      {speech !== undefined &&
        (speech.engine !== null ? (
          <p className="first-run-ready" data-testid="first-run-speech">
            Speech-to-text is ready ({speech.engine}).
          </p>
        ) : (
          <div className="first-run-missing" data-testid="first-run-speech">
            <p>
              Speech-to-text is not ready: {SPEECH_SITES} and podcasts without a publisher transcript will fail until it is.{' '}
              <button type="button" className="link-button" onClick={() => useApp.getState().setTab('settings')}>
                Set up speech-to-text
              </button>
            </p>
            <ul>
              {speech.problems.map((p) => (
                <li key={p}>{withoutCliHints(p)}</li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
