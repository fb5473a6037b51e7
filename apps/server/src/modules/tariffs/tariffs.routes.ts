import {
  TariffBodySchema,
  TariffListQuerySchema,
  TariffListResponseSchema,
  TariffSchema,
} from '@lading/contract/tariffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerTariffRoutes } from './tariff-routes';
import type { TariffsService } from './tariffs.service';

/** The sea tariffs (lane, size-type, charge lines): the six routes every kind of tariff has (tariff-routes.ts). */
export const tariffsRoutes: FastifyPluginAsyncZod<{ tariffs: TariffsService }> = async (app, { tariffs }) =>
  registerTariffRoutes(app, {
    collection: '/cp/tariffs/',
    readPath: '/cp/tariffs/:id',
    schemas: {
      query: TariffListQuerySchema,
      list: TariffListResponseSchema,
      one: TariffSchema,
      body: TariffBodySchema,
    },
    summaries: {
      list: 'Tariffs by lane, size-type and validity (carrier staff)',
      read: 'One tariff with its charge lines; the ETag carries its version for a later PUT (If-Match)',
      create:
        'Create a tariff; a validity overlapping another of the same lane and size-type is refused (409)',
      edit: 'Edit a tariff at the version read (If-Match or "version": 412 when stale, 428 when missing)',
      active:
        'Deactivate (kept for history and for quotations priced from it; it prices no new enquiry) or reactivate a tariff at the version read (428/412; 409 when reactivating overlaps an active tariff)',
      delete:
        'Delete a tariff at the version read (If-Match or ?version=; 428/412) while no quotation was priced from it (else 409 naming them: deactivate it instead)',
    },
    service: tariffs,
  });
