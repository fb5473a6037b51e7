import { imoCheckDigit } from '@lading/contract/voyages';
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

/**
 * A voyage of the test's own, made through the admin API: a new vessel (IMO numbers from `imoFrom`, six digits, its
 * check digit added) on a new weekly service from `pol` to a second port, one sailing generated on `from`
 * (YYYY-MM-DD). Its calls and cut-offs are the test's to change.
 */
export async function ownVoyage(
  t: TestApp,
  admin: { authorization: string },
  { pol, from, label, imoFrom }: { pol: string; from: string; label: string; imoFrom: number },
): Promise<number> {
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin, payload });
    if (res.statusCode !== 201 && res.statusCode !== 200)
      throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const six = String(imoFrom + (Date.now() % 99999));
  const vessel = await post('/cp/admin/vessels/', {
    imoNumber: `${six}${imoCheckDigit(six)}`,
    name: `${label.toUpperCase()} TEST`,
    flag: 'IN',
    operatorCarrierCode: 'LDGU',
    teuCapacity: 2000,
  });
  const service = await post('/cp/admin/services/', {
    code: `${label[0]!.toUpperCase()}${Date.now().toString(36).slice(-4).toUpperCase()}`,
    name: `${label} test`,
    frequencyDays: 7,
    voyageSuffix: 'E',
    calls: [
      { portCode: pol, dayOffset: 0 },
      { portCode: pol === 'SGSIN' ? 'INNSA' : 'SGSIN', dayOffset: 6 },
    ],
    vesselIds: [vessel.id],
  });
  const generated = await post(`/cp/admin/services/${service.id}/generate-voyages/`, { from, weeks: 1 });
  return generated.voyageIds[0];
}
