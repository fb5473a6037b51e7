/** The cache keys of the reference lists loaded whole and kept (they change only with an import). */
export const referenceDataKeys = {
  cargoTypes: ['cargo-types'],
  hsnCodes: ['hsn-codes'],
  isoEquipment: ['iso-equipment'],
  packageTypes: ['package-types'],
} as const;
