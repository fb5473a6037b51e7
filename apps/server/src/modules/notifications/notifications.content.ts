import type { NotificationKind } from '@lading/contract/notifications';
import type { DomainEvent } from '../../lib/domain-events';

/** What one notice says, and where it leads (a web route of the portal). */
export type NoticeContent = { title: string; body: string; link: string };

type EventOf<T extends NotificationKind> = Extract<DomainEvent, { type: T }> & { recordId: number };

const billLink = (id: number) => `/bl_view/${id}`;
const quotationsLink = '/app-dashboard/app-active-quotation';
/** A booking's notices open its shipment page (issue 26). */
const shipmentLink = (bookingId: number) => `/app-dashboard/app-shipment/${bookingId}`;

/**
 * The text of each kind of notice, from the event's facts. Customers' links open their own screens; staff links
 * open the carrier desk's work item.
 */
export const NOTICE_CONTENT: { [K in NotificationKind]: (event: EventOf<K>) => NoticeContent } = {
  BL_APPROVED: ({ recordId, payload }) => ({
    title: `Bill of lading ${payload.number} approved`,
    body: 'The carrier approved your bill of lading. It can be issued now.',
    link: billLink(recordId),
  }),
  BL_RETURNED: ({ recordId, payload }) => ({
    title: `Bill of lading ${payload.number} returned`,
    body: `Returned with comment: ${payload.comment}`,
    link: billLink(recordId),
  }),
  BL_ISSUED: ({ recordId, payload }) => ({
    title: `Bill of lading ${payload.number} issued`,
    body: 'The carrier issued your bill of lading; it can no longer be edited.',
    link: billLink(recordId),
  }),
  QUOTATION_PRICED: ({ payload }) => ({
    title: `Quotation ${payload.number} priced`,
    body: 'The carrier priced your rate enquiry. Accept it before it expires to book.',
    link: quotationsLink,
  }),
  QUOTATION_EXPIRING: ({ payload }) => ({
    title: `Quotation ${payload.number} expires soon`,
    body: `Your quotation is valid until ${payload.validUntil}. Accept it before then to book.`,
    link: quotationsLink,
  }),
  BOOKING_CONFIRMED: ({ recordId, payload }) => ({
    title: `Booking ${payload.number} confirmed`,
    body: 'The carrier confirmed your booking and drafted its bill of lading.',
    link: shipmentLink(recordId),
  }),
  BOOKING_REJECTED: ({ recordId, payload }) => ({
    title: `Booking ${payload.number} rejected`,
    body: `Reason: ${payload.reason}`,
    link: shipmentLink(recordId),
  }),
  COMPANY_MEMBERSHIP_APPROVED: ({ payload }) => ({
    title: `Membership of ${payload.companyName} approved`,
    body: 'Your profile now shows the company’s details.',
    link: '/app-profile',
  }),
  COMPANY_MEMBERSHIP_REFUSED: ({ payload }) => ({
    title: `Membership of ${payload.companyName} refused`,
    body: payload.reason ? `Reason: ${payload.reason}` : 'You can pick another company in your profile.',
    link: '/app-profile',
  }),
  BOOKING_ROLLED_OVER: ({ recordId, payload }) => ({
    title: `Booking ${payload.number} moved to ${payload.to}`,
    body: `Your booking moved from ${payload.from} to ${payload.to}. Reason: ${payload.reason}`,
    link: shipmentLink(recordId),
  }),
  SHIPMENT_MILESTONE: ({ recordId, payload }) => ({
    title: `${payload.label}: ${payload.containerNumber ?? `booking ${payload.number}`}`,
    body:
      `${payload.place ? `${payload.place.name} (${payload.place.code}), ` : ''}` +
      `${payload.at.replace('T', ' ').replace(/(:\d{2})?(\.\d{3})?Z$/, ' UTC')}. Booking ${payload.number}.`,
    link: shipmentLink(recordId),
  }),
  VOYAGE_DELAYED: ({ payload }) => {
    const hours = Math.round((Date.parse(payload.etd) - Date.parse(payload.etdBefore)) / 3_600_000);
    const moved = hours >= 0 ? `${hours} h later` : `${-hours} h earlier`;
    return {
      title: `${payload.vesselName} ${payload.carrierVoyageNumber}: ${payload.port.name} ${moved}`,
      body: `New estimated departure from ${payload.port.name} (${payload.port.code}): ${payload.etd.replace('T', ' ').replace(/:00Z$/, ' UTC')}. Reason: ${payload.reason}`,
      // Each customer with one booking on the voyage gets its shipment page instead (findVoyageCustomers).
      link: '/app-dashboard/app-booking-list',
    };
  },
  BL_SUBMITTED: ({ recordId, payload }) => ({
    title: `Bill of lading ${payload.number} to review`,
    body: 'The customer submitted changes for review.',
    link: `/app-dashboard-admin/bl-review/${recordId}`,
  }),
  QUOTATION_REQUESTED: ({ recordId, payload }) => ({
    title: `Quotation ${payload.number} to price`,
    body: 'No tariff matched this rate enquiry; it waits for a price.',
    link: `/app-dashboard-admin/quotations-to-price/${recordId}`,
  }),
  BOOKING_REQUESTED: ({ recordId, payload }) => ({
    title: `Booking ${payload.number} to confirm`,
    body: 'The customer accepted a quotation; the booking waits for confirmation.',
    link: `/app-dashboard-admin/bookings-to-confirm/${recordId}`,
  }),
};
