// Saving settings from a form control: the new values, or an error notice (nothing changes).
import { useCallback } from 'react';
import type { OperationInput } from '#shared/contract/operations';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

export function useSave(): (changes: OperationInput<'settings.update'>['changes']) => Promise<void> {
  return useCallback(
    (changes) =>
      useSettings
        .getState()
        .update({ changes })
        .catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message)),
    [],
  );
}
