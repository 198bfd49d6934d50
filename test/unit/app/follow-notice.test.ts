// The desktop app's system notification when new transcripts of a followed source land while the
// window is not in front (electron mocked; the desk real, on a fresh home).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeWindow, Notification } from '../../helpers/electronMock';
import { openTestDesk, type TestDesk } from '../../helpers/desk';
import { tempHome } from '../../helpers/home';
import { showActivity } from '../../../src-main/app/progress';

vi.mock('electron', () => import('../../helpers/electronMock'));

let home: ReturnType<typeof tempHome>;
let t: TestDesk;
beforeEach(async () => {
  home = tempHome();
  // Nothing here reaches an upstream.
  t = await openTestDesk(home.dir, 'http://127.0.0.1:9');
});
afterEach(async () => {
  await t.close();
  home.remove();
});

it('says how many new transcripts came from which source, naming them', async () => {
  const window = new FakeWindow({});
  const stop = await showActivity(t.desk, () => window as never);
  try {
    Notification.mockClear();
    t.desk.events.emit('follows.landed', { followId: 'f1', sourceTitle: 'The Daily Fixture', titles: ['One', 'Two', 'Three', 'Four'], count: 4 });
    expect(Notification).toHaveBeenCalledWith({ title: '4 new transcripts from The Daily Fixture', body: 'One, Two, Three and 1 more' });
    t.desk.events.emit('follows.landed', { followId: 'f1', sourceTitle: 'The Daily Fixture', titles: ['Five'], count: 1 });
    expect(Notification).toHaveBeenLastCalledWith({ title: 'A new transcript from The Daily Fixture', body: 'Five' });

    // In front, the window's own badge says it: no system notification.
    window.isFocused = () => true;
    Notification.mockClear();
    t.desk.events.emit('follows.landed', { followId: 'f1', sourceTitle: 'The Daily Fixture', titles: ['Six'], count: 1 });
    expect(Notification).not.toHaveBeenCalled();
  } finally {
    stop();
  }
});
