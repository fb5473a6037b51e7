import { ProfilePage } from '../features/accounts/routes/profile';
import { NotificationPreferencesPanel } from '../features/notifications/components/notification-preferences';
import { useCan } from '../lib/permissions';

/**
 * app-profile: the accounts feature's profile with the notifications feature's e-mail preferences ("E-mail copies",
 * for holders of CP.NOTIFICATION.VIEW) under the user's details. The two features meet here, where the app puts its
 * screens together, so neither imports the other.
 */
export function ProfileRoute() {
  const can = useCan();
  return <ProfilePage settings={can('CP.NOTIFICATION.VIEW') && <NotificationPreferencesPanel />} />;
}
