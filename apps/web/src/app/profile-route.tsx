import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ProfilePage } from '../features/accounts/routes/profile';
import { NotificationPreferencesPanel } from '../features/notifications/components/notification-preferences';
import { useCan } from '../lib/permissions';

/** The company's API clients: their own chunk, fetched only for a member who may see them. */
const ApiClientsPanel = lazy(() =>
  import('../features/api-clients/components/api-clients-panel').then((module) => ({
    default: module.ApiClientsPanel,
  })),
);

/**
 * app-profile: the accounts feature's profile with the notifications feature's e-mail preferences ("E-mail copies",
 * for holders of CP.NOTIFICATION.VIEW) under the user's details, and the api-clients feature's "API clients" under
 * the company (CP.API_CLIENT.VIEW; the profile shows it to an approved member of a company only). The features meet
 * here, where the app puts its screens together, so none imports another.
 */
export function ProfileRoute() {
  const can = useCan();
  return (
    <ProfilePage
      settings={can('CP.NOTIFICATION.VIEW') && <NotificationPreferencesPanel />}
      company={
        can('CP.API_CLIENT.VIEW') && (
          <Suspense fallback={<Skeleton h={160} radius="md" />}>
            <ApiClientsPanel />
          </Suspense>
        )
      }
    />
  );
}
