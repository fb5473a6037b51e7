import { type ComponentProps, createElement, lazy } from 'react';

/**
 * The sailing's deadlines on the edit screen (issue 26) — the banner, the refusal after a cut-off, their call and the
 * port-time formatting they need — are a lazy module, rendered once the bill is in; the build puts it into the screen's
 * chunk (`view`, build/chunks.ts), and what it imports with bl_view's first load, not into another screen's chunk
 * (its budget: build/bundle-budget.ts). It is asked for when this module runs, with the screen.
 *
 * Once the module is in (it comes with the screen's chunk, long before the bill), its components render directly:
 * through `React.lazy` each first render suspended for a moment, so the banner came one commit (and, with React's
 * throttling of a Suspense boundary's reveal, up to 300 ms) after the header. It was the page's largest paint
 * (Lighthouse's LCP, issue 29), and drawn after the form's first section it pushed the form down (CLS 0.124).
 */
type Module = typeof import('./sailing-deadlines');

let loaded: Module | null = null;
const part = import('./sailing-deadlines').then((module) => {
  loaded = module;
  return module;
});

const LazyBanner = lazy(() => part.then((module) => ({ default: module.SailingDeadlines })));
const LazyRefusal = lazy(() => part.then((module) => ({ default: module.CutOffRefusal })));

/** The banner; inside a Suspense boundary, for a render before the module is in. */
export function SailingDeadlines(props: ComponentProps<Module['SailingDeadlines']>) {
  return createElement(loaded?.SailingDeadlines ?? LazyBanner, props);
}

/** The refusal of a save after a cut-off; inside a Suspense boundary, for a render before the module is in. */
export function CutOffRefusal(props: ComponentProps<Module['CutOffRefusal']>) {
  return createElement(loaded?.CutOffRefusal ?? LazyRefusal, props);
}
