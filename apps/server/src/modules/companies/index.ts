// The companies module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { companiesRoutes } from './companies.routes';
export { type CompaniesService, createCompaniesService } from './companies.service';
export { companyAdminRoutes } from './company-admin.routes';
export { createCompanyAdminService } from './company-admin.service';
