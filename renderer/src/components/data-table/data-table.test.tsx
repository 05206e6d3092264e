import { fireEvent, screen, within } from '@testing-library/react';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import {
  DataTable,
  type DataTableProps,
  deleteAction,
  editAction,
  RefreshButton,
  rowActionsColumn,
  TableFooter,
  TableEmptyState,
  TableToolbar,
  tableMeta,
} from './index.js';

interface Fruit {
  id: number;
  name: string;
  colour: string;
}

interface FruitActions {
  onEdit: (fruit: Fruit) => void;
  onDelete: (fruit: Fruit) => void;
}

const column = createColumnHelper<Fruit>();
const columns = [
  column.accessor('name', {
    header: 'Name',
    enableSorting: true,
    meta: { size: 'grow' },
    cell: ({ getValue }) => getValue(),
  }),
  column.display({
    id: 'colour',
    header: 'Colour',
    meta: { size: 'shrink', hideBelow: 880 },
    cell: ({ row }) => row.original.colour,
  }),
  rowActionsColumn<Fruit>((fruit, table) => {
    const actions = tableMeta<FruitActions>(table);
    return [
      editAction(fruit.name, () => actions.onEdit(fruit)),
      deleteAction(fruit.name, () => actions.onDelete(fruit)),
      {
        tooltip: 'Open',
        label: `Open ${fruit.name}`,
        icon: 'O',
        to: `/fruits/${fruit.id}`,
        testId: 'open-fruit',
      },
    ];
  }),
];

const FRUITS: Fruit[] = [
  { id: 1, name: 'apple', colour: 'red' },
  { id: 2, name: 'lime', colour: 'green' },
];

/** A fruit table with the given props over the defaults (two fruits, loaded, `fruit-row` rows). */
function FruitTable(props: Partial<DataTableProps<Fruit>>) {
  return (
    <DataTable
      data={FRUITS}
      columns={columns}
      getRowId={(fruit) => String(fruit.id)}
      loading={false}
      rowTestId="fruit-row"
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('renders a row per item with the row actions calling back with their row', () => {
    const calls: string[] = [];
    const meta: FruitActions = {
      onEdit: (fruit) => calls.push(`edit ${fruit.id}`),
      onDelete: (fruit) => calls.push(`delete ${fruit.id}`),
    };
    renderWithProviders(<FruitTable label="Fruits" meta={meta} />);

    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByText('Actions')).toBeTruthy();
    const rows = screen.getAllByTestId('fruit-row');
    expect(rows.map((row) => row.textContent)).toEqual(
      ['applered', 'limegreen'].map((text) => expect.stringContaining(text)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit lime' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete apple' }));
    expect(calls).toEqual(['edit 2', 'delete 1']);
    const links = screen.getAllByTestId('open-fruit');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/fruits/1', '/fruits/2']);
    expect(links[0]!.getAttribute('aria-label')).toBe('Open apple');
  });

  it('gives cells the size and hide classes of their column, and shows skeleton rows while loading', () => {
    renderWithProviders(<FruitTable loading skeletonRows={3} />);
    expect(screen.queryAllByTestId('fruit-row')).toHaveLength(0);
    const skeletons = screen.getAllByTestId('fruit-row-skeleton');
    expect(skeletons).toHaveLength(3);
    const [name, colour, actions] = Array.from(skeletons[0]!.querySelectorAll('td'));
    expect(name!.className).toMatch(/grow/);
    expect(colour!.className).toMatch(/shrink/);
    expect(colour!.className).toMatch(/hideBelow880/);
    expect(actions!.className).toMatch(/actions/);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('sorts through the header buttons only when given sorting, and passes row props', () => {
    const opened: number[] = [];
    function Sorted() {
      const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
      return (
        <>
          <output data-testid="order">{JSON.stringify(sorting)}</output>
          <FruitTable
            label="Sorted fruits"
            stale
            sorting={{ state: sorting, onChange: setSorting }}
            rowProps={(fruit) => ({
              onClick: () => opened.push(fruit.id),
              'data-selected': fruit.id === 2 || undefined,
            })}
          />
        </>
      );
    }
    renderWithProviders(<Sorted />);
    const table = screen.getByRole('table', { name: 'Sorted fruits' });
    expect(table.getAttribute('data-stale')).toBe('true');
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(screen.getByTestId('order').textContent).toBe('[{"id":"name","desc":true}]');
    // Only columns that enable sorting get a button.
    expect(within(screen.getByRole('columnheader', { name: 'Colour' })).queryByRole('button')).toBeNull();

    const rows = screen.getAllByTestId('fruit-row');
    expect(rows[1]!.hasAttribute('data-selected')).toBe(true);
    expect(rows[0]!.hasAttribute('data-selected')).toBe(false);
    fireEvent.click(rows[0]!);
    expect(opened).toEqual([1]);
  });

  it('renders no sort buttons without sorting', () => {
    renderWithProviders(<FruitTable />);
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();
  });
});

describe('TableToolbar, RefreshButton, TableFooter and TableEmptyState', () => {
  it('puts the footer content in one strip', () => {
    renderWithProviders(
      <TableFooter>
        <span>2 fruits</span>
        <button type="button">Next page</button>
      </TableFooter>,
    );
    const strip = screen.getByText('2 fruits').parentElement!;
    expect(within(strip).getByRole('button', { name: 'Next page' })).toBeTruthy();
    expect(strip.className).toMatch(/footer/);
  });

  it('shows the hint and tools, and refreshes on click', () => {
    let refreshed = 0;
    renderWithProviders(
      <TableToolbar hint="Values stay hidden.">
        <RefreshButton label="Refresh fruits" onRefresh={() => (refreshed += 1)} refreshing={false} />
      </TableToolbar>,
    );
    expect(screen.getByText('Values stay hidden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh fruits' }));
    expect(refreshed).toBe(1);
  });

  it('shows the empty state with its actions', () => {
    renderWithProviders(
      <TableEmptyState
        icon="*"
        title="No fruits yet"
        description="Add one."
        actions={<button type="button">Add fruit</button>}
      />,
    );
    expect(screen.getByText('No fruits yet')).toBeTruthy();
    expect(screen.getByText('Add one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add fruit' })).toBeTruthy();
  });
});
