// electron-builder's configuration, as a function of the environment so the packaging check
// (scripts/check-packaging.ts) can look at both the default and the GPU build.
// TRANSCRIPT_DESK_WHISPER_GPU=cuda,vulkan keeps whisper.cpp's CUDA and/or Vulkan builds in the
// package (196 MB and 50 MB on Linux x64); by default only the CPU build ships.
'use strict';

const GPU_VARIANTS = ['cuda', 'vulkan'];

/**
 * Native modules: Electron cannot dlopen a .node file from inside the asar archive. impit (the
 * headless server's browser-grade HTTP client) ships its N-API binary as impit-<os>-<arch>.
 */
const NATIVE_MODULES = ['node_modules/better-sqlite3/**', 'node_modules/keytar/**', 'node_modules/@fugood/node-whisper-*/**', 'node_modules/impit-*/**'];

/**
 * Audio and video the app offers to open ("Open with", a double-click once installed): what a
 * person records or downloads. The desk probes each file rather than trusting its name, so an
 * association only decides what the system offers the app for.
 */
const MEDIA_EXTENSIONS = ['mp3', 'm4a', 'aac', 'wav', 'flac', 'ogg', 'opus', 'webm', 'mp4', 'm4v', 'mov', 'mkv', 'avi', 'wma', 'wmv'];

/**
 * The same types for Linux's desktop entry (its MimeType line). Given as linux.mimeTypes, not as
 * each association's mimeType: for those electron-builder also installs a shared-mime-info file
 * that redefines the type (its glob, an office-document icon) system-wide.
 */
const MEDIA_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/x-wav',
  'audio/flac',
  'audio/x-flac',
  'audio/ogg',
  'audio/x-vorbis+ogg',
  'audio/opus',
  'audio/x-opus+ogg',
  'audio/webm',
  'video/webm',
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/x-matroska',
  'video/x-msvideo',
  'audio/x-ms-wma',
  'video/x-ms-wmv',
];

function gpuVariants(env) {
  const asked = (env.TRANSCRIPT_DESK_WHISPER_GPU ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  const unknown = asked.filter((v) => !GPU_VARIANTS.includes(v));
  if (unknown.length > 0) throw new Error(`TRANSCRIPT_DESK_WHISPER_GPU: unknown variant ${unknown.join(', ')} (use ${GPU_VARIANTS.join(', ')})`);
  return new Set(asked);
}

function builderConfig(env) {
  const gpu = gpuVariants(env);
  return {
    appId: 'app.transcriptdesk.desktop',
    productName: 'Transcript Desk',
    copyright: 'Transcript Desk contributors',
    directories: { output: 'dist', buildResources: 'packaging' },
    files: [
      'out/**',
      // The CLI's entry (`serve` and the rest, run by Node, not by the app); its modules are shared.
      '!out/main/cli.js',
      'package.json',
      // whisper.cpp's sources and the browser (wasm) build are not needed by the app.
      '!node_modules/@fugood/whisper.node/{src,whisper.cpp,scripts}/**',
      '!node_modules/@fugood/node-whisper-wasm/**',
      // keytar's C++ sources and intermediate build output; its built module stays.
      '!node_modules/keytar/{src,build/Release/obj.target}/**',
      // /docs serves only swagger-ui-bundle.js and swagger-ui.css (http/apiReference.ts): not its other builds and source maps.
      '!node_modules/swagger-ui-dist/{*.map,swagger-ui.js,swagger-ui-es-bundle*.js,swagger-ui-standalone-preset.js}',
      ...GPU_VARIANTS.filter((v) => !gpu.has(v)).map((v) => `!node_modules/@fugood/node-whisper-*-${v}/**`),
    ],
    asar: true,
    asarUnpack: NATIVE_MODULES,
    // The native modules are N-API: the binaries built for Node load in Electron as they are, and a
    // rebuild would download Electron's headers. Package each OS on that OS.
    npmRebuild: false,
    afterPack: './packaging/afterPack.cjs',
    // A Viewer, and on macOS an alternate handler only: the app transcribes recordings, it does
    // not ask to become the system's player for them.
    fileAssociations: [{ ext: MEDIA_EXTENSIONS, name: 'Audio or video', description: 'Audio or video to transcribe', role: 'Viewer', rank: 'Alternate' }],
    linux: {
      target: ['AppImage', 'deb'],
      category: 'Office',
      executableName: 'transcript-desk',
      synopsis: 'Transcripts of public video, clip and podcast URLs, on your own machine',
      mimeTypes: MEDIA_MIME_TYPES,
    },
    deb: {
      // Electron's usual libraries, the Secret Service client for the keychain, and ffmpeg for speech-to-text.
      depends: ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0', 'ffmpeg'],
      recommends: ['pocketsphinx', 'pocketsphinx-en-us'],
    },
    mac: { target: ['dmg'], category: 'public.app-category.productivity', hardenedRuntime: true },
    win: { target: ['nsis'] },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  };
}

module.exports = { builderConfig, GPU_VARIANTS, NATIVE_MODULES, MEDIA_EXTENSIONS, MEDIA_MIME_TYPES };
