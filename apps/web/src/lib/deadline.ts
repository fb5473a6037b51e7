import { useEffect, useState } from 'react';
import { formatPortTime } from './port-time';

/**
 * A sailing's deadline for the customer (issue 26): the shipping instructions by the documentation cut-off (DCO),
 * the VGM by the VGM cut-off (VCO). The API sends when it is (UTC), whether it is done, the late acceptance carrier
 * staff granted (`lateUntil`) and whether the vessel has left; due or overdue is worked out here, against the
 * reader's clock, and the time is said in the port's own time with its offset ("Sat 28/11/2026 18:00 GMT+5:30").
 */
export type Deadline = {
  at: string | null;
  lateUntil?: string | null;
  done?: boolean;
  departed?: boolean;
};

/**
 * - `done`: met.
 * - `due`: still open (before the cut-off, or after it while a late acceptance runs).
 * - `overdue`: the cut-off has passed without a late acceptance still running, or the vessel has left.
 * - `none`: the sailing has no such cut-off.
 */
export type DeadlineState = 'done' | 'due' | 'overdue' | 'none';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const instant = (iso: string | null | undefined) => {
  if (!iso) return null;
  const value = Date.parse(iso);
  return Number.isNaN(value) ? null : value;
};

/** The late acceptance that keeps the deadline open at `now`, if any. */
function runningLateUntil(deadline: Deadline, now: number): number | null {
  const until = instant(deadline.lateUntil);
  return until !== null && until > now ? until : null;
}

export function deadlineState(deadline: Deadline, now: number = Date.now()): DeadlineState {
  if (deadline.done) return 'done';
  const at = instant(deadline.at);
  if (deadline.departed) return 'overdue';
  if (at === null) return 'none';
  if (at > now) return 'due';
  return runningLateUntil(deadline, now) !== null ? 'due' : 'overdue';
}

/**
 * A time span as the screens say it, in its two largest units: "1 d 4 h", "3 h 20 min", "45 min", "2 d"; under a
 * minute, "less than a minute". Whole units, rounded down (a deadline is never said to be further than it is).
 */
export function formatSpan(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return 'less than a minute';
  const days = Math.floor(span / DAY);
  const hours = Math.floor((span % DAY) / HOUR);
  const minutes = Math.floor((span % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/**
 * What the deadline says now, without its name: "due in 1 d 4 h, Sat 28/11/2026 18:00 GMT+5:30", "overdue since Sat
 * 28/11/2026 18:00 GMT+5:30 (2 h ago)", "accepted late until …, 5 h left", "done", "the vessel has left". Times are
 * the port's (`timeZone`, IANA; UTC when unknown).
 */
export function deadlineText(
  deadline: Deadline,
  timeZone: string | null | undefined,
  now: number = Date.now(),
): string {
  const state = deadlineState(deadline, now);
  const at = instant(deadline.at);
  if (state === 'done') return 'done';
  if (state === 'none') return 'no cut-off on this sailing';
  if (deadline.departed) return 'the vessel has left the port of loading';
  const when = formatPortTime(deadline.at, timeZone);
  if (state === 'due' && at !== null && at > now) return `due in ${formatSpan(at - now)}, ${when}`;
  const late = runningLateUntil(deadline, now);
  if (state === 'due' && late !== null)
    return `accepted late until ${formatPortTime(deadline.lateUntil, timeZone)} (${formatSpan(late - now)} left); the cut-off was ${when}`;
  return `overdue since ${when} (${formatSpan(now - (at ?? now))} ago)`;
}

/** The time now, renewed every `everyMs` (a minute), so a deadline's "due in …" moves on while the page is open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
