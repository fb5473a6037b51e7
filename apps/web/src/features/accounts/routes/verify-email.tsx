import { ACCOUNT_MESSAGES, type VerifyEmailResponse } from '@lading/contract/accounts';
import { Alert, Anchor, Button, Loader, Stack } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';

const route = getRouteApi('/app-verify-email');

/** The route's component: the page with `?token=` from the address. */
export function VerifyEmailRoute() {
  return <VerifyEmailPage token={route.useSearch().token} />;
}

type Outcome = { kind: 'verified' | 'already-verified' | 'failed'; message: string };

/**
 * Why the link verified nothing, in the page's own words (issue 28): a link that is not one the portal sends ("This
 * link is not valid: …") or one that is spent or expired; never a validator's text. Other refusals (too many
 * requests, the service briefly down) say what the server said.
 */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return ACCOUNT_MESSAGES.linkInvalid;
  if (error.status !== 400) return error.message;
  return error.fields.token === ACCOUNT_MESSAGES.linkInvalid
    ? ACCOUNT_MESSAGES.linkInvalid
    : ACCOUNT_MESSAGES.linkMalformed;
}

/**
 * The page the verification e-mail links to. A link used again (or replaced, or expired) of an account that is
 * verified already says so and offers Sign In; only a link that verifies nothing asks for a new one.
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setOutcome({ kind: 'failed', message: ACCOUNT_MESSAGES.linkMalformed });
      return;
    }
    apiRequest<VerifyEmailResponse>('/authenticate/oauth/users/verify-email/', {
      method: 'POST',
      json: { token },
    })
      .then(({ message, alreadyVerified }) =>
        setOutcome({ kind: alreadyVerified ? 'already-verified' : 'verified', message }),
      )
      .catch((error) => setOutcome({ kind: 'failed', message: failureText(error) }));
  }, [token]);

  return (
    <AuthCard title="Verify your email">
      <Stack>
        {outcome === null ? (
          <Loader aria-label="Verifying" />
        ) : (
          <Alert
            color={outcome.kind === 'failed' ? 'red' : outcome.kind === 'verified' ? 'green' : 'blue'}
            role="status"
          >
            {outcome.message}
          </Alert>
        )}
        {outcome && outcome.kind !== 'failed' ? (
          <Button component={Link} to="/app-login">
            Sign In
          </Button>
        ) : (
          <Anchor component={Link} to="/app-login">
            Go to sign in
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
