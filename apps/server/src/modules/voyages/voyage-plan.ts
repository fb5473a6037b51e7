import type { CutOffCode } from '@lading/contract/voyages';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A service's first call of a sailing is reached at 06:00 UTC of its sailing day. */
const FIRST_ARRIVAL_HOUR = 6;

export type RotationCall = {
  sequence: number;
  portId: number;
  terminalName: string | null;
  dayOffset: number;
  portStayHours: number;
};

export type ServicePlan = {
  frequencyDays: number;
  voyageSuffix: string;
  calls: RotationCall[];
  vesselIds: number[];
  cutOffs: { code: CutOffCode; hoursBeforeDeparture: number }[];
};

export type PlannedVoyage = {
  carrierVoyageNumber: string;
  vesselId: number;
  calls: (RotationCall & { arrival: Date; departure: Date; cutOffs: { code: CutOffCode; at: Date }[] })[];
};

/** ISO 8601 week-numbering year and week of a UTC day. */
export function isoWeek(day: Date): { year: number; week: number } {
  // The week's Thursday decides its year; week 1 holds the year's first Thursday.
  const thursday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 4 - (thursday.getUTCDay() || 7));
  const year = thursday.getUTCFullYear();
  return { year, week: Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY + 1) / 7) };
}

/**
 * The voyage number of a sailing starting on `day`: two digits of the ISO week-year, two of the week, and the
 * service's direction letter (`2611W`). Unique per service for weekly and fortnightly services, so generating the
 * same weeks again finds the voyages already there.
 */
export function voyageNumberFor(day: Date, suffix: string): string {
  const { year, week } = isoWeek(day);
  return `${String(year % 100).padStart(2, '0')}${String(week).padStart(2, '0')}${suffix}`;
}

/**
 * The sailings of a service from `from` (YYYY-MM-DD), one every `frequencyDays`, `count` of them: each call's
 * arrival (day offset from the first call's 06:00 UTC arrival), departure (after its port stay) and cut-offs
 * (hours before that departure). The vessel of a sailing follows the deployment order by the sailing's place in the
 * service's calendar, so a sailing gets the same vessel however the weeks are asked for.
 */
export function planVoyages(service: ServicePlan, from: string, count: number): PlannedVoyage[] {
  if (!service.vesselIds.length) return [];
  const startDay = Date.parse(`${from}T00:00:00Z`);
  const voyages: PlannedVoyage[] = [];
  for (let k = 0; k < count; k++) {
    const sailingDay = startDay + k * service.frequencyDays * DAY;
    const slot = Math.floor(sailingDay / DAY / service.frequencyDays);
    const firstArrival = sailingDay + FIRST_ARRIVAL_HOUR * HOUR;
    voyages.push({
      carrierVoyageNumber: voyageNumberFor(new Date(sailingDay), service.voyageSuffix),
      vesselId: service.vesselIds[slot % service.vesselIds.length]!,
      calls: service.calls.map((call) => {
        const arrival = new Date(firstArrival + call.dayOffset * DAY);
        const departure = new Date(arrival.getTime() + call.portStayHours * HOUR);
        return {
          ...call,
          arrival,
          departure,
          cutOffs: service.cutOffs.map((rule) => ({
            code: rule.code,
            at: new Date(departure.getTime() - rule.hoursBeforeDeparture * HOUR),
          })),
        };
      }),
    });
  }
  return voyages;
}
