import type { InlandTariff } from '@lading/contract/inland-tariffs';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useInlandTariffLifecycle } from '../api/inland-tariffs';
import {
  type InlandAction,
  inlandActions,
  inlandActionTexts,
  inlandButtonName,
} from './inland-tariff-mapping';

/**
 * An inland tariff row's buttons, as the sea tariffs' (decision 019): Edit, Deactivate or Reactivate, and Delete while
 * no quotation was priced from it; each of the last asks first and ends with a toast; a refusal is the server's words.
 */
export function InlandTariffRowActions({
  tariff,
  onEdit,
}: {
  tariff: InlandTariff;
  onEdit: (tariff: InlandTariff) => void;
}) {
  const [action, setAction] = useState<InlandAction>('deactivate');
  const [asking, setAsking] = useState(false);
  const lifecycle = useInlandTariffLifecycle();
  const texts = inlandActionTexts(action, tariff);
  const run = async (chosen: InlandAction) => {
    try {
      if (chosen === 'delete') await lifecycle.remove.mutateAsync(tariff);
      else await lifecycle.setActive.mutateAsync({ tariff, active: chosen === 'reactivate' });
      toast.success(inlandActionTexts(chosen, tariff).done);
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? error.message
          : 'The inland tariff could not be changed. Please try again.',
      );
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => onEdit(tariff)}
        aria-label={inlandButtonName('Edit', tariff)}
      >
        Edit
      </Button>
      {inlandActions(tariff).map((offered) => (
        <Button
          key={offered}
          size="xs"
          variant="default"
          onClick={() => {
            setAction(offered);
            setAsking(true);
          }}
          aria-label={inlandButtonName(inlandActionTexts(offered, tariff).button, tariff)}
        >
          {inlandActionTexts(offered, tariff).button}
        </Button>
      ))}
      <ConfirmDialog
        opened={asking}
        title={texts.title}
        confirmLabel={texts.confirmLabel}
        color={texts.color}
        onConfirm={() => run(action)}
        onClose={() => setAsking(false)}
      >
        {texts.body}
      </ConfirmDialog>
    </Group>
  );
}
