import { Combobox, InputBase, Loader, useCombobox, type ComboboxItem } from '@mantine/core';
import type { CSSProperties } from 'react';

/** Props of {@link AsyncSearchSelect}. */
export interface AsyncSearchSelectProps {
  label: string;
  placeholder?: string;
  /** What is typed (the caller debounces it and asks the server). */
  search: string;
  onSearchChange: (search: string) => void;
  /** The server's answers for the current search. */
  options: ComboboxItem[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string | null, option: ComboboxItem | null) => void;
  /** The server is being asked. */
  loading?: boolean;
  /** Shown when there are no options (e.g. "Type at least 2 letters"). */
  nothingFound: string;
  size?: 'xs' | 'sm';
  style?: CSSProperties;
}

/**
 * A select whose options come from a server-side search (Mantine's Combobox "async search" pattern):
 * typing opens the list and asks the caller for matches; picking an option puts its label in the field;
 * editing the text again clears the choice. Mantine's `Select` keeps its own search text, which resets
 * while options arrive, so it does not fit a list that changes with every keystroke.
 */
export function AsyncSearchSelect({
  label,
  placeholder,
  search,
  onSearchChange,
  options,
  value,
  onChange,
  loading = false,
  nothingFound,
  size = 'xs',
  style,
}: AsyncSearchSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  return (
    <Combobox
      store={combobox}
      size={size}
      onOptionSubmit={(picked) => {
        const option = options.find((candidate) => candidate.value === picked) ?? null;
        onChange(picked, option);
        onSearchChange(option?.label ?? '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          size={size}
          placeholder={placeholder}
          value={search}
          rightSection={loading ? <Loader size={14} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            onSearchChange(event.currentTarget.value);
            if (value !== null) onChange(null, null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          style={style}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {options.length === 0 ? (
            <Combobox.Empty>{nothingFound}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.value} key={option.value} active={option.value === value}>
                {option.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
