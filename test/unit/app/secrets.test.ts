// The SecretStore: real keytar against a private Secret Service (D-Bus + gnome-keyring started by
// this test), the safeStorage fallback when keytar cannot load or reach the keychain, and refusal
// (never plain text) when neither can keep a secret. Then what the app keeps in it: the owner key,
// moved from the CLI's 0600 file at the first start, and the speech-to-text key, moved from the ledger.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeStorageState } from '../../helpers/electronMock';
import { tempHome } from '../../helpers/home';
import { keychainUnavailable, startKeychain, type TestKeychain } from '../../helpers/keychain';
import { createDesk } from '../../../src-main/desk/index';
import { createSecretStore, type DescribedSecretStore } from '../../../src-main/app/secrets/index';
import { KeytarSecretStore, loadKeytar } from '../../../src-main/app/secrets/keytarStore';
import { OWNER_KEY_SECRET, prepareOwnerKey } from '../../../src-main/app/secrets/ownerKey';
import { secretsFile } from '../../../src-main/app/secrets/safeStorageStore';
import { settingSecretName, StoredSecretSettings } from '../../../src-main/app/secrets/settingsSecrets';
import { ownerKeyFile } from '#service/home';
import { openService } from '#service/open';
import { Settings } from '#service/settings';
import { sqliteLedgerOf } from '#service/open';

vi.mock('electron', () => import('../../helpers/electronMock'));

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
  safeStorageState.available = true;
  safeStorageState.backend = 'gnome_libsecret';
});
afterEach(() => home.remove());

const brokenKeytar = () => Promise.reject(new Error("Cannot find module 'keytar'"));
const unreachableKeytar = () =>
  Promise.resolve({
    getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    setPassword: () => Promise.reject(new Error('unreachable')),
    deletePassword: () => Promise.reject(new Error('unreachable')),
  });

/** The CLI's first start: the owner account and its key in the 0600 file. */
async function cliFirstStart(dir: string): Promise<string> {
  const opened = await openService(dir, {}, {});
  const key = opened.owner.key;
  await opened.close();
  return key;
}

const missing = keychainUnavailable();
if (missing !== null) console.log(`SKIPPED keychain tests: ${missing}`);

describe.skipIf(missing !== null)('keytar in a D-Bus session', () => {
  let keychain: TestKeychain;
  beforeAll(async () => {
    keychain = await startKeychain();
    process.env.DBUS_SESSION_BUS_ADDRESS = keychain.address;
  });
  afterAll(async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    await keychain.stop();
  });

  it('round-trips secrets through the OS keychain, one entry set per data home', async () => {
    const store = await createSecretStore({ home: home.dir });
    expect(store.backend).toBe('keychain');
    expect(store.problem).toBeNull();
    const other = await createSecretStore({ home: `${home.dir}-other` });
    await store.set('cookies.longform', 'SID=abc');
    await other.set('cookies.longform', 'SID=other');
    expect(await store.get('cookies.longform')).toBe('SID=abc');
    expect(await other.get('cookies.longform')).toBe('SID=other');
    // It really is in the keychain, under the service name the user sees there.
    const keytar = await loadKeytar();
    expect(await keytar.getPassword('Transcript Desk', `cookies.longform@${home.dir}`)).toBe('SID=abc');
    await store.delete('cookies.longform');
    expect(await store.get('cookies.longform')).toBeNull();
    await other.delete('cookies.longform');
    expect(existsSync(secretsFile(home.dir))).toBe(false);
  });

  it('splits a value longer than an entry may be (Windows: 2,560 bytes) over several entries', async () => {
    const keytar = await loadKeytar();
    const store = new KeytarSecretStore(keytar, home.dir, null, 10);
    const cookies = 'SID=' + 'x'.repeat(36);
    await store.set('cookies.longform', cookies);
    expect(await keytar.getPassword('Transcript Desk', `cookies.longform#4@${home.dir}`)).toBe('xxxxxxxxxx');
    expect(await store.get('cookies.longform')).toBe(cookies);
    await store.set('cookies.longform', 'SID=short');
    expect(await store.get('cookies.longform')).toBe('SID=short');
    expect(await keytar.getPassword('Transcript Desk', `cookies.longform#1@${home.dir}`)).toBeNull();
    await store.set('cookies.longform', cookies);
    await store.delete('cookies.longform');
    for (const name of ['cookies.longform', 'cookies.longform#1', 'cookies.longform#4']) expect(await keytar.getPassword('Transcript Desk', `${name}@${home.dir}`)).toBeNull();
  });

  it("moves the CLI's owner key into the keychain at the first app start, then removes the file", async () => {
    const cliKey = await cliFirstStart(home.dir);
    expect(readFileSync(ownerKeyFile(home.dir), 'utf8').trim()).toBe(cliKey);

    const store = await createSecretStore({ home: home.dir });
    const handoff = await prepareOwnerKey(store, home.dir);
    const opened = await openService(home.dir, {}, {}, { ownerKey: handoff.keyStore });
    expect(opened.owner.key).toBe(cliKey);
    expect(opened.owner.keyFile).toContain('OS keychain');
    expect(await handoff.settle(opened.owner.key)).toContain('moved the owner key');
    expect(existsSync(ownerKeyFile(home.dir))).toBe(false);
    expect(await store.get(OWNER_KEY_SECRET)).toBe(cliKey);
    // The balance belongs to the same key; no second key was made.
    expect(sqliteLedgerOf(opened).keys.list().length).toBe(1);
    await opened.close();

    // The next start reads the keychain alone.
    const again = await prepareOwnerKey(store, home.dir);
    const reopened = await openService(home.dir, {}, {}, { ownerKey: again.keyStore });
    expect(reopened.owner.key).toBe(cliKey);
    expect(await again.settle(reopened.owner.key)).toBeNull();
    expect(sqliteLedgerOf(reopened).keys.list().length).toBe(1);
    await reopened.close();
    await store.delete(OWNER_KEY_SECRET);
  });
});

