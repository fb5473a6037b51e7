// The calendar of the date inputs (components/date-input.tsx), fetched on the first interaction with a calendar
// button (components/on-demand.ts): Mantine's DatePicker and the popover it opens in.
import { onDemand } from './on-demand';

export const dateCalendar = onDemand(() => import('./date-calendar-part'));
export type DateCalendar = typeof import('./date-calendar-part');
