// Ask the library (issue 19). PLACEHOLDER until the ask work lands.
import type { AskAnswer } from '#shared/contract/insights';
import { DeskError } from '#shared/contract/result';
import type { InsightsContext } from '../insights/index';

export function askLibrary(_ctx: InsightsContext, _input: { question: string }): Promise<AskAnswer> {
  return Promise.reject(new DeskError('unavailable', 'Asking the library is not built yet'));
}
