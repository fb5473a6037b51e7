// The overlays a page needs only once the user reaches for them, fetched together on the first interaction with one
// (components/on-demand.ts): Mantine's menus, popovers, selects and tooltips, floating-ui behind them, and the
// typeahead's dropdown.
import { onDemand } from './on-demand';

export const overlays = onDemand(() => import('./overlays-part'));
export type Overlays = typeof import('./overlays-part');
