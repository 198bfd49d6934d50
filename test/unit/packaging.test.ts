// The packaging configuration, checked without an Electron binary: electron-builder's schema,
// targets, native modules unpacked, GPU builds excluded by default, fuses flipped by afterPack
// on a stand-in binary. (`npm run check:packaging` prints the same checks.)
import { describe, expect, it } from 'vitest';
import { afterPack, fileAssociationProblems, fuseFlipProblems, packaging, packagingProblems, REQUIRED_MEDIA_EXTENSIONS, shippedNativeFiles } from '../../scripts/packaging';

describe('packaging', () => {
  it('passes every check', async () => {
    expect(await packagingProblems()).toEqual([]);
  });

  it('finds the native modules the app ships, and unpacks each from the asar archive', () => {
    const natives = shippedNativeFiles();
    expect(natives).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/prebuilds/linux-x64.node', 'node_modules/keytar/build/Release/keytar.node']));
    expect(packaging.NATIVE_MODULES).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/**', 'node_modules/keytar/**']));
  });

  it('flips the fuses in the packed binary', async () => {
    expect(await fuseFlipProblems()).toEqual([]);
    expect(afterPack.FUSES).toMatchObject({ RunAsNode: false, EnableNodeOptionsEnvironmentVariable: false, EnableNodeCliInspectArguments: false, EnableEmbeddedAsarIntegrityValidation: true, OnlyLoadAppFromAsar: true });
  });

  it('names the binary to flip on each OS, and refuses an unknown GPU variant', () => {
    const packager = { executableName: 'transcript-desk', appInfo: { productFilename: 'Transcript Desk' } };
    expect(afterPack.electronBinaryOf({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe('/o/transcript-desk');
    expect(afterPack.electronBinaryOf({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe('/o/Transcript Desk.app');
    expect(afterPack.electronBinaryOf({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe('/o/Transcript Desk.exe');
    expect(() => packaging.builderConfig({ TRANSCRIPT_DESK_WHISPER_GPU: 'metal' })).toThrow('TRANSCRIPT_DESK_WHISPER_GPU: unknown variant metal (use cuda, vulkan)');
  });

  it('offers the installed app for audio and video as a viewer that takes no type over, and the check says what is wrong', () => {
    const config = packaging.builderConfig({});
    expect(fileAssociationProblems(config)).toEqual([]);
    expect([config.fileAssociations].flat()).toEqual([expect.objectContaining({ ext: expect.arrayContaining(REQUIRED_MEDIA_EXTENSIONS) as string[], name: 'Audio or video', role: 'Viewer' })]);
    expect(fileAssociationProblems({ ...config, fileAssociations: [] })).toEqual([expect.stringMatching(/^fileAssociations must offer the app for \.mp3 \.m4a/)]);
    const asEditor = fileAssociationProblems({ ...config, fileAssociations: [{ ext: REQUIRED_MEDIA_EXTENSIONS, name: 'Audio or video', role: 'Editor', rank: 'Alternate', mimeType: 'audio/mpeg' }] });
    expect(asEditor).toEqual([expect.stringContaining('must have role Viewer'), expect.stringContaining('must not set mimeType')]);
    expect(fileAssociationProblems({ ...config, linux: { ...config.linux, mimeTypes: [] } })).toContain('linux.mimeTypes must list audio/mpeg (the desktop entry\'s MimeType line)');
  });
});
