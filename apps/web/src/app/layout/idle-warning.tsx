import { IDLE_REMAINING_HEADER } from '@lading/contract/session-headers';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiRequest, watchAnswers } from '../../lib/api-client';
import { setSession } from '../../lib/session';

/**
 * When the signed-in session ends for idleness, as the server last said (`X-Session-Idle-Remaining` on every
 * signed-in answer), kept in localStorage so that every tab hears of any tab's activity.
 */
const IDLE_END_KEY = 'lading.idle-ends-at';
/** Told of every change this tab writes (other tabs' changes arrive as `storage` events). */
const idleListeners = new Set<() => void>();

/** Records what an answer said: `seconds` until the idle end, read at `now`. */
export function noteIdleRemaining(seconds: number, now = Date.now()): void {
  if (!Number.isFinite(seconds) || seconds < 0) return;
  const next = now + seconds * 1000;
  try {
    // Within a second of what is known: nothing changed (the header counts whole seconds).
    if (Math.abs(next - Number(localStorage.getItem(IDLE_END_KEY))) < 1000) return;
    localStorage.setItem(IDLE_END_KEY, String(next));
  } catch {
    return;
  }
  for (const listener of idleListeners) listener();
}

// Loaded with the signed-in area: from then on every API answer tells the idle end.
watchAnswers((response) => {
  const remaining = response.headers.get(IDLE_REMAINING_HEADER);
  if (remaining !== null) noteIdleRemaining(Number(remaining));
});

/** The idle end (epoch ms) as this tab or another last heard it from the server, or null. */
function getIdleEnd(): number | null {
  try {
    const value = Number(localStorage.getItem(IDLE_END_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function clearIdleEnd(): void {
  try {
    localStorage.removeItem(IDLE_END_KEY);
  } catch {
    // nothing kept
  }
  for (const listener of idleListeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === IDLE_END_KEY || event.key === null) listener();
  };
  idleListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    idleListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** How long before the idle end the user is asked. */
const WARN_MS = 60_000;
const SESSIONS = '/authenticate/oauth/sessions/';

/**
 * "Still there?": a minute before the session ends for idleness (SESSION_IDLE_MINUTES without a call made for the
 * user, whichever tab made it), asks whether to stay signed in; at the end, signs out here and on the server, and the
 * portal layout sends the tab to app-login with the address to come back to (follow-session.ts).
 */
export function IdleWarning(): ReactNode {
  const endsAt = useSyncExternalStore(subscribe, getIdleEnd);
  const [now, setNow] = useState(() => Date.now());
  const warning = endsAt !== null && now >= endsAt - WARN_MS;

  useEffect(() => {
    if (endsAt === null) return;
    const untilWarning = endsAt - WARN_MS - Date.now();
    if (untilWarning > 0) {
      const timer = window.setTimeout(() => {
        // Another tab may have been used meanwhile without this one hearing of it: ask (a poll, not activity).
        void apiRequest(SESSIONS, { busy: false, background: true })
          .catch(() => {})
          .finally(() => setNow(Date.now()));
      }, untilWarning);
      return () => window.clearTimeout(timer);
    }
    const ticker = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(ticker);
  }, [endsAt]);

  // At the end the server decides (this tab's clock, or an end read before a sleep, may be off): its 401 takes the
  // tab to app-login with the address to come back to (lib/api-client.ts); a live session's answer moves the end on.
  const asking = useRef(false);
  useEffect(() => {
    if (endsAt === null || now < endsAt || asking.current) return;
    asking.current = true;
    void apiRequest(SESSIONS, { busy: false, background: true })
      .catch(() => {})
      .finally(() => {
        asking.current = false;
      });
  }, [endsAt, now]);

  const signOutNow = () => {
    clearIdleEnd();
    void apiRequest('/authenticate/oauth/logout/', { method: 'POST', busy: false })
      .catch(() => {})
      .finally(() => setSession(null));
  };

  const seconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <ConfirmDialog
      opened={warning && seconds > 0}
      title="Still there?"
      confirmLabel="Stay signed in"
      cancelLabel="Sign out"
      onConfirm={() => apiRequest(SESSIONS, { busy: false })}
      onClose={() => {
        // Cancelled ("Sign out", Escape): sign out now; confirmed: the answer has moved the end on (read it afresh).
        const end = getIdleEnd();
        if (end !== null && Date.now() >= end - WARN_MS) signOutNow();
      }}
    >
      For your security you will be signed out in <strong>{seconds} s</strong> because nothing was done for a
      while.
    </ConfirmDialog>
  );
}
