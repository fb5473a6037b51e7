import type { VgmDeclarations as Read, VgmContainer } from '@lading/contract/vgm';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { setSession } from '../../../lib/session';
import { CUSTOMER_PERMISSIONS, STAFF_PERMISSIONS, sessionWith } from '../../../test/permission-sets';
import { VgmDeclarations } from './vgm-declarations';

const HOUR = 3_600_000;
const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);

const container = (over: Partial<VgmContainer> = {}): VgmContainer => ({
  containerId: 11,
  containerNumber: 'MSCU1234566',
  isoCode: '22G1',
  nickname: '20GP',
  tareWeight: 2200,
  cargoGrossWeight: 17800,
  billOfLadingId: 40,
  version: 0,
  declaration: null,
  warning: null,
  ...over,
});

const read = (over: Partial<Read> = {}): Read => ({
  bookingId: 9,
  bookingNumber: 'BKG26110009',
  pol: { code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' },
  deadline: {
    cutOff: 'VCO',
    at: new Date(Date.now() + 28 * HOUR + 5 * 60_000).toISOString(),
    lateAcceptanceUntil: null,
    vesselName: 'LADING HANSA',
    carrierVoyageNumber: '2649W',
  },
  editable: true,
  closed: null,
  containers: [
    container(),
    container({ containerId: 12, containerNumber: 'CSQU3054383', cargoGrossWeight: null }),
  ],
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const signIn = (permissions: typeof CUSTOMER_PERMISSIONS) => setSession(sessionWith(permissions));

function renderSection(answers: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answers(String(url), init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <VgmDeclarations bookingId={9} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

const first = async () => within((await screen.findAllByTestId('vgm-container'))[0]!);
const type = (form: ReturnType<typeof within>, label: RegExp, value: string) => {
  const input = form.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('VgmDeclarations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession(null);
  });

  it('shows a labelled form per container and the VGM cut-off still to come', async () => {
    signIn(CUSTOMER_PERMISSIONS);
    renderSection(() => json(200, read()));
    expect(await screen.findAllByTestId('vgm-container')).toHaveLength(2);
    const form = await first();
    for (const label of [
      /^Verified gross mass \(kg\)/,
      /^Weighing date/,
      /^Weighing party/,
      /^Authorised signatory/,
      /^SM1: the packed container weighed/,
      /^SM2: the contents weighed, tare added/,
    ])
      expect(form.getByLabelText(label)).toBeTruthy();
    expect(form.getByRole('radiogroup', { name: /Weighing method/ })).toBeTruthy();
    expect(screen.getByTestId('vgm-deadline').textContent).toMatch(
      /^VGM cut-off \(VCO\) of LADING HANSA 2649W at Nhava Sheva \(INNSA\): due in 1 d 4 h, \w{3} \d\d\/\d\d\/\d{4} \d\d:\d\d GMT\+5:30$/,
    );
    expect(form.getByRole('button', { name: 'Declare VGM' })).toBeTruthy();
    // The second container's bill has no cargo gross weight yet: nothing to compare the VGM with.
    expect(screen.getAllByText(/gives no cargo gross weight for this container yet/)).toHaveLength(1);
  });

  it('warns as the mass is typed when it is more than 5 % from cargo gross + tare (20,000 kg)', async () => {
    signIn(CUSTOMER_PERMISSIONS);
    renderSection(() => json(200, read()));
    const form = await first();
    type(form, /^Verified gross mass/, '21000');
    expect(form.queryByRole('status')).toBeNull();
    type(form, /^Verified gross mass/, '21000.01');
    expect(form.getByRole('status').textContent).toMatch(
      /5\.00 % above cargo gross \+ tare \(20,000\.00 kg\)/,
    );
    type(form, /^Verified gross mass/, '18999.99');
    expect(form.getByRole('status').textContent).toMatch(/below/);
  });

  it('sends the declaration rounded half up at the version read, and puts a server 400 on its field', async () => {
    signIn(CUSTOMER_PERMISSIONS);
    const fetchMock = renderSection((_url, init) =>
      init?.method === 'PUT'
        ? json(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'declarations.0.weighingParty: is required',
              fields: { 'declarations.0.weighingParty': 'is not a weighing party we know' },
            },
          })
        : json(200, read()),
    );
    const form = await first();
    fireEvent.click(form.getByLabelText(/^SM2/));
    type(form, /^Verified gross mass/, '12345.675');
    expect((form.getByLabelText(/^Verified gross mass/) as HTMLInputElement).value).toBe('12,345.68');
    type(form, /^Weighing date/, formatDate(yesterday));
    type(form, /^Weighing party/, 'Nhava Sheva CFS');
    type(form, /^Authorised signatory/, 'PRIYA SHAH');
    fireEvent.click(form.getByRole('button', { name: 'Declare VGM' }));
    await waitFor(() => expect(form.getByText('is not a weighing party we know')).toBeTruthy());
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(String(puts[0]![0])).toMatch(/\/cp\/bookings\/9\/vgm\/$/);
    expect(JSON.parse(String(puts[0]![1]!.body))).toEqual({
      declarations: [
        {
          containerNumber: 'MSCU1234566',
          version: 0,
          method: 'SM2',
          verifiedGrossMass: '12345.68',
          weighingDate: yesterday,
          weighingParty: 'Nhava Sheva CFS',
          authorisedSignatory: 'PRIYA SHAH',
        },
      ],
    });
    expect(form.getByLabelText(/^Weighing party/).getAttribute('aria-invalid')).toBe('true');
  });

  it('names what is missing before sending, and says so when the cut-off passed meanwhile', async () => {
    signIn(CUSTOMER_PERMISSIONS);
    const fetchMock = renderSection((_url, init) =>
      init?.method === 'PUT'
        ? json(409, {
            error: {
              code: 'CUT_OFF_PASSED',
              message: 'The VGM cut-off (VCO) of LADING HANSA 2649W passed at 2026-11-27T06:00:00.000Z.',
              cutOff: 'VCO',
              at: '2026-11-27T06:00:00.000Z',
            },
          })
        : json(200, read()),
    );
    const form = await first();
    fireEvent.click(form.getByRole('button', { name: 'Declare VGM' }));
    await waitFor(() => expect(form.getByText('must be SM1 or SM2')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.click(form.getByLabelText(/^SM1/));
    type(form, /^Verified gross mass/, '20000');
    type(form, /^Weighing date/, formatDate(yesterday));
    type(form, /^Weighing party/, 'CFS');
    type(form, /^Authorised signatory/, 'A. SHIPPER');
    fireEvent.click(form.getByRole('button', { name: 'Declare VGM' }));
    expect(await form.findByText('Not saved: the VGM cut-off has passed')).toBeTruthy();
  });

  it('is read-only for carrier staff and after the cut-off, with the declaration and why', async () => {
    signIn(STAFF_PERMISSIONS);
    renderSection(() =>
      json(
        200,
        read({
          editable: false,
          closed: { reason: 'CUT_OFF_PASSED', message: 'The VGM cut-off (VCO) … passed.' },
          deadline: { ...read().deadline!, at: new Date(Date.now() - 2 * HOUR).toISOString() },
          containers: [
            container({
              version: 2,
              declaration: {
                method: 'SM1',
                verifiedGrossMass: 21500,
                weighingDate: yesterday,
                weighingParty: 'CFS',
                authorisedSignatory: 'A. SHIPPER',
                declaredBy: 'Dev Customer',
                declaredAt: '2026-11-26T10:00:00.000Z',
              },
              warning: {
                code: 'VGM_MISMATCH',
                declared: 21500,
                expected: 20000,
                deviationPercent: 7.5,
                tolerancePercent: 5,
                message:
                  'The VGM (21,500.00 kg) is 7.50 % above cargo gross + tare (20,000.00 kg): more than 5 % apart. Please check the weights.',
              },
            }),
          ],
        }),
      ),
    );
    const form = await first();
    expect(form.queryByRole('button')).toBeNull();
    expect((form.getByLabelText(/^Verified gross mass/) as HTMLInputElement).readOnly).toBe(true);
    expect((form.getByLabelText(/^Verified gross mass/) as HTMLInputElement).value).toBe('21,500.00');
    expect((form.getByLabelText(/^SM1/) as HTMLInputElement).checked).toBe(true);
    expect(form.getByText(/^Declared by Dev Customer/)).toBeTruthy();
    expect(form.getByRole('status').textContent).toMatch(/7\.50 % above/);
    expect(screen.getByText('The VGM can no longer change')).toBeTruthy();
    expect(screen.getByText(/overdue since .* \(2 h ago\)/)).toBeTruthy();
  });
});
