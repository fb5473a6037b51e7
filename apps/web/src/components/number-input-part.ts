// Loaded on demand only (components/number-input.ts): nothing may import this module statically. Mantine's
// NumberInput and react-number-format behind it come with the first hover, focus or press of a number field.
// Imported, then exported: build/chunks.ts reads `export { X } from '@mantine/core'` as reaching the whole barrel.
import { NumberInput } from '@mantine/core';

export { NumberInput };
