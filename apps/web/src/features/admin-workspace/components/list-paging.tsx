import { Pagination } from '@mantine/core';

/** Page controls of a workspace list (hidden when everything fits on one page). */
export function ListPaging({
  count,
  pageSize,
  page,
  onChange,
}: {
  count: number | undefined;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = count ? Math.max(1, Math.ceil(count / pageSize)) : 1;
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}
