// The layering rules as the project's own ESLint config applies them (eslint.config.mjs spreads
// eslint.layering.mjs): a file under src-renderer/src/lib that imports from features/ is an error, and lib as it stands has none.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const RULE = 'no-restricted-imports';

/** The rule's setting for `file` in eslint.config.mjs, run on `code` alone (it needs no type information). */
async function restrictedImports(file: string, code: string): Promise<string[]> {
  const config = (await new ESLint().calculateConfigForFile(file)) as { rules?: Record<string, Linter.RuleEntry> };
  const setting = config.rules?.[RULE];
  if (setting === undefined) return [];
  const messages = new Linter().verify(code, [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } }, rules: { [RULE]: setting } }], { filename: file });
  return messages.map((m) => m.message);
}

describe('renderer layering', () => {
  it('refuses lib → features, with the reason', async () => {
    const messages = await restrictedImports('src-renderer/src/lib/shortcuts.ts', "import { QueueView } from '../features/queue/QueueView';\n");
    expect(messages).toEqual([expect.stringContaining("the renderer's lib never imports features") as string]);
  });

  it('lets lib use stores and lib, and features use lib', async () => {
    expect(await restrictedImports('src-renderer/src/lib/shortcuts.ts', "import { useApp } from '../stores/app';\nimport { desk } from './desk';\n")).toEqual([]);
    expect(await restrictedImports('src-renderer/src/features/queue/QueueView.tsx', "import { queueActions } from '../../lib/queueActions';\n")).toEqual([]);
  });

  it('holds for every file of lib as it is', async () => {
    const dir = 'src-renderer/src/lib';
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(await restrictedImports(join(dir, file), readFileSync(join(dir, file), 'utf8')), file).toEqual([]);
  });
});
