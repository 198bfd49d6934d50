import type { Plan } from '../store/port';

/** An authenticated caller that passed the rate limit: what every operation of the core is asked by. */
export interface Caller {
  accountId: number;
  plan: Plan;
  keyPrefix: string;
}
