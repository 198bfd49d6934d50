// An applied migration is never edited: its sha256 is stored in the ledger and checked at every
// start (migrate.ts), so an edit refuses every existing ledger. This list is the tripwire in CI:
// a changed hash here means the change must become a new migration instead.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { MIGRATIONS } from '#service/ledger/migrations/index';

const APPLIED = [
  { version: 1, name: 'initial', sha256: '5caa8838ee5ff7e30600cfdcc5d6139b6c51d34c105315663b75059a735f5811' },
  { version: 2, name: 'speech_to_text', sha256: '3a892ff6c435ef3a9dd2428c992b112d3b7c45fad5d1bc6142e13841d1ac160b' },
  { version: 3, name: 'podcast_work', sha256: '537ea6b3975ed343be70e1c85ccb15560a56f68aaa372d39ba9b68a9e3da61eb' },
  { version: 4, name: 'desk', sha256: '0f1fcb68ddf68d0c939b7f6b68b215e53597879e9aee2268399d8b10507d3e42' },
  { version: 5, name: 'podcast_start', sha256: 'c4d1eb8877201c057f33e39cfea5f784c098e6e873a35d305f997a95b6bbf2d9' },
  { version: 6, name: 'compact_store', sha256: '38f15a2a544959c0d69503a23c317632e21351b8a636dc97da09fd35c763e240' },
  { version: 7, name: 'ledger_at_scale', sha256: '01d5a49776b44d3c7e36585110bf403dd64d68abf1408d53c8882b2b1d24a647' },
  { version: 8, name: 'cache_totals', sha256: '3c6a314f1fafddec04e91c298f93e2f791b15515668372b8290b9e5992ad6bb4' },
  { version: 9, name: 'media_jobs', sha256: '2563b8b0b78552528c7cfd7eb5b3af4be40a1909a8734233535b3d0792bf027e' },
  { version: 10, name: 'follows', sha256: '0696ab8231c1da8953510f9f800de11f42b9b60a619aea24fd6d0c2e2cbae9aa' },
  { version: 11, name: 'provenance', sha256: '1ec4ce8b168b67241f65950f71a8071fb171bc15e86b580f3e32a5775e202d73' },
  { version: 12, name: 'transcript_versions', sha256: 'a7a8b95691a288f9fbfec7d943b9c502e1c0a8b85d17665776ebd0d7ba925847' },
];

test('every migration hashes to the value ledgers in the wild have stored for it', () => {
  const actual = MIGRATIONS.map((m) => ({ version: m.version, name: m.name, sha256: createHash('sha256').update(m.sql).digest('hex') }));
  // A new migration is appended here with its hash; an existing entry never changes.
  expect(actual).toEqual(APPLIED);
});
