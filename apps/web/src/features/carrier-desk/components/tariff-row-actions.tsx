import type { Tariff } from '@lading/contract/tariffs';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useTariffLifecycle } from '../api/tariff-lifecycle';
import { type TariffAction, tariffActions, tariffActionTexts, tariffButtonName } from './tariff-lifecycle';

/**
 * A tariff row's buttons: Edit, Deactivate or Reactivate, and Delete while no quotation was priced from it. Each of
 * the last asks first (the shared confirm dialog says what will happen) and ends with a toast; a refusal (409: an
 * overlap, or a quotation priced from it since; 412: someone changed it) is the server's words in an error toast, and
 * the list loads again.
 */
export function TariffRowActions({
  tariff,
  canEdit,
  onEdit,
}: {
  tariff: Tariff;
  canEdit: boolean;
  onEdit: (tariff: Tariff) => void;
}) {
  // The action asked about stays set while the dialog closes, so its words do not vanish mid-transition.
  const [action, setAction] = useState<TariffAction>('deactivate');
  const [asking, setAsking] = useState(false);
  const lifecycle = useTariffLifecycle();
  if (!canEdit) return null;
  const texts = tariffActionTexts(action, tariff);
  const run = async (chosen: TariffAction) => {
    try {
      if (chosen === 'delete') await lifecycle.remove.mutateAsync(tariff);
      else await lifecycle.setActive.mutateAsync({ tariff, active: chosen === 'reactivate' });
      toast.success(tariffActionTexts(chosen, tariff).done);
    } catch (error) {
      toast.error(
        error instanceof ApiError ? error.message : 'The tariff could not be changed. Please try again.',
      );
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => onEdit(tariff)}
        aria-label={tariffButtonName('Edit', tariff)}
      >
        Edit
      </Button>
      {tariffActions(tariff).map((offered) => (
        <Button
          key={offered}
          size="xs"
          variant="default"
          onClick={() => {
            setAction(offered);
            setAsking(true);
          }}
          aria-label={tariffButtonName(tariffActionTexts(offered, tariff).button, tariff)}
        >
          {tariffActionTexts(offered, tariff).button}
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
