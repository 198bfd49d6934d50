// What the YouTube player requests carry: the client chain with the profile's versions, the
// User-Agent inside the context, and the visitor data read from a youtube.com page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientChain, playerHeaders, playerRequestBody } from '#service/platforms/youtube/clients';
import { visitorDataFromPage } from '#service/platforms/youtube/visitor';
import { UpstreamProfile } from '#service/upstream/profile';

const RECORDED_VISITOR_DATA = 'CgtybUlNRDEtNnA3OCjFu6bCBjIKCgJERRIEEgAgOw%3D%3D';

describe('the client chain', () => {
  const profile = new UpstreamProfile();

  it('asks Android, iOS, TV, visionOS, in that order (no WEB: it needs a PO token)', () => {
    expect(clientChain((key) => profile.get(key)).map((c) => c.clientName)).toEqual(['ANDROID', 'IOS', 'TVHTML5', 'VISIONOS']);
  });

  it('takes every version from the profile, and the apps put their version in the User-Agent', () => {
    profile.set('youtube.ios.version', '21.30.1');
    profile.set('youtube.android.version', '21.30.100');
    profile.set('youtube.tv.version', '7.20260801.00.00');
    profile.set('youtube.visionos.version', '1.03');
    const [android, ios, tv, vision] = clientChain((key) => profile.get(key));
    expect(ios).toMatchObject({ clientVersion: '21.30.1', clientId: 5, userAgent: 'com.google.ios.youtube/21.30.1 (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)' });
    expect(ios?.extra).toEqual({ deviceMake: 'Apple', deviceModel: 'iPhone16,2', osName: 'iPhone', osVersion: '18.3.2.22D82' });
    expect(android).toMatchObject({ clientVersion: '21.30.100', userAgent: 'com.google.android.youtube/21.30.100 (Linux; U; Android 11) gzip' });
    expect(tv?.clientVersion).toBe('7.20260801.00.00');
    expect(vision?.clientVersion).toBe('1.03');
    profile.reset();
  });

  it('sends the User-Agent in the context and the visitor data in context and header', () => {
    const ios = clientChain((key) => profile.get(key))[1];
    if (ios === undefined) throw new Error('no iOS client');
    const body = JSON.parse(playerRequestBody(ios, 'GJLlxj_dtq8', RECORDED_VISITOR_DATA)) as { context: { client: Record<string, unknown> } };
    expect(body.context.client).toMatchObject({ clientName: 'IOS', clientVersion: '21.26.4', userAgent: ios.userAgent, visitorData: RECORDED_VISITOR_DATA, deviceModel: 'iPhone16,2' });
    expect(playerHeaders(ios, RECORDED_VISITOR_DATA)).toMatchObject({ 'user-agent': ios.userAgent, 'x-goog-visitor-id': RECORDED_VISITOR_DATA, 'x-youtube-client-name': '5' });
    // Without a bootstrap neither is sent, rather than an empty value.
    expect(playerHeaders(ios)).not.toHaveProperty('x-goog-visitor-id');
    expect((JSON.parse(playerRequestBody(ios, 'GJLlxj_dtq8')) as { context: { client: Record<string, unknown> } }).context.client).not.toHaveProperty('visitorData');
  });
});

describe('visitor data from a youtube.com page', () => {
  it('reads INNERTUBE_CONTEXT.client.visitorData from the recorded ytcfg', () => {
    const page = readFileSync(resolve(__dirname, '../fixtures/youtube/home-page-ytcfg.html'), 'utf8');
    expect(visitorDataFromPage(page)).toBe(RECORDED_VISITOR_DATA);
  });

  it('prefers a top-level VISITOR_DATA, as yt-dlp does', () => {
    const page = `<script>ytcfg.set({"VISITOR_DATA":"Cgt0b3BMZXZlbDAwMCiAgICABjIKCgJVUxIEGgAgOA%3D%3D","INNERTUBE_CONTEXT":{"client":{"visitorData":"${RECORDED_VISITOR_DATA}"}}});</script>`;
    expect(visitorDataFromPage(page)).toBe('Cgt0b3BMZXZlbDAwMCiAgICABjIKCgJVUxIEGgAgOA%3D%3D');
  });

  it('finds it when a string in the config cuts the ytcfg match short', () => {
    const page = `<script>ytcfg.set({"A":"x}); y","INNERTUBE_CONTEXT":{"client":{"visitorData":"${RECORDED_VISITOR_DATA}"}}});</script>`;
    expect(visitorDataFromPage(page)).toBe(RECORDED_VISITOR_DATA);
  });

  it.each([
    ['a consent page', '<html><form action="https://consent.youtube.com/s"><input type="hidden" name="v" value="cb.20210328-17-p0.de+FX+532"></form></html>'],
    ['an empty body', ''],
    ['visitor data that is not base64url', '<script>ytcfg.set({"VISITOR_DATA":"<script>alert(1)</script>"});</script>'],
  ])('finds none in %s', (_name, page) => {
    expect(visitorDataFromPage(page)).toBeUndefined();
  });
});
