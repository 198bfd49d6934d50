// Two versions compared (src-shared/versions/diff.ts): removed words struck through and added
// words underlined, each also named in words for screen readers ("removed:", "added:") and with
// − and + signs, so nothing is told by colour alone.
import { useMemo } from 'react';
import type { VersionContent } from '#shared/contract/versions';
import { diffVersions } from '#shared/versions/diff';

export function DiffView({ a, b }: { a: VersionContent; b: VersionContent }) {
  const diff = useMemo(() => diffVersions(a, b), [a, b]);
  const changed = diff.rows.filter((row) => row.changed).length;
  return (
    <section className="diff" aria-label={`Changes from ${a.name} to ${b.name}`} data-testid="diff">
      <p className="small" aria-live="polite">
        {changed === 0 ? `${b.name} says the same as ${a.name}.` : `From ${a.name} to ${b.name}: ${diff.added} word${diff.added === 1 ? '' : 's'} added, ${diff.removed} removed, in ${changed} place${changed === 1 ? '' : 's'}.`}
      </p>
      <ol className="diff-rows">
        {diff.rows.map((row, i) => (
          <li key={i} className={row.changed ? 'diff-row diff-changed' : 'diff-row'}>
            {row.parts.map((part, j) =>
              part.kind === 'removed' ? (
                <del key={j}>
                  <span className="visually-hidden">removed: </span>
                  {part.text}
                </del>
              ) : part.kind === 'added' ? (
                <ins key={j}>
                  <span className="visually-hidden">added: </span>
                  {part.text}
                </ins>
              ) : (
                <span key={j}>{part.text}</span>
              ),
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
