import { zodResolver } from '@hookform/resolvers/zod';
import { BillOfLadingFormSchema } from '@lading/contract/bills-of-lading';

/** Loaded by the bill form when the user reaches it (see lazyResolver): zod stays off bl_view's first load. */
export const billFormResolver = zodResolver(BillOfLadingFormSchema);

// A save's payload, the cells of a server 400's fields and the focus on a refused form's first invalid cell come with
// the resolver: a submit runs the resolver first, so they are in when the form is saved or refused, and off the first
// load too.
export { formFieldOfSentField, toUpdatePayload } from '@lading/contract/bill-of-lading-save';
export { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
export { applyServerFieldErrors } from '../../../components/form/server-errors';
