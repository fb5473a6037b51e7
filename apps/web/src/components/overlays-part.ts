// Loaded on demand only (components/overlays.ts): nothing on a first load may import this module statically.
export { Menu, Popover, Select, Tooltip } from '@mantine/core';
export { TypeaheadCombobox } from './typeahead-combobox';
