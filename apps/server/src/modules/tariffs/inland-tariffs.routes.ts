import {
  InlandTariffBodySchema,
  InlandTariffListQuerySchema,
  InlandTariffListResponseSchema,
  InlandTariffSchema,
} from '@lading/contract/inland-tariffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InlandTariffsService } from './inland-tariffs.service';
import { registerTariffRoutes } from './tariff-routes';

/**
 * Inland haulage tariffs (rail station/ICD <-> port, door distance bands <-> port), under the sea tariffs'
 * permissions: the six routes every kind of tariff has (tariff-routes.ts).
 */
export const inlandTariffsRoutes: FastifyPluginAsyncZod<{ inlandTariffs: InlandTariffsService }> = async (
  app,
  { inlandTariffs },
) =>
  registerTariffRoutes(app, {
    collection: '/cp/admin/inland-tariffs/',
    readPath: '/cp/admin/inland-tariffs/:id/',
    schemas: {
      query: InlandTariffListQuerySchema,
      list: InlandTariffListResponseSchema,
      one: InlandTariffSchema,
      body: InlandTariffBodySchema,
    },
    summaries: {
      list: 'Inland haulage tariffs by mode, port, station, size-type, validity and status (carrier staff)',
      read: 'One inland haulage tariff; the ETag carries its version for a later PUT (If-Match)',
      create:
        'Create an inland haulage tariff: RAIL (station or ICD, Indian port) or DOOR (a km band); 409 when an active one already prices the same leg on a same day',
      edit: 'Edit an inland haulage tariff at the version read (If-Match or "version": 412 stale, 428 missing)',
      active:
        'Deactivate (kept for history and for quotations priced from it; it prices no new enquiry) or reactivate an inland tariff at the version read (428/412; 409 when reactivating overlaps)',
      delete:
        'Delete an inland tariff at the version read (If-Match or ?version=; 428/412) while no quotation was priced from it (else 409: deactivate it instead)',
    },
    service: inlandTariffs,
  });
