import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AuthCard } from '../components/auth-card';

/**
 * The registered redirect URI. The portal reads the code from this address inside its own sign-in sequence;
 * someone who lands here directly (an old tab, a bookmark) is pointed back to sign in.
 */
export function OAuthCallbackPage() {
  return (
    <AuthCard title="Signing in">
      <Stack>
        <Text>This sign-in link has already been used or has expired.</Text>
        <Anchor component={Link} to="/app-login">
          Go to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
