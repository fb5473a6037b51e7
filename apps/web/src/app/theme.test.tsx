import { MantineProvider, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../components/form/password-field';
import { cssVariablesResolver, theme } from './theme';

function Passwords() {
  const form = useForm({ defaultValues: { password: '' } });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <FormProvider {...form}>
        <PasswordField name="password" label="New password" />
      </FormProvider>
      {/* The login screen's own input. */}
      <PasswordInput
        label="Password"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
      />
    </MantineProvider>
  );
}

describe('theme', () => {
  it('puts the password show/hide buttons in the Tab order (issue 28)', () => {
    render(<Passwords />);
    for (const name of ['Show or hide new password', 'Show or hide password']) {
      const toggle = screen.getByRole('button', { name });
      expect(toggle.tabIndex, name).toBe(0);
    }
  });
});
