import { Group, Pagination, Select, Text } from '@mantine/core';
import { pageCount, type Page } from '../../api/pagination.js';

/** Page sizes offered in the per-page select. */
export const PER_PAGE_OPTIONS = [10, 20, 50, 100];

/** Props of {@link ProjectPager}. */
export interface ProjectPagerProps {
  page: Page<unknown>;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

function rangeLabel(page: Page<unknown>): string {
  if (page.items.length === 0) return 'No projects';
  if (page.page === 1 && page.nextPage === null) {
    return `${page.items.length} ${page.items.length === 1 ? 'project' : 'projects'}`;
  }
  const first = (page.page - 1) * page.perPage + 1;
  const last = first + page.items.length - 1;
  return page.total !== null ? `${first}–${last} of ${page.total}` : `${first}–${last}`;
}

/**
 * Whether a list needs the pager footer: more than one page, or more rows than the smallest page
 * size (so a smaller page is worth offering). A short list ends with its last row.
 */
export function showPager(page: Page<unknown>): boolean {
  if (page.page > 1 || page.nextPage !== null) return true;
  const rows = page.total ?? page.items.length;
  return rows > (PER_PAGE_OPTIONS[0] ?? 10);
}

/** Footer under a GitLab list: "21–40 of 57", rows per page, and the pager driven by the headers. */
export function ProjectPager({ page, onPageChange, onPerPageChange }: ProjectPagerProps) {
  const pages = pageCount(page);
  return (
    <Group justify="space-between" px="md" py="sm" gap="md" wrap="wrap">
      <Group gap="lg">
        <Text size="sm" c="dimmed" data-testid="project-range">
          {rangeLabel(page)}
        </Text>
        <Group gap={8}>
          <Text size="sm" c="dimmed" component="label" htmlFor="projects-per-page">
            Per page
          </Text>
          <Select
            id="projects-per-page"
            size="xs"
            w={76}
            data={PER_PAGE_OPTIONS.map(String)}
            value={String(page.perPage)}
            onChange={(value) => value && onPerPageChange(Number(value))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page.page}
          onChange={onPageChange}
          size="sm"
          withEdges={pages > 5}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      ) : null}
    </Group>
  );
}
