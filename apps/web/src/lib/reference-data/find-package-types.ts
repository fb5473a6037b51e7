import type { PackageType } from '@lading/contract/reference-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { PACKAGE_TYPES_PATH } from '../early-calls';
import { referenceDataKeys } from './query-keys';

/** GET core/base/v1/cargo-package-types/cargo-package-types-cp/: Package types (UN/ECE Recommendation 21). */
export function findPackageTypes(signal?: AbortSignal): Promise<PackageType[]> {
  return apiRequest<PackageType[]>(PACKAGE_TYPES_PATH, { signal });
}

export const packageTypesQuery = () =>
  queryOptions({
    queryKey: referenceDataKeys.packageTypes,
    queryFn: ({ signal }) => findPackageTypes(signal),
    staleTime: Infinity,
  });

export function usePackageTypes() {
  return useQuery(packageTypesQuery());
}
