import { lazy } from 'react';

/**
 * The sailing's deadlines on the edit screen (issue 26) — the banner, the refusal after a cut-off, their call and the
 * port-time formatting they need — are one chunk of their own, kept out of the screen's first load (its budget:
 * build/bundle-budget.ts). It is asked for when this module runs, with the screen, so it is in before the bill is.
 */
const part = import('./sailing-deadlines');

export const SailingDeadlines = lazy(() => part.then((module) => ({ default: module.SailingDeadlines })));
export const CutOffRefusal = lazy(() => part.then((module) => ({ default: module.CutOffRefusal })));
