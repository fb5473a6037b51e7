import {
  type CarrierService,
  type CarrierServiceBody,
  CUT_OFF_CODE_VALUES,
  type CutOffCode,
  DEFAULT_CUT_OFF_HOURS,
} from '@lading/contract/voyages';
import { labelledMessage } from './field-messages';

/** A port of the rotation: picked in the typeahead, or the service's own. */
export type RotationPort = { code: string; name: string };

export type RotationCallForm = {
  port: RotationPort | null;
  terminalName: string;
  /** Days from the first call's arrival (the first call is day 0). */
  dayOffset: number | null;
  portStayHours: number | null;
};

export type DeployedVessel = { id: number; name: string; imoNumber: string };

export type CutOffRuleForm = { code: CutOffCode; hours: number | null };

/** The service form: the rotation's rows, the vessels deployed in order, hours before departure per cut-off. */
export type ServiceForm = {
  code: string;
  name: string;
  frequencyDays: '7' | '14';
  voyageSuffix: string;
  active: boolean;
  calls: RotationCallForm[];
  vessels: DeployedVessel[];
  cutOffs: CutOffRuleForm[];
};

/** How long a vessel stays at a new call unless told otherwise (the contract's default). */
const DEFAULT_PORT_STAY_HOURS = 24;

export const emptyRotationCall = (dayOffset: number | null): RotationCallForm => ({
  port: null,
  terminalName: '',
  dayOffset,
  portStayHours: DEFAULT_PORT_STAY_HOURS,
});

/** A new service: weekly, two empty calls (day 0 first), no vessels, the default cut-offs. */
export function serviceFormDefaults(service: CarrierService | null): ServiceForm {
  if (!service)
    return {
      code: '',
      name: '',
      frequencyDays: '7',
      voyageSuffix: '',
      active: true,
      calls: [emptyRotationCall(0), emptyRotationCall(null)],
      vessels: [],
      cutOffs: CUT_OFF_CODE_VALUES.filter((code) => DEFAULT_CUT_OFF_HOURS[code] !== undefined).map(
        (code) => ({
          code,
          hours: DEFAULT_CUT_OFF_HOURS[code]!,
        }),
      ),
    };
  return {
    code: service.code,
    name: service.name,
    frequencyDays: service.frequencyDays === 14 ? '14' : '7',
    voyageSuffix: service.voyageSuffix,
    active: service.active,
    calls: [...service.calls]
      .sort((a, b) => a.sequence - b.sequence)
      .map((call) => ({
        port: { code: call.port.code, name: call.port.name },
        terminalName: call.terminalName ?? '',
        dayOffset: call.dayOffset,
        portStayHours: call.portStayHours,
      })),
    vessels: service.vessels.map(({ id, name, imoNumber }) => ({ id, name, imoNumber })),
    cutOffs: service.cutOffs.map((rule) => ({ code: rule.code, hours: rule.hoursBeforeDeparture })),
  };
}

/**
 * Moves the call at `from` to `to` in the rotation. The port, its terminal and its port stay move; the days stay
 * where they are (the rotation's timetable), so the first call stays day 0 and the days keep their order: swapping
 * the first two calls of "Nhava Sheva day 0, Jebel Ali day 4" gives "Jebel Ali day 0, Nhava Sheva day 4".
 */
export function moveRotationCall(
  calls: readonly RotationCallForm[],
  from: number,
  to: number,
): RotationCallForm[] {
  if (from === to || from < 0 || to < 0 || from >= calls.length || to >= calls.length) return [...calls];
  const moving = calls.map(({ port, terminalName, portStayHours }) => ({
    port,
    terminalName,
    portStayHours,
  }));
  const [moved] = moving.splice(from, 1);
  moving.splice(to, 0, moved!);
  return calls.map((call, index) => ({ ...moving[index]!, dayOffset: call.dayOffset }));
}

/** A call added at the end: a day after the last call's departure (its day and port stay), or day 0 first. */
export function nextRotationCall(calls: readonly RotationCallForm[]): RotationCallForm {
  const last = calls.at(-1);
  if (!last) return emptyRotationCall(0);
  if (last.dayOffset === null) return emptyRotationCall(null);
  const stayDays = Math.ceil((last.portStayHours ?? DEFAULT_PORT_STAY_HOURS) / 24);
  return emptyRotationCall(last.dayOffset + Math.max(1, stayDays));
}

/** The cut-off codes not in the form yet, in the DCSA list's order. */
export function missingCutOffCodes(rules: readonly CutOffRuleForm[]): CutOffCode[] {
  const present = new Set(rules.map((rule) => rule.code));
  return CUT_OFF_CODE_VALUES.filter((code) => !present.has(code));
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The form as the body of POST/PUT cp/admin/services/; nothing is checked here (the contract's schema does). */
export function toServiceBody(form: ServiceForm): Partial<Record<keyof CarrierServiceBody, unknown>> {
  return {
    code: form.code,
    name: form.name,
    frequencyDays: Number(form.frequencyDays),
    voyageSuffix: form.voyageSuffix,
    active: form.active,
    calls: form.calls.map((call) => ({
      portCode: call.port?.code,
      terminalName: blankToNull(call.terminalName),
      dayOffset: call.dayOffset ?? undefined,
      portStayHours: call.portStayHours ?? undefined,
    })),
    vesselIds: form.vessels.map((vessel) => vessel.id),
    cutOffs: form.cutOffs.map((rule) => ({ code: rule.code, hoursBeforeDeparture: rule.hours ?? undefined })),
  };
}

const SIMPLE = new Set(['code', 'name', 'frequencyDays', 'voyageSuffix', 'active']);

/**
 * Where a message about a body path (the contract's, or the server's 400/409 `fields`) shows: a call's port code on
 * its port typeahead, a list-wide message under its list, a vessel under the vessels, a cut-off on its hours.
 */
export function toServiceField(path: string): string | null {
  if (SIMPLE.has(path)) return path;
  if (path === 'calls' || path === 'vesselIds' || path === 'cutOffs')
    return `${path === 'vesselIds' ? 'vessels' : path}.root`;
  if (/^vesselIds\.\d+$/.test(path)) return 'vessels.root';
  const call = /^calls\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (call) {
    const [, index, field] = call;
    if (field === 'terminalName' || field === 'dayOffset' || field === 'portStayHours')
      return `calls.${index}.${field}`;
    return `calls.${index}.port`;
  }
  const rule = /^cutOffs\.(\d+)(?:\.\w+)?$/.exec(path);
  if (rule) return `cutOffs.${rule[1]}.hours`;
  return null;
}

const LABELS: Record<string, string> = {
  code: 'Service code',
  name: 'Service name',
  frequencyDays: 'Frequency',
  voyageSuffix: 'Direction',
  port: 'Port',
  terminalName: 'Terminal',
  dayOffset: 'Day',
  portStayHours: 'Hours in port',
  hours: 'Hours before departure',
  calls: 'The rotation',
  vessels: 'Vessels',
  cutOffs: 'Cut-offs',
};

/** "is required" under a call's port reads "Port is required". */
export function toServiceMessage(field: string, message: string): string {
  const parts = field.split('.');
  const name = parts.at(-1) === 'root' ? parts[0]! : parts.at(-1)!;
  return labelledMessage(LABELS[name], message);
}
