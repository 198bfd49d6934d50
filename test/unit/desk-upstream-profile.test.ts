// upstream.get / upstream.set / upstream.reset through the desk's handler table (what the Settings
// panel and the browser build's RPC call): the same file and checks as the CLI, a refusal names the
// key and the expected shape and stores nothing.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { profileFile, UpstreamProfile } from '#service/upstream/profile';
import { offlineDeskPerTest } from '../helpers/offlineDesk';

const COMPILED_SHARE_CLIP = '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f';
const ROTATED = 'd'.repeat(64);

const desk = offlineDeskPerTest();

it('upstream.get lists every key with its default, none overridden, and names the file', async () => {
  const view = await desk().call('upstream.get', {});
  expect(view.file).toBe(profileFile(desk().home));
  expect(view.entries.find((e) => e.key === 'twitch.hash.ShareClipRenderStatus')).toEqual({ key: 'twitch.hash.ShareClipRenderStatus', value: COMPILED_SHARE_CLIP, default: COMPILED_SHARE_CLIP, overridden: false, about: 'persisted-query hash of ShareClipRenderStatus' });
  expect(view.entries.every((e) => !e.overridden && e.value === e.default)).toBe(true);
});

it('upstream.set stores a valid value in the profile file (what the CLI and the fetchers read) and answers the new view', async () => {
  const view = await desk().call('upstream.set', { key: 'twitch.hash.ShareClipRenderStatus', value: ROTATED });
  expect(view.entries.find((e) => e.key === 'twitch.hash.ShareClipRenderStatus')).toMatchObject({ value: ROTATED, overridden: true });
  expect(JSON.parse(readFileSync(profileFile(desk().home), 'utf8'))).toEqual({ 'twitch.hash.ShareClipRenderStatus': ROTATED });
  expect(new UpstreamProfile(profileFile(desk().home)).get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED);
});

it.each([
  ['a value of the wrong shape', { key: 'twitch.hash.ShareClipRenderStatus', value: 'not-a-hash' }, /"not-a-hash" is not a valid twitch\.hash\.ShareClipRenderStatus .*64 lowercase hexadecimal digits/],
  ['an unknown key', { key: 'twitch.hash.Nope', value: ROTATED }, /"twitch\.hash\.Nope" is not an upstream profile key; the keys are: /],
])('upstream.set refuses %s as invalid_input with the reason, and stores nothing', async (_name, input, message) => {
  const refused = await desk().raw('upstream.set', input);
  expect(refused).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(message) as string } });
  expect((await desk().call('upstream.get', {})).entries.some((e) => e.overridden)).toBe(false);
});

it('a payload that is not the contract\'s shape is refused before the service sees it', async () => {
  expect(await desk().raw('upstream.set', { key: 'twitch.clientId' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('value') as string } });
  expect(await desk().raw('upstream.reset', { key: 'twitch.clientId', all: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});

it('upstream.reset puts one key back, or every key when none is named', async () => {
  await desk().call('upstream.set', { key: 'twitch.hash.ShareClipRenderStatus', value: ROTATED });
  await desk().call('upstream.set', { key: 'youtube.ios.version', value: '22.3.1' });
  const one = await desk().call('upstream.reset', { key: 'youtube.ios.version' });
  expect(one.entries.filter((e) => e.overridden).map((e) => e.key)).toEqual(['twitch.hash.ShareClipRenderStatus']);
  const all = await desk().call('upstream.reset', {});
  expect(all.entries.some((e) => e.overridden)).toBe(false);
  expect(await desk().raw('upstream.reset', { key: 'youtube.mweb.version' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('youtube.mweb.version') as string } });
});
