// The shape of the desk's handler table (index.ts), and of the groups of it that live beside
// their feature (versions/handlers.ts, insights/handlers.ts, follows/handlers.ts): each group is
// typed by the operations it answers, so a missing or misspelt one fails the type check.
import type { OperationName, OperationOutput, ParsedInput } from '#shared/contract/operations';

export type Handlers = { [N in OperationName]: (input: ParsedInput<N>) => OperationOutput<N> | Promise<OperationOutput<N>> };

/** The handlers of the operations named `<prefix>.…`. */
export type HandlerGroup<Prefix extends string> = Pick<Handlers, Extract<OperationName, `${Prefix}.${string}`>>;
