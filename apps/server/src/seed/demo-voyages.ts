import type { Tx } from '../db/client';
import { type ScheduleSeed, seedSchedule } from '../modules/voyages';

/** Six demo vessels; IMO numbers with valid check digits, names of the carrier's own. */
const DEMO_VESSELS: ScheduleSeed['vessels'] = [
  {
    imoNumber: '9745122',
    name: 'LADING MERIDIAN',
    flag: 'SG',
    callSign: '9V7731',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 9400,
    active: true,
  },
  {
    imoNumber: '9688300',
    name: 'LADING MONSOON',
    flag: 'IN',
    callSign: 'AVQF',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 6500,
    active: true,
  },
  {
    imoNumber: '9812779',
    name: 'LADING KONKAN',
    flag: 'IN',
    callSign: 'AVRK',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 2800,
    active: true,
  },
  {
    imoNumber: '9556040',
    name: 'LADING CORAL',
    flag: 'LK',
    callSign: '4RAC',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 4250,
    active: true,
  },
  {
    imoNumber: '9901439',
    name: 'LADING HANSA',
    flag: 'MT',
    callSign: '9HA5120',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 11000,
    active: true,
  },
  {
    imoNumber: '9623910',
    name: 'LADING STRAITS',
    flag: 'SG',
    callSign: '9V9917',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 3600,
    active: true,
  },
];

const DEFAULT_CUT_OFFS: ScheduleSeed['services'][number]['cutOffs'] = [
  { code: 'STA', hoursBeforeDeparture: 72 },
  { code: 'DCO', hoursBeforeDeparture: 48 },
  { code: 'FCO', hoursBeforeDeparture: 48 },
  { code: 'VCO', hoursBeforeDeparture: 30 },
  { code: 'PCO', hoursBeforeDeparture: 24 },
];

const call = (portCode: string, dayOffset: number, terminalName: string, portStayHours = 24) => ({
  portCode,
  dayOffset,
  terminalName,
  portStayHours,
});

/**
 * Four weekly services over real UN/LOCODEs, covering every demo tariff's lane (INNSA to AEJEA, SGSIN and NLRTM,
 * INMUN to SGSIN). India–Europe starts at Colombo, where Chennai cargo for the Gulf and Europe transships from the
 * Far East loop, so the schedule search shows a transhipment too (INMAA to NLRTM).
 */
const DEMO_SERVICES: ScheduleSeed['services'] = [
  {
    code: 'IGS',
    name: 'India–Gulf Shuttle',
    frequencyDays: 7,
    voyageSuffix: 'W',
    active: true,
    calls: [call('INNSA', 0, 'JNPT Nhava Sheva (NSICT)'), call('AEJEA', 4, 'Jebel Ali Terminal 2')],
    vesselImos: ['9812779'],
    cutOffs: DEFAULT_CUT_OFFS,
    sailingDayOffset: 0,
  },
  {
    code: 'IFX',
    name: 'India–Far East Loop',
    frequencyDays: 7,
    voyageSuffix: 'E',
    active: true,
    calls: [
      call('INMAA', 0, 'Chennai Container Terminal'),
      call('LKCMB', 2, 'Colombo South Asia Gateway Terminals'),
      call('SGSIN', 6, 'PSA Pasir Panjang'),
    ],
    vesselImos: ['9556040'],
    cutOffs: DEFAULT_CUT_OFFS,
    sailingDayOffset: 2,
  },
  {
    code: 'IEX',
    name: 'India–Europe Express',
    frequencyDays: 7,
    voyageSuffix: 'W',
    active: true,
    calls: [
      call('LKCMB', 0, 'Colombo International Container Terminals'),
      call('INNSA', 3, 'JNPT Nhava Sheva (BMCT)'),
      call('INMUN', 5, 'Adani Mundra CT'),
      call('AEJEA', 8, 'Jebel Ali Terminal 3'),
      call('NLRTM', 24, 'ECT Delta', 36),
      call('DEHAM', 27, 'CTA Altenwerder', 36),
    ],
    vesselImos: ['9901439', '9745122', '9688300'],
    cutOffs: DEFAULT_CUT_OFFS,
    sailingDayOffset: 4,
  },
  {
    code: 'WIS',
    name: 'West India–Straits',
    frequencyDays: 7,
    voyageSuffix: 'E',
    active: true,
    calls: [
      call('INMUN', 0, 'Adani Mundra CT'),
      call('INNSA', 2, 'JNPT Nhava Sheva (NSIGT)'),
      call('LKCMB', 5, 'Colombo South Asia Gateway Terminals'),
      call('SGSIN', 9, 'PSA Tuas'),
    ],
    vesselImos: ['9623910'],
    cutOffs: DEFAULT_CUT_OFFS,
    sailingDayOffset: 3,
  },
];

/** Monday of the week `days` from `today` (UTC). */
function mondayOf(today: Date, days: number): Date {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/** Whole weeks a voyage of the longest demo rotation takes from its first call to its last (India–Europe: 27 days). */
const LONGEST_ROTATION_WEEKS = Math.ceil(
  Math.max(...DEMO_SERVICES.flatMap((service) => service.calls.map((c) => c.dayOffset))) / 7,
);

/**
 * The demo schedule: vessels, services and their voyages, so that every port of every service has calls from four
 * weeks before to eight weeks after `today` (a fresh start always has sailings to book, and a port's schedule of the
 * past month is full): the sailings start four weeks back plus the longest rotation, as a voyage that left Colombo
 * seven weeks ago calls at Hamburg three weeks ago. Calls already past are recorded as made on time.
 */
export async function seedDemoVoyages(tx: Tx, today = new Date()): Promise<Map<string, number[]>> {
  return seedSchedule(tx, {
    vessels: DEMO_VESSELS,
    services: DEMO_SERVICES,
    from: mondayOf(today, -28 - 7 * LONGEST_ROTATION_WEEKS),
    weeks: 13 + LONGEST_ROTATION_WEEKS,
  });
}
