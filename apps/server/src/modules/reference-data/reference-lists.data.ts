// Small built-in code lists: ISO 6346 size-type codes, cargo types and hazard classes, unit kinds with units.

/**
 * ISO 6346 size-type codes used in container trade. First character: length (2 = 20 ft, 4 = 40 ft, L = 45 ft);
 * second: height (0 = 8 ft, 2 = 8 ft 6 in, 5 = 9 ft 6 in); last two: type (G general, R reefer, U open top,
 * P platform/flat rack, T tank, V ventilated, H insulated, B bulk).
 */
export const ISO_EQUIPMENT = [
  { code: '22G1', groupCode: 'GP', description: "20' general purpose", lengthFt: 20, heightFt: 8.5, teu: 1 },
  {
    code: '20G1',
    groupCode: 'GP',
    description: "20' general purpose, 8' high",
    lengthFt: 20,
    heightFt: 8,
    teu: 1,
  },
  {
    code: '25G1',
    groupCode: 'HC',
    description: "20' high cube general purpose",
    lengthFt: 20,
    heightFt: 9.5,
    teu: 1,
  },
  { code: '42G1', groupCode: 'GP', description: "40' general purpose", lengthFt: 40, heightFt: 8.5, teu: 2 },
  {
    code: '45G1',
    groupCode: 'HC',
    description: "40' high cube general purpose",
    lengthFt: 40,
    heightFt: 9.5,
    teu: 2,
  },
  {
    code: 'L5G1',
    groupCode: 'HC',
    description: "45' high cube general purpose",
    lengthFt: 45,
    heightFt: 9.5,
    teu: 2.25,
  },
  {
    code: '22R1',
    groupCode: 'RF',
    description: "20' reefer (integral refrigeration)",
    lengthFt: 20,
    heightFt: 8.5,
    teu: 1,
  },
  {
    code: '42R1',
    groupCode: 'RF',
    description: "40' reefer (integral refrigeration)",
    lengthFt: 40,
    heightFt: 8.5,
    teu: 2,
  },
  { code: '45R1', groupCode: 'HR', description: "40' high cube reefer", lengthFt: 40, heightFt: 9.5, teu: 2 },
  {
    code: 'L5R1',
    groupCode: 'HR',
    description: "45' high cube reefer",
    lengthFt: 45,
    heightFt: 9.5,
    teu: 2.25,
  },
  { code: '22U1', groupCode: 'OT', description: "20' open top", lengthFt: 20, heightFt: 8.5, teu: 1 },
  { code: '42U1', groupCode: 'OT', description: "40' open top", lengthFt: 40, heightFt: 8.5, teu: 2 },
  {
    code: '45U1',
    groupCode: 'OT',
    description: "40' high cube open top",
    lengthFt: 40,
    heightFt: 9.5,
    teu: 2,
  },
  {
    code: '22P1',
    groupCode: 'FR',
    description: "20' flat rack, fixed ends",
    lengthFt: 20,
    heightFt: 8.5,
    teu: 1,
  },
  {
    code: '22P3',
    groupCode: 'FR',
    description: "20' flat rack, collapsible ends",
    lengthFt: 20,
    heightFt: 8.5,
    teu: 1,
  },
  {
    code: '42P1',
    groupCode: 'FR',
    description: "40' flat rack, fixed ends",
    lengthFt: 40,
    heightFt: 8.5,
    teu: 2,
  },
  {
    code: '42P3',
    groupCode: 'FR',
    description: "40' flat rack, collapsible ends",
    lengthFt: 40,
    heightFt: 8.5,
    teu: 2,
  },
  {
    code: '45P3',
    groupCode: 'FR',
    description: "40' high cube flat rack, collapsible ends",
    lengthFt: 40,
    heightFt: 9.5,
    teu: 2,
  },
  { code: '22P0', groupCode: 'PL', description: "20' platform", lengthFt: 20, heightFt: 8.5, teu: 1 },
  { code: '42P0', groupCode: 'PL', description: "40' platform", lengthFt: 40, heightFt: 8.5, teu: 2 },
  {
    code: '22T1',
    groupCode: 'TK',
    description: "20' tank, non-dangerous liquids",
    lengthFt: 20,
    heightFt: 8.5,
    teu: 1,
  },
  {
    code: '22T6',
    groupCode: 'TK',
    description: "20' tank, dangerous liquids",
    lengthFt: 20,
    heightFt: 8.5,
    teu: 1,
  },
  { code: '22T7', groupCode: 'TK', description: "20' tank, gases", lengthFt: 20, heightFt: 8.5, teu: 1 },
  { code: '22V1', groupCode: 'VE', description: "20' ventilated", lengthFt: 20, heightFt: 8.5, teu: 1 },
  { code: '22H1', groupCode: 'IN', description: "20' insulated", lengthFt: 20, heightFt: 8.5, teu: 1 },
  { code: '22B1', groupCode: 'BU', description: "20' dry bulk", lengthFt: 20, heightFt: 8.5, teu: 1 },
] as const;

