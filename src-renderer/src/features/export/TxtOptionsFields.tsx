// The export dialog's TXT options, shown when TXT is the format: paragraphs, timestamps (none,
// every N seconds, at each paragraph) and speaker names. What each does: src-shared/format/txt.ts.
import type { TxtOptions } from '#shared/format/txtOptions';
import { TXT_EVERY_SECONDS } from '#shared/format/txtOptions';

export function TxtOptionsFields({ value, onChange }: { value: TxtOptions; onChange: (next: TxtOptions) => void }) {
  const set = (change: Partial<TxtOptions>) => onChange({ ...value, ...change });
  return (
    <fieldset className="choices">
      <legend>Text</legend>
      <label className="choice">
        <input type="checkbox" checked={value.paragraphs} onChange={(e) => set({ paragraphs: e.target.checked })} /> Paragraphs{' '}
        <span className="muted">instead of a line per caption</span>
      </label>
      <label className="choice">
        <input type="checkbox" checked={value.speakers} onChange={(e) => set({ speakers: e.target.checked })} /> Speaker names{' '}
        <span className="muted">where the transcript names them</span>
      </label>
      <fieldset className="choices inline">
        <legend>Timestamps</legend>
        <label className="choice">
          <input type="radio" name="txt-timestamps" checked={value.timestamps === 'none'} onChange={() => set({ timestamps: 'none' })} /> None
        </label>
        <label className="choice">
          <input type="radio" name="txt-timestamps" checked={value.timestamps === 'paragraph'} onChange={() => set({ timestamps: 'paragraph' })} /> At each {value.paragraphs ? 'paragraph' : 'line'}
        </label>
        <label className="choice">
          <input type="radio" name="txt-timestamps" checked={value.timestamps === 'every'} onChange={() => set({ timestamps: 'every' })} /> Every
        </label>
        {value.timestamps === 'every' && (
          <label className="choice">
            <input
              type="number"
              aria-label="Seconds between timestamps"
              min={TXT_EVERY_SECONDS.min}
              max={TXT_EVERY_SECONDS.max}
              value={value.everySeconds}
              onChange={(e) => set({ everySeconds: Number(e.target.value) })}
            />{' '}
            seconds
          </label>
        )}
      </fieldset>
      {value.timestamps !== 'none' && <p className="muted">As [12:34] before the words said then; a transcript without timing has none.</p>}
    </fieldset>
  );
}
