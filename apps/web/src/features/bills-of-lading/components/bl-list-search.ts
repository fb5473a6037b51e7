import { BL_SORT_FIELDS, BL_STATUSES, type BlStatus } from '@lading/contract/status-codes';

/** The list's filters, page and sort, kept in the address so a reload or a shared link shows the same list. */
export type BlListSearch = {
  pol?: number;
  polName?: string;
  pod?: number;
  podName?: string;
  blNo?: string;
  bookingNo?: string;
  status?: BlStatus;
  page?: number;
  sort?: (typeof BL_SORT_FIELDS)[number];
  order?: 'asc' | 'desc';
};

const positiveInt = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const text = (value: unknown, max = 40) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

export function parseBlListSearch(search: Record<string, unknown>): BlListSearch {
  return {
    pol: positiveInt(search.pol),
    polName: text(search.polName, 120),
    pod: positiveInt(search.pod),
    podName: text(search.podName, 120),
    blNo: text(search.blNo),
    bookingNo: text(search.bookingNo),
    status: BL_STATUSES.includes(search.status as BlStatus) ? (search.status as BlStatus) : undefined,
    page: positiveInt(search.page),
    sort: BL_SORT_FIELDS.includes(search.sort as never) ? (search.sort as BlListSearch['sort']) : undefined,
    order: search.order === 'asc' || search.order === 'desc' ? search.order : undefined,
  };
}
