import type { AdminOffice, OfficeBody } from '@lading/contract/admin-workspace';
import { useSaveRecord } from './save-record';

/** POST cp/admin/offices/ (a new branch) or PUT …/{id}/ at the version read (If-Match; ADMIN.OFFICE.EDIT). */
export const useSaveOffice = () => useSaveRecord<AdminOffice, OfficeBody>('/cp/admin/offices/', 'offices');
