// Saving settings from a form control: the new values, or an error notice (nothing changes).
import { useCallback } from 'react';
import type { OperationInput } from '../../../../src-shared/contract/operations';
import { errorOf } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

export function useSave(): (changes: OperationInput<'settings.update'>['changes']) => Promise<void> {
  return useCallback(
    (changes) =>
      useSettings
        .getState()
        .update({ changes })
        .catch((e: unknown) => useApp.getState().notify('error', errorOf(e).message)),
    [],
  );
}
