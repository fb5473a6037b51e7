import type { User } from '@lading/contract/accounts';
import type { MfaMethod } from '@lading/contract/second-factor';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthCard } from './auth-card';

/** The second step (an account with a second factor): its own chunk, fetched when an account needs it. */
const SecondStepForm = lazy(() =>
  import('./second-step-form').then((module) => ({ default: module.SecondStepForm })),
);
/** Setting up a second factor (staff who have none, decision 023): its own chunk too. */
const EnrolmentForm = lazy(() =>
  import('./enrolment-form').then((module) => ({ default: module.EnrolmentForm })),
);

/**
 * What the login page shows after a right password when more is due: the second step, or setting up a second factor.
 * Fetched by the login page only then, so neither weighs on its first load.
 */
export function SecondStepScreen({
  kind,
  methods,
  onDone,
  onBack,
}: {
  kind: 'code' | 'enrol';
  methods: MfaMethod[];
  onDone: (user: User) => void;
  onBack: (message?: string) => void;
}): ReactNode {
  return (
    <AuthCard
      title="Sign In"
      subtitle={kind === 'enrol' ? 'One more step before the workspace.' : 'Second step: confirm it is you.'}
    >
      <Suspense fallback={null}>
        {kind === 'enrol' ? (
          <EnrolmentForm onDone={onDone} onBack={onBack} />
        ) : (
          <SecondStepForm methods={methods} onDone={onDone} onBack={onBack} />
        )}
      </Suspense>
    </AuthCard>
  );
}
