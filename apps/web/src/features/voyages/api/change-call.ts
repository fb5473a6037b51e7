import type { CutOffCode, Voyage } from '@lading/contract/voyages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

/** What staff change about one call of a voyage (ADMIN.VOYAGE.EDIT; a branch only at its own port). */
export type CallChange =
  | { kind: 'delay'; eta: string; etd: string; reason: string }
  | { kind: 'omit'; reason: string }
  | { kind: 'actuals'; ata?: string; atd?: string }
  | { kind: 'cut-offs'; cutOffs: { code: CutOffCode; at: string }[] };

/**
 * POST cp/admin/voyages/{id}/calls/{sequence}/delay/ | omit/ | actuals/, or PUT …/cut-offs/, at the voyage's
 * version (412 when it changed since it was read; 404 for a call of another office's port). Answers the voyage.
 */
export function changeCall({
  voyage,
  sequence,
  change,
}: {
  voyage: Pick<Voyage, 'id' | 'version'>;
  sequence: number;
  change: CallChange;
}): Promise<Voyage> {
  const { kind, ...body } = change;
  const path = `/cp/admin/voyages/${voyage.id}/calls/${sequence}/${kind}/`;
  return apiRequest(path, {
    method: kind === 'cut-offs' ? 'PUT' : 'POST',
    json: { ...body, version: voyage.version },
  });
}

/** The change; the voyage it answers replaces the one shown, and the voyage lists are read again. */
export function useChangeCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCall,
    onSuccess: (voyage) => {
      queryClient.setQueryData(voyageAdminKeys.voyage(voyage.id), voyage);
      void queryClient.invalidateQueries({ queryKey: voyageAdminKeys.voyageLists });
    },
  });
}
