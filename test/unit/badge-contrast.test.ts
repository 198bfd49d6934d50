// Every status badge of the queue reads at 4.5:1 or more (WCAG AA for small text) in both themes,
// including the statuses an axe scan of the page may never catch on screen (Fetching, Transcribing,
// Cached, Queued flash by). The colours are read from the theme variables in base.css and the pairs
// from queue.css, so a change of either is checked here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = resolve(__dirname, '../../src-renderer/src/styles');
const base = readFileSync(resolve(STYLES, 'base.css'), 'utf8');
const queue = readFileSync(resolve(STYLES, 'queue.css'), 'utf8');

function themeVariables(selector: RegExp): Map<string, string> {
  const block = selector.exec(base)?.[1];
  if (block === undefined) throw new Error(`no block for ${String(selector)} in base.css`);
  return new Map([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1] as string, (m[2] as string).toLowerCase()]));
}
const THEMES = {
  light: themeVariables(/\[data-theme='light'\]\s*\{([^}]*)\}/),
  dark: themeVariables(/\[data-theme='dark'\]\s*\{([^}]*)\}/),
};

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The badges' rules in queue.css: selector → [text variable, background variable]. */
function badgeRules(): [string, string, string][] {
  const rules: [string, string, string][] = [];
  for (const m of queue.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selectors = (m[1] as string).trim();
    if (!/badge/.test(selectors)) continue;
    const color = /(?:^|[;\s])color:\s*var\((--[\w-]+)\)/.exec(m[2] as string)?.[1];
    const background = /background:\s*var\((--[\w-]+)\)/.exec(m[2] as string)?.[1];
    if (color !== undefined && background !== undefined) rules.push([selectors.replace(/\s+/g, ' '), color, background]);
  }
  return rules;
}

describe('badge contrast', () => {
  it('finds the badge rules (every status has one, or the default)', () => {
    const selectors = badgeRules().map(([s]) => s).join(' ');
    for (const status of ['done', 'cached', 'empty', 'failed', 'invalid', 'running', 'submitted']) expect(selectors).toContain(`.badge-${status}`);
    expect(selectors).toContain('.status-badge');
    expect(selectors).toContain('.count-badge');
  });
  for (const [theme, vars] of Object.entries(THEMES)) {
    it(`is 4.5:1 or more for every badge in the ${theme} theme`, () => {
      const low = badgeRules()
        .map(([selectors, color, background]) => ({ selectors, ratio: contrast(vars.get(color) ?? '#000000', vars.get(background) ?? '#000000'), known: vars.has(color) && vars.has(background) }))
        .filter((r) => !r.known || r.ratio < 4.5)
        .map((r) => `${r.selectors}: ${r.ratio.toFixed(2)}:1`);
      expect(low).toEqual([]);
    });
  }
});
