import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useTariffLifecycle } from '../api/tariff-lifecycle';
import {
  type LifecycleTariff,
  type TariffAction,
  type TariffKind,
  tariffActions,
  tariffActionTexts,
} from './tariff-lifecycle';

/**
 * A tariff row's buttons, for any kind of tariff (sea, inland; decision 019): Edit, Deactivate or Reactivate, and
 * Delete while no quotation was priced from it. Each of the last asks first (the shared confirm dialog says what will
 * happen, in the kind's words) and ends with a toast; a refusal (409: an overlap, or a quotation priced from it
 * since; 412: someone changed it) is the server's words in an error toast, and the list loads again.
 */
export function TariffRowActions<T extends LifecycleTariff>({
  kind,
  tariff,
  onEdit,
}: {
  kind: TariffKind<T>;
  tariff: T;
  onEdit: (tariff: T) => void;
}) {
  // The action asked about stays set while the dialog closes, so its words do not vanish mid-transition.
  const [action, setAction] = useState<TariffAction>('deactivate');
  const [asking, setAsking] = useState(false);
  const lifecycle = useTariffLifecycle(kind);
  const texts = tariffActionTexts(kind, action, tariff);
  const run = async (chosen: TariffAction) => {
    try {
      if (chosen === 'delete') await lifecycle.remove.mutateAsync(tariff);
      else await lifecycle.setActive.mutateAsync({ tariff, active: chosen === 'reactivate' });
      toast.success(tariffActionTexts(kind, chosen, tariff).done);
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? error.message
          : `The ${kind.noun} could not be changed. Please try again.`,
      );
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => onEdit(tariff)}
        aria-label={kind.buttonName('Edit', tariff)}
      >
        Edit
      </Button>
      {tariffActions(tariff).map((offered) => {
        const { button } = tariffActionTexts(kind, offered, tariff);
        return (
          <Button
            key={offered}
            size="xs"
            variant="default"
            onClick={() => {
              setAction(offered);
              setAsking(true);
            }}
            aria-label={kind.buttonName(button, tariff)}
          >
            {button}
          </Button>
        );
      })}
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
