import { Group, Pagination, Text } from '@mantine/core';
import { pageCount, type Page } from '../api/pagination.js';

/** Footer of a repository list: "21–40 of 57" and a pager, shown only when there is more than one page. */
export function ListPager({
  page,
  noun,
  onPageChange,
}: {
  page: Page<unknown>;
  /** Plural noun for the range label, e.g. "branches". */
  noun: string;
  onPageChange: (page: number) => void;
}) {
  const pages = pageCount(page);
  if (pages <= 1 && page.page === 1) return null;
  const first = (page.page - 1) * page.perPage + 1;
  const last = first + page.items.length - 1;
  return (
    <Group justify="space-between" px="md" py="sm">
      <Text size="sm" c="dimmed">
        {page.items.length === 0
          ? `No ${noun}`
          : `${first}–${last}${page.total !== null ? ` of ${page.total}` : ''} ${noun}`}
      </Text>
      <Pagination total={pages} value={page.page} onChange={onPageChange} size="sm" />
    </Group>
  );
}
