// axe-core on the page as it is, light and dark: what the view specs (local media, sources,
// follows) scan after they brought up their dialogs and cards (accessibility.spec.ts scans the views).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function scanBothThemes(page: Page, view: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${view}, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}
