// The desktop app's open dialog (src-main/app/dialogs.ts) with a mocked electron module: it offers
// URL lists and audio or video together, each kind alone, and every file; it lists every type the
// installed app is associated with (packaging/config.cjs); a cancel is null.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialog } from '../../helpers/electronMock';
import { chooseUrlFiles, MEDIA_FILE_EXTENSIONS } from '../../../src-main/app/dialogs';
import { packaging } from '../../../scripts/packaging';

vi.mock('electron', () => import('../../helpers/electronMock'));

type Filter = { name: string; extensions: string[] };

beforeEach(() => dialog.showOpenDialog.mockReset());

describe('the open dialog', () => {
  it('offers links and media together first, then audio and video, URL lists, and all files', async () => {
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/me/interview.mp3', '/home/me/links.txt'] });
    expect(await chooseUrlFiles(undefined)).toEqual(['/home/me/interview.mp3', '/home/me/links.txt']);
    const options = dialog.showOpenDialog.mock.calls[0]?.[0] as { properties: string[]; filters: Filter[] };
    expect(options.properties).toEqual(['openFile', 'multiSelections']);
    expect(options.filters.map((f) => f.name)).toEqual(['Links and media', 'Audio and video', 'URL lists', 'All files']);
    const [both, media, lists, all] = options.filters;
    expect(media?.extensions).toEqual(expect.arrayContaining(['mp3', 'wav', 'm4a', 'mp4', 'mov', 'mkv', 'webm']));
    expect(lists?.extensions).toEqual(expect.arrayContaining(['txt', 'csv', 'html']));
    expect(both?.extensions).toEqual([...(lists?.extensions ?? []), ...(media?.extensions ?? [])]);
    expect(all?.extensions).toEqual(['*']);
  });

  it('lists every type the installed app is associated with', () => {
    const associated = [packaging.builderConfig({}).fileAssociations ?? []].flat().flatMap((a) => [a.ext].flat());
    expect(associated.length).toBeGreaterThan(10);
    expect(associated.filter((ext) => !(MEDIA_FILE_EXTENSIONS as readonly string[]).includes(ext))).toEqual([]);
  });

  it('answers null when the person cancels', async () => {
    dialog.showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    expect(await chooseUrlFiles(undefined)).toBeNull();
  });
});
