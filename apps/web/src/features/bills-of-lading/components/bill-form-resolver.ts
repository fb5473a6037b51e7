import { zodResolver } from '@hookform/resolvers/zod';
import { BillOfLadingFormSchema } from '@lading/contract/bills-of-lading';

/** Loaded by the bill form when the user reaches it (see lazyResolver): zod stays off bl_view's first load. */
export const billFormResolver = zodResolver(BillOfLadingFormSchema);
