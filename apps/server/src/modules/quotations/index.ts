// The quotations module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).

// For the demo seed, which prices its quotations as a customer's enquiry would be.
export { priceEnquiry } from './pricing';
export { EFFECTIVE_STATUS, findOfficeForPort, findTariffs, insertQuotation } from './quotations.repository';
export { quotationsRoutes } from './quotations.routes';
export { createQuotationsService, type QuotationsService } from './quotations.service';
