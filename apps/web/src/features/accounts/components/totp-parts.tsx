import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * What setting up an authenticator app shows, on app-profile and at a sign-in that must set one up first (decision
 * 023): the QR code of the otpauth:// URI, the key as text, and the recovery codes shown once. Fetched on demand by
 * both (its own chunk), with qrcode-generator fetched when a QR code is drawn.
 */

/** The QR code of an otpauth:// URI as one SVG path (qrcode-generator, fetched when a set-up starts). */
export function QrCode({ uri }: { uri: string }): ReactNode {
  const [path, setPath] = useState<{ d: string; size: number }>();
  useEffect(() => {
    let current = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(uri);
      qr.make();
      const size = qr.getModuleCount();
      let d = '';
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
      if (current) setPath({ d, size: size + 8 });
    });
    return () => {
      current = false;
    };
  }, [uri]);
  if (!path) return <div style={{ width: 200, height: 200 }} />;
  return (
    <svg
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={200}
      height={200}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** The key as a person types it into an app: groups of four ("LADI NGDE …"); apps ignore the spaces. */
export function TotpKey({ secret }: { secret: string }): ReactNode {
  return (
    <Text size="sm">
      Key:{' '}
      <Code data-testid="totp-key" style={{ overflowWrap: 'anywhere' }}>
        {secret.replace(/(.{4})(?=.)/g, '$1 ')}
      </Code>
    </Text>
  );
}

/** The ten recovery codes, shown once, with a copy button and `done` ("I have saved them", or continue). */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}): ReactNode {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Each code signs you in once if you lose your phone or passkey. They are shown only this time: print
        them or keep them in a password manager.
      </Text>
      <SimpleGrid
        cols={2}
        spacing={4}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>
            <Code>{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
        >
          Copy codes
        </Button>
        <Button size="xs" onClick={onDone} data-autofocus>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
