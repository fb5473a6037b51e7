// The bills-of-lading module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { billOfLadingDocumentsRoutes } from './bill-of-lading-documents.routes';
export { createBillOfLadingDocumentsService } from './bill-of-lading-documents.service';
export { createDraftBillFromBooking, followSailing } from './bill-of-lading-drafts';
export { billOfLadingReviewRoutes } from './bill-of-lading-review.routes';
export {
  type BillOfLadingReviewService,
  createBillOfLadingReviewService,
} from './bill-of-lading-review.service';
// For vgm (the SOLAS declarations fill the bill's VGM column, guarded by the bill's late acceptances).
export { type DeclaredVgm, fillDeclaredVgm, lateAcceptanceUntil } from './bill-vgm';
export { billsOfLadingRoutes } from './bills-of-lading.routes';
export { type BillsOfLadingService, createBillsOfLadingService } from './bills-of-lading.service';
