// Checks of the packaging configuration that run without an Electron binary (electron-builder
// --dir cannot run offline: it downloads Electron). electron-builder's own schema validation of
// the config, then ours: the targets per OS, every native module of the production tree unpacked
// from the asar archive, whisper's GPU builds left out unless asked for, no native rebuild, and
// the afterPack hook flipping the fuses (tried on a stand-in binary with a real fuse wire).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, matchesGlob, relative, resolve } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';

const ROOT = resolve(__dirname, '..');
const require = createRequire(__filename);

interface PackagingModule {
  builderConfig(env: NodeJS.ProcessEnv): Configuration & { files: string[]; asarUnpack: string[] };
  NATIVE_MODULES: string[];
  MEDIA_EXTENSIONS: string[];
  MEDIA_MIME_TYPES: string[];
}

/** What "Open with" must offer the app for (issue 23): the common audio and video types. */
export const REQUIRED_MEDIA_EXTENSIONS = ['mp3', 'm4a', 'aac', 'wav', 'flac', 'ogg', 'opus', 'webm', 'mp4', 'm4v', 'mov', 'mkv', 'avi', 'wma', 'wmv'];
type AfterPack = ((context: object) => Promise<void>) & { FUSES: Record<string, boolean>; electronBinaryOf(context: object): string };

export const packaging = require(join(ROOT, 'packaging/config.cjs')) as PackagingModule;
export const afterPack = require(join(ROOT, 'packaging/afterPack.cjs')) as AfterPack;

/** What the fuses must be in a packaged app (ARCHITECTURE §6). */
export const REQUIRED_FUSES = { RunAsNode: false, EnableNodeOptionsEnvironmentVariable: false, EnableNodeCliInspectArguments: false, EnableEmbeddedAsarIntegrityValidation: true, OnlyLoadAppFromAsar: true, EnableCookieEncryption: true };

const quiet = { isEnabled: false, add: () => undefined } as unknown as Parameters<typeof validateConfiguration>[1];

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    if (info.isDirectory()) {
      if (name !== 'node_modules') walk(path, out);
    } else if (name.endsWith('.node')) {
      out.push(path);
    }
  }
  return out;
}

/** `.node` files of the packages the app ships (production dependencies, optional ones included), relative to the project. */
export function shippedNativeFiles(): string[] {
  // npm ls exits non-zero over problems unrelated to this (an unmet peer of a dev tool); its list is still complete.
  const dirs = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .stdout.split('\n')
    .filter((line) => line.startsWith(join(ROOT, 'node_modules')));
  return dirs.flatMap((dir) => walk(dir, [])).map((file) => relative(ROOT, file));
}

const included = (file: string, patterns: readonly string[]) => {
  // electron-builder's `files`: later patterns win, `!` excludes.
  let keep = file.startsWith('node_modules/');
  for (const pattern of patterns) {
    if (pattern.startsWith('!') && matchesGlob(file, pattern.slice(1))) keep = false;
    else if (!pattern.startsWith('!') && matchesGlob(file, pattern)) keep = true;
  }
  return keep;
};

/** Every problem found; empty when the packaging config is sound. */
export async function packagingProblems(): Promise<string[]> {
  const problems: string[] = [];
  const plain = packaging.builderConfig({});
  const gpu = packaging.builderConfig({ TRANSCRIPT_DESK_WHISPER_GPU: 'cuda,vulkan' });
  for (const [name, config] of [['default', plain] as const, ['GPU', gpu] as const]) {
    await validateConfiguration(config, quiet).catch((error: unknown) => problems.push(`electron-builder rejects the ${name} config: ${(error as Error).message}`));
  }

  const targets = (value: unknown) => JSON.stringify(value);
  if (targets((plain.linux as { target: unknown }).target) !== targets(['AppImage', 'deb'])) problems.push('Linux must build AppImage and deb');
  if (targets((plain.mac as { target: unknown }).target) !== targets(['dmg'])) problems.push('macOS must build a dmg');
  if (targets((plain.win as { target: unknown }).target) !== targets(['nsis'])) problems.push('Windows must build an NSIS installer');
  if (plain.asar !== true) problems.push('the app must be packed into app.asar (OnlyLoadAppFromAsar)');
  if (plain.npmRebuild !== false) problems.push('npmRebuild must be off: the N-API modules load as built, and a rebuild downloads Electron headers');
  if (plain.afterPack !== './packaging/afterPack.cjs') problems.push('afterPack must be packaging/afterPack.cjs (the fuses)');
  problems.push(...fileAssociationProblems(plain));

  const natives = shippedNativeFiles();
  if (!natives.some((f) => f.startsWith('node_modules/better-sqlite3/'))) problems.push(`better-sqlite3's binary was not found (${natives.length} native files seen): is node_modules installed?`);
  // keytar is optional (archived upstream; safeStorage is the fallback): an install where its
  // native build failed ships without it, but an installed keytar must ship its binary.
  if (existsSync('node_modules/keytar/package.json') && !natives.some((f) => f.startsWith('node_modules/keytar/'))) problems.push('keytar is installed but its binary was not found: was its native build skipped?');
  for (const file of natives) {
    if (!included(file, plain.files) && !included(file, gpu.files)) continue;
    if (!gpu.asarUnpack.some((pattern) => matchesGlob(file, pattern))) problems.push(`${file} ships inside app.asar, where Electron cannot load it: add it to asarUnpack`);
  }
  for (const variant of ['cuda', 'vulkan']) {
    const file = `node_modules/@fugood/node-whisper-linux-x64-${variant}/index.node`;
    if (included(file, plain.files)) problems.push(`whisper's ${variant} build ships by default; it must need TRANSCRIPT_DESK_WHISPER_GPU`);
    if (!included(file, gpu.files)) problems.push(`TRANSCRIPT_DESK_WHISPER_GPU=cuda,vulkan does not ship whisper's ${variant} build`);
  }
  if (!included('node_modules/@fugood/node-whisper-linux-x64/index.node', plain.files)) problems.push("whisper's CPU build must always ship");

  for (const [fuse, value] of Object.entries(REQUIRED_FUSES)) if (afterPack.FUSES[fuse] !== value) problems.push(`fuse ${fuse} must be ${value}`);
  problems.push(...(await fuseFlipProblems()));
  return problems;
}

