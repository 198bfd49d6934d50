// Settings → the transcript cache: how much of its limit it uses, and the limit (cache.maxBytes).
// Sizes in decimal megabytes, as `db stats` and `serve --cache-max-bytes 500MB` count them.
import { useEffect, useState } from 'react';
import { CACHE_DEFAULT_MAX_BYTES, CACHE_MIN_BYTES } from '#shared/settings';
import { num, plural } from '../../lib/format';
import { useSettings } from '../../stores/settings';
import { useSave } from './useSave';

const MB = 1_000_000;
// Under a megabyte in kB: one cached talk (about 23 kB) must not read as "0 MB".
const megabytes = (n: number) => (n > 0 && n < MB ? `${Math.max(1, Math.round(n / 1000)).toLocaleString('en-US')} kB` : `${(n / MB).toLocaleString('en-US', { maximumFractionDigits: n < 10 * MB ? 1 : 0 })} MB`);

export function CachePanel() {
  const view = useSettings((s) => s.view);
  const save = useSave();
  const setting = view?.values['cache.maxBytes'] ?? null;
  const [text, setText] = useState(setting === null ? '' : String(Math.round(setting / MB)));
  useEffect(() => setText(setting === null ? '' : String(Math.round(setting / MB))), [setting]);
  if (view === null) return null;
  const { cache } = view;
  const commit = () => {
    const n = Number(text);
    if (Number.isInteger(n) && n * MB >= CACHE_MIN_BYTES && n * MB !== setting) void save({ 'cache.maxBytes': n * MB });
    else setText(setting === null ? '' : String(Math.round(setting / MB)));
  };
  return (
    <section className="panel" aria-labelledby="cache-heading">
      <h2 id="cache-heading">Transcript cache</h2>
      <p className="muted" role="status">
        {megabytes(cache.bytes)}
        {cache.limit === null ? ', no limit' : ` of ${megabytes(cache.limit)}`} · {plural(cache.transcripts, 'transcript')}, {num(cache.kept)} kept in the library
      </p>
      <p className="muted">
        Past the limit, the transcripts used least recently are removed from the cache (asking for one again fetches it again, for a credit). Transcripts fetched through
        the queue here, or exported, are kept: never removed.
      </p>
      <div className="form-grid">
        <label className="field">
          <span>Limit (MB)</span>
          <input type="number" min={CACHE_MIN_BYTES / MB} value={text} disabled={setting === null} onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
        </label>
        <label className="choice">
          <input type="checkbox" checked={setting === null} onChange={(e) => void save({ 'cache.maxBytes': e.target.checked ? null : CACHE_DEFAULT_MAX_BYTES })} /> No limit
        </label>
      </div>
      {cache.limitOverridden && <p className="muted">This server was started with --cache-max-bytes {megabytes(cache.limit ?? 0)}; the setting applies when it is started without.</p>}
    </section>
  );
}
