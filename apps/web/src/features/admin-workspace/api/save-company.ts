import type { AdminCompany, CompanyBody } from '@lading/contract/admin-workspace';
import { useSaveRecord } from './save-record';

/** POST cp/admin/companies/ (a new company) or PUT …/{id}/ at the version read (If-Match). */
export const useSaveCompany = () =>
  useSaveRecord<AdminCompany, CompanyBody>('/cp/admin/companies/', 'companies');