/** The app is offered for the common audio and video types, as a viewer that claims no type as its own. */
export function fileAssociationProblems(config: Configuration): string[] {
  const problems: string[] = [];
  const associations = [config.fileAssociations ?? []].flat();
  const associated = new Set(associations.flatMap((a) => [a.ext].flat().map((ext) => ext.toLowerCase())));
  const missing = REQUIRED_MEDIA_EXTENSIONS.filter((ext) => !associated.has(ext));
  if (missing.length > 0) problems.push(`fileAssociations must offer the app for ${missing.map((e) => `.${e}`).join(' ')}`);
  for (const a of associations) {
    if (a.role !== 'Viewer') problems.push(`the association for ${[a.ext].flat().join(', ')} must have role Viewer (the app reads the file, it does not edit it)`);
    if (a.name !== 'Audio or video') problems.push(`the association for ${[a.ext].flat().join(', ')} must be named "Audio or video"`);
    if (a.rank !== 'Alternate') problems.push(`the association for ${[a.ext].flat().join(', ')} must rank Alternate on macOS (not take over the system's player)`);
    // A mimeType here makes electron-builder install a shared-mime-info file that redefines the type system-wide.
    if (a.mimeType != null) problems.push(`the association for ${[a.ext].flat().join(', ')} must not set mimeType; Linux gets linux.mimeTypes`);
  }
  const mimeTypes = [(config.linux as { mimeTypes?: string[] } | null | undefined)?.mimeTypes ?? []].flat();
  for (const type of ['audio/mpeg', 'audio/wav', 'video/mp4', 'video/webm']) if (!mimeTypes.includes(type)) problems.push(`linux.mimeTypes must list ${type} (the desktop entry's MimeType line)`);
  return problems;
}

/**
 * Runs the afterPack hook on a stand-in for the Electron executable: bytes around a real fuse
 * wire (sentinel, version 1, nine fuses all "enabled"), then reads the wire back.
 */
export async function fuseFlipProblems(): Promise<string[]> {
  const { getCurrentFuseWire, FuseV1Options, FuseState } = await import('@electron/fuses');
  const dir = mkdtempSync(join(tmpdir(), 'td-fuses-'));
  try {
    const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
    const wire = Buffer.from([1, 9, ...Array<number>(9).fill(FuseState.ENABLE)]);
    writeFileSync(join(dir, 'transcript-desk'), Buffer.concat([Buffer.alloc(4096, 7), sentinel, wire, Buffer.alloc(4096, 7)]));
    const context = { appOutDir: dir, electronPlatformName: 'linux', arch: 1, packager: { executableName: 'transcript-desk', appInfo: { productFilename: 'Transcript Desk' } } };
    const log = console.log;
    console.log = () => undefined;
    try {
      await afterPack(context);
    } finally {
      console.log = log;
    }
    const flipped = (await getCurrentFuseWire(join(dir, 'transcript-desk'))) as unknown as Record<number, number>;
    const problems: string[] = [];
    for (const [fuse, value] of Object.entries(REQUIRED_FUSES)) {
      const state = flipped[FuseV1Options[fuse as keyof typeof FuseV1Options]];
      if (state !== (value ? FuseState.ENABLE : FuseState.DISABLE)) problems.push(`afterPack left fuse ${fuse} ${state === FuseState.ENABLE ? 'on' : 'off'}`);
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  packagingProblems().then(
    (problems) => {
      for (const problem of problems) process.stderr.write(`packaging: ${problem}\n`);
      process.stdout.write(problems.length === 0 ? 'packaging: electron-builder config valid; targets, asarUnpack, GPU exclusions and fuses checked\n' : `packaging: ${problems.length} problem(s)\n`);
      process.exitCode = problems.length === 0 ? 0 : 1;
    },
    (error: unknown) => {
      process.stderr.write(`packaging: the check failed: ${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
