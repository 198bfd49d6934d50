// Adding credits to the owner account: the desk's service is the owner's own, so is its ledger
// (the CLI's `credits grant` does the same). Keys of other accounts are managed in Settings → keys.
import { useState, type FormEvent } from 'react';
import { MAX_OWNER_TOP_UP } from '#shared/contract/operations';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { num } from '../../lib/format';
import { useApp } from '../../stores/app';

export function AddCredits({ label = 'Add credits', onAdded }: { label?: string; onAdded?: () => void }) {
  const [amount, setAmount] = useState('100');
  const [busy, setBusy] = useState(false);
  const credits = Number(amount);
  const valid = Number.isSafeInteger(credits) && credits >= 1 && credits <= MAX_OWNER_TOP_UP;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    desk()
      .invoke('credits.add', { credits })
      .then(
        (balance) => {
          useApp.getState().setBalance(balance);
          useApp.getState().notify('info', `Added ${num(credits)} credits: the owner account has ${num(balance.credits)}`);
          onAdded?.();
        },
        (error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="add-credits" onSubmit={submit}>
      <label>
        <span className="visually-hidden">Credits to add</span>
        <input type="number" min={1} max={MAX_OWNER_TOP_UP} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} aria-label="Credits to add" aria-invalid={!valid} />
      </label>
      <button type="submit" className="button" disabled={!valid || busy}>
        {label}
      </button>
    </form>
  );
}
