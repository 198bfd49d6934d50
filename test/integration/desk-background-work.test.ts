// DeskOptions.backgroundWork: a desk that lives for one client's session (`transcript-desk mcp`)
// while the app may run on the same data home leaves the app's work alone at its start; the
// default desk (the app, `serve`) takes up what a stopped run left.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDesk } from '../../src-main/desk/index';
import { openService, type OpenedService } from '#service/open';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;

beforeEach(async () => {
  home = tempHome();
  // Nothing here reaches an upstream: a closed port stands for it.
  opened = await openService(home.dir, {}, { TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9' });
});
afterEach(async () => {
  await opened.close();
  home.remove();
});

const deskOn = (backgroundWork?: boolean) => createDesk(opened, { home: home.dir, defaultExportFolder: home.dir, ...(backgroundWork === undefined ? {} : { backgroundWork }) });

async function statusOf(desk: ReturnType<typeof deskOn>, id: string): Promise<string | undefined> {
  const listed = await desk.call('queue.list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.items.find((item) => item.id === id)?.status;
}

it('a session desk leaves a row another process is running as running; the app’s desk queues it again', async () => {
  const first = deskOn(false);
  const added = await first.call('queue.enqueue', { entries: [{ url: 'https://youtu.be/GJLlxj_dtq8' }] });
  if (!added.ok) throw new Error(added.error.message);
  const id = added.value.items[0]?.id as string;
  // As the app's runner marks a row it is fetching.
  await opened.store.queue.update(id, { status: 'running' });
  await first.close();

  const session = deskOn(false);
  expect(await statusOf(session, id)).toBe('running');
  await session.close();

  const app = deskOn();
  expect(await statusOf(app, id)).toBe('queued');
  await app.close();
});

it('a session desk’s Run starts only the rows its own client queued; the person’s stay for them to start', async () => {
  const app = deskOn();
  const theirs = await app.call('queue.enqueue', { entries: [{ url: 'https://youtu.be/F1xioXWb8CY' }] });
  if (!theirs.ok) throw new Error(theirs.error.message);
  const theirId = theirs.value.items[0]?.id as string;
  await app.close();

  const session = deskOn(false);
  const ours = await session.call('queue.enqueue', { entries: [{ url: 'https://youtu.be/GJLlxj_dtq8' }] });
  if (!ours.ok) throw new Error(ours.error.message);
  const ourId = ours.value.items[0]?.id as string;
  await session.call('queue.run', {});
  await expect.poll(() => statusOf(session, ourId)).not.toBe('queued');
  expect(await statusOf(session, theirId)).toBe('queued');
  await session.close();
});
