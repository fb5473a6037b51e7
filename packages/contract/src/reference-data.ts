import { z } from 'zod';
import { listQuerySchema } from './list-query';

/** Specification section 9: port and party typeaheads return 5 rows, the full port list at most 1000. */
export const TYPEAHEAD_LIMIT = 5;
export const PORT_LIST_LIMIT = 1000;
/** Longest search term accepted; anything longer cannot name a port, party or country. */
export const SEARCH_TERM_MAX_LENGTH = 100;

/** Port types (section 9): SP and DP are sea ports (UN/LOCODE function 1), AP airports (function 4). */
export const PORT_TYPES = ['SP', 'DP', 'AP'] as const;
export type PortType = (typeof PORT_TYPES)[number];

/** Party role codes and the approved status (sections 6 and 9). */
export const PARTY_ROLES = ['CO', 'CHA', 'N', 'DDR', 'CN', 'OS'] as const;
export const PARTY_STATUS_APPROVED = 'APPR';

const searchTerm = z.string().trim().max(SEARCH_TERM_MAX_LENGTH);
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

// ---- ports ----------------------------------------------------------------------------------------------------

/** `portType=SP,DP`: a comma-separated list of known port types; absent means any. */
const splitList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const portTypeList = z
  .string()
  .refine(
    (value) => {
      const parts = splitList(value);
      return parts.length > 0 && parts.every((part) => (PORT_TYPES as readonly string[]).includes(part));
    },
    { error: `must be a comma-separated list of ${PORT_TYPES.join(', ')}` },
  )
  .transform((value) => splitList(value) as PortType[])
  .meta({
    pattern: `^[\\s,]*(?:${PORT_TYPES.join('|')})(?:\\s*,[\\s,]*(?:${PORT_TYPES.join('|')}))*[\\s,]*$`,
  });

export const PortsQuerySchema = listQuerySchema({
  limit: z.coerce.number().int().min(1).max(PORT_LIST_LIMIT).default(TYPEAHEAD_LIMIT),
  name: searchTerm.optional(),
  code: searchTerm.optional(),
  portType: portTypeList.optional(),
});
export type PortsQuery = z.infer<typeof PortsQuerySchema>;

export const PortSchema = z.object({
  id: z.number().int(),
  /** UN/LOCODE, five characters: country + location. */
  code: z.string(),
  name: z.string(),
  countryCode: z.string(),
  countryName: z.string().nullable(),
  subdivision: z.string().nullable(),
  portTypes: z.array(z.enum(PORT_TYPES)),
  iataCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Port = z.infer<typeof PortSchema>;
export const PortsResponseSchema = z.object({ results: z.array(PortSchema) });
export type PortsResponse = z.infer<typeof PortsResponseSchema>;

// ---- countries ------------------------------------------------------------------------------------------------

export const CountriesQuerySchema = listQuerySchema({ query: searchTerm.optional() });
export const CountrySchema = z.object({
  id: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  alpha3: z.string(),
  name: z.string(),
  /** International calling code without the plus sign, e.g. "91"; null where none is assigned. */
  callingCode: z.string().nullable(),
});
export type Country = z.infer<typeof CountrySchema>;
export const CountriesResponseSchema = z.object({ results: z.array(CountrySchema) });
export type CountriesResponse = z.infer<typeof CountriesResponseSchema>;

// ---- parties --------------------------------------------------------------------------------------------------

export const PartiesQuerySchema = listQuerySchema({ name: searchTerm.optional() });
export const PartyDetailListQuerySchema = listQuerySchema({
  name: searchTerm.optional(),
  partyStatus: z.string().trim().min(1).max(20).optional(),
  isActive: booleanFlag.optional(),
});
export const PartyDetailListCpQuerySchema = listQuerySchema({ query: searchTerm.optional() });

export const PartySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  emailId: z.string().nullable(),
});
export type Party = z.infer<typeof PartySchema>;
export const PartiesResponseSchema = z.array(PartySchema);

// ---- HS codes -------------------------------------------------------------------------------------------------

export const HsnCodesQuerySchema = listQuerySchema({ commodityStartsWith: searchTerm.optional() });
export const HsnCodeSchema = z.object({
  id: z.number().int(),
  /** 6 (subheading) or 8 (national tariff line) digits: the list offers commodities only. */
  hsnCode: z.string(),
  commodity: z.string(),
  level: z.number().int(),
  parentCode: z.string().nullable(),
});
export type HsnCode = z.infer<typeof HsnCodeSchema>;
export const HsnCodesResponseSchema = z.array(HsnCodeSchema);

// ---- package types, equipment, cargo types, units, railway stations -------------------------------------------

export const PackageTypeSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type PackageType = z.infer<typeof PackageTypeSchema>;
export const PackageTypesResponseSchema = z.array(PackageTypeSchema);

export const IsoEquipmentSchema = z.object({
  id: z.number().int(),
  /** ISO 6346 size-type code, e.g. 22G1. */
  code: z.string(),
  /** Equipment group: GP, HC, RF, HR, OT, FR, PL, TK. */
  groupCode: z.string(),
  description: z.string(),
  lengthFt: z.number(),
  heightFt: z.number(),
  teu: z.number(),
});
export type IsoEquipment = z.infer<typeof IsoEquipmentSchema>;
export const IsoEquipmentResponseSchema = z.array(IsoEquipmentSchema);

export const CargoTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** HAZ for the hazard classes CLASS1–CLASS9; null for the cargo types themselves. */
  parentCode: z.string().nullable(),
});
export type CargoType = z.infer<typeof CargoTypeSchema>;
export const CargoTypesResponseSchema = z.array(CargoTypeSchema);

export const UnitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Multiply a value in this unit by this factor to get it in the category's base unit. */
  factorToBase: z.number(),
});
export const UnitCategorySchema = z.object({
  id: z.number().int(),
  category: z.string(),
  baseUnit: z.string(),
  units: z.array(UnitSchema),
});
export type UnitCategory = z.infer<typeof UnitCategorySchema>;
export const UnitMappingResponseSchema = z.array(UnitCategorySchema);

export const RailwayStationsQuerySchema = listQuerySchema({ name: searchTerm.optional() });
export const RailwayStationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  /** STATION, or ICD for an inland container depot served by rail. */
  kind: z.string(),
});
export type RailwayStation = z.infer<typeof RailwayStationSchema>;
export const RailwayStationsResponseSchema = z.array(RailwayStationSchema);

// ---- local filtering: search-text.ts (free of zod, for the web's typeaheads) --------------------------------

export { filterBySubstring, foldSearchText } from './search-text';

// ---- geocoding ------------------------------------------------------------------------------------------------

/** GET cp/base/geocode/?query&limit=5: door pick-up and delivery addresses (specification section 7). */
export const GeocodeQuerySchema = z.object({
  query: z.string({ message: 'is required' }).trim().min(2, 'needs at least 2 characters').max(200),
  limit: z.coerce.number().int().min(1).max(5).default(5),
});
export const GeocodeResponseSchema = z.object({
  results: z.array(
    z.object({
      label: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      source: z.enum(['unlocode', 'mapbox']),
    }),
  ),
});
