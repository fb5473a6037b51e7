import type { BillOfLadingForm, ContainerForm } from '@lading/contract/bills-of-lading';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ContainersTable } from './containers-table';

const container = (containerId: number, containerNumber: string, vgm: string): ContainerForm => ({
  containerId,
  containerNumber,
  containerType: '20GP',
  tareWeight: 2200,
  sealNumber: '',
  packageType: 1,
  numberOfPackage: 100,
  cargoGrossWeight: '17800.00',
  measurement: '28.50',
  vgm,
  vgmMethod: 'Method 1',
});

function Harness({ containers }: { containers: ContainerForm[] }) {
  const form = useForm<BillOfLadingForm>({
    defaultValues: { containers } as Partial<BillOfLadingForm> as BillOfLadingForm,
  });
  return (
    <MantineProvider env="test">
      <FormProvider {...form}>
        <ContainersTable packageTypes={[{ id: 1, code: 'BL', name: 'Bales' } as never]} />
      </FormProvider>
    </MantineProvider>
  );
}

describe('ContainersTable: the VGM warning (issue 28)', () => {
  it('says in words, under its container, that the VGM is more than 5 % off; the VGM cell holds only the value', () => {
    render(
      <Harness
        containers={[container(1, 'CSQU3054383', '30000.00'), container(2, 'MSKU1234565', '20000.00')]}
      />,
    );
    const warning = screen.getByText(
      '⚠ CSQU3054383: VGM differs from cargo gross + tare (20,000.00 kg) by more than 5 %.',
    );
    expect(warning.getAttribute('role')).toBe('status');
    const vgm = screen.getByLabelText('VGM (kg), container CSQU3054383');
    // Nothing shares the cell with the input (an icon beside it cut the value short at 1440 px).
    expect(vgm.closest('td')?.querySelectorAll('[role="img"]')).toHaveLength(0);
    // The container within 5 % has no warning.
    expect(screen.queryByText(/MSKU1234565: VGM differs/)).toBeNull();
  });

  it('follows the VGM as it is typed', () => {
    render(<Harness containers={[container(1, 'CSQU3054383', '20000.00')]} />);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(screen.getByLabelText('VGM (kg), container CSQU3054383'), {
      target: { value: '25000' },
    });
    expect(screen.getByRole('status').textContent).toMatch(/VGM differs from cargo gross \+ tare/);
  });
});
