// Loaded on demand only (components/date-calendar.ts): nothing may import this module statically. Mantine's calendar
// (@mantine/dates, with dayjs) comes with the first hover, focus or press of a date input's calendar button.

export { Popover } from '@mantine/core';
export { DatePicker } from '@mantine/dates';
