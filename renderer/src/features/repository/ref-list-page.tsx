import { CloseButton, EmptyState, Group, Paper, Skeleton, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { Page } from '../../api/pagination.js';
import { dataTableClasses as classes } from '../../components/data-table/index.js';
import { ListPager } from '../../components/list-pager.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { EmptyRepository } from './empty-repository.js';

/** Search and page state of a ref list; {@link page} returns to 1 whenever the search or `orderKey` changes. */
export interface RefListState {
  /** What the search box shows. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The trimmed search, debounced by 300 ms: what the query asks for. */
  search: string;
  page: number;
  setPage: (page: number) => void;
}

/** State of a ref list page (search box, debounced search, page); `orderKey` names any other filter. */
export function useRefListState(orderKey = ''): RefListState {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const key = `${search}|${orderKey}`;
  const [pageState, setPageState] = useState({ key: '', page: 1 });
  return {
    searchInput,
    setSearchInput,
    search,
    page: pageState.key === key ? pageState.page : 1,
    setPage: (page) => setPageState({ key, page }),
  };
}

/** One column of a ref table: its header and the skeleton shown while the first page loads. */
export interface RefListColumn {
  /** Header text; omit for the actions column (it gets `aria-label="Actions"` and shrinks). */
  label?: string;
  /** Width of the loading placeholder bar (px or a percentage). */
  skeletonWidth: number | string;
  /** Shrink the column to its content (the actions column always does). */
  shrink?: boolean;
}

/** Props of {@link RefListPage}. */
export interface RefListPageProps<T extends { name: string }> {
  /** Page title and nouns: `{ title: 'Branches', one: 'branch', many: 'branches' }`. */
  noun: { title: string; one: string; many: string };
  /** Header description before the total is known, and for an empty repository. */
  blurb: string;
  /** Header description once the total is known. */
  describeTotal: (total: number, search: string) => string;
  /** Header buttons. */
  actions: ReactNode;
  /** The repository has no commits yet: show its empty state instead of the list. */
  empty: boolean;
  state: RefListState;
  query: UseQueryResult<Page<T>>;
  /** Rows to show (default `query.data.items`): the branch list pins the default branch first. */
  rows?: readonly T[];
  /** Controls beside the search box (the tag order). */
  toolbar?: ReactNode;
  /** Shown when there are no refs at all and no search (default: a "No <refs>" empty state). */
  noRefs?: ReactNode;
  columns: RefListColumn[];
  /** Number of placeholder rows while loading. */
  skeletonRows: number;
  tableMinWidth: number;
  highlightOnHover?: boolean;
  /** One `<Table.Tr>` per ref. */
  renderRow: (ref: T) => ReactNode;
  /** Modals and dialogs of the page. */
  children?: ReactNode;
}

/**
 * The frame the branch and tag lists share: header with the total, an empty-repository state, a
 * searchable (`^start`, `end$`) paginated table with loading placeholders, a "no match" state, a
 * load error with Retry (and a refresh error above stale rows), and the range/pager footer.
 */
export function RefListPage<T extends { name: string }>(props: RefListPageProps<T>) {
  const { noun, state, query, empty } = props;
  const { search, searchInput, setSearchInput } = state;
  const data = query.data;

  if (empty) {
    return (
      <>
        <PageHeader title={noun.title} description={props.blurb} />
        <EmptyRepository what={noun.many} />
      </>
    );
  }

  let body;
  if (query.isError && !data) {
    body = <QueryErrorAlert title={`Couldn’t load ${noun.many}`} query={query} m="md" />;
  } else if (data && data.items.length === 0 && (search || !props.noRefs)) {
    body = (
      <EmptyState
        py={48}
        icon={<IconSearch size={24} stroke={1.6} />}
        withIndicatorBackground
        title={search ? `No ${noun.one} matches “${search}”` : `No ${noun.many}`}
        description={
          search ? 'Use ^term to match the start of a name and term$ to match its end.' : undefined
        }
      />
    );
  } else if (data && data.items.length === 0) {
    body = props.noRefs;
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={props.tableMinWidth} type="native">
          <Table
            className={classes.table}
            highlightOnHover={props.highlightOnHover}
            verticalSpacing="sm"
            horizontalSpacing="md"
            data-stale={query.isPlaceholderData || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column, index) =>
                  column.label !== undefined ? (
                    <Table.Th key={index} className={column.shrink ? classes.shrink : undefined}>
                      {column.label}
                    </Table.Th>
                  ) : (
                    <Table.Th key={index} className={classes.actions} aria-label="Actions" />
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!data
                ? Array.from({ length: props.skeletonRows }, (_, row) => (
                    <Table.Tr key={row}>
                      {props.columns.map((column, index) => (
                        <Table.Td key={index}>
                          <Skeleton
                            height={column.label === undefined ? 24 : 10}
                            width={column.skeletonWidth}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : (props.rows ?? data.items).map((ref) => props.renderRow(ref))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data ? <ListPager page={data} noun={noun.many} onPageChange={state.setPage} /> : null}
      </>
    );
  }

  const total = data?.total;
  return (
    <>
      <PageHeader
        title={noun.title}
        description={total !== undefined && total !== null ? props.describeTotal(total, search) : props.blurb}
        actions={props.actions}
      />
      <Paper withBorder>
        <Group
          p="sm"
          justify="space-between"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            aria-label={`Search ${noun.many}`}
            placeholder={`Search ${noun.many} (^start, end$)`}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setSearchInput('');
            }}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            rightSection={
              searchInput ? (
                <CloseButton size="sm" aria-label="Clear search text" onClick={() => setSearchInput('')} />
              ) : null
            }
            w={{ base: '100%', sm: 340 }}
          />
          {props.toolbar}
        </Group>
        {query.isError && data ? (
          <QueryErrorAlert
            title={`Couldn’t refresh ${noun.many}`}
            error={query.error}
            onRetry={() => query.refetch()}
            m="md"
          />
        ) : null}
        {body}
      </Paper>
      {props.children}
    </>
  );
}