/** Cargo types (section 9) and, under HAZ, the nine hazard classes of the IMDG Code. */
export const CARGO_TYPES = [
  { code: 'GEN', name: 'General cargo', parentCode: null },
  { code: 'ODO', name: 'Over-dimensional (out of gauge) cargo', parentCode: null },
  { code: 'PEF', name: 'Perishable cargo', parentCode: null },
  { code: 'FLX', name: 'Flexitank cargo', parentCode: null },
  { code: 'HAZ', name: 'Hazardous cargo (dangerous goods)', parentCode: null },
  { code: 'CLASS1', name: 'Class 1: Explosives', parentCode: 'HAZ' },
  { code: 'CLASS2', name: 'Class 2: Gases', parentCode: 'HAZ' },
  { code: 'CLASS3', name: 'Class 3: Flammable liquids', parentCode: 'HAZ' },
  {
    code: 'CLASS4',
    name: 'Class 4: Flammable solids; substances liable to spontaneous combustion; substances which, in contact with water, emit flammable gases',
    parentCode: 'HAZ',
  },
  { code: 'CLASS5', name: 'Class 5: Oxidizing substances and organic peroxides', parentCode: 'HAZ' },
  { code: 'CLASS6', name: 'Class 6: Toxic and infectious substances', parentCode: 'HAZ' },
  { code: 'CLASS7', name: 'Class 7: Radioactive material', parentCode: 'HAZ' },
  { code: 'CLASS8', name: 'Class 8: Corrosive substances', parentCode: 'HAZ' },
  { code: 'CLASS9', name: 'Class 9: Miscellaneous dangerous substances and articles', parentCode: 'HAZ' },
] as const;

/** Unit kinds of section 9 with their units; factorToBase converts a value in the unit to the base unit. */
export const UNIT_CATEGORIES = [
  {
    name: 'Length',
    baseUnit: 'm',
    units: [
      { code: 'm', name: 'metre', factorToBase: 1 },
      { code: 'cm', name: 'centimetre', factorToBase: 0.01 },
      { code: 'mm', name: 'millimetre', factorToBase: 0.001 },
      { code: 'km', name: 'kilometre', factorToBase: 1000 },
      { code: 'in', name: 'inch', factorToBase: 0.0254 },
      { code: 'ft', name: 'foot', factorToBase: 0.3048 },
    ],
  },
  {
    name: 'Mass',
    baseUnit: 'kg',
    units: [
      { code: 'kg', name: 'kilogram', factorToBase: 1 },
      { code: 'MT', name: 'metric tonne', factorToBase: 1000 },
      { code: 'g', name: 'gram', factorToBase: 0.001 },
      { code: 'lb', name: 'pound', factorToBase: 0.45359237 },
    ],
  },
  {
    name: 'Electric Current',
    baseUnit: 'A',
    units: [
      { code: 'A', name: 'ampere', factorToBase: 1 },
      { code: 'mA', name: 'milliampere', factorToBase: 0.001 },
      { code: 'kA', name: 'kiloampere', factorToBase: 1000 },
    ],
  },
  {
    name: 'Amount of Substance',
    baseUnit: 'mol',
    units: [
      { code: 'mol', name: 'mole', factorToBase: 1 },
      { code: 'mmol', name: 'millimole', factorToBase: 0.001 },
      { code: 'kmol', name: 'kilomole', factorToBase: 1000 },
    ],
  },
  {
    name: 'Time',
    baseUnit: 's',
    units: [
      { code: 's', name: 'second', factorToBase: 1 },
      { code: 'min', name: 'minute', factorToBase: 60 },
      { code: 'h', name: 'hour', factorToBase: 3600 },
      { code: 'd', name: 'day', factorToBase: 86_400 },
    ],
  },
  {
    name: 'Luminous Intensity',
    baseUnit: 'cd',
    units: [
      { code: 'cd', name: 'candela', factorToBase: 1 },
      { code: 'mcd', name: 'millicandela', factorToBase: 0.001 },
    ],
  },
] as const;
