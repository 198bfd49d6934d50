// electron-builder's afterPack hook: flips Electron's fuses in the packed binary, before signing
// (Electron's fuses guide; Signal does the same). The packaged app cannot be turned into a
// Node.js interpreter (RunAsNode, NODE_OPTIONS, --inspect), loads its code only from its own
// integrity-checked app.asar, and encrypts its cookie stores.
'use strict';

const path = require('node:path');

/** FuseV1Options index → value; every fuse is set explicitly (strictlyRequireAllFuses). */
const FUSES = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false,
  WasmTrapHandlers: true,
};

/** The file whose fuse wire is flipped: the .app on macOS, the executable elsewhere. */
function electronBinaryOf(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return path.join(appOutDir, packager.executableName);
}

async function afterPack(context) {
  const { flipFuses, FuseV1Options, FuseVersion } = await import('@electron/fuses');
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: true };
  for (const [name, value] of Object.entries(FUSES)) config[FuseV1Options[name]] = value;
  // Apple Silicon refuses a binary whose ad-hoc signature no longer matches; real signing comes later.
  config.resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3;
  const binary = electronBinaryOf(context);
  await flipFuses(binary, config);
  console.log(`  • fuses flipped in ${binary}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.electronBinaryOf = electronBinaryOf;
