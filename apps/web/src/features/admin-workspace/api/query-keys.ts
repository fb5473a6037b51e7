/** The admin workspace's lists. */
type WorkspaceList = 'company-requests' | 'companies' | 'users' | 'offices' | 'audit';

export const adminWorkspaceKeys = {
  all: ['admin-workspace'],
  /** One list, every page and filter of it. */
  list: (list: WorkspaceList) => ['admin-workspace', list] as const,
  /** One page of a list under its filters. */
  page: (list: WorkspaceList, query: object) => ['admin-workspace', list, query] as const,
} as const;
