// The number inputs of the form fields (components/form/number-fields.tsx), fetched on the first interaction with one
// (components/on-demand.ts): Mantine's NumberInput and react-number-format, about 8 KB brotli of bl_view's first load.
import { onDemand } from './on-demand';

export const numberInput = onDemand(() => import('./number-input-part'));
export type NumberInputPart = typeof import('./number-input-part');
