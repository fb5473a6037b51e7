import type { Booking } from '@lading/contract/bookings';
import {
  DCSA_BOOKING_STATUS,
  DCSA_CARRIER,
  DCSA_PARTY_CODE_LIST,
  DCSA_PLACEHOLDER,
  type DcsaBooking,
  truncateText,
} from '@lading/contract/dcsa';
import type { BookingDcsaFacts } from './dcsa.repository';
import { Feedbacks } from './transport-document';

/** ISO 6346 size-type placeholder (4 characters) for a booking whose equipment is not known. */
const UNKNOWN_SIZE_TYPE = 'ZZZZ';

/**
 * A booking as a DCSA Booking 2.0.4 `Booking` (docs/dcsa-mapping.md). Requested equipment comes from the accepted
 * quotation; a booking made before the portal's commercial flow has none, so the containers allocated on its bill
 * stand in for it.
 */
export function toDcsaBooking(booking: Booking, facts: BookingDcsaFacts): DcsaBooking {
  const fb = new Feedbacks();
  const confirmed = booking.status === 'CONFIRMED' || booking.status === 'COMPLETED';
  const weight = (kg: number) => (kg > 0 ? { cargoGrossWeight: { value: kg, unit: 'KGM' } } : {});
  const commodities = facts.commodity
    ? [
        {
          commodityType: truncateText(facts.commodity.description.replace(/\s+/g, ' '), 550),
          HSCodes: [facts.commodity.code],
        },
      ]
    : undefined;
  const requested = booking.equipment.length
    ? booking.equipment.map((line) => ({
        ISOEquipmentCode: line.isoCode,
        units: line.quantity,
        isShipperOwned: false,
        ...weight(
          Math.round(line.weightPerUnit * line.quantity * (line.weightUnit === 'MT' ? 1000 : 1) * 100) / 100,
        ),
        ...(commodities ? { commodities } : {}),
      }))
    : facts.allocated.length
      ? facts.allocated.map((line) => ({
          ISOEquipmentCode: line.isoCode,
          units: line.units,
          isShipperOwned: false,
        }))
      : [
          {
            ISOEquipmentCode: fb.orPlaceholder(
              null,
              UNKNOWN_SIZE_TYPE,
              '$.requestedEquipments[0].ISOEquipmentCode',
              'The requested equipment',
            ),
            units: DCSA_PLACEHOLDER.count,
            isShipperOwned: false,
          },
        ];
  const location = (port: Booking['pol'], type: 'POL' | 'POD') => ({
    location: port
      ? { locationName: truncateText(port.name, 100), UNLocationCode: port.code }
      : { locationName: fb.orPlaceholder(null, DCSA_PLACEHOLDER.text, `$.shipmentLocations`, `The ${type}`) },
    locationTypeCode: type,
  });
  const contact = [{ name: truncateText(facts.ownerName, 35), email: truncateText(facts.ownerEmail, 100) }];

  const document: DcsaBooking = {
    carrierBookingRequestReference: booking.number,
    ...(confirmed ? { carrierBookingReference: booking.number } : {}),
    bookingStatus: DCSA_BOOKING_STATUS[booking.status],
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    cargoMovementTypeAtOrigin: 'FCL',
    cargoMovementTypeAtDestination: 'FCL',
    ...(booking.quotationNumber ? { contractQuotationReference: booking.quotationNumber } : {}),
    ...(booking.vesselName ? { vessel: { name: truncateText(booking.vesselName, 50) } } : {}),
    ...(booking.voyageNumber ? { carrierExportVoyageNumber: truncateText(booking.voyageNumber, 50) } : {}),
    carrierCode: DCSA_CARRIER.code,
    carrierCodeListProvider: DCSA_CARRIER.codeListProvider,
    ...(booking.etd ? { expectedDepartureDate: booking.etd } : {}),
    isEquipmentSubstitutionAllowed: false,
    partyContactDetails: contact,
    documentParties: {
      ...(facts.shipperName
        ? {
            shipper: {
              partyName: truncateText(facts.shipperName, 70),
              partyContactDetails: contact,
              ...(facts.shipperCode
                ? { identifyingCodes: [{ ...DCSA_PARTY_CODE_LIST, partyCode: facts.shipperCode }] }
                : {}),
            },
          }
        : {}),
    },
    shipmentLocations: [location(booking.pol, 'POL'), location(booking.pod, 'POD')],
    requestedEquipments: requested,
    ...(confirmed && facts.allocated.length
      ? {
          confirmedEquipments: facts.allocated.map((line) => ({
            ISOEquipmentCode: line.isoCode,
            units: line.units,
          })),
        }
      : {}),
    ...(booking.pol && booking.pod && booking.etd && booking.eta
      ? {
          transportPlan: [
            {
              transportPlanStage: 'MNC',
              transportPlanStageSequenceNumber: 1,
              loadLocation: { UNLocationCode: booking.pol.code },
              dischargeLocation: { UNLocationCode: booking.pod.code },
              plannedDepartureDate: booking.etd,
              plannedArrivalDate: booking.eta,
              modeOfTransport: 'VESSEL',
              ...(booking.vesselName ? { vesselName: truncateText(booking.vesselName, 50) } : {}),
              ...(booking.voyageNumber
                ? { carrierExportVoyageNumber: truncateText(booking.voyageNumber, 50) }
                : {}),
            },
          ],
        }
      : {}),
  };
  if (booking.rejectionReason)
    fb.list.push({ severity: 'INFO', code: 'INFORMATIONAL_MESSAGE', message: booking.rejectionReason });
  if (fb.list.length) document.feedbacks = fb.list;
  return document;
}
