import type { TestApp } from './test-app';

/**
 * An upcoming sailing of the demo schedule from `pol` to `pod` (direct), through the schedules API as staff pick one:
 * the voyage id a booking is confirmed onto, and the vessel and voyage number it then carries.
 */
export async function upcomingSailing(
  t: TestApp,
  headers: { authorization: string },
  { pol = 'INNSA', pod = 'AEJEA', skip = 0 }: { pol?: string; pod?: string; skip?: number } = {},
): Promise<{ voyageId: number; vesselName: string; carrierVoyageNumber: string; etd: string; eta: string }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/cp/schedules/point-to-point/?pol=${pol}&pod=${pod}&maxTranshipment=0`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`schedules: ${res.statusCode} ${res.body}`);
  // The first sailings may be past their booking cut-off already; staff still confirm onto them.
  const sailing = res.json().results[skip];
  if (!sailing) throw new Error(`no sailing from ${pol} to ${pod}`);
  return sailing;
}
