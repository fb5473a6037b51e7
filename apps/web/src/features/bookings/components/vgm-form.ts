import { roundDecimalText } from '@lading/contract/decimal';
import type { VgmContainer, VgmDeclarationMethod } from '@lading/contract/vgm';

/** What one container's VGM form holds: the mass as the decimal text typed (never a float). */
export type VgmForm = {
  method: VgmDeclarationMethod | '';
  verifiedGrossMass: string;
  weighingDate: string;
  weighingParty: string;
  authorisedSignatory: string;
};

/** The form of a container: its declaration as read, or empty. */
export function vgmFormDefaults(container: VgmContainer): VgmForm {
  const d = container.declaration;
  return {
    method: d?.method ?? '',
    verifiedGrossMass: d ? (roundDecimalText(d.verifiedGrossMass) ?? '') : '',
    weighingDate: d?.weighingDate ?? '',
    weighingParty: d?.weighingParty ?? '',
    authorisedSignatory: d?.authorisedSignatory ?? '',
  };
}

const blank = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The declaration a form sends (PUT cp/bookings/{id}/vgm/, one of `declarations`), at the version read: empty cells
 * are missing fields, so the contract's schema names them.
 */
export const toVgmBody =
  (container: Pick<VgmContainer, 'containerNumber' | 'version'>) => (form: VgmForm) => ({
    containerNumber: container.containerNumber,
    version: container.version,
    method: form.method || undefined,
    verifiedGrossMass: blank(form.verifiedGrossMass),
    weighingDate: blank(form.weighingDate),
    weighingParty: form.weighingParty,
    authorisedSignatory: form.authorisedSignatory,
  });

const FORM_FIELDS = new Set<string>([
  'method',
  'verifiedGrossMass',
  'weighingDate',
  'weighingParty',
  'authorisedSignatory',
]);

/** The form cell for a path of the body or of the server's 400 (`declarations.0.verifiedGrossMass`); null if none. */
export function toVgmFormField(path: string): keyof VgmForm | null {
  const field = path.replace(/^declarations\.\d+\./, '');
  return FORM_FIELDS.has(field) ? (field as keyof VgmForm) : null;
}
