import { lazyComponent } from '#client/lib/lazy-component.js';

/**
 * The amount form checks with the server's schemas (zod and the sales contract): it loads when
 * someone opens it, not with the offers it answers.
 */
export const AmountForm = lazyComponent(() => import('./amount-form').then((m) => m.AmountForm));
