import { PointToPointQuerySchema } from '@lading/contract/voyages';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  pointToPointSearch,
  scheduleFormDefaults,
  toScheduleField,
  toScheduleMessage,
  toScheduleQuery,
  toScheduleSearch,
  widerWindowEnd,
} from './schedule-form';
import { parseScheduleSearch } from './schedule-search';

const nhavaSheva = { code: 'INNSA', name: 'Nhava Sheva' };
const jebelAli = { code: 'AEJEA', name: 'Jebel Ali' };

describe('the schedule search in the address', () => {
  it('keeps codes, days and the transhipment choice of the right shape only', () => {
    expect(
      parseScheduleSearch({
        pol: 'innsa',
        pod: 'AEJEA',
        departureFrom: '2026-11-23',
        departureTo: '2026-12-21',
        maxTranshipment: 0,
      }),
    ).toEqual({
      pol: 'INNSA',
      pod: 'AEJEA',
      departureFrom: '2026-11-23',
      departureTo: '2026-12-21',
      maxTranshipment: 0,
    });
    expect(
      parseScheduleSearch({ pol: 'Mumbai', pod: 42, departureFrom: '23/11/2026', maxTranshipment: '2' }),
    ).toEqual({
      pol: undefined,
      pod: undefined,
      departureFrom: undefined,
      departureTo: undefined,
      maxTranshipment: undefined,
    });
    expect(parseScheduleSearch({ maxTranshipment: '1' }).maxTranshipment).toBe(1);
  });

  it('searches nothing until both ports are there; the window defaults to today and four weeks on', () => {
    expect(pointToPointSearch({ pol: 'INNSA' }, '2026-11-23')).toBeNull();
    expect(pointToPointSearch({ pol: 'INNSA', pod: 'AEJEA' }, '2026-11-23')).toEqual({
      pol: 'INNSA',
      pod: 'AEJEA',
      departureFrom: '2026-11-23',
      departureTo: '2026-12-21',
      maxTranshipment: 1,
    });
    expect(
      pointToPointSearch(
        { pol: 'INNSA', pod: 'AEJEA', departureFrom: '2027-01-04', maxTranshipment: 0 },
        '2026-11-23',
      ),
    ).toMatchObject({ departureFrom: '2027-01-04', departureTo: '2027-02-01', maxTranshipment: 0 });
  });

  it('opens the form on the same window and choice', () => {
    expect(scheduleFormDefaults({}, '2026-11-23')).toEqual({
      pol: null,
      pod: null,
      departureFrom: '2026-11-23',
      departureTo: '2026-12-21',
      maxTranshipment: '1',
    });
    expect(scheduleFormDefaults({ maxTranshipment: 0 }, '2026-11-23').maxTranshipment).toBe('0');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 28)).toBe('2027-01-17');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('the search form, checked by the contract’s query schema', () => {
  const form = {
    pol: nhavaSheva,
    pod: jebelAli,
    departureFrom: '2026-11-23',
    departureTo: '2026-12-21',
    maxTranshipment: '0' as const,
  };

  it('becomes the query the API takes, and the address the page keeps', () => {
    const query = PointToPointQuerySchema.parse(toScheduleQuery(form));
    expect(query).toEqual({
      pol: 'INNSA',
      pod: 'AEJEA',
      departureFrom: '2026-11-23',
      departureTo: '2026-12-21',
      maxTranshipment: 0,
    });
    expect(toScheduleSearch(query)).toEqual({ ...query, maxTranshipment: 0 });
  });

  it('names the cell of every refusal, as a sentence', () => {
    const result = PointToPointQuerySchema.safeParse(
      toScheduleQuery({ ...form, pol: null, departureTo: '2026-11-01' }),
    );
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('pol');
    expect(paths.map(toScheduleField)).toContain('pol');
    expect(toScheduleMessage('pol', 'is required')).toBe('Port of loading is required');
    expect(toScheduleMessage('departureTo', 'The window is at most 3 months')).toBe(
      'The window is at most 3 months',
    );
    expect(toScheduleField('voyageId')).toBeNull();
  });

  it('refuses the same port twice and a window over three months', () => {
    const same = PointToPointQuerySchema.safeParse(toScheduleQuery({ ...form, pod: nhavaSheva }));
    expect(same.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['pod']);
    const long = PointToPointQuerySchema.safeParse(toScheduleQuery({ ...form, departureTo: '2027-03-01' }));
    expect(long.error?.issues.map((issue) => issue.message)).toEqual(['The window is at most 3 months']);
  });
});

describe('widening an empty search', () => {
  const search = {
    pol: 'INNSA',
    pod: 'AEJEA',
    departureFrom: '2026-11-23',
    departureTo: '2026-12-21',
    maxTranshipment: 1 as const,
  };

  it('adds four weeks, up to the three months the server takes', () => {
    expect(widerWindowEnd(search)).toBe('2027-01-18');
    expect(widerWindowEnd({ ...search, departureTo: '2027-02-01' })).toBe('2027-02-23');
    expect(
      PointToPointQuerySchema.safeParse({ ...search, departureTo: '2027-02-23', maxTranshipment: '1' })
        .success,
    ).toBe(true);
  });

  it('offers nothing once the window is that long', () => {
    expect(widerWindowEnd({ ...search, departureTo: '2027-02-23' })).toBeNull();
  });
});
