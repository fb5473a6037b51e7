import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';

/** The page the verification e-mail links to. */
export function VerifyEmailPage({ token }: { token?: string }) {
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setState({ ok: false, message: ACCOUNT_MESSAGES.linkInvalid });
      return;
    }
    apiRequest<{ message: string }>('/authenticate/oauth/users/verify-email/', {
      method: 'POST',
      json: { token },
    })
      .then(({ message }) => setState({ ok: true, message }))
      .catch((error) =>
        setState({
          ok: false,
          message: error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.linkInvalid,
        }),
      );
  }, [token]);

  return (
    <AuthCard title="Verify your email">
      <Stack>
        {state === null ? (
          <Loader aria-label="Verifying" />
        ) : (
          <Alert color={state.ok ? 'green' : 'red'} role="status">
            {state.message}
          </Alert>
        )}
        <Anchor component={Link} to="/app-login">
          Go to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
