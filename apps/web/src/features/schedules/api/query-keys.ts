import type { PointToPointSearch } from './find-sailings';

/** The schedule searches, one entry per lane, window and transhipment choice. */
export const scheduleKeys = {
  all: ['schedules'],
  sailings: (query: PointToPointSearch) => ['schedules', 'point-to-point', query] as const,
  port: (code: string) => ['schedules', 'port', code] as const,
} as const;
