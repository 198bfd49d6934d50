// The follow form: a new follow (URL and settings) or a follow's settings. Checked here with the
// contract's schema before anything is sent; what the desk still refuses (not a source, followed
// already) is shown in its words.
import { useState, type FormEvent, type ReactNode } from 'react';
import { deskErrorOf } from '#shared/contract/result';
import type { Follow } from '#shared/contract/sources';
import { Dialog } from '../../components/Dialog';
import { desk } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useFollows, type FollowForm } from '../../stores/follows';
import { NEW_FOLLOW_VALUES, settingsOf, valuesOf, type FollowFormField, type FollowFormValues } from './followView';

export function FollowDialogHost() {
  const form = useFollows((s) => s.form);
  const follow = useFollows((s) => (form?.mode === 'edit' ? s.follows.find((f) => f.id === form.id) : undefined));
  const close = useFollows((s) => s.closeForm);
  if (form === null || (form.mode === 'edit' && follow === undefined)) return null;
  return <FollowDialog form={form} follow={follow} onClose={close} />;
}

function FollowDialog({ form, follow, onClose }: { form: FollowForm; follow: Follow | undefined; onClose: () => void }) {
  const [url, setUrl] = useState(form.mode === 'add' ? form.url : '');
  const [values, setValues] = useState<FollowFormValues>(follow === undefined ? NEW_FOLLOW_VALUES : valuesOf(follow));
  const [errors, setErrors] = useState<Partial<Record<FollowFormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<FollowFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = settingsOf(values);
    setErrors(outcome.ok ? {} : outcome.errors);
    if (!outcome.ok) return;
    setBusy(true);
    setRefusal(null);
    const saved = follow === undefined ? desk().invoke('follows.add', { url: url.trim(), ...outcome.settings }) : desk().invoke('follows.update', { id: follow.id, ...outcome.settings });
    saved
      .then(({ follow: result }) => {
        useFollows.getState().applyChanged([result], []);
        useApp.getState().notify('info', follow === undefined ? `Following “${result.source.title}”` : `Saved the settings of “${result.source.title}”`);
        onClose();
      })
      .catch((error: unknown) => setRefusal(deskErrorOf(error).message))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog title={follow === undefined ? 'Follow a source' : `Settings of “${follow.source.title}”`} onClose={onClose}>
      <form className="form follow-form" onSubmit={submit} noValidate>
        {follow === undefined && (
          <label className="field">
            <span>Playlist, channel, show or feed URL</span>
            <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required spellCheck={false} placeholder="https://www.youtube.com/@channel" />
          </label>
        )}
        <div className="form-grid">
          <NumberField label="Check every (minutes)" field="intervalMinutes" errors={errors} value={values.intervalMinutes} min={5} onChange={(v) => change({ intervalMinutes: v })} />
          <NumberField label="At the first check, queue the newest" field="backfill" errors={errors} value={values.backfill} min={0} onChange={(v) => change({ backfill: v })} hint="0: only what appears from now on" />
          <div className="field">
            <label htmlFor="follow-since">Only items published since</label>
            <input id="follow-since" type="date" value={values.since} onChange={(e) => change({ since: e.target.value })} aria-describedby="follow-since-hint" />
            <small id="follow-since-hint" className="muted">
              Empty: no date limit
            </small>
          </div>
        </div>
        <fieldset className="choices follow-option">
          <legend className="visually-hidden">Nightly window</legend>
          <label className="choice">
            <input type="checkbox" checked={values.nightly} onChange={(e) => change({ nightly: e.target.checked })} /> Queue new items only between these hours
          </label>
          {values.nightly && (
            <FieldRow error={errors.window} id="follow-window-error">
              <HourField id="follow-window-start" label="From" value={values.startHour} onChange={(v) => change({ startHour: v })} invalid={errors.window !== undefined} />
              <HourField id="follow-window-end" label="To" value={values.endHour} onChange={(v) => change({ endHour: v })} invalid={errors.window !== undefined} />
            </FieldRow>
          )}
        </fieldset>
        <fieldset className="choices follow-option">
          <legend className="visually-hidden">Monthly budget</legend>
          <label className="choice">
            <input type="checkbox" checked={values.budgeted} onChange={(e) => change({ budgeted: e.target.checked })} /> Spend at most a monthly budget
          </label>
          {values.budgeted && <NumberField label="Credits per month" field="budget" errors={errors} value={values.budget} min={0} onChange={(v) => change({ budget: v })} hint="New items are not queued once it is spent, until the month turns" />}
        </fieldset>
        {refusal !== null && (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || (follow === undefined && url.trim() === '')}>
            {busy ? (follow === undefined ? 'Reading the source…' : 'Saving…') : follow === undefined ? 'Follow' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function NumberField({ label, field, errors, value, min, hint, onChange }: { label: string; field: FollowFormField; errors: Partial<Record<FollowFormField, string>>; value: string; min: number; hint?: string; onChange: (value: string) => void }) {
  const error = errors[field];
  const inputId = `follow-${field}`;
  const hintId = `follow-${field}-hint`;
  // The hint sits outside the <label>: inside, it would become part of the field's name.
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} type="number" inputMode="numeric" min={min} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error !== undefined} aria-describedby={hint === undefined && error === undefined ? undefined : hintId} />
      {(error ?? hint) !== undefined && (
        <small id={hintId} className={error === undefined ? 'muted' : 'field-error'}>
          {error ?? hint}
        </small>
      )}
    </div>
  );
}

function HourField({ id, label, value, invalid, onChange }: { id: string; label: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  // Labelled by id, not by wrapping: a wrapping label would take the options' text into its name.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? 'follow-window-error' : undefined}>
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={String(h)}>
            {String(h).padStart(2, '0')}:00
          </option>
        ))}
      </select>
    </div>
  );
}

function FieldRow({ error, id, children }: { error: string | undefined; id: string; children: ReactNode }) {
  return (
    <div className="field-row follow-window">
      {children}
      {error !== undefined && (
        <small id={id} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}
