// Settings → the owner account's credits: its balance and a top-up (the queue's out-of-credits
// banner offers the same). Other accounts' keys get their credits when created (keys table below).
import { AddCredits } from '../queue/AddCredits';
import { num } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

export function OwnerCreditsPanel() {
  const balance = useApp((s) => s.balance);
  const loadKeys = useSettings((s) => s.loadKeys);
  // With a team server in use the header's balance is the team key's, not the owner's.
  const team = useSettings((s) => (s.view !== null && s.view.values['team.server.url'] !== null && s.view.secretsSet.includes('team.server.key') ? s.view.values['team.server.url'] : null));
  return (
    <section className="panel" aria-labelledby="owner-credits-heading">
      <h2 id="owner-credits-heading">Owner credits</h2>
      <p className="muted">
        {team === null
          ? `The desk runs on the owner account${balance === null ? '' : `: ${num(balance.credits)} credits, plan ${balance.plan}`}.`
          : `The desk runs on the team server ${team} now; credits added here go to this machine's owner account.`}{' '}
        A video costs 1 credit (cached ones are free), a podcast episode 10 per started hour.
      </p>
      <AddCredits onAdded={() => void loadKeys()} />
    </section>
  );
}
