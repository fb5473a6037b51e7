import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useDcsaJson } from './download-dcsa-json';
import { usePrintBillOfLading } from './print-bill-of-lading';

// The buttons' calls: the request's module comes on the click (a dynamic import), then the file is fetched (fetch
// stubbed, no server) and saved through a temporary link.
describe('downloading a bill (PDF, DCSA JSON)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const saved: { name: string; href: string }[] = [];
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    client = new QueryClient();
    saved.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });

  it('the PDF: posts the kind, saves the file the server names and refreshes the bills', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.7', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="LDG26110003.pdf"',
        },
      }),
    );
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => usePrintBillOfLading(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 7, kind: 'draft' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/cp/bill-of-lading/7/bl-print/');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ kind: 'draft' }) });
    expect(saved).toEqual([{ name: 'LDG26110003.pdf', href: 'blob:file' }]);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it("the PDF: a refusal rejects with the server's error and saves nothing", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not yours' } }), { status: 403 }),
    );
    const { result } = renderHook(() => usePrintBillOfLading(), { wrapper });
    const error = await act(() => result.current.mutateAsync({ id: 7 }).catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Not yours' });
    expect(saved).toEqual([]);
  });

  it('the DCSA JSON: saved as <reference>.dcsa.json', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ transportDocumentReference: 'LDG26110003' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { result } = renderHook(() => useDcsaJson(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 7 }));
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/cp\/bill-of-ladings\/7\/dcsa$/);
    expect(saved).toEqual([{ name: 'LDG26110003.dcsa.json', href: 'blob:file' }]);
  });
});
