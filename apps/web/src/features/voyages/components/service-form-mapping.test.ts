import { type CarrierService, CarrierServiceBodySchema } from '@lading/contract/voyages';
import { describe, expect, it } from 'vitest';
import {
  missingCutOffCodes,
  moveRotationCall,
  nextRotationCall,
  type RotationCallForm,
  serviceFormDefaults,
  toServiceBody,
  toServiceField,
  toServiceMessage,
} from './service-form-mapping';

const call = (code: string, dayOffset: number, portStayHours = 24, terminalName = `${code} terminal`) =>
  ({ port: { code, name: code }, terminalName, dayOffset, portStayHours }) satisfies RotationCallForm;

const rotation = [call('INNSA', 0), call('INMUN', 2, 12), call('AEJEA', 5, 36)];
const ports = (calls: RotationCallForm[]) => calls.map((c) => c.port?.code);

describe('reordering the rotation', () => {
  it('moves a port with its terminal and stay; the days stay in their places', () => {
    const moved = moveRotationCall(rotation, 0, 1);
    expect(ports(moved)).toEqual(['INMUN', 'INNSA', 'AEJEA']);
    expect(moved.map((c) => c.dayOffset)).toEqual([0, 2, 5]);
    expect(moved[0]).toEqual({ ...call('INMUN', 0, 12) });
    expect(moved[1]).toEqual({ ...call('INNSA', 2, 24) });
  });

  it('moves a call up, and across several places', () => {
    expect(ports(moveRotationCall(rotation, 2, 1))).toEqual(['INNSA', 'AEJEA', 'INMUN']);
    expect(ports(moveRotationCall(rotation, 2, 0))).toEqual(['AEJEA', 'INNSA', 'INMUN']);
    expect(moveRotationCall(rotation, 2, 0).map((c) => c.dayOffset)).toEqual([0, 2, 5]);
  });

  it('leaves the rotation as it is for a move off either end, or to the same place', () => {
    expect(moveRotationCall(rotation, 0, -1)).toEqual(rotation);
    expect(moveRotationCall(rotation, 2, 3)).toEqual(rotation);
    expect(moveRotationCall(rotation, 1, 1)).toEqual(rotation);
  });

  it('keeps the rotation valid for the contract: day 0 first, days in order', () => {
    const body = toServiceBody({
      ...serviceFormDefaults(null),
      code: 'TST',
      name: 'Test',
      voyageSuffix: 'W',
    });
    const moved = toServiceBody({
      ...serviceFormDefaults(null),
      code: 'TST',
      name: 'Test',
      voyageSuffix: 'W',
      calls: moveRotationCall(rotation, 0, 2),
    });
    expect(CarrierServiceBodySchema.safeParse(body).success).toBe(false);
    expect(CarrierServiceBodySchema.safeParse(moved).success).toBe(true);
  });
});

describe('adding a call', () => {
  it('comes a day after the last call has left, or the days its stay takes', () => {
    expect(nextRotationCall(rotation)).toMatchObject({ port: null, dayOffset: 7, portStayHours: 24 });
    expect(nextRotationCall([call('INNSA', 0, 24)]).dayOffset).toBe(1);
    expect(nextRotationCall([]).dayOffset).toBe(0);
    expect(nextRotationCall([{ ...call('INNSA', 0), dayOffset: null }]).dayOffset).toBeNull();
  });
});

describe('the service form and its body', () => {
  const service: CarrierService = {
    id: 3,
    code: 'IGS',
    name: 'India–Gulf Shuttle',
    frequencyDays: 7,
    voyageSuffix: 'W',
    active: true,
    calls: [
      {
        sequence: 2,
        port: { id: 2, code: 'AEJEA', name: 'Jebel Ali', timeZone: 'Asia/Dubai' },
        terminalName: null,
        dayOffset: 4,
        portStayHours: 24,
      },
      {
        sequence: 1,
        port: { id: 1, code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' },
        terminalName: 'NSICT',
        dayOffset: 0,
        portStayHours: 24,
      },
    ],
    vessels: [{ id: 9, name: 'LADING KONKAN', imoNumber: '9812779' }],
    cutOffs: [
      { code: 'STA', hoursBeforeDeparture: 72 },
      { code: 'DCO', hoursBeforeDeparture: 48 },
    ],
    version: 4,
  };

  it('a service round-trips to the body it was saved with, calls in sequence', () => {
    expect(CarrierServiceBodySchema.parse(toServiceBody(serviceFormDefaults(service)))).toEqual({
      code: 'IGS',
      name: 'India–Gulf Shuttle',
      frequencyDays: 7,
      voyageSuffix: 'W',
      active: true,
      calls: [
        { portCode: 'INNSA', terminalName: 'NSICT', dayOffset: 0, portStayHours: 24 },
        { portCode: 'AEJEA', terminalName: null, dayOffset: 4, portStayHours: 24 },
      ],
      vesselIds: [9],
      cutOffs: [
        { code: 'STA', hoursBeforeDeparture: 72 },
        { code: 'DCO', hoursBeforeDeparture: 48 },
      ],
    });
  });

  it('a new service starts weekly with two calls, day 0 first, and the default cut-offs', () => {
    const form = serviceFormDefaults(null);
    expect(form.frequencyDays).toBe('7');
    expect(form.calls.map((c) => c.dayOffset)).toEqual([0, null]);
    expect(Object.fromEntries(form.cutOffs.map((rule) => [rule.code, rule.hours]))).toEqual({
      STA: 72,
      DCO: 48,
      FCO: 48,
      VCO: 30,
      PCO: 24,
    });
    expect(missingCutOffCodes(form.cutOffs)).not.toContain('DCO');
    expect(missingCutOffCodes(form.cutOffs)).toContain('RCO');
  });

  it('puts each message on the cell holding the value', () => {
    expect(toServiceField('calls.1.portCode')).toBe('calls.1.port');
    expect(toServiceField('calls.0')).toBe('calls.0.port');
    expect(toServiceField('calls.2.dayOffset')).toBe('calls.2.dayOffset');
    expect(toServiceField('calls')).toBe('calls.root');
    expect(toServiceField('vesselIds.0')).toBe('vessels.root');
    expect(toServiceField('cutOffs.3.hoursBeforeDeparture')).toBe('cutOffs.3.hours');
    expect(toServiceField('code')).toBe('code');
    expect(toServiceField('version')).toBeNull();
  });

  it('words a message after its cell’s label', () => {
    expect(toServiceMessage('calls.1.port', 'is not a known sea port')).toBe('Port is not a known sea port');
    expect(toServiceMessage('code', 'service TST already exists')).toBe('service TST already exists');
    expect(toServiceMessage('calls.root', 'A rotation needs at least two port calls')).toBe(
      'A rotation needs at least two port calls',
    );
    expect(toServiceMessage('calls.1.dayOffset', 'must come after the departure from the call before')).toBe(
      'Day must come after the departure from the call before',
    );
  });

  it('the contract refuses an empty port and a day out of order, on their cells', () => {
    const cellsOf = (calls: RotationCallForm[]) =>
      CarrierServiceBodySchema.safeParse(
        toServiceBody({ ...serviceFormDefaults(service), calls }),
      ).error!.issues.map((issue) => toServiceField(issue.path.join('.')));
    expect(cellsOf([call('INNSA', 0), { ...call('AEJEA', 4), port: null }])).toEqual(['calls.1.port']);
    // Day 1 comes before the 48 hours at Nhava Sheva are over.
    expect(cellsOf([call('INNSA', 0, 48), call('AEJEA', 1)])).toEqual(['calls.1.dayOffset']);
  });
});
