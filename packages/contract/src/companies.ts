import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { singleLine } from './single-line';

/** A customer's request for a company the carrier does not know yet (created PENDING, approved by carrier staff). */
export const CompanyRequestBodySchema = z.object({
  name: singleLine(z.string().trim().min(2, 'Company name is required').max(200)),
  address: z.string().trim().min(1, 'Address is required').max(500),
  country: z.string().trim().min(1, 'Please pick a country from the list').max(100),
  taxId: z
    .string()
    .trim()
    .min(3, 'Tax or registration number is required')
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'Letters, digits, spaces and . / - only'),
});
export type CompanyRequestBody = z.infer<typeof CompanyRequestBodySchema>;

export const MEMBERSHIP_STATUSES = ['PENDING', 'APPROVED', 'REFUSED'] as const;

export const CompanyMembershipSchema = z.object({
  id: z.number().int(),
  status: z.enum(MEMBERSHIP_STATUSES),
  isNewCompany: z.boolean(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  company: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    countryCode: z.string().nullable(),
    taxId: z.string().nullable(),
    status: z.string(),
  }),
});
export type CompanyMembership = z.infer<typeof CompanyMembershipSchema>;

/** Empty values mean "no filter", as the specification's client sends unset filters. */
export const CompanyMembershipListQuerySchema = listQuerySchema({
  status: z.enum(MEMBERSHIP_STATUSES).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type CompanyMembershipListQuery = z.infer<typeof CompanyMembershipListQuerySchema>;

export const CompanyMembershipListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(CompanyMembershipSchema),
});

export const RefuseMembershipBodySchema = z.object({
  reason: singleLine(z.string().trim().min(1, 'Please give a reason').max(1000)),
});
