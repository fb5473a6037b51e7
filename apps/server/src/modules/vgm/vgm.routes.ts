import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { PutVgmDeclarationsBodySchema, VgmDeclarationsSchema } from '@lading/contract/vgm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { VgmService } from './vgm.service';

const tags = ['vgm'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const vgmRoutes: FastifyPluginAsyncZod<{ vgm: VgmService }> = async (app, { vgm }) => {
  app.get(
    '/cp/bookings/:id/vgm/',
    {
      config: { access: { module: 'CP', resource: 'VGM', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "A booking's containers with their SOLAS VGM declarations (version 0: none yet), the VGM cut-off (VCO) of " +
          'its sailing and whether declarations may change now; a VGM more than 5 % from cargo gross + tare carries ' +
          'a warning',
        params: IdParamsSchema,
        response: { 200: VgmDeclarationsSchema, ...errors },
      },
    },
    async (request) => vgm.getDeclarations(principalOf(request), request.params.id),
  );

  app.put(
    '/cp/bookings/:id/vgm/',
    {
      config: { access: { module: 'CP', resource: 'VGM', operation: 'EDIT' } },
      schema: {
        tags,
        summary:
          'Declare the VGM of one or more containers (method SM1/SM2, mass in kg rounded half up to 2 decimals, ' +
          'weighing date, weighing party, authorised signatory), each at the version read, in one transaction; ' +
          "fills the bill's VGM column. 409 CUT_OFF_PASSED after the VCO unless accepted late",
        params: IdParamsSchema,
        body: PutVgmDeclarationsBodySchema,
        response: {
          200: VgmDeclarationsSchema,
          ...errors,
          409: ErrorBodySchema,
          412: ErrorBodySchema,
          428: ErrorBodySchema,
        },
      },
    },
    async (request) => vgm.declare(principalOf(request), request.params.id, request.body),
  );
};
