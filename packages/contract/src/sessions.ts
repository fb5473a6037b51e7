import { z } from 'zod';
import { reasonSchema } from './voyages';

/** One of a user's live portal sessions: GET authenticate/oauth/sessions/ and GET cp/admin/users/{id}/sessions/. */
export const SessionSchema = z.object({
  /** The session's public id (never its cookie). */
  id: z.uuid(),
  /** The session this request was made under. */
  current: z.boolean(),
  userAgent: z.string().nullable(),
  /** The approximate place: the client's IPv4 /24 or IPv6 /48 network. */
  ipPrefix: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastActiveAt: z.iso.datetime({ offset: true }),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionIdParamsSchema = z.object({ sessionId: z.uuid('is not a session id') });

/** POST authenticate/oauth/sessions/end-others/ and DELETE cp/admin/users/{id}/sessions/: how many ended. */
export const SessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

/** Staff ending a user's sessions say why (audited). */
export const EndSessionsBodySchema = z.object({ reason: reasonSchema });
export type EndSessionsBody = z.infer<typeof EndSessionsBodySchema>;

export { BACKGROUND_HEADER, IDLE_REMAINING_HEADER } from './session-headers';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A person's name for a browser from its User-Agent ("Chrome 142 on Windows"); the raw string's start otherwise. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return system ? `A browser on ${system}` : userAgent.slice(0, 60);
  const match = browser[0].exec(userAgent);
  const version = match?.slice(1).find(Boolean);
  return `${browser[1]}${version ? ` ${version}` : ''}${system ? ` on ${system}` : ''}`;
}
