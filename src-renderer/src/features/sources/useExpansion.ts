// Reads a source once for its picker (sources.expand): the whole list, so every selection mode
// works on it without asking again. A picker closed meanwhile ignores the answer.
import { useCallback, useEffect, useState } from 'react';
import type { SourceExpansion } from '#shared/contract/sources';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';

export type ExpansionState = { phase: 'reading' } | { phase: 'failed'; message: string } | { phase: 'ready'; expansion: SourceExpansion };

export function useExpansion(url: string): { state: ExpansionState; retry: () => void } {
  const [state, setState] = useState<ExpansionState>({ phase: 'reading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ phase: 'reading' });
    desk()
      .invoke('sources.expand', { url })
      .then(
        (expansion) => current && setState({ phase: 'ready', expansion }),
        (error: unknown) => {
          if (current) setState({ phase: 'failed', message: deskErrorOf(error).message });
        },
      );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
