import { describe, expect, it } from 'vitest';
import { actualsLabel, callActions, delayEffect, shiftLabel } from './call-changes';

const call = { eta: '2026-11-28T06:00:00.000Z', etd: '2026-11-29T06:00:00.000Z' };

describe('what a change of estimates does', () => {
  it('tells the customers when the arrival or the departure moves by more than 12 hours', () => {
    expect(delayEffect(call, { eta: '2026-11-29T12:00:00Z', etd: '2026-11-30T12:00:00Z' })).toEqual({
      etaHours: 30,
      etdHours: 30,
      notifies: true,
      direction: 'later',
    });
    // The departure alone moving 13 h is enough.
    expect(delayEffect(call, { eta: call.eta, etd: '2026-11-29T19:00:00Z' }).notifies).toBe(true);
  });

  it('does not tell them of 12 hours or less', () => {
    expect(delayEffect(call, { eta: '2026-11-28T18:00:00Z', etd: '2026-11-29T18:00:00Z' })).toMatchObject({
      etaHours: 12,
      notifies: false,
    });
  });

  it('counts an earlier call as a change too', () => {
    expect(delayEffect(call, { eta: '2026-11-27T06:00:00Z', etd: '2026-11-28T06:00:00Z' })).toMatchObject({
      etdHours: -24,
      notifies: true,
      direction: 'earlier',
    });
    expect(delayEffect(call, call).direction).toBe('none');
  });

  it('labels a shift with its sign', () => {
    expect(shiftLabel(30)).toBe('+30 h');
    expect(shiftLabel(-2)).toBe('−2 h');
    expect(shiftLabel(0)).toBe('unchanged');
  });
});

describe('what may still be done to a call', () => {
  it('by its status', () => {
    expect(callActions({ status: 'SCHEDULED' })).toEqual(['delay', 'omit', 'actuals', 'cut-offs']);
    expect(callActions({ status: 'ARRIVED' })).toEqual(['actuals', 'cut-offs']);
    expect(callActions({ status: 'DEPARTED' })).toEqual([]);
    expect(callActions({ status: 'OMITTED' })).toEqual([]);
    expect(actualsLabel({ status: 'SCHEDULED' })).toBe('Record arrival');
    expect(actualsLabel({ status: 'ARRIVED' })).toBe('Record departure');
  });
});
