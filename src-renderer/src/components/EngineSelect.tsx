// The speech-to-text engine as one labelled select: Settings ▸ Speech-to-text (with "Automatic")
// and the viewer's "Transcribe again" (a named engine only) list the same engines the same way.
import { ENGINE_IDS, type EngineId } from '#shared/settings';

type Props<V extends string> = {
  value: V;
  onChange: (value: V) => void;
  /** The "Automatic (…)" choice's words (V then includes 'auto'); absent, only named engines are offered. */
  automatic?: string;
};

export function EngineSelect<V extends EngineId | 'auto'>({ value, onChange, automatic }: Props<V>) {
  return (
    <label className="field">
      <span>Engine</span>
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {automatic !== undefined && <option value="auto">{automatic}</option>}
        {ENGINE_IDS.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </label>
  );
}
