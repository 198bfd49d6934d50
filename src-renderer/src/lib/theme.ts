// Light, dark, or what the system says; applied as data-theme on <html>.
import type { Theme } from '#shared/settings';

const media = window.matchMedia('(prefers-color-scheme: dark)');

export function applyTheme(theme: Theme): () => void {
  const apply = () => (document.documentElement.dataset.theme = theme === 'system' ? (media.matches ? 'dark' : 'light') : theme);
  apply();
  if (theme !== 'system') return () => undefined;
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
