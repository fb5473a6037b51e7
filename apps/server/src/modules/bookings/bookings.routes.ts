import {
  BookingListQuerySchema,
  BookingListResponseSchema,
  BookingSchema,
  ConfirmBookingBodySchema,
  ConfirmBookingResponseSchema,
  RollOverBodySchema,
} from '@lading/contract/bookings';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { RejectBodySchema } from '@lading/contract/quotations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { BookingsService } from './bookings.service';

const tags = ['bookings'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  app.get(
    '/cp/bookings/',
    {
      config: { access: { module: 'CP', resource: 'BOOKING', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          'Bookings: search by booking number (limit 10 by default), status; sort (createdAt, number, status, etd, eta) and order, newest first by default; customers get only their own',
        querystring: BookingListQuerySchema,
        response: { 200: BookingListResponseSchema, ...errors },
      },
    },
    async (request) => bookings.findBookings(principalOf(request), request.query),
  );

  app.get(
    '/cp/bookings/:id',
    {
      config: { access: { module: 'CP', resource: 'BOOKING', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'One booking',
        params: IdParamsSchema,
        response: { 200: BookingSchema, ...errors },
      },
    },
    async (request) => bookings.getBooking(principalOf(request), request.params.id),
  );

  app.post(
    '/cp/bookings/:id/cancel/',
    {
      config: { access: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' } },
      schema: {
        tags,
        summary: 'Cancel a booking the carrier has not confirmed yet (REQUESTED -> CANCELLED)',
        params: IdParamsSchema,
        response: { 200: BookingSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => bookings.cancelBooking(principalOf(request), request.params.id),
  );

  app.post(
    '/cp/bookings/:id/confirm/',
    {
      config: { access: { module: 'ADMIN', resource: 'BOOKING', operation: 'CONFIRM' } },
      schema: {
        tags,
        summary:
          'Carrier staff confirm a booking: sailing, allocated containers (ISO 6346) and the bill of lading draft, in one transaction',
        params: IdParamsSchema,
        body: ConfirmBookingBodySchema,
        response: { 200: ConfirmBookingResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => bookings.confirmBooking(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/cp/bookings/:id/roll-over/',
    {
      config: { access: { module: 'ADMIN', resource: 'BOOKING', operation: 'CONFIRM' } },
      schema: {
        tags,
        summary:
          'Carrier staff move a booking to another sailing of its lane with a reason; its open bills follow and the ' +
          'customer is told',
        params: IdParamsSchema,
        body: RollOverBodySchema,
        response: { 200: BookingSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => bookings.rollOver(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/cp/bookings/:id/reject/',
    {
      config: { access: { module: 'ADMIN', resource: 'BOOKING', operation: 'REJECT' } },
      schema: {
        tags,
        summary: 'Carrier staff turn a booking down with a reason (REQUESTED -> REJECTED)',
        params: IdParamsSchema,
        body: RejectBodySchema,
        response: { 200: BookingSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => bookings.rejectBooking(principalOf(request), request.params.id, request.body.reason),
  );
};
