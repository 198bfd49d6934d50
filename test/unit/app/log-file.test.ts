// The desktop app's log file stays small: past its cap it becomes `<name>.1` (the one before is
// dropped) and a new file starts, at a line boundary, counting what an earlier run left in it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempHome } from '../../helpers/home';
import { openAppLog, SizeCappedFile } from '../../../src-main/app/logFile';

let dir: ReturnType<typeof tempHome>;
beforeEach(() => {
  dir = tempHome('td-log-');
});
afterEach(() => dir.remove());

const line = (n: number) => `line ${String(n).padStart(4, '0')} ${'x'.repeat(89)}\n`; // 100 bytes

it('rotates before a line would pass the cap, keeps one old file, and splits no line', () => {
  const path = join(dir.dir, 'app.log');
  const file = new SizeCappedFile(path, 1000);
  for (let n = 0; n < 95; n++) file.write(line(n));
  file.close();
  expect(readdirSync(dir.dir).sort()).toEqual(['app.log', 'app.log.1']);
  const old = readFileSync(`${path}.1`, 'utf8');
  const current = readFileSync(path, 'utf8');
  expect(statSync(`${path}.1`).size).toBe(1000);
  // Ten lines a file: 80–89 in the old one, 90–94 in the current one.
  expect(old + current).toBe(Array.from({ length: 15 }, (_, i) => line(80 + i)).join(''));
});

it('counts what an earlier run left in the file', () => {
  const path = join(dir.dir, 'app.log');
  writeFileSync(path, line(0).repeat(9));
  const file = new SizeCappedFile(path, 1000);
  file.write(line(1));
  file.write(line(2));
  file.close();
  expect(readFileSync(path, 'utf8')).toBe(line(2));
  expect(readFileSync(`${path}.1`, 'utf8')).toBe(line(0).repeat(9) + line(1));
});

it('writes a line longer than the cap rather than rotating forever', () => {
  const path = join(dir.dir, 'app.log');
  const file = new SizeCappedFile(path, 50);
  file.write(line(7));
  file.close();
  expect(readFileSync(path, 'utf8')).toBe(line(7));
});

it('the app log lives in <home>/logs, one JSON object a line, its folder private', () => {
  const log = openAppLog(dir.dir, 4096);
  log.logger.info({ path: '/api/balance' }, 'hello');
  log.close();
  expect(log.file).toBe(join(dir.dir, 'logs', 'transcript-desk.log'));
  expect(JSON.parse(readFileSync(log.file, 'utf8'))).toMatchObject({ level: 30, msg: 'hello', path: '/api/balance' });
  if (process.platform !== 'win32') expect(statSync(log.folder).mode & 0o777).toBe(0o700);
});
