// Loaded on demand only (components/overlays.ts): nothing on a first load may import this module statically.
export { Menu, Popover, Tooltip } from '@mantine/core';
// The real components that take over from OnDemandMenu's and OnDemandSelect's stand-ins.
export { RealMenu } from './on-demand-menu-part';
export { RealSelect } from './on-demand-select-part';
export { TypeaheadCombobox } from './typeahead-combobox';
