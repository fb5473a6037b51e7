import { decimalText, formatAmount2 } from '@lading/contract/decimal';

const FIELD_LABELS: Record<string, string> = {
  shipperNameInBl: 'Shipper name as in BL',
  shipperPhoneNo: 'Shipper phone no',
  consigneeNameInBl: 'Consignee name as in BL',
  consigneePhoneNo: 'Consignee phone no',
  description: 'Description of goods',
  marksAndNos: 'Marks & Nos',
  notifyParties: 'Notify parties',
  containers: 'Containers',
  cargo: 'Cargo details',
  party: 'Party',
  nameInBl: 'Name in BL',
  mobile: 'Phone',
  email: 'Mail',
  address: 'Address',
  container: 'Container No.',
  sealNo: 'Seal No',
  packageType: 'Package type',
  noOfPacks: 'No of packages',
  grossWeight: 'Cargo gross weight (KG)',
  measurement: 'Measurement (CBM)',
  vgm: 'VGM (kg)',
  vgmMethod: 'VGM method',
  hsCode: 'HSN code',
  commodity: 'Commodity',
  packageDetails: 'Package details',
  totals: 'Totals',
  netWeight: 'Net weight (KG)',
};
const LIST_LABELS: Record<string, string> = {
  notifyParties: 'Notify party',
  containers: 'Container',
  cargo: 'Cargo row',
};

/** `containers[2].sealNo` -> `Container 2 · Seal No`; `totals.grossWeight` -> `Totals · Cargo gross weight (KG)`. */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const list = /^(\w+)\[(\d+)\]$/.exec(part);
      if (list) return `${LIST_LABELS[list[1]!] ?? list[1]} ${list[2]}`;
      if (part === 'grossWeight' && path.startsWith('totals')) return 'Gross weight (KG)';
      return FIELD_LABELS[part] ?? part;
    })
    .join(' · ');
}

/** Weights, measurements and VGM: two decimals, thousands grouped, as the bill's edit screen shows them. */
const AMOUNTS = new Set(['grossWeight', 'netWeight', 'measurement', 'vgm']);
/** Counts: thousands grouped, as the edit screen's whole-number fields. */
const COUNTS = new Set(['noOfPacks']);

/**
 * A value of the comparison or the history as the edit screen shows it: `containers[1].grossWeight` 9800.46 reads
 * "9,800.46", a count 1200 "1,200"; codes, numbers of containers and phones stay as they are.
 */
export function displayValue(value: string | number | boolean | null, field: string): string {
  if (value === null || value === '') return '—';
  const name = field.slice(field.lastIndexOf('.') + 1);
  if (typeof value !== 'boolean' && decimalText(value) !== null) {
    if (AMOUNTS.has(name)) return formatAmount2(value);
    if (COUNTS.has(name)) return formatAmount2(value).replace(/\.\d+$/, '');
  }
  return String(value);
}
