import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

/** Static terms page (specification section 2); opened from sign-up in a new tab. */
export function TermsPage() {
  useEffect(() => {
    document.title = 'Terms and Conditions · Lading';
  }, []);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Terms and Conditions</Title>
        <Text>
          These terms govern your use of the Lading customer portal. By creating an account you accept them.
        </Text>
        <Title order={2} size="h3">
          Who may use the portal
        </Title>
        <Text>You must be over 18 years of age to create an account and use the portal.</Text>
        <Title order={2} size="h3">
          Liability
        </Title>
        <Text>
          If you have not bought any service from us, our total liability to you for any claim arising from
          your use of the portal is capped at 100 USD.
        </Text>
        <Title order={2} size="h3">
          Changes to these terms
        </Title>
        <Text>We announce changes to these terms with 30 days notice before they take effect.</Text>
        <List size="sm" c="dimmed">
          <List.Item>Version 1.0.0</List.Item>
        </List>
        <Anchor href="/app-login">Back to sign in</Anchor>
      </Stack>
    </Container>
  );
}
