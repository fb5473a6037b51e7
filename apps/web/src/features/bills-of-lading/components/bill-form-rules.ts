import { type BillOfLadingForm, BL_PHONE_PATTERN } from '@lading/contract/bills-of-lading';

export type FormErrors = Record<string, string>;

const REQUIRED = 'Required';
const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';
const missingNumber = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value);

/**
 * The edit screen's rules (specification section 5), keyed by the form's field paths: the six required fields;
 * per container package type, number of packages, cargo gross weight, measurement, VGM and VGM method; per cargo
 * row HSN code, commodity, package type and package details. Notify parties are optional; e-mails and phones that
 * are given must look right.
 */
export function validateBillForm(form: BillOfLadingForm): FormErrors {
  const errors: FormErrors = {};
  const need = (path: string, value: string) => {
    if (blank(value)) errors[path] = REQUIRED;
  };
  need('shipperNameInBl', form.shipperNameInBl);
  need('consigneeNameInBl', form.consigneeNameInBl);
  need('descriptionOfGoods', form.descriptionOfGoods);
  need('marksAndNosL', form.marksAndNosL);
  for (const path of ['shipperPhoneNumber', 'consigneePhoneNumber'] as const) {
    if (blank(form[path])) errors[path] = REQUIRED;
    else if (!BL_PHONE_PATTERN.test(form[path].trim())) errors[path] = 'Enter a phone number';
  }
  form.containers.forEach((c, i) => {
    if (c.packageType === null) errors[`containers.${i}.packageType`] = REQUIRED;
    for (const key of ['numberOfPackage', 'cargoGrossWeight', 'measurement', 'vgm'] as const) {
      if (missingNumber(c[key])) errors[`containers.${i}.${key}`] = REQUIRED;
      else if ((c[key] as number) < 0) errors[`containers.${i}.${key}`] = 'Must be 0 or more';
    }
    if (blank(c.vgmMethod)) errors[`containers.${i}.vgmMethod`] = REQUIRED;
  });
  form.cargoDetails.forEach((c, i) => {
    if (c.hsnCode === null) errors[`cargoDetails.${i}.hsnCode`] = REQUIRED;
    need(`cargoDetails.${i}.commodity`, c.commodity);
    if (c.packageType === null) errors[`cargoDetails.${i}.packageType`] = REQUIRED;
    need(`cargoDetails.${i}.packageDetails`, c.packageDetails);
  });
  if (form.haveNotifyParty) {
    for (const key of ['notifyParty1', 'notifyParty2'] as const) {
      const party = form[key];
      if (!blank(party.email) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(party.email.trim()))
        errors[`${key}.email`] = 'Enter an e-mail address';
      if (!blank(party.phone) && !BL_PHONE_PATTERN.test(party.phone.trim()))
        errors[`${key}.phone`] = 'Enter a phone number';
    }
  }
  return errors;
}

/** dd/MM/YYYY (specification section 9) from an ISO date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : '—';
}

/** Kilograms shown in tonnes (the "Tare Weight (Tone)" column). */
export const kgToTonnes = (kg: number | null) => (kg === null ? '—' : (kg / 1000).toFixed(2));
