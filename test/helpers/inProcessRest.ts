// The REST API served in-process on a service of a fresh home, against the fixture upstream, with
// pocketsphinx for speech. For what a black-box `serve` cannot show: a signed-in session (only the
// desktop app holds imported cookies) or a service built with other parts (a smaller admission).
import { inject } from 'vitest';
import { startApiServer, type RunningServer } from '../../src-main/http/server';
import type { TranscriptService } from '#service/service';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { call, post, type Reply } from './http';
import { openTestService } from './stt';

export type TestService = Awaited<ReturnType<typeof openTestService>>;

export interface InProcessRest {
  fixture: FixtureUpstream;
  opened: TestService;
  api: RunningServer;
  transcript(platform: string, url: string): Promise<Reply>;
  balance(): Promise<number>;
  close(): Promise<void>;
}

export async function startInProcessRest(options: { service?: (opened: TestService) => TranscriptService } = {}): Promise<InProcessRest> {
  await prepareMedia(inject('speechCache'));
  const fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
  const opened = await openTestService({ TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  await opened.settings.set('stt.engine', 'pocketsphinx');
  const api = await startApiServer(options.service?.(opened) ?? opened.service, '127.0.0.1', 0);
  return {
    fixture,
    opened,
    api,
    transcript: (platform, url) => post(api.url, `/api/${platform}/transcript`, opened.owner.key, { url }),
    balance: async () => (await call(api.url, 'GET', '/api/balance', { key: opened.owner.key })).body.credits as number,
    close: async () => {
      await api.close();
      await opened.remove();
      await fixture.close();
    },
  };
}

/** One cookie line of a Netscape cookies.txt, as a browser export writes it (expires in 2100). */
export const cookieLine = (domain: string, name: string, value: string) => `${domain}\tTRUE\t/\tTRUE\t4102444800\t${name}\t${value}`;
