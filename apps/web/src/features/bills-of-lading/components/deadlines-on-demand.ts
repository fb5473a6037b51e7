import { lazy } from 'react';

/**
 * The sailing's deadlines on the edit screen (issue 26) — the banner, the refusal after a cut-off, their call and the
 * port-time formatting they need — are a lazy module, rendered once the bill is in; the build puts it into the screen's
 * chunk (`view`, build/chunks.ts), and what it imports with bl_view's first load, not into another screen's chunk
 * (its budget: build/bundle-budget.ts). It is asked for when this module runs, with the screen.
 */
const part = import('./sailing-deadlines');

export const SailingDeadlines = lazy(() => part.then((module) => ({ default: module.SailingDeadlines })));
export const CutOffRefusal = lazy(() => part.then((module) => ({ default: module.CutOffRefusal })));
