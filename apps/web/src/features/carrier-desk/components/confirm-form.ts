import { isValidContainerNumber, normalizeContainerNumber } from '@lading/contract/bill-of-lading-rules';
import type { ConfirmBookingBody } from '@lading/contract/bookings';
import type { EquipmentLine } from '@lading/contract/quotations';

export type ContainerRowForm = {
  /** The size-type this row allocates (fixed by the booking's equipment). */
  isoCode: string;
  containerNumber: string;
  /** Decimal text as typed, kg. */
  tareWeight: string;
};

export type ConfirmForm = {
  /** The sailing picked from the lane's upcoming voyages (null until picked). */
  voyageId: number | null;
  containers: ContainerRowForm[];
};

/** One row per container the booking asks for: `2 x 22G1, 1 x 45G1` gives 22G1, 22G1, 45G1, in the booking's order. */
export function buildContainerRows(
  equipment: readonly Pick<EquipmentLine, 'isoCode' | 'quantity'>[],
): ContainerRowForm[] {
  return equipment.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      isoCode: line.isoCode,
      containerNumber: '',
      tareWeight: '',
    })),
  );
}

/** The rows of the booked equipment, and the sailing the customer chose with the enquiry, if any. */
export function confirmFormDefaults(
  equipment: readonly Pick<EquipmentLine, 'isoCode' | 'quantity'>[],
  voyageId: number | null = null,
): ConfirmForm {
  return { voyageId, containers: buildContainerRows(equipment) };
}

/**
 * What the container number cell keeps of what is typed or pasted: letters and digits, upper case. "MSCU 123456-5"
 * (as printed on papers, the check digit after a dash) is MSCU1234565: the cell takes up to CONTAINER_NUMBER_TYPED
 * characters as typed, separators included, so a paste is not cut before its check digit.
 */
export function typedContainerNumber(value: string): string {
  return normalizeContainerNumber(value).replace(/[^A-Z0-9]/g, '');
}

/** The most characters the cell takes as typed: 11 of the number and its spaces, dashes or slashes. */
export const CONTAINER_NUMBER_TYPED = 20;

export type ContainerNumberCheck = {
  state: 'empty' | 'incomplete' | 'bad-format' | 'bad-check-digit' | 'valid';
  message: string;
};

const FORMAT = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * The live message under a container number as it is typed (ISO 6346: owner code, category U/J/Z, six-digit serial,
 * check digit). The check digit itself is verified by the contract's `isValidContainerNumber`, as the server does.
 */
export function checkContainerNumber(typed: string): ContainerNumberCheck {
  const text = normalizeContainerNumber(typed);
  if (text === '') return { state: 'empty', message: '' };
  if (text.length < 11 && /^[A-Z]{0,3}[UJZ]?\d{0,7}$/.test(text))
    return {
      state: 'incomplete',
      message: `${11 - text.length} more character${text.length === 10 ? '' : 's'} (4 letters, 7 digits)`,
    };
  if (!FORMAT.test(text))
    return {
      state: 'bad-format',
      message: 'Must be 4 letters (the 4th U, J or Z) and 7 digits, e.g. MSKU1234565',
    };
  if (!isValidContainerNumber(text))
    return {
      state: 'bad-check-digit',
      message: 'Check digit does not match: please re-check the number (ISO 6346)',
    };
  return { state: 'valid', message: 'Check digit OK' };
}

/**
 * The form as the body of POST cp/bookings/{id}/confirm/; nothing is checked here (the contract's schema does, and
 * normalises the number as the server does).
 */
export function toConfirmBody(form: ConfirmForm): unknown {
  return {
    voyageId: form.voyageId ?? undefined,
    containers: form.containers.map((row) => ({
      containerNumber: normalizeContainerNumber(row.containerNumber),
      isoCode: row.isoCode,
      tareWeight: row.tareWeight.trim() === '' ? undefined : Number(row.tareWeight.replaceAll(',', '')),
    })),
  } satisfies Partial<Record<keyof ConfirmBookingBody, unknown>>;
}

/** Where a message about a body path (the schema's or the server's 400) shows on the confirm form. */
export function toConfirmFormField(path: string): string | null {
  if (path === 'voyageId') return path;
  if (path === 'containers') return 'containers.root';
  const row = /^containers\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!row) return null;
  const [, index, field] = row;
  if (field === 'tareWeight') return `containers.${index}.tareWeight`;
  return `containers.${index}.containerNumber`;
}