describe('fallback to Electron safeStorage', () => {
  it.each([
    ['keytar cannot load', brokenKeytar, "Cannot find module 'keytar'"],
    ['the keychain cannot be reached', unreachableKeytar, 'Cannot autolaunch D-Bus'],
  ])('is used when %s, and keeps no plain text on disk', async (_why, keytar, reason) => {
    const store = await createSecretStore({ home: home.dir, keytar, platform: 'linux' });
    expect(store.backend).toBe('safeStorage');
    expect(store.problem).toContain(reason);
    await store.set('setting.stt.openai.apiKey', 'sk-proj-very-secret');
    expect(await store.get('setting.stt.openai.apiKey')).toBe('sk-proj-very-secret');
    const onDisk = readFileSync(secretsFile(home.dir), 'utf8');
    expect(onDisk).not.toContain('very-secret');
    expect(onDisk).toContain('setting.stt.openai.apiKey');
    await store.delete('setting.stt.openai.apiKey');
    expect(await store.get('setting.stt.openai.apiKey')).toBeNull();
  });
});

describe('no secure storage', () => {
  let store: DescribedSecretStore;
  beforeEach(async () => {
    // Linux without a Secret Service: safeStorage would fall back to a key written in Chromium's source.
    safeStorageState.backend = 'basic_text';
    store = await createSecretStore({ home: home.dir, keytar: brokenKeytar, platform: 'linux' });
  });

  it('refuses to store anything and says why, instead of writing plain text', async () => {
    expect(store.backend).toBe('none');
    expect(store.problem).toMatch(/^No secure storage: the OS keychain is not reachable through keytar \(Cannot find module 'keytar'\), and electron safeStorage would use its "basic_text" backend/);
    await expect(store.set('cookies.reels', 'sessionid=1')).rejects.toThrow(/cookies.reels was not stored: No secure storage/);
    expect(existsSync(secretsFile(home.dir))).toBe(false);
  });

  it('leaves the owner key in its 0600 file rather than anywhere weaker', async () => {
    const cliKey = await cliFirstStart(home.dir);
    const handoff = await prepareOwnerKey(store, home.dir);
    const opened = await openService(home.dir, {}, {}, { ownerKey: handoff.keyStore });
    expect(opened.owner.key).toBe(cliKey);
    expect(await handoff.settle(opened.owner.key)).toBeNull();
    expect(readFileSync(ownerKeyFile(home.dir), 'utf8').trim()).toBe(cliKey);
    await opened.close();
  });

  it('refuses a new speech-to-text key in settings with the reason, and changes nothing', async () => {
    const secretSettings = await StoredSecretSettings.load(store);
    const opened = await openService(home.dir, {}, {}, { secretSettings });
    await secretSettings.adoptFromLedger(opened.store);
    const desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out') });
    const answer = await desk.invoke('settings.update', { changes: { 'stt.openai.apiKey': 'sk-new', 'desk.theme': 'dark' } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('No secure storage') as string } });
    expect(await opened.settings.get('desk.theme')).toBe('system');
    expect(await opened.settings.get('stt.openai.apiKey')).toBeNull();
    expect(sqliteLedgerOf(opened).settings.get('stt.openai.apiKey')).toBeUndefined();
    await desk.close();
    await opened.close();
  });
});

describe('speech-to-text key in the app', () => {
  it("moves the key the CLI left in the ledger into the store, and reads and writes it there", async () => {
    const cli = await openService(home.dir, {}, {});
    await new Settings(cli.store).set('stt.openai.apiKey', 'sk-from-the-cli');
    await cli.close();

    const store = await createSecretStore({ home: home.dir, keytar: brokenKeytar, platform: 'linux' });
    const secretSettings = await StoredSecretSettings.load(store);
    const opened = await openService(home.dir, {}, {}, { secretSettings });
    expect(await secretSettings.adoptFromLedger(opened.store)).toEqual(['stt.openai.apiKey']);
    expect(sqliteLedgerOf(opened).settings.get('stt.openai.apiKey')).toBeUndefined();
    expect(await store.get(settingSecretName('stt.openai.apiKey'))).toBe('sk-from-the-cli');
    // The speech-to-text side reads it through the same settings object.
    expect((await opened.stt.settings.stt()).openai.apiKey).toBe('sk-from-the-cli');

    const desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out') });
    const view = await desk.invoke('settings.update', { changes: { 'stt.openai.apiKey': 'sk-changed' } });
    expect(view).toMatchObject({ ok: true, value: { secretsSet: ['stt.openai.apiKey'], values: { 'stt.openai.apiKey': null } } });
    expect(await store.get(settingSecretName('stt.openai.apiKey'))).toBe('sk-changed');
    expect(sqliteLedgerOf(opened).settings.get('stt.openai.apiKey')).toBeUndefined();
    await desk.invoke('settings.update', { reset: ['stt.openai.apiKey'] });
    expect(await store.get(settingSecretName('stt.openai.apiKey'))).toBeNull();
    expect((await opened.stt.settings.stt()).openai.apiKey).toBeNull();
    await desk.close();
    await opened.close();
  });
});
